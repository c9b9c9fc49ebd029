import AlmanacTestSupport
import Foundation
import Testing

/// The cache a report keeps beside its output folder, as a user meets it: one file next to the
/// folder's lock, written once the site is out, never published, and nothing but speed lost
/// with it. (Its damage and foreign files: `ReportCacheTests`.)
@Suite struct KeptFactsTests {
    func prepared() throws -> Session {
        let s = Session()
        try s.ok("init", "--timezone", "Europe/Berlin")
        try s.ok("habit", "add", "Run")
        try s.ok("habit", "add", "Water", "--unit", "count", "--target", "8")
        try s.ok("log", "run", "--from", "2026-09-01", "--to", "2026-11-20")
        try s.ok("log", "water", "5", "--from", "2026-10-01", "--to", "2026-11-20", "--at", "07:30")
        return s
    }

    func expectSameAsFresh(_ s: Session, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try s.ok("report", "--out", "site", "--as-of", "2026-11-20")
        try s.ok("report", "--out", "fresh", "--as-of", "2026-11-20")
        let reused = try siteFiles(s.folder.url.appendingPathComponent("site"))
        let fresh = try siteFiles(s.folder.url.appendingPathComponent("fresh"))
        let differing = Set(reused.keys).union(fresh.keys).filter { reused[$0] != fresh[$0] }.sorted()
        #expect(differing.isEmpty, "\(label): \(differing) differ from a fresh run", sourceLocation: sourceLocation)
        try FileManager.default.removeItem(at: s.folder.url.appendingPathComponent("fresh"))
    }

    /// A report that stops writes nothing, the cache included: it is written once the site is out.
    @Test func aReportThatStopsKeepsNothing() throws {
        let s = try prepared()
        try s.ok("report", "--out", "blocked", "--as-of", "2026-11-19")
        try FileManager.default.removeItem(atPath: s.folder.path(".blocked.almanac-cache"))
        // A file of the user's where the site needs a folder: the publish step stops.
        try FileManager.default.removeItem(atPath: s.folder.path("blocked/charts"))
        try Data("mine".utf8).write(to: s.folder.url.appendingPathComponent("blocked/charts"))
        #expect(try s.run("report", "--out", "blocked", "--as-of", "2026-11-20").status == 1)
        // Nothing beside the folder but its lock: no cache, no staging folder.
        #expect(try FileManager.default.contentsOfDirectory(atPath: s.folder.path("")).filter { $0.hasPrefix(".blocked") } == [".blocked.lock"])
        try FileManager.default.removeItem(atPath: s.folder.path("blocked/charts"))
        try s.ok("report", "--out", "blocked", "--as-of", "2026-11-20")
        #expect(FileManager.default.fileExists(atPath: s.folder.path(".blocked.almanac-cache")))
    }

    /// Night after night — the day moving on, an entry logged, a private run and a public one —
    /// beside the published folder there are two entries, its lock and its cache, and the cache
    /// holds no text of the store's but habit ids; deleting it, or another store's cache in its
    /// place, changes no byte.
    @Test func besideTheSiteAreItsLockAndItsCacheAlone() throws {
        let s = try prepared()
        try s.ok("log", "run", "--date", "2026-11-20", "--note", "PRIVATE-NOTE")
        try s.ok("journal", "add", "PRIVATE-JOURNAL", "--date", "2026-11-20")
        for (day, flags) in [("2026-11-19", []), ("2026-11-20", ["--include-notes", "--include-journal"]), ("2026-11-20", []),
                             ("2026-11-21", ["--include-notes"])] as [(String, [String])] {
            try s.ok(["report", "--out", "site", "--as-of", day] + flags)
            let beside = try FileManager.default.contentsOfDirectory(atPath: s.folder.path("")).filter { $0.hasPrefix(".site") }.sorted()
            #expect(beside == [".site.almanac-cache", ".site.lock"], "as of \(day) \(flags)")
            let cache = String(decoding: s.folder.bytes(".site.almanac-cache"), as: UTF8.self)
            #expect(!cache.contains("PRIVATE") && !cache.contains("Run") && !cache.contains("Water"), "as of \(day) \(flags)")
        }
        try FileManager.default.removeItem(atPath: s.folder.path(".site.almanac-cache"))
        try expectSameAsFresh(s, "no cache")
        let other = try prepared()
        try other.ok("log", "water", "2", "--date", "2026-11-20")
        try other.ok("report", "--out", "site", "--as-of", "2026-11-20")
        try FileManager.default.removeItem(atPath: s.folder.path(".site.almanac-cache"))
        try FileManager.default.copyItem(atPath: other.folder.path(".site.almanac-cache"), toPath: s.folder.path(".site.almanac-cache"))
        try expectSameAsFresh(s, "another store's cache")
    }
}
