import AlmanacTestSupport
import Foundation
import Testing

/// The README, pasted as a person pastes it: every `sh` block, in order, line by line, into a fresh
/// store in an empty home that holds the repository's sample files where the README names them,
/// on the tests' pinned day and on today's. A line that shows a failure on purpose says
/// `# fails:` and must fail with one sentence.
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

    /// The sample files the import examples name, where the README names them (`docs/samples`,
    /// run from the repository's folder).
    static func placeSamples(in home: TemporaryFolder) throws {
        let samples = readme.deletingLastPathComponent().appendingPathComponent("docs/samples")
        try FileManager.default.createDirectory(atPath: home.path("docs"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: samples.path, toPath: home.path("docs/samples"))
    }

    /// Under the tests' pinned day and under today's clock: the dated examples use relative days.
    @Test(arguments: ["2026-11-22T10:00:00Z", nil]) func everyShellBlockRunsAsWritten(_ now: String?) throws {
        let lines = try Self.lines()
        #expect(lines.count > 40)
        let home = TemporaryFolder("readme")
        try Self.placeSamples(in: home)
        let binary = AlmanacBinary()
        var failures: [String] = []
        for line in lines {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", "set -o pipefail; " + line]
            var environment = ["PATH": binary.url.deletingLastPathComponent().path + ":/usr/bin:/bin", "HOME": home.url.path,
                               "XDG_DATA_HOME": home.path(".local/share"), "XDG_RUNTIME_DIR": home.path(".run"),
                               "LANG": "C.UTF-8", "TZ": "UTC"]
            environment["ALMANAC_NOW"] = now
            process.environment = environment
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
