import AlmanacTestSupport
import Foundation
import Testing

/// A temporary store driven through the built `almanac` binary, with the clock pinned: a file in a
/// temporary folder, or a new store of the test server (of the shared tables, or a schema of its
/// own in the earlier layout).
struct Session {
    let folder = TemporaryFolder("e2e")
    let binary = AlmanacBinary()
    var now = "2026-11-22T10:00:00Z"
    let backend: TestBackend
    let store: String

    init(_ backend: TestBackend = .sqlite, schemaOfItsOwn: Bool = false) {
        self.backend = backend
        store = backend.newStore(in: folder, schemaOfItsOwn: schemaOfItsOwn)
    }

    /// What every command of the session gets: the store, the clock and the server's password.
    var environment: [String: String] {
        var environment = ["ALMANAC_STORE": store, "ALMANAC_NOW": now]
        if backend == .postgres { environment.merge(TestPostgres.binaryEnvironment) { $1 } }
        return environment
    }

    @discardableResult
    func run(_ arguments: String...) throws -> AlmanacBinary.Result {
        try binary.run(arguments, environment: environment, in: folder.url)
    }

    /// Runs a command that must succeed (the test stops when it does not), and returns its stdout.
    @discardableResult
    func ok(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try binary.run(arguments, environment: environment, in: folder.url)
        try #require(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// Starts `almanac arguments…` in the session's folder without waiting for it (to kill it, or
    /// to run two at once); its output is discarded.
    func spawn(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = binary.url
        process.arguments = arguments
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "LANG": "C.UTF-8", "TZ": "UTC"]
            .merging(environment) { $1 }
        process.currentDirectoryURL = folder.url
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// The store as it is: a file's bytes, with its WAL when one is left; a server store's full
    /// backup (soft-deleted history included; the pinned clock makes it repeatable).
    func snapshot() -> Data {
        guard backend == .postgres else { return folder.bytes("almanac.sqlite") + folder.bytes("almanac.sqlite-wal") }
        let file = folder.path("snapshot-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(atPath: file) }
        guard let result = try? binary.run(["backup", "--out", file], environment: environment), result.status == 0 else {
            return Data("no store".utf8)
        }
        return folder.bytes((file as NSString).lastPathComponent)
    }
}

@Suite struct CommandLineTests {
    @Test(arguments: TestBackend.available) func theEverydayCommandsWork(_ backend: TestBackend) throws {
        let s = Session(backend)
        try s.ok("init", "--timezone", "Europe/Berlin", "--week-start", "monday")
        try s.ok("habit", "add", "Drink water", "--emoji", "💧", "--unit", "count", "--target", "8", "--unit-label", "glasses")
        try s.ok("habit", "add", "Run", "--frequency", "weekdays:mon,wed,fri")
        try s.ok("habit", "add", "Smoking", "--unit", "count", "--direction", "at-most", "--target", "2")
        try s.ok("log", "drink water", "3", "--add")
        #expect(try s.ok("log", "drink water", "3", "--add").contains("6 glasses"))
        try s.ok("log", "run", "--date", "2026-11-20", "--note", "5k")
        #expect(try s.ok("log", "run", "--skip", "--from", "2026-12-24", "--to", "2026-12-31").contains("8 days"))
        try s.ok("unlog", "run", "--date", "2026-11-20")
        try s.ok("journal", "add", "Long week", "--body", "…")
        try s.ok("wellbeing", "add", "mood", "4", "--scale", "5")

        let list = try JSONSerialization.jsonObject(with: Data(try s.ok("habit", "list", "--json").utf8)) as! [[String: Any]]
        #expect(list.map { $0["name"] as! String } == ["Drink water", "Run", "Smoking"])
        let run = try JSONSerialization.jsonObject(with: Data(try s.ok("habit", "show", "RUN", "--json").utf8)) as! [String: Any]
        #expect((run["frequency"] as! [String: Any])["days"] as! [String] == ["mon", "wed", "fri"])
        #expect(run["createdAt"] as? String == "2026-11-22T10:00:00.000Z")

        try s.ok("habit", "edit", "run", "--name", "Morning run", "--frequency", "per-week:3")
        try s.ok("habit", "archive", "morning run")
        #expect(try s.ok("habit", "list").contains("Morning run") == false)
        #expect(try s.ok("habit", "list", "--archived").contains("archived"))
        try s.ok("habit", "unarchive", "Morning run")
        #expect(try s.run("habit", "delete", "smoking").status == 1)
        #expect(try s.ok("habit", "delete", "smoking", "--yes").contains("stay in the store"))
    }

    @Test(arguments: TestBackend.available) func theDayComesFromTheStoreTimeZoneAtWriteTime(_ backend: TestBackend) throws {
        var s = Session(backend)
        try s.ok("init", "--timezone", "Europe/Berlin")
        try s.ok("habit", "add", "Read")
        s.now = "2026-03-29T21:30:00Z"   // 23:30 in Berlin on the day clocks went forward
        #expect(try s.ok("log", "read").contains("today"))
        let journal = try s.ok("journal", "add", "Late", "--body", "x")
        #expect(journal.contains("2026-03-29"))
        s.now = "2026-03-29T22:30:00Z"   // 00:30 on the 30th in Berlin
        #expect(try s.ok("journal", "add", "Later").contains("2026-03-30"))
    }

    @Test(arguments: TestBackend.available) func helpWorksEverywhere(_ backend: TestBackend) throws {
        let s = Session(backend)
        for command in [["--help"], ["habit", "--help"], ["habit", "add", "--help"], ["log", "--help"],
                        ["unlog", "--help"], ["journal", "add", "--help"], ["wellbeing", "add", "--help"],
                        ["demo", "--help"], ["init", "--help"]] {
            let result = try s.binary.run(command)
            #expect(result.status == 0, "\(command)")
            #expect(result.stdout.contains("USAGE"), "\(command)")
        }
    }

    @Test(arguments: TestBackend.available) func theStoreDefaultsToTheXDGDataFolder(_ backend: TestBackend) throws {
        let s = Session(backend)
        let result = try s.binary.run(["init", "--timezone", "UTC"], environment: ["XDG_DATA_HOME": s.folder.path("data")])
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: s.folder.path("data/almanac/almanac.sqlite")))
    }
}

