import AlmanacTestSupport
import Foundation
import Testing

/// The day facts and the figures a report keeps beside its output folder: output, not truth. A
/// damaged, foreign or deleted file changes nothing but speed; neither file is ever published.
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

    /// A byte in the middle of a kept file changed.
    func flipAByte(_ path: String) throws {
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes[bytes.count / 2] ^= 0x5A
        try bytes.write(to: URL(fileURLWithPath: path))
    }

    /// A kept file cut to a third.
    func cutShort(_ path: String) throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try bytes.prefix(bytes.count / 3).write(to: URL(fileURLWithPath: path))
    }

    /// A report that stops writes nothing, the kept facts included: they are written once the
    /// site is out.
    @Test func aReportThatStopsKeepsNothing() throws {
        let s = try prepared()
        try FileManager.default.createDirectory(atPath: s.folder.path("blocked"), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: s.folder.url.appendingPathComponent("blocked/charts"))   // where the site needs a folder
        #expect(try s.run("report", "--out", "blocked", "--as-of", "2026-11-20").status == 1)
        #expect(!FileManager.default.fileExists(atPath: s.folder.path(".blocked.almanac-facts")))
        // Nor what was written beside their places while the site was being published.
        let beside = try FileManager.default.contentsOfDirectory(atPath: s.folder.path(""))
        #expect(!beside.contains { $0.contains("almanac-facts") || $0.contains("almanac-figures") }, "\(beside)")
        try FileManager.default.removeItem(atPath: s.folder.path("blocked/charts"))
        try s.ok("report", "--out", "blocked", "--as-of", "2026-11-20")
        #expect(FileManager.default.fileExists(atPath: s.folder.path(".blocked.almanac-facts")))
    }

    /// A kept file's new bytes go over its spare (the bytes the write before replaced), which is
    /// then exchanged with it. The spare is Almanac's own file or nothing: a link or a file with a
    /// second name at its place is removed, never written through.
    @Test func aKeptFilesSpareIsNeverWrittenThrough() throws {
        let s = try prepared()
        let kept = try firstReportKeeping("almanac-facts", in: s), spare = kept + "-spare"
        try s.ok("unlog", "run", "--date", "2026-10-02")
        try expectSameAsFresh(s, "the second write")
        var info = stat()
        #expect(lstat(spare, &info) == 0 && info.st_mode & S_IFMT == S_IFREG, "the first write's file is the spare")

        let mine = s.folder.path("mine.txt")
        try Data("mine".utf8).write(to: URL(fileURLWithPath: mine))
        try FileManager.default.removeItem(atPath: spare)
        try FileManager.default.createSymbolicLink(atPath: spare, withDestinationPath: mine)
        try s.ok("unlog", "run", "--date", "2026-10-03")
        try expectSameAsFresh(s, "a link at the spare's place")
        #expect(try String(contentsOfFile: mine, encoding: .utf8) == "mine")
        #expect(lstat(spare, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && info.st_nlink == 1)

        try FileManager.default.removeItem(atPath: spare)
        try FileManager.default.linkItem(atPath: mine, toPath: spare)
        try s.ok("unlog", "run", "--date", "2026-10-04")
        try expectSameAsFresh(s, "a spare with a second name")
        #expect(try String(contentsOfFile: mine, encoding: .utf8) == "mine")
        #expect(lstat(mine, &info) == 0 && info.st_nlink == 1)

        // A folder at the kept file's own place is not exchanged with the spare: it stays where
        // it is, and nothing is kept.
        try FileManager.default.removeItem(atPath: kept)
        try FileManager.default.createDirectory(atPath: kept + "/inside", withIntermediateDirectories: true)
        try s.ok("unlog", "run", "--date", "2026-10-05")
        try expectSameAsFresh(s, "a folder at the kept file's place")
        #expect(FileManager.default.fileExists(atPath: kept + "/inside"))
        #expect(lstat(spare, &info) != 0 || info.st_mode & S_IFMT == S_IFREG)
    }

    /// A first report into `site`; returns the path of the kept file of `kind` it left beside
    /// the site, after checking it is there and never inside the published folder.
    private func firstReportKeeping(_ kind: String, in s: Session) throws -> String {
        let kept = s.folder.path(".site.\(kind)")
        try s.ok("report", "--out", "site", "--as-of", "2026-11-20")
        #expect(FileManager.default.fileExists(atPath: kept))
        let published = try FileManager.default.subpathsOfDirectory(atPath: s.folder.path("site"))
        #expect(!published.contains { $0.contains(kind) })
        return kept
    }

    @Test func damagedForeignOrMissingKeptFactsChangeNothingButSpeed() throws {
        let s = try prepared()
        let kept = try firstReportKeeping("almanac-facts", in: s)

        // A byte flipped (after a change the kept facts would have to notice).
        try s.ok("log", "run", "--date", "2026-11-21")
        try flipAByte(kept)
        try expectSameAsFresh(s, "a damaged file")

        // Cut short.
        try s.ok("unlog", "run", "--date", "2026-10-02")
        try cutShort(kept)
        try expectSameAsFresh(s, "a file cut short")

        // Another store's facts (same habit names, other entries).
        let other = Session()
        try other.ok("init", "--timezone", "Europe/Berlin")
        try other.ok("habit", "add", "Run")
        try other.ok("log", "run", "--from", "2026-01-01", "--to", "2026-02-01")
        try other.ok("report", "--out", "site", "--as-of", "2026-11-20")
        try FileManager.default.removeItem(atPath: kept)
        try FileManager.default.copyItem(atPath: other.folder.path(".site.almanac-facts"), toPath: kept)
        try expectSameAsFresh(s, "another store's file")

        // A temporary file of a killed run (no such process) goes with the next write.
        let leftover = s.folder.path("..site.almanac-facts.almanac-tmp-2147483000")
        try Data("half".utf8).write(to: URL(fileURLWithPath: leftover))

        // Deleted.
        try FileManager.default.removeItem(atPath: kept)
        try expectSameAsFresh(s, "no file")
        #expect(FileManager.default.fileExists(atPath: kept))
        #expect(!FileManager.default.fileExists(atPath: leftover))

        // The store's time zone changed: the hours are read again.
        try s.ok("init", "--timezone", "America/New_York")
        try expectSameAsFresh(s, "another time zone")
    }

    @Test func damagedForeignOrMissingKeptFiguresChangeNothingButSpeed() throws {
        let s = try prepared()
        let kept = try firstReportKeeping("almanac-figures", in: s)

        // Kept as they are when no habit's day series changed.
        let before = try Data(contentsOf: URL(fileURLWithPath: kept))
        try expectSameAsFresh(s, "nothing changed")
        #expect(try Data(contentsOf: URL(fileURLWithPath: kept)) == before)

        // A byte flipped, after one habit changed and the other did not.
        try s.ok("log", "water", "9", "--date", "2026-11-19")
        try flipAByte(kept)
        try expectSameAsFresh(s, "a damaged file")

        // Cut short.
        try s.ok("habit", "edit", "water", "--target", "6")
        try cutShort(kept)
        try expectSameAsFresh(s, "a file cut short")

        // Another store's figures (the same habit names, other entries).
        let other = Session()
        try other.ok("init", "--timezone", "Europe/Berlin")
        try other.ok("habit", "add", "Run")
        try other.ok("habit", "add", "Water", "--unit", "count", "--target", "8")
        try other.ok("log", "run", "--from", "2026-01-01", "--to", "2026-11-18")
        try other.ok("report", "--out", "site", "--as-of", "2026-11-20")
        try FileManager.default.removeItem(atPath: kept)
        try FileManager.default.copyItem(atPath: other.folder.path(".site.almanac-figures"), toPath: kept)
        try s.ok("unlog", "run", "--date", "2026-11-20")
        try expectSameAsFresh(s, "another store's file")

        // Deleted; then the week start changes, which every habit's figures depend on.
        try FileManager.default.removeItem(atPath: kept)
        try expectSameAsFresh(s, "no file")
        #expect(FileManager.default.fileExists(atPath: kept))
        try s.ok("init", "--week-start", "sunday")
        try expectSameAsFresh(s, "another week start")
    }
}
