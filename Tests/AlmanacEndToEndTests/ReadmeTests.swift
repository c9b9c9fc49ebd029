import AlmanacTestSupport
import Foundation
import GRDB
import Testing
import ZIPFoundation

/// The README, pasted as a person pastes it: every `sh` block, in order, line by line, into a fresh
/// store in an empty home, with the files its import examples name put where they say. A line that
/// shows a failure on purpose says `# fails:` and must fail with one sentence.
@Suite struct ReadmeTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md")

    /// The lines of the `sh` blocks, in order.
    static func lines() throws -> [String] {
        var lines: [String] = [], inside = false
        for line in try String(contentsOf: readme, encoding: .utf8).components(separatedBy: "\n") {
            if line.hasPrefix("```") { inside = !inside && line == "```sh"; continue }
            let code = line.trimmingCharacters(in: .whitespaces)
            if inside, !code.isEmpty, !code.hasPrefix("#") { lines.append(line) }
        }
        return lines
    }

    /// The files the import examples name, from the test fixtures.
    static func placeFixtures(in home: TemporaryFolder) throws {
        let fm = FileManager.default
        let fixture = { (name: String) in ImportTests.fixture(name) }
        try fm.copyItem(atPath: fixture("loop-v12.db"), toPath: home.path("Loop Habits Backup 2026-11-20.db"))
        try fm.copyItem(atPath: fixture("loop-v12.db"), toPath: home.path("backup.db"))
        try fm.copyItem(atPath: fixture("habitbull.csv"), toPath: home.path("HabitBullExport.csv"))
        try fm.createDirectory(atPath: home.path(".config"), withIntermediateDirectories: true)
        try fm.copyItem(atPath: fixture("harsh"), toPath: home.path(".config/harsh"))
        try fm.copyItem(atPath: fixture("lucidpal"), toPath: home.path("Documents"))
        for name in ["rewire", "tickmate"] {
            let queue = try DatabaseQueue(path: home.path("\(name).db"))
            try queue.writeWithoutTransaction { db in try db.execute(sql: String(contentsOfFile: fixture("\(name).sql"), encoding: .utf8)) }
            try queue.close()
        }
        let zip = try Archive(url: home.url.appendingPathComponent("Loop Habits CSV 2026-11-20.zip"), accessMode: .create)
        let export = URL(fileURLWithPath: fixture("loop-csv-export"))
        for case let url as URL in fm.enumerator(at: export, includingPropertiesForKeys: nil)! where url.pathExtension == "csv" {
            let relative = String(url.standardizedFileURL.path.dropFirst(export.standardizedFileURL.path.count + 1))
            try zip.addEntry(with: relative, relativeTo: export)
        }
        try fm.createDirectory(atPath: home.path("Sync/Loop/Backups"), withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: home.path("Sync/Loop/Backups/Loop Habits Backup 2026-11-21.db"))
        try queue.writeWithoutTransaction { db in try db.execute(sql: String(contentsOfFile: fixture("loop-v22.sql"), encoding: .utf8)) }
        try queue.close()
    }

    @Test func everyShellBlockRunsAsWritten() throws {
        let lines = try Self.lines()
        #expect(lines.count > 40)
        let home = TemporaryFolder("readme")
        try Self.placeFixtures(in: home)
        let binary = AlmanacBinary()
        var failures: [String] = []
        for line in lines {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", "set -o pipefail; " + line]
            process.environment = ["PATH": binary.url.deletingLastPathComponent().path + ":/usr/bin:/bin", "HOME": home.url.path,
                                   "XDG_DATA_HOME": home.path(".local/share"), "ALMANAC_NOW": "2026-11-22T10:00:00Z",
                                   "LANG": "C.UTF-8", "TZ": "UTC"]
            process.currentDirectoryURL = home.url
            let err = Pipe()
            process.standardError = err
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            let status = process.terminationStatus
            if line.contains("# fails:") {
                if status == 0 || stderr.components(separatedBy: "\n").filter({ !$0.isEmpty }).count != 1 {
                    failures.append("\(line)\n    should fail with one sentence; exit \(status): \(stderr)")
                }
            } else if status != 0 {
                failures.append("\(line)\n    exit \(status): \(stderr)")
            }
        }
        #expect(failures.isEmpty, "README lines that do not run as written:\n\(failures.joined(separator: "\n"))")
    }
}
