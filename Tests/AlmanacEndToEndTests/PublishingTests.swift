import AlmanacTestSupport
import Crypto
import Foundation
import Testing

/// The published folder survives a killed report whole, and one report at a time writes it.
@Suite(.serialized) struct PublishingTests {
    /// A store big enough for a report to take a while, and a first site as of 2026-11-10.
    func prepared() throws -> Session {
        let s = Session()
        try s.ok("demo", "--store", s.store, "--habits", "40", "--years", "3", "--seed", "2", "--no-report")
        try s.ok("report", "--out", "site", "--as-of", "2026-11-10")
        try Data("my own notes".utf8).write(to: s.folder.url.appendingPathComponent("site/NOTES.txt"))
        return s
    }

    func sha256(_ data: Data) -> String { SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined() }

    /// The site is whole: every file the manifest lists has its hash, every page is of the
    /// manifest's day, no temporary file is inside, the user's file is intact. Returns the day.
    @discardableResult
    func expectWhole(_ s: Session, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let root = s.folder.url.appendingPathComponent("site")
        let manifestData = try Data(contentsOf: root.appendingPathComponent("manifest.json"))
        let manifest = try #require(try JSONSerialization.jsonObject(with: manifestData) as? [String: Any], sourceLocation: sourceLocation)
        let asOf = try #require(manifest["asOf"] as? String, sourceLocation: sourceLocation)
        let files = try #require(manifest["files"] as? [[String: Any]], sourceLocation: sourceLocation)
        for file in files {
            let path = try #require(file["path"] as? String)
            let data = try Data(contentsOf: root.appendingPathComponent(path))
            #expect(sha256(data) == file["sha256"] as? String, "\(path) does not match the manifest", sourceLocation: sourceLocation)
            if path.hasSuffix(".html") {
                #expect(String(decoding: data, as: UTF8.self).contains(asOf), "\(path) is not of \(asOf)", sourceLocation: sourceLocation)
            }
        }
        let all = FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? []
        #expect(!all.contains { $0.contains("tmp-") || $0.contains("staging") }, "temporary files inside: \(all.filter { $0.contains("tmp-") })",
                sourceLocation: sourceLocation)
        // Every folder the files are in, nested ones (cards/dark) too.
        let folders = Set(files.compactMap { $0["path"] as? String }.flatMap { path in
            let parts = path.split(separator: "/").dropLast()
            return parts.indices.map { parts[...$0].joined(separator: "/") }
        })
        #expect(all.count == files.count + 1 + 1 + folders.count,
                "files that the manifest does not list", sourceLocation: sourceLocation)
        #expect(s.folder.bytes("site/NOTES.txt") == Data("my own notes".utf8), sourceLocation: sourceLocation)
        return asOf
    }

    @Test func aKilledReportLeavesTheWholeOldSiteOrTheWholeNewOne() throws {
        let s = try prepared()
        try expectWhole(s)
        var seen = Set<String>()
        // Kills from early in a run to after its end (a loaded machine takes longer: the later
        // kills go on until one has landed after a publish).
        let delays = [0.01, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 1.0, 1.3, 1.7, 2.2, 3.0, 4.0, 6.0, 9.0]
        for (i, delay) in delays.enumerated() {
            if i >= 13 && seen.count > 1 { break }
            let day = String(format: "2026-11-%02d", 11 + i)
            let process = try s.spawn(["report", "--out", "site", "--as-of", day])
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            seen.insert(try expectWhole(s))
        }
        #expect(seen.count > 1, "no kill landed after a report had published: \(seen)")
        try s.ok("report", "--out", "site", "--as-of", "2026-11-30")
        #expect(try expectWhole(s) == "2026-11-30")
        let beside = try FileManager.default.contentsOfDirectory(atPath: s.folder.url.path)
        #expect(!beside.contains { $0.contains("staging") || $0.contains("tmp-") }, "leftovers: \(beside)")
    }

    @Test func twoReportsIntoOneFolderDoNotInterleave() throws {
        let s = try prepared()
        let processes = try ["2026-11-18", "2026-11-19"].map { day in try s.spawn(["report", "--out", "site", "--as-of", day]) }
        processes.forEach { $0.waitUntilExit() }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 })
        #expect(["2026-11-18", "2026-11-19"].contains(try expectWhole(s)))
    }

    @Test func aSecondReportWithNoWaitIsRefusedWhileOneRuns() throws {
        let s = try prepared()
        let first = try s.spawn(["report", "--out", "site", "--as-of", "2026-11-20"])
        Thread.sleep(forTimeInterval: 0.15)
        let second = try s.run("report", "--out", "site", "--no-wait", "--as-of", "2026-11-21")
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)
        #expect(second.status == 1 && second.stderr.contains("Another report is writing site"), "\(second.stderr)")
        #expect(try expectWhole(s) == "2026-11-20")
    }
}
