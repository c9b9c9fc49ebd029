import AlmanacTestSupport
import Foundation
import Testing

/// Beside a published folder a report keeps one entry, the folder's lock: no cache, no staging
/// folder, no earlier site — whether the report succeeds or stops.
@Suite struct BesideTheSiteTests {
    func prepared() throws -> Session {
        let s = Session()
        try s.ok("init", "--timezone", "Europe/Berlin")
        try s.ok("habit", "add", "Run")
        try s.ok("habit", "add", "Water", "--unit", "count", "--target", "8")
        try s.ok("log", "run", "--from", "2026-09-01", "--to", "2026-11-20")
        try s.ok("log", "water", "5", "--from", "2026-10-01", "--to", "2026-11-20", "--at", "07:30")
        return s
    }

    func beside(_ s: Session, _ name: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: s.folder.path("")).filter { $0.hasPrefix(".\(name)") }.sorted()
    }

    /// A report that stops leaves the published site and its lock, nothing else.
    @Test func aReportThatStopsLeavesOnlyTheLock() throws {
        let s = try prepared()
        try s.ok("report", "--out", "blocked", "--as-of", "2026-11-19")
        // A file of the user's where the site needs a folder: the publish step stops.
        try FileManager.default.removeItem(atPath: s.folder.path("blocked/charts"))
        try Data("mine".utf8).write(to: s.folder.url.appendingPathComponent("blocked/charts"))
        #expect(try s.run("report", "--out", "blocked", "--as-of", "2026-11-20").status == 1)
        #expect(try beside(s, "blocked") == [".blocked.lock"])
        try FileManager.default.removeItem(atPath: s.folder.path("blocked/charts"))
        try s.ok("report", "--out", "blocked", "--as-of", "2026-11-20")
        #expect(try beside(s, "blocked") == [".blocked.lock"])
    }

    /// Night after night, private runs and public ones: the lock alone; the cache an earlier
    /// version of Almanac kept beside the folder (and a temporary file of it) is removed, and a
    /// file of the user's with a name like it stays.
    @Test func nightAfterNightTheLockAlone() throws {
        let s = try prepared()
        try s.ok("log", "run", "--date", "2026-11-20", "--note", "PRIVATE-NOTE")
        try s.ok("report", "--out", "site", "--as-of", "2026-11-18")
        for name in [".site.almanac-cache", ".site.almanac-cache-wal", ".site.almanac-cache.almanac-tmp-99999"] {
            try Data("SQLite format 3\0".utf8).write(to: s.folder.url.appendingPathComponent(name))
        }
        // Files of the person's own whose names begin like the earlier cache's stay.
        for name in [".site-notes", ".site.almanac-cache.my-notes", ".site.almanac-cache.almanac-tmp-mine"] {
            try Data("mine".utf8).write(to: s.folder.url.appendingPathComponent(name))
        }
        for (day, flags) in [("2026-11-19", []), ("2026-11-20", ["--include-notes", "--include-journal"]), ("2026-11-20", []),
                             ("2026-11-21", ["--include-notes"])] as [(String, [String])] {
            try s.ok(["report", "--out", "site", "--as-of", day] + flags)
            #expect(try beside(s, "site") == [".site-notes", ".site.almanac-cache.almanac-tmp-mine", ".site.almanac-cache.my-notes", ".site.lock"],
                    "as of \(day) \(flags)")
        }
    }
}
