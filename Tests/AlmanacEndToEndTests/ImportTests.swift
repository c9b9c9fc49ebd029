import AlmanacTestSupport
import Foundation
import GRDB
import Testing
import ZIPFoundation

/// `almanac import` on a file of every format, as a user runs it: what lands in the store (read
/// back from `almanac backup`), a second import that changes nothing, previews, merges, the cap,
/// and bad input that leaves the store as it was.
@Suite struct ImportTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("ImportFixtures")

    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    /// A database built from one of the SQL fixtures, in the session's folder.
    static func database(_ name: String, in s: Session) throws -> String {
        let path = s.folder.path("\(name).db")
        try? FileManager.default.removeItem(atPath: path)
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in try db.execute(sql: String(contentsOfFile: fixture("\(name).sql"), encoding: .utf8)) }
        try queue.close()
        return path
    }

    func session() throws -> Session {
        let s = Session()
        try s.ok("init", "--timezone", "Europe/Berlin")
        return s
    }

    /// The store as its backup shows it: habits by name, and live entries as
    /// "habit day kind value note" lines.
    struct Contents {
        var habits: [String: [String: Any]] = [:]
        var entries: [String] = []
        var deleted: [String] = []
        var wellbeing: [String] = []
        var journal: [String] = []
        var categories: [String: String] = [:]
        var raw = Data()

        func habit(_ name: String) -> [String: Any] { habits[name] ?? [:] }
        func frequency(_ name: String) -> String {
            let f = habit(name)["frequency"] as? [String: Any] ?? [:]
            return [f["type"] as? String, (f["days"] as? [String])?.joined(separator: ","), (f["times"] as? Int).map(String.init),
                    (f["period"] as? Int).map(String.init)]
                .compactMap { $0 }.joined(separator: ":")
        }
        func category(of name: String) -> String? { (habit(name)["categoryId"] as? String).flatMap { categories[$0] } }
    }

    func contents(_ s: Session) throws -> Contents {
        try s.ok("backup", "--out", "check.json")
        let data = s.folder.bytes("check.json")
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var c = Contents()
        c.raw = data
        var names: [String: String] = [:]
        for habit in json["habits"] as? [[String: Any]] ?? [] {
            let name = habit["name"] as! String
            c.habits[name] = habit
            names[habit["id"] as! String] = name
        }
        for category in json["categories"] as? [[String: Any]] ?? [] { c.categories[category["id"] as! String] = category["name"] as? String }
        func number(_ v: Any?) -> String { let d = (v as? Double) ?? 0; return d == d.rounded() ? String(Int(d)) : String(d) }
        for e in json["habitEntries"] as? [[String: Any]] ?? [] {
            let line = [names[e["habitId"] as! String] ?? "?", e["dayKey"] as? String ?? "?", e["kind"] as? String, number(e["value"]), e["note"] as? String]
                .compactMap { $0 }.joined(separator: " ")
            if e["deletedAt"] == nil || e["deletedAt"] is NSNull { c.entries.append(line) } else { c.deleted.append(line) }
        }
        for w in json["wellbeingEntries"] as? [[String: Any]] ?? [] {
            c.wellbeing.append("\(names[w["habitId"] as? String ?? ""] ?? "-") \(w["dayKey"]!) \(w["metric"]!) \(number(w["value"]))/\(number(w["scaleMax"]))")
        }
        for j in json["journalEntries"] as? [[String: Any]] ?? [] { c.journal.append("\(j["dayKey"]!) \(j["title"]!): \(j["body"]!)") }
        c.entries.sort(); c.deleted.sort(); c.wellbeing.sort(); c.journal.sort()
        return c
    }

    func ok(_ s: Session, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try s.binary.run(arguments, environment: s.environment, in: s.folder.url)
        try #require(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// Imports, checks, imports again: the second run says nothing is new and changes nothing.
    func importTwice(_ s: Session, _ path: String, _ extra: String...) throws -> Contents {
        let first = try ok(s, ["import", path] + extra)
        #expect(!first.contains("Nothing new"), "\(first)")
        let once = try contents(s)
        let second = try ok(s, ["import", path] + extra)
        #expect(second.contains("Nothing new"), "\(second)")
        let twice = try contents(s)
        #expect(once.entries == twice.entries && once.habits.keys.sorted() == twice.habits.keys.sorted() && once.deleted == twice.deleted)
        #expect(once.wellbeing == twice.wellbeing && once.journal == twice.journal)
        return twice
    }

    // MARK: Every format

    @Test func loopDatabaseOfSchema12() throws {
        let s = try session()
        let c = try importTwice(s, Self.fixture("loop-v12.db"))
        // Loop allows two habits of one name: they stay two.
        #expect(Set(c.habits.keys) == ["Wake up early", "brush teeth", "Sleep early", "Vegan", "Sport", "I love you", "Vegan (2)", "Sport (2)", "I love you (2)"])
        #expect(c.entries.count == 164)   // schema 12 has no value column: every repetition is a check
        #expect(c.frequency("Wake up early") == "perWeek:3")
        #expect(c.habit("Wake up early")["color"] as? String != nil)
    }

    @Test func loopDatabaseOfSchema22() throws {
        let s = try session()
        let c = try importTwice(s, try Self.database("loop-v22", in: s))
        #expect(c.entries == [
            "Gym 2024-02-28 check 1", "Gym 2024-02-29 check 0",
            "Read 2024-02-28 check 12.5", "Read 2024-02-29 check 0", "Read 2024-03-01 skip 0",
            "Smoke 2024-02-28 check 5", "Smoke 2024-02-29 check 0",
            "Stretch 2024-02-28 check 1", "Stretch 2024-02-29 check 1", "Stretch 2024-03-02 skip 0",
        ])   // 1 (implied) and -1 (unknown) are not checks
        #expect(c.habit("Read")["unit"] as? String == "count" && c.habit("Read")["unitLabel"] as? String == "pages")
        #expect(c.habit("Read")["target"] as? Double == 20 && c.frequency("Read") == "perWeek:1")
        #expect(c.habit("Smoke")["direction"] as? String == "atMost" && c.habit("Smoke")["archivedAt"] != nil)
        #expect(c.habit("Stretch")["color"] as? String == "#00897B")   // palette index 8 since schema 21: teal
        #expect(c.frequency("Gym") == "perWeek:3")
    }

    @Test func loopDatabaseOfSchema25WithNotes() throws {
        let s = try session()
        let result = try s.run("import", try Self.database("loop-v25", in: s))
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let c = try contents(s)
        #expect(c.frequency("Wake up early") == "perDays:2:3")   // Loop's 2 times in 3 days, exactly
        #expect(c.entries == ["Meditate 2025-11-01 check 1 Calm", "Meditate 2025-11-02 check 0 Sick", "Meditate 2025-11-03 skip 0 Travel",
                              "Meditate 2025-11-05 check 1", "Wake up early 2025-11-01 check 1"])
        #expect(c.journal == ["2025-11-04 Meditate: Thought about it"])   // a note on a day without a check
        #expect(c.habit("Meditate")["color"] as? String == "#AAAAAA")
    }

    @Test func loopDatabaseOfANewerSchemaIsRefusedByVersion() throws {
        let s = try session()
        try BadInputTests().expectRefused(s, ["import", try Self.database("loop-v26", in: s)], status: 1, mentioning: ["schema 26", "newer", "25"])
    }

    @Test(arguments: [false, true])
    func loopCSVExportAsFolderOrZip(zipped: Bool) throws {
        let s = try session()
        var path = Self.fixture("loop-csv-export")
        if zipped {
            path = s.folder.path("Loop Habits CSV 2015-01-25.zip")
            try FileManager.default.zipItem(at: Self.fixtures.appendingPathComponent("loop-csv-export"), to: URL(fileURLWithPath: path), shouldKeepParent: false)
        }
        let c = try importTwice(s, path)
        #expect(Set(c.habits.keys) == ["Meditate", "Wake up early"])
        // Every explicit check of Checkmarks.csv is a check; YES_AUTO is not.
        let checkmarks = try String(contentsOfFile: Self.fixture("loop-csv-export/002 Wake up early/Checkmarks.csv"), encoding: .utf8)
        let manual = checkmarks.split(separator: "\n").filter { $0.contains(",YES_MANUAL,") }.map { String($0.prefix(10)) }
        let checked = c.entries.filter { $0.hasPrefix("Wake up early") && $0.contains(" check 1") }.map { String($0.dropFirst(14).prefix(10)) }
        #expect(Set(manual) == Set(checked) && !manual.isEmpty)
        #expect(c.entries.contains("Wake up early 2015-01-24 check 0 Sick"))
        #expect(c.journal.contains("2015-01-19 Wake up early: \"Vacation\""))
        #expect(c.frequency("Meditate") == "daily" && c.habit("Meditate")["color"] as? String == "#FF8F00")
    }

    /// Older Loop versions wrote a shorter Habits.csv (no Type, Question, Unit, Target, Archived?)
    /// and their checkmarks as numbers: 2 checked by hand, 1 implied, 0 not done.
    @Test func loopCSVExportOfTheOlderLayout() throws {
        let s = try session()
        let folder = s.folder.path("old-export")
        try FileManager.default.createDirectory(atPath: folder + "/001 Stretch", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/002 Piano", withIntermediateDirectories: true)
        try "Position,Name,Description,NumRepetitions,Interval,Color\n001,Stretch,Morning stretch,1,1,#D32F2F\n002,Piano,,1,2,#00897B\n"
            .write(toFile: folder + "/Habits.csv", atomically: true, encoding: .utf8)
        try "Date,Value\n2016-03-20,2\n2016-03-19,1\n2016-03-18,0\n".write(toFile: folder + "/001 Stretch/Checkmarks.csv", atomically: true, encoding: .utf8)
        try "Date,Value\n2016-03-20,2\n".write(toFile: folder + "/002 Piano/Checkmarks.csv", atomically: true, encoding: .utf8)
        let out = try s.ok("import", folder, "--dry-run")
        #expect(out.contains("Loop Habit Tracker CSV export (older layout): 2 habits, 3 entries"))
        let c = try importTwice(s, folder)
        #expect(c.entries == ["Piano 2016-03-20 check 1", "Stretch 2016-03-18 check 0", "Stretch 2016-03-20 check 1"])
        #expect(c.frequency("Piano") == "perDays:1:2" && c.habit("Stretch")["color"] as? String == "#D32F2F")
    }

    /// A Loop database that gives two habits the same uuid is refused with one line naming both:
    /// merged, the second's days would go into the first and the second would be gone.
    @Test func aSourceIDSeenTwiceIsRefusedNamingBothHabits() throws {
        let s = try session()
        let db = try Self.database("loop-v25", in: s)
        let queue = try DatabaseQueue(path: db)
        try queue.write { try $0.execute(sql: "UPDATE Habits SET uuid = '7e3b0c2a51d44f0fa1b2c3d4e5f60718' WHERE id = 2") }
        try queue.close()
        let before = s.snapshot()
        let result = try s.run("import", db)
        #expect(result.status == 1 && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("two habits the same id (\"Meditate\" and \"Wake up early\""), "\(result.stderr)")
        #expect(s.snapshot() == before)
    }

    /// One limit on every way into a store: a note over 1 MB in another app's database is cut to
    /// its first megabyte (and said), the largest note and journal text `log` and `journal add`
    /// take go in whole — and the store restores its own backup, in a merge and a replace.
    @Test func theLargestTextsOfEveryPathComeBackFromTheStoresBackup() throws {
        let s = try session()
        let db = try Self.database("loop-v25", in: s)
        let long = String(repeating: "é", count: 700_000) + "end"   // 1.4 MB
        let queue = try DatabaseQueue(path: db)
        try queue.write { try $0.execute(sql: "UPDATE Repetitions SET notes = ? WHERE notes = 'Calm'", arguments: [long]) }
        try queue.close()
        let imported = try s.run("import", db)
        #expect(imported.status == 0 && imported.stderr.contains("A note was over 1 MB, the most a store keeps, and was cut"), "\(imported.stderr)")
        // A command line takes at most 128 kB an argument: `log` and `journal add` as long as it goes.
        let long100k = String(repeating: "ü", count: 60_000)
        try s.ok("habit", "add", "Write")
        try s.ok("log", "write", "--note", long100k)
        try s.ok("journal", "add", "Long", "--body", long100k)
        try s.ok("backup", "--out", "a.json")
        // A restore takes a note of exactly 1 MB.
        let largest = String(repeating: "ü", count: 499_999) + "ok"   // 1,000,000 bytes
        let edited = String(decoding: s.folder.bytes("a.json"), as: UTF8.self).replacingOccurrences(of: long100k, with: largest)
        try Data(edited.utf8).write(to: s.folder.url.appendingPathComponent("a.json"))
        try s.ok("restore", s.folder.path("a.json"), "--mode", "replace")
        try s.ok("backup", "--out", "b.json")
        let backup = s.folder.bytes("b.json")
        #expect(backup.range(of: Data(String(repeating: "é", count: 500_000).utf8)) != nil && backup.range(of: Data("éend".utf8)) == nil)
        #expect(backup.range(of: Data(largest.utf8)) != nil)
        for mode in ["merge", "replace"] {
            try s.ok("restore", s.folder.path("b.json"), "--store", s.folder.path("again-\(mode).sqlite"), "--mode", mode)
            try s.ok("restore", s.folder.path("b.json"), "--mode", mode)
        }
        try s.ok("backup", "--out", "c.json", "--store", s.folder.path("again-merge.sqlite"))
        #expect(s.folder.bytes("c.json").count == s.folder.bytes("b.json").count)
    }

    /// Habits.csv copied without the habit folders beside it: the habits come in with no days,
    /// and the import says why rather than "2 habits, 0 entries" alone.
    @Test func loopsHabitsCSVAloneSaysTheHabitFoldersAreMissing() throws {
        let s = try session()
        let folder = s.folder.path("only-habits")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.fixture("loop-csv-export/Habits.csv"), toPath: folder + "/Habits.csv")
        let result = try s.run("import", folder)
        #expect(result.status == 0 && result.stdout.contains("2 habits, 0 entries"))
        #expect(result.stderr.contains("no habit folders (NNN Name/Checkmarks.csv) beside Habits.csv"), "\(result.stderr)")
        // The whole export says nothing of the kind.
        #expect(!(try s.run("import", Self.fixture("loop-csv-export"))).stderr.contains("no habit folders"))
    }

    /// Loop parity: after importing Loop's own CSV export, `stats` gives the score Loop wrote in
    /// each habit's Scores.csv, to 4 decimals, on its last day (2 times in 3 days included).
    @Test func loopScoresMatchLoopOnTheLastDayOfItsScoresCSV() throws {
        var s = try session()
        let folder = Self.fixtures.appendingPathComponent("loop-csv-export")
        var checked = 0
        for (name, habit) in [("001 Meditate", "meditate"), ("002 Wake up early", "wake up early")] {
            let scores = try String(contentsOf: folder.appendingPathComponent(name).appendingPathComponent("Scores.csv"), encoding: .utf8)
            let last = try #require(scores.split(separator: "\n").dropFirst().first)   // newest first
            let parts = last.split(separator: ",").map(String.init)
            s.now = "\(parts[0])T12:00:00Z"
            try s.ok("import", folder.path)
            let json = try s.ok("stats", habit, "--json")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            let metrics = try #require(object["metrics"] as? [String: Any])
            let ours = try #require(metrics["score"] as? Double)
            #expect(String(format: "%.4f", ours) == parts[1], "\(habit) on \(parts[0])")
            checked += 1
        }
        #expect(checked == 2)
    }

    @Test func habitBullCSV() throws {
        let s = try session()
        let c = try importTwice(s, Self.fixture("habitbull.csv"))
        #expect(c.entries == ["Meditate 2016-03-18 check 1", "Meditate 2016-03-19 check 0 Too busy",
                              "Pushups 2020-11-05 check 30 Felt strong, again", "Pushups 2020-11-06 check 100", "run 2020-11-05 check 1"])
        #expect(c.habit("Pushups")["unit"] as? String == "count" && c.habit("Meditate")["unit"] as? String == "boolean")
        #expect(c.category(of: "Pushups") == "Body" && c.category(of: "Meditate") == "Mind")
    }

    @Test func rewireDatabase() throws {
        let s = try session()
        let c = try importTwice(s, try Self.database("rewire", in: s))
        #expect(c.entries == ["Call mum 2026-11-03 check 1", "Floss 2026-11-02 check 1", "Floss 2026-11-04 check 1", "Water plants 2026-11-01 check 1"])
        #expect(c.frequency("Floss") == "weekdays:mon,wed,fri")   // 0 = Monday
        #expect(c.frequency("Call mum") == "perWeek:2" && c.habit("Water plants")["archivedAt"] != nil)
    }

    @Test func tickmateDatabase() throws {
        let s = try session()
        let c = try importTwice(s, try Self.database("tickmate", in: s))
        // Months are 0-based in Tickmate: 2016, 2, 18 is 18 March.
        #expect(c.entries == ["Coffee 2016-03-18 check 3", "Coffee 2016-03-19 check 1", "Old 2016-01-01 check 1",
                              "Run 2016-02-29 check 1", "Run 2016-03-18 check 1"])
        #expect(c.category(of: "Run") == "Health" && c.habit("Old")["archivedAt"] != nil)
    }

    @Test func harshHabitsAndLog() throws {
        let s = try session()
        let c = try importTwice(s, Self.fixture("harsh"))
        #expect(c.entries == ["Gym 2026-11-01 check 45.5 legs", "Gym 2026-11-02 skip 0", "Laundry 2026-11-03 check 1",
                              "Meditate 2026-11-01 check 1", "Meditate 2026-11-02 check 0 tired", "Meditate 2026-11-03 check 0 changed my mind"])
        #expect(c.deleted == [])   // the earlier line of the day is left out, not kept as history
        #expect(c.frequency("Gym") == "perWeek:3" && c.frequency("Laundry") == "perWeek:1")
        #expect(c.category(of: "Gym") == "Weekly" && c.habit("Tax return")["archivedAt"] != nil)
    }

    /// harsh files edited on Windows: CRLF line ends read as line ends (in Swift "\r\n" is one
    /// character, which a split on "\n" would miss — found by the importer fuzzer).
    @Test func harshFilesWithWindowsLineEnds() throws {
        let s = try session()
        let folder = s.folder.path("harsh-crlf")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in ["habits", "log"] {
            let text = try String(contentsOfFile: Self.fixture("harsh/\(name)"), encoding: .utf8)
            try text.replacingOccurrences(of: "\n", with: "\r\n").write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        }
        let c = try importTwice(s, folder)
        #expect(c.entries.count == 6 && c.frequency("Gym") == "perWeek:3" && c.habit("Tax return")["archivedAt"] != nil)
    }

    @Test func lucidPalDocuments() throws {
        let s = try session()
        let c = try importTwice(s, Self.fixture("lucidpal"))
        // Dates in seconds since 2001 and in ISO 8601; 2025-03-31T22:30Z is 1 April in Berlin.
        #expect(c.entries == ["Drink water 2025-03-10 check 8 caught up", "Journal 2025-04-01 check 1 Three pages",
                              "Long walk 2025-04-01 check 1", "Read 2025-03-10 check 25"])
        #expect(c.deleted == [])   // the later entry of the day wins; the earlier is left out
        #expect(c.habit("Read")["unit"] as? String == "duration" && c.frequency("Long walk") == "perWeek:1")
        #expect(c.habit("Drink water")["createdAt"] as? String == "2025-03-01T07:00:00.000Z")
    }

    @Test func habittoHabits() throws {
        let s = try session()
        let c = try importTwice(s, Self.fixture("habitto.json"))
        #expect(c.entries == ["Morning run 2026-11-02 check 1", "Morning run 2026-11-04 check 1", "Morning run 2026-11-06 check 0",
                              "Smoking 2026-11-02 check 3", "Smoking 2026-11-03 check 1", "Water 2026-11-02 check 6", "Water 2026-11-03 check 8"])
        #expect(c.wellbeing == ["Morning run 2026-11-02 difficulty 7/10", "Morning run 2026-11-04 difficulty 4/10", "Smoking 2026-11-03 difficulty 9/10"])
        #expect(c.frequency("Morning run") == "weekdays:mon,wed,fri" && c.habit("Smoking")["direction"] as? String == "atMost")
        #expect(c.habit("Water")["target"] as? Double == 8 && c.habit("Smoking")["baseline"] as? Double == 15)
        #expect(!String(decoding: c.raw, as: UTF8.self).contains("streak"))   // derived data is never imported
    }

    @Test func habitatStorage() throws {
        let s = try session()
        let c = try importTwice(s, Self.fixture("habitat.json"))
        #expect(c.entries == ["Breakfast 2026-01-17 check 1 Breakfast at 09:15: 520 kcal, 30 g protein, 60 g carbs, 15 g fat",
                              "Breakfast 2026-01-19 check 1", "Completed workout 2026-01-18 check 1"])
        #expect(c.habit("Completed workout")["weight"] as? Double == 5 && c.category(of: "Breakfast") == "Nutrition")
        #expect(c.habits.count == 2)   // the title is the habit, whatever its id that day
    }

    @Test func habitTrackerJSON() throws {
        let s = try session()
        let c = try importTwice(s, Self.fixture("habit-tracker.json"))
        // A record's day is the day of its own offset: 23:30 at -05:00 on 31 October.
        #expect(c.entries == ["Budget review 2026-10-31 check 1", "Read 2026-11-02 check 1 Dune", "Read 2026-11-04 check 1",
                              "Water 2026-11-02 check 8 hot day"])
        #expect(c.frequency("Read") == "weekdays:mon,wed,fri" && c.frequency("Budget review") == "perMonth:2")
        #expect(c.habit("Budget review")["archivedAt"] != nil && c.habit("Water")["target"] as? Double == 8)
    }

    // MARK: Preview, merge, cap

    @Test func aDryRunPreviewsAndChangesNothing() throws {
        let s = try session()
        try s.ok("habit", "add", "meditate")
        let before = s.snapshot()
        let preview = try s.ok("import", try Self.database("loop-v25", in: s), "--dry-run", "--merge-into", "meditate")
        #expect(preview.contains("Loop Habit Tracker database (schema 25): 2 habits, 5 entries, 3 notes"))
        #expect(preview.contains("would add 1 habit, 5 days"))
        #expect(preview.contains("\"Meditate\" goes into \"meditate\""), "\(preview)")
        // Not asked to merge: beside it.
        let beside = try s.ok("import", s.folder.path("loop-v25.db"), "--dry-run")
        #expect(beside.contains("would add 2 habits") && beside.contains("\"Meditate\" is added as \"Meditate (2)\""), "\(beside)")
        // A name the file does not have is refused, naming the file's habits.
        let none = try s.run("import", s.folder.path("loop-v25.db"), "--dry-run", "--merge-into", "meditate", "--merge-into", "nothing")
        #expect(none.status == 1 && none.stderr.contains("No habit named \"nothing\""), "\(none.stderr)")
        #expect(s.snapshot() == before)
        let json = try s.ok("import", s.folder.path("loop-v25.db"), "--dry-run", "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(object["format"] as? String == "loop-db" && summary["entriesAdded"] as? Int == 5)
        #expect(s.snapshot() == before)
    }

    @Test func aDryRunOnAMissingStoreCreatesNothing() throws {
        let s = Session()
        let preview = try s.ok("import", Self.fixture("habitbull.csv"), "--dry-run")
        #expect(preview.contains("would add 3 habits"))
        #expect(!FileManager.default.fileExists(atPath: s.store))
        try s.ok("import", Self.fixture("habitbull.csv"))
        #expect(FileManager.default.fileExists(atPath: s.store))
    }

    @Test func aDayTheStoreHasTakesTheImportedValueAndKeepsTheOldAsHistory() throws {
        var s = try session()
        s.now = "2025-11-02T18:00:00Z"
        try s.ok("habit", "add", "meditate")
        try s.ok("log", "meditate", "--date", "2025-11-01", "--note", "Calm")   // the same as the file: already here
        try s.ok("log", "meditate", "0", "--date", "2025-11-02", "--note", "Busy")
        s.now = "2026-11-22T10:00:00Z"
        let out = try s.ok("import", try Self.database("loop-v25", in: s), "--merge-into", "meditate")
        #expect(out.contains("replaced 1 day"))
        let c = try contents(s)
        #expect(c.habits.count == 2 && c.habits["meditate"] != nil)
        #expect(c.entries.filter { $0.hasPrefix("meditate 2025-11-0") && !$0.hasPrefix("meditate 2025-11-05") } ==
                ["meditate 2025-11-01 check 1 Calm", "meditate 2025-11-02 check 0 Sick", "meditate 2025-11-03 skip 0 Travel"])
        #expect(c.deleted == ["meditate 2025-11-02 check 0 Busy"])
        // The habit's created day moved back to its first imported day, so rates count it.
        #expect((c.habit("meditate")["createdAt"] as? String ?? "") < "2025-11-01T00:00:00.000Z")
    }

    @Test func theCapOnActiveHabitsIsCheckedBeforeAnythingIsWritten() throws {
        let s = try session()
        try s.ok("demo", "--store", s.store, "--force", "--habits", "100", "--years", "1", "--no-report")
        let file = s.folder.path("three.csv")
        _ = FileManager.default.createFile(atPath: file, contents: Data("""
            HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText
            New one,,,2026-11-01,1,
            New two,,,2026-11-01,1,
            New three,,,2026-11-01,1,

            """.utf8))
        try BadInputTests().expectRefused(s, ["import", file], status: 1,
                                          mentioning: ["active habits", "more than the 100", "Nothing was imported"])
    }

    // MARK: Bad input

    @Test func badFilesAreRefusedWithTheirPlaceAndLeaveTheStoreAlone() throws {
        let s = try session()
        try s.ok("habit", "add", "Run")
        let refuse = { (args: [String], words: [String]) in try BadInputTests().expectRefused(s, ["import"] + args, status: 1, mentioning: words) }
        func write(_ name: String, _ text: String) -> String {
            let path = s.folder.path(name)
            _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
            return path
        }
        try refuse([write("notes.txt", "just some text\n")], ["notes.txt", "loop-db", "habitbull", "--format"])
        try refuse([write("bull.csv", "HabitName,HabitDescription,HabitCategory,CalendarDate,CommentText\nRun,,,2023-01-01,\n")], ["bull.csv", "line 1", "\"Value\" is missing"])
        try refuse([write("bull2.csv", "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\nRun,,,2023-02-28,1,\nRun,,,2023-02-29,1,\n")], ["line 3", "2023-02-29"])
        try refuse([write("bull3.csv", "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\nRun,,,2023-02-28,-2150000000,\n")], ["line 2", "negative"])
        // Found by the importer fuzzer: a day before 1970 in a Loop or HabitBull file.
        try refuse([write("bull5.csv", "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\nRun,,,1969-12-31,1,\n")],
                   ["bull5.csv", "line 2", "outside the days Almanac keeps"])
        try refuse([write("bull4.csv", "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\nRun,,,2023-02-28,lots,\n")], ["line 2", "\"lots\" is not a number"])
        try refuse([write("habitat.json", "[{\"title\": \"Breakfast\"}]"), "--format", "habitat"], ["habitat.json", "top level", "expected an object"])
        try refuse([write("tracker.json", "{\"habits\": [{\"name\": \"Read\", \"records\": [{\"date\": \"2026-02-30T10:00:00Z\"}]}]}")], ["habits[0].records[0].date", "2026-02-30"])
        try refuse([write("habitto.json", "[{\"id\": \"x\", \"name\": \"Run\", \"completionHistory\": {\"2026-11-02\": 1}, \"difficultyHistory\": {\"2026-11-02\": 11}}]")],
                   ["[0].difficultyHistory.2026-11-02", "1 to 10"])
        try refuse([write("broken.json", "{\"habits\": [")], ["broken.json", "not valid JSON"])
        let empty = s.folder.path("empty")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        try refuse([empty], ["empty", "folder is empty"])
        try refuse([s.folder.path("missing.db")], ["missing.db", "no such file"])
        // A truncated database and a truncated zip.
        let db = try Self.database("loop-v22", in: s)
        let half = s.folder.path("half.db")
        _ = FileManager.default.createFile(atPath: half, contents: try Data(contentsOf: URL(fileURLWithPath: db)).prefix(2048))
        try refuse([half], ["half.db"])
        let zip = s.folder.path("export.zip")
        try FileManager.default.zipItem(at: Self.fixtures.appendingPathComponent("loop-csv-export"), to: URL(fileURLWithPath: zip), shouldKeepParent: false)
        let cut = s.folder.path("cut.zip")
        _ = FileManager.default.createFile(atPath: cut, contents: try Data(contentsOf: URL(fileURLWithPath: zip)).prefix(300))
        try refuse([cut], ["cut.zip"])
        try refuse([write("log", "2026-11-01 : Run : y\n"), "--format", "harsh"], ["habits", "no such file"])
        let harsh = s.folder.path("harsh")
        try FileManager.default.createDirectory(atPath: harsh, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: harsh + "/habits", contents: Data("Run: 1\n".utf8))
        _ = FileManager.default.createFile(atPath: harsh + "/log", contents: Data("2026-11-01 : Run : y\n2026-11-02 : Run : maybe\n".utf8))
        try refuse([harsh], ["log", "line 2", "\"maybe\""])
    }
}