@Suite struct StatusCommandTests {
    @Test(arguments: TestBackend.available) func statusAndStatsShowTheDayAndTheMetrics(_ backend: TestBackend) throws {
        var s = Session(backend)
        s.now = "2026-11-20T18:00:00Z"
        try s.ok("init", "--timezone", "UTC")
        s.now = "2026-11-10T08:00:00Z"
        try s.ok("habit", "add", "Read")
        try s.ok("habit", "add", "Water", "--unit", "count", "--target", "8", "--unit-label", "glasses")
        try s.ok("habit", "add", "Old")
        try s.ok("habit", "archive", "old")
        s.now = "2026-11-20T18:00:00Z"
        for day in 10...19 { try s.ok("log", "read", "--date", "2026-11-\(day)") }
        try s.ok("log", "water", "5")

        let json = try JSONSerialization.jsonObject(with: Data(try s.ok("status", "--json").utf8)) as! [String: Any]
        #expect(json["asOf"] as? String == "2026-11-20")
        #expect(json["done"] as? Int == 0)
        #expect(json["total"] as? Int == 2)
        let habits = json["habits"] as! [[String: Any]]
        #expect(habits.map { $0["name"] as! String } == ["Read", "Water"])
        let read = habits[0]
        #expect((read["streak"] as! [String: Any])["current"] as? Int == 10)
        #expect((read["streak"] as! [String: Any])["unit"] as? String == "days")
        #expect((read["rate30"] as! [String: Any])["expected"] as? Int == 10)
        #expect(((habits[1]["today"] as! [String: Any])["value"] as? Double) == 5)

        let text = try s.ok("status")
        #expect(text.contains("0 of 2 due done"))
        #expect(text.contains("10 days"))
        #expect(!text.contains("\u{1B}["))   // no colour when stdout is not a terminal

        let past = try JSONSerialization.jsonObject(with: Data(try s.ok("stats", "read", "--as-of", "2026-11-15", "--json").utf8)) as! [String: Any]
        let metrics = past["metrics"] as! [String: Any]
        #expect((metrics["streak"] as! [String: Any])["current"] as? Int == 6)
        #expect(metrics["totalCheckins"] as? Int == 6)
        #expect(try s.ok("stats", "READ").contains("best 10 days"))
    }

    /// Paths of one letter, relative to the working folder, are paths like any other (Foundation's
    /// NSString path methods trap on them on Linux).
    @Test func oneLetterPathsAreFolders() throws {
        let s = Session()
        try s.ok("init")
        try s.ok("habit", "add", "Run")
        try s.ok("log", "run")
        #expect(try s.ok("report", "--out", "s").contains("in s:"))
        #expect(!s.folder.bytes("s/index.html").isEmpty && !s.folder.bytes("s/habits/run.html").isEmpty)
        try s.ok("export", "csv", "--out", "c")
        #expect(!s.folder.bytes("c/entries.csv").isEmpty)
        try s.ok("backup", "--out", "b")
        #expect(!s.folder.bytes("b").isEmpty)
        // A Loop CSV export whose habit folder has a one-letter name, in a folder of one letter.
        try FileManager.default.createDirectory(atPath: s.folder.path("l/1"), withIntermediateDirectories: true)
        try "Position,Name,Description,NumRepetitions,Interval,Color\n001,Stretch,,1,1,#D32F2F\n"
            .write(toFile: s.folder.path("l/Habits.csv"), atomically: true, encoding: .utf8)
        try "Date,Value\n2016-03-20,2\n".write(toFile: s.folder.path("l/1/Checkmarks.csv"), atomically: true, encoding: .utf8)
        #expect(try s.ok("import", "l").contains("1 habit"))
        let failed = try s.run("report", "--out", "b")   // a file, not a folder: said, not a crash
        #expect(failed.status == 1 && failed.stderr.contains("b"))
    }
}
