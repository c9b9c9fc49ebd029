import AlmanacTestSupport
import Foundation
import Testing

/// Every bad input gets one sentence on stderr, exit status 1 or 2, and leaves the store
/// byte-for-byte as it was.
@Suite struct BadInputTests {
    func prepared(_ backend: TestBackend = .sqlite) throws -> Session {
        let s = Session(backend)
        try s.ok("init", "--timezone", "Europe/Berlin")
        try s.ok("habit", "add", "Run", "--frequency", "weekdays:mon,wed,fri")
        try s.ok("habit", "add", "Drink water", "--unit", "count", "--target", "8")
        try s.ok("log", "run", "--date", "2026-11-20")
        return s
    }

    func expectRefused(_ s: Session, _ arguments: [String], status: Int32, mentioning words: [String],
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = s.snapshot()
        let result = try s.binary.run(arguments, environment: s.environment)
        #expect(result.status == status, "\(arguments) → \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("almanac: "), sourceLocation: sourceLocation)
        for word in words { #expect(result.stderr.contains(word), "\(result.stderr) lacks \(word)", sourceLocation: sourceLocation) }
        #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("Stack"), sourceLocation: sourceLocation)
        #expect(s.snapshot() == before, "\(arguments) changed the store", sourceLocation: sourceLocation)
    }

    @Test(arguments: TestBackend.available) func unknownHabitSuggestsTheClosestName(_ backend: TestBackend) throws {
        let s = try prepared(backend)
        try expectRefused(s, ["log", "rnu"], status: 1, mentioning: ["No habit named \"rnu\"", "did you mean \"Run\""])
        try expectRefused(s, ["unlog", "drink", "--date", "2026-11-19"], status: 1, mentioning: ["Drink water"])
    }

    /// A path mistyped in a cron line makes no tree of folders: an output is written into the
    /// folder named (made when its parent is there) or refused, naming the folder that is missing,
    /// and nothing is written; a store is made only in a folder that exists.
    @Test func pathsWithAMissingFolderAreRefusedAndMakeNothing() throws {
        let s = try prepared()
        let missing = s.folder.path("typo/deep")
        for (arguments, named) in [(["report", "--out", missing + "/site"], "the folder \(missing) above it does not exist"),
                                   (["export", "csv", "--out", missing + "/csv"], "the folder \(missing) above it does not exist"),
                                   (["export", "xlsx", "--out", missing + "/w.xlsx"], "its folder \(missing) does not exist"),
                                   (["backup", "--out", missing + "/b.json"], "its folder \(missing) does not exist"),
                                   (["init", "--store", missing + "/s.sqlite"], "its folder \(missing) does not exist")] {
            try expectRefused(s, arguments, status: 1, mentioning: [named, "create it first"])
            #expect(!FileManager.default.fileExists(atPath: s.folder.path("typo")), "\(arguments) made a folder")
        }
        // The folder named itself is made when the one above it is there.
        try s.ok("report", "--out", s.folder.path("site"))
        try s.ok("export", "csv", "--out", s.folder.path("csv"))
        #expect(FileManager.default.fileExists(atPath: s.folder.path("site/index.html")) && FileManager.default.fileExists(atPath: s.folder.path("csv/habits.csv")))
    }

    /// The command line's sentences are made from the error's values (an id's prefix, its kind),
    /// each one sentence naming the command that helps.
    @Test func idPrefixesAreRefusedWithTheListThatShowsThem() throws {
        let s = try prepared()
        try expectRefused(s, ["journal", "edit", "abc", "--body", "x"], status: 2,
                          mentioning: ["Give at least the first 4 characters of the journal entry's id; `almanac journal list` shows them."])
        try expectRefused(s, ["wellbeing", "delete", "zzzz9999"], status: 1,
                          mentioning: ["No rating has an id starting with zzzz9999; `almanac wellbeing list` shows them."])
    }

    @Test(arguments: TestBackend.available) func duplicateNamesAreRefused(_ backend: TestBackend) throws {
        let s = try prepared(backend)
        try expectRefused(s, ["habit", "add", "RUN"], status: 1, mentioning: ["already exists"])
    }

    @Test(arguments: TestBackend.available) func impossibleDaysAreRefused(_ backend: TestBackend) throws {
        let s = try prepared(backend)
        try expectRefused(s, ["log", "run", "--date", "2026-02-30"], status: 2, mentioning: ["2026-02-30 is not a calendar day"])
        try expectRefused(s, ["log", "run", "--date", "2025-02-29"], status: 2, mentioning: ["not a calendar day"])
        try expectRefused(s, ["log", "run", "--from", "2026-11-20", "--to", "2026-11-01", "--skip"], status: 2, mentioning: ["after"])
        try expectRefused(s, ["log", "run", "--date", "2026-12-01"], status: 1, mentioning: ["future"])
    }

    @Test(arguments: TestBackend.available) func badHabitDefinitionsAreRefused(_ backend: TestBackend) throws {
        let s = try prepared(backend)
        try expectRefused(s, ["habit", "add", "X", "--unit", "count", "--target", "-1"], status: 1, mentioning: ["greater than 0"])
        try expectRefused(s, ["habit", "add", "X", "--frequency", "weekdays:xyz"], status: 2, mentioning: ["xyz", "not a weekday"])
        try expectRefused(s, ["habit", "add", "X", "--color", "blue"], status: 1, mentioning: ["#RRGGBB"])
        try expectRefused(s, ["habit", "add", "X", "--unit", "liters"], status: 2, mentioning: ["boolean, count or duration"])
        try expectRefused(s, ["habit", "add", "X", "--unit", "count"], status: 2, mentioning: ["--target"])
        try expectRefused(s, ["habit", "add", String(repeating: "x", count: 101)], status: 1, mentioning: ["at most 100"])
        try expectRefused(s, ["log", "run", "2"], status: 1, mentioning: ["yes/no"])
        try expectRefused(s, ["log", "drink water"], status: 1, mentioning: ["give a value"])
        try expectRefused(s, ["frobnicate"], status: 2, mentioning: ["frobnicate"])
    }

    @Test(arguments: TestBackend.available) func theHundredAndFirstActiveHabitIsRefused(_ backend: TestBackend) throws {
        let s = try prepared(backend)
        for i in 3...100 { try s.ok("habit", "add", "Habit \(i)") }
        try expectRefused(s, ["habit", "add", "One too many"], status: 1, mentioning: ["100 active habits", "archive"])
        try s.ok("habit", "archive", "habit 3")
        try s.ok("habit", "add", "One too many")
    }

    @Test(arguments: TestBackend.available) func storesThatCannotBeUsedAreClearErrors(_ backend: TestBackend) throws {
        let s = Session(backend)
        let binary = s.binary
        // Missing store.
        var result = try binary.run(["habit", "list", "--store", s.folder.path("nothing.sqlite")])
        #expect(result.status == 1 && result.stderr.contains("almanac init"))
        #expect(!FileManager.default.fileExists(atPath: s.folder.path("nothing.sqlite")))
        // A folder that cannot be written: its parent is a file.
        _ = FileManager.default.createFile(atPath: s.folder.path("plain-file"), contents: Data("x".utf8))
        result = try binary.run(["init", "--store", s.folder.path("plain-file/almanac.sqlite")])
        #expect(result.status == 1 && result.stderr.contains("Cannot create the store"))
        #expect(s.folder.bytes("plain-file") == Data("x".utf8))
        // A file that is not an SQLite database.
        let notes = Data("dear diary\n".utf8)
        _ = FileManager.default.createFile(atPath: s.folder.path("diary.txt"), contents: notes)
        result = try binary.run(["habit", "add", "Run", "--store", s.folder.path("diary.txt")])
        #expect(result.status == 1 && result.stderr.contains("not an SQLite database"))
        #expect(s.folder.bytes("diary.txt") == notes)
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func aStoreFromANewerVersionIsRefused() throws {
        let s = try prepared()
        // Mark the store as written by a future schema, the way a newer almanac would.
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        sqlite.arguments = [s.store, "INSERT INTO grdb_migrations VALUES ('v99-future'); PRAGMA wal_checkpoint(TRUNCATE);"]
        try sqlite.run()
        sqlite.waitUntilExit()
        #expect(sqlite.terminationStatus == 0)
        try expectRefused(s, ["habit", "list"], status: 1, mentioning: ["newer version"])
        try expectRefused(s, ["log", "run", "--date", "2026-11-18"], status: 1, mentioning: ["newer version"])
    }

    @Test(arguments: TestBackend.available) func aBadClockIsBadUsage(_ backend: TestBackend) throws {
        let s = try prepared(backend)
        let result = try s.binary.run(["log", "run"], environment: s.environment.merging(["ALMANAC_NOW": "yesterday"]) { $1 })
        #expect(result.status == 2)
        #expect(result.stderr.contains("ALMANAC_NOW"))
    }
}