/// Loop 1.x kept a Score table computed by its own, older formula (docs/METRICS.md, "Loop's older
/// scores"): this replays that formula over the v12 fixture's repetitions and finds every stored
/// score, which is why Almanac's (Loop 2's) scores of that file's non-daily habits differ.
@Suite struct LoopOlderScoreTests {
    @Test func theV12ScoreTableIsLoop1sFormula() throws {
        let queue = try DatabaseQueue(path: ImportTests.fixture("loop-v12.db"), configuration: { var c = Configuration(); c.readonly = true; return c }())
        let day: Int64 = 86_400_000, maxValue = 19_259_478
        var checked = 0
        try queue.read { db in
            for habit in try Row.fetchAll(db, sql: "SELECT id, freq_num, freq_den FROM habits") {
                let id: Int64 = habit[0], f = Double(habit[1] as Int) / Double(habit[2] as Int)
                let reps = Set(try Int64.fetchAll(db, sql: "SELECT timestamp FROM repetitions WHERE habit = ?", arguments: [id]))
                let table = Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT timestamp, score FROM score WHERE habit = ?", arguments: [id])
                    .map { ($0[0] as Int64, $0[1] as Int) })
                guard let first = reps.min(), let last = table.keys.max() else { continue }
                let multiplier = pow(0.5, 1 / (14 / f - 1))
                var score = 0
                for t in stride(from: first, through: last, by: Int(day)) {
                    score = Int(Double(score) * multiplier)
                    if reps.contains(t) { score = min(score + 1_000_000, maxValue) }
                    if let stored = table[t] {
                        #expect(stored == score, "habit \(id) on \(t)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked == 381)
        // The same file's "Wake up early" (3 times in 7 days) as of 2016-03-23: Loop 1 stored
        // 10955553 / 19259478 = 0.5688; Almanac gives Loop 2's score.
        let s = Session()
        try s.ok("init")
        try s.ok("import", ImportTests.fixture("loop-v12.db"))
        let json = try JSONSerialization.jsonObject(with: Data(try s.ok("stats", "wake up early", "--as-of", "2016-03-23", "--json").utf8)) as! [String: Any]
        let score = (json["metrics"] as! [String: Any])["score"] as! Double
        #expect((score * 10_000).rounded() / 10_000 == 0.4772)
    }

    /// A file imported once, with one of its habits merged into the store's habit of that name,
    /// and then followed: the followed habit's days get ids of their own (the merged ones keep
    /// theirs), the dry run says what the import does, and the next sync changes nothing.
    @Test func aFileImportedThenFollowedKeepsBothHabitsHistories() throws {
        let s = Session()
        try s.ok("init", "--timezone", "UTC")
        try s.ok("habit", "add", "Water", "--unit", "count", "--target", "8")
        let file = s.folder.path("habitto.json")
        try FileManager.default.copyItem(atPath: ImportTests.fixture("habitto.json"), toPath: file)
        #expect(try s.ok("import", file, "--merge-into", "water").contains("\"Water\" goes into \"Water\""))
        let before = try s.ok("history", "water", "--from", "2020-01-01", "--to", "2026-11-22")
        let dryRun = try s.run("import", file, "--follow", "--dry-run")
        #expect(dryRun.status == 0, "\(dryRun.stderr)")
        let followed = try s.run("import", file, "--follow")
        #expect(followed.status == 0 && followed.stderr.isEmpty, "\(followed.stderr)")
        // The merged habit's history is as it was.
        #expect(try s.ok("history", "water", "--from", "2020-01-01", "--to", "2026-11-22") == before)
        let again = try s.run("sync")
        #expect(again.status == 0 && again.stderr.isEmpty, "\(again.stderr)")
        try s.ok("backup", "--out", "b.json")
        let backup = try JSONSerialization.jsonObject(with: s.folder.bytes("b.json")) as? [String: Any]
        let ids = (backup?["habitEntries"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(Set(ids).count == ids.count)
    }

}
