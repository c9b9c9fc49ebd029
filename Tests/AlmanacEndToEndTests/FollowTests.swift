import AlmanacTestSupport
import Foundation
import GRDB
import Testing

/// Following an app (`import --follow`, `sync`, `source`), as a person whose phone writes a new
/// backup every night: the property that proves the mirror (syncing an old file then a new one
/// gives the same report and CSV as a fresh store that imported only the new file), and the
/// rules around it (older files, the same file, dry runs, logging a followed habit).
@Suite struct FollowTests {
    /// One followable format: its first file, and two later versions (SQL run on a copy, or a
    /// text edit), each mutating it as a person using the app would.
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        /// The fixture (`.sql`, `.db`, or a folder).
        var fixture: String
        /// What the app changed by the second file and by the third.
        var second: String
        var third: String
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "loop-v22", fixture: "loop-v22.sql",
             second: """
                DELETE FROM Repetitions WHERE habit = 0 AND timestamp = 1709078400000;
                INSERT INTO Repetitions (habit, timestamp, value) VALUES (3, 1709337600000, 2);
                UPDATE Repetitions SET value = 7000 WHERE habit = 1 AND timestamp = 1709251200000;
                UPDATE Habits SET name = 'Stretch well' WHERE id = 0;
                UPDATE Habits SET archived = 1 WHERE id = 3;
                UPDATE Habits SET archived = 0, target_value = 3.0 WHERE id = 2;
                INSERT INTO Habits VALUES (4, 0, 2, '', 1, 1, 0, 'Walk', 4, NULL, NULL, 127, 0, 0, 0, '');
                INSERT INTO Repetitions (habit, timestamp, value) VALUES (4, 1709164800000, 2), (4, 1709251200000, 3);
                """,
             third: """
                INSERT INTO Repetitions (habit, timestamp, value) VALUES (0, 1709078400000, 2);
                UPDATE Repetitions SET value = 9000 WHERE habit = 1 AND timestamp = 1709078400000;
                UPDATE Habits SET name = 'Read books', freq_num = 3 WHERE id = 1;
                DELETE FROM Repetitions WHERE habit = 4 AND timestamp = 1709251200000;
                """),
        Case(name: "loop-v12", fixture: "loop-v12.db",
             second: """
                DELETE FROM Repetitions WHERE Id = (SELECT max(Id) FROM Repetitions WHERE habit = 15);
                INSERT INTO Repetitions (habit, timestamp) SELECT 21, max(timestamp) + 86400000 FROM Repetitions WHERE habit = 21;
                UPDATE Habits SET name = 'Wake up at six' WHERE id = 15;
                UPDATE Habits SET archived = 1 WHERE id = 16;
                """,
             third: """
                INSERT INTO Repetitions (habit, timestamp) SELECT 15, max(timestamp) + 86400000 FROM Repetitions WHERE habit = 15;
                UPDATE Habits SET archived = 0 WHERE id = 16;
                UPDATE Habits SET position = 0 WHERE id = 26;
                UPDATE Habits SET position = 8 WHERE id = 15;
                """),
        Case(name: "tickmate", fixture: "tickmate.sql",
             second: """
                DELETE FROM ticks WHERE _id = (SELECT min(_id) FROM ticks WHERE _track_id = 1);
                DELETE FROM ticks WHERE _track_id = 2 AND month = 1;
                UPDATE tracks SET name = 'Running' WHERE _id = 2;
                INSERT INTO tracks VALUES (4, 'Swim', '', '', 1, 0, 4);
                INSERT INTO ticks (_track_id, year, month, day) VALUES (4, 2016, 2, 17);
                """,
             third: """
                INSERT INTO ticks (_track_id, year, month, day) VALUES (2, 2016, 1, 29);
                UPDATE tracks SET enabled = 1 WHERE _id = 3;
                """),
        Case(name: "rewire", fixture: "rewire.sql",
             second: """
                DELETE FROM CHECKINS WHERE habit_id = 1 AND date = '20261104';
                UPDATE habits SET name = 'Call mum and dad' WHERE _id = 2;
                UPDATE habits SET archived = 1 WHERE _id = 1;
                INSERT INTO CHECKINS (habit_id, date, type) VALUES (2, '20261105', 2);
                """,
             third: """
                INSERT INTO CHECKINS (habit_id, date, type) VALUES (1, '20261104', 2);
                UPDATE habits SET archived = 0 WHERE _id = 1;
                """),
        Case(name: "harsh", fixture: "harsh",
             second: """
                -2026-11-01 : Meditate : y
                +2026-11-04 : Meditate : y
                ~2026-11-01 : Gym : y : legs : 45.5=2026-11-01 : Gym : y : legs : 50
                """,
             third: """
                +2026-11-01 : Meditate : y
                ~2026-11-03 : Laundry : y :  : =2026-11-03 : Laundry : s
                """),
        Case(name: "habitto", fixture: "habitto.json",
             second: """
                "2026-11-04": 1,⇒
                "name": "Water"⇒"name": "Water glasses"
                "2026-11-02": 6,⇒"2026-11-02": 7,
                """,
             third: """
                "2026-11-02": 1,⇒"2026-11-02": 1, "2026-11-04": 1,
                """),
        Case(name: "habit-tracker", fixture: "habit-tracker.json",
             second: """
                "2026-11-04T07:00:00Z"⇒"2026-11-05T07:00:00Z"
                "name": "Read"⇒"name": "Read books"
                "count": 3⇒"count": 4
                """,
             third: """
                "isActive": false⇒"isActive": true
                "2026-11-05T07:00:00Z"⇒"2026-11-04T07:00:00Z"
                """),
        Case(name: "lucidpal", fixture: "lucidpal",
             second: """
                lucidpal_entries_2025-03.json|"value": 25,⇒"value": 30,
                lucidpal_habits.json|"name": "Drink water"⇒"name": "Water"
                lucidpal_habits.json|"isArchived": true⇒"isArchived": false
                """,
             third: """
                lucidpal_entries_2025-03.json|"value": 30,⇒"value": 35,
                """),
    ]

    /// Writes the first version of a case's source into `folder`; returns the path to follow.
    static func firstVersion(_ c: Case, in folder: TemporaryFolder, name: String) throws -> String {
        let target = folder.path(name)
        try? FileManager.default.removeItem(atPath: target)
        let fixture = ImportTests.fixture(c.fixture)
        if c.fixture.hasSuffix(".sql") {
            let queue = try DatabaseQueue(path: target)
            try queue.writeWithoutTransaction { db in try db.execute(sql: String(contentsOfFile: fixture, encoding: .utf8)) }
            try queue.close()
        } else {
            try FileManager.default.copyItem(atPath: fixture, toPath: target)
        }
        return target
    }

    /// Applies one change of the app to a copy: SQL for a database; for harsh's folder, lines of
    /// the log to remove (`-`), add (`+`) or replace (`~old=new`); for JSON, text to replace
    /// (`old⇒new`, with `file|` first inside a folder).
    static func mutate(_ path: String, with change: String) throws {
        var isFolder: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        if change.contains("⇒") {
            for line in change.components(separatedBy: "\n") where !line.isEmpty {
                var edit = line, file = path
                if isFolder.boolValue, let bar = line.firstIndex(of: "|") {
                    file = path + "/" + line[..<bar]
                    edit = String(line[line.index(after: bar)...])
                }
                let parts = edit.components(separatedBy: "⇒")
                let text = try String(contentsOfFile: file, encoding: .utf8)
                #expect(text.contains(parts[0]), "\(file) has no \(parts[0])")
                try text.replacingOccurrences(of: parts[0], with: parts[1]).write(toFile: file, atomically: false, encoding: .utf8)
            }
            return
        }
        if isFolder.boolValue {
            var log = try String(contentsOfFile: path + "/log", encoding: .utf8).components(separatedBy: "\n").filter { !$0.isEmpty }
            for line in change.components(separatedBy: "\n") where !line.isEmpty {
                let body = String(line.dropFirst())
                switch line.first {
                case "-": log.removeAll { $0 == body }
                case "+": log.append(body)
                default:
                    let parts = body.components(separatedBy: "=")
                    log = log.map { $0 == parts[0] ? parts[1] : $0 }
                }
            }
            try (log.joined(separator: "\n") + "\n").write(toFile: path + "/log", atomically: false, encoding: .utf8)
            return
        }
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in try db.execute(sql: change) }
        try queue.close()
    }

    static func touch(_ path: String, hoursAfter hours: Int) throws {
        let date = Date(timeIntervalSince1970: 1_790_000_000 + Double(hours) * 3600)
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            for name in try FileManager.default.contentsOfDirectory(atPath: path) {
                try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path + "/" + name)
            }
        }
    }

    /// The report and the CSV export of a session's store, every file by its relative path.
    /// A feed without what belongs to its store rather than its days: its ids (a store's own) and
    /// its times (when each day was written: a sync writes on several nights, an import on one).
    static func withoutIdentities(_ feed: Data) -> Data {
        let lines = String(decoding: feed, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        return Data(lines.filter { line in
            let text = line.trimmingCharacters(in: .whitespaces)   // feed.xml's elements, feed.json's members
            return !["<id>", "<updated>", "\"id\"", "\"date_modified\""].contains { text.hasPrefix($0) }
        }.joined(separator: "\n").utf8)
    }

    /// Each habit's slug by its id.
    static func habitSlugs(_ s: Session) throws -> [String: String] {
        let habits = try JSONSerialization.jsonObject(with: Data(try s.ok("habit", "list", "--archived", "--json").utf8)) as! [[String: Any]]
        return Dictionary(uniqueKeysWithValues: habits.map { ($0["id"] as! String, $0["slug"] as! String) })
    }

    static func outputs(_ s: Session, _ label: String) throws -> [String: Data] {
        try s.ok("report", "--out", "site-\(label)", "--include-notes")
        try s.ok("export", "csv", "--out", "csv-\(label)")
        var all: [String: Data] = [:]
        for (path, data) in try siteFiles(s.folder.url.appendingPathComponent("site-\(label)")) where path != "manifest.json" {
            all["site/" + path] = path == "feed.xml" || path == "feed.json" ? withoutIdentities(data) : data
        }
        for (path, data) in try siteFiles(s.folder.url.appendingPathComponent("csv-\(label)")) { all["csv/" + path] = data }
        return all
    }

    /// sync(first) → sync(second) → sync(third) gives the report and CSV files, byte for byte, of a
    /// fresh store that imported only the third file (unticked, re-ticked, changed, renamed,
    /// archived, unarchived, added and reordered habits on the way).
    @Test(arguments: cases) func syncingOldThenNewEqualsImportingOnlyTheNew(_ c: Case) throws {
        try Self.checkProperty(c, backend: .sqlite)
    }

    @Test(.enabled(if: TestPostgres.isAvailable)) func theMirrorHoldsOnPostgreSQL() throws {
        try Self.checkProperty(Self.cases[0], backend: .postgres)
    }

    static func checkProperty(_ c: Case, backend: TestBackend) throws {
        let followed = Session(backend)
        try followed.ok("init", "--timezone", "Europe/Berlin")
        let isFolder = !c.fixture.contains(".")
        // Loop writes a new file into its Backups folder each night; the others change in place.
        let isLoop = c.name.hasPrefix("loop")
        try FileManager.default.createDirectory(atPath: followed.folder.path("Backups"), withIntermediateDirectories: true)
        let name = isFolder ? "app" : "app." + (c.fixture.hasSuffix(".json") ? "json" : "db")
        var file = try firstVersion(c, in: followed.folder, name: isLoop ? "Backups/night-1.db" : name)
        let source = isLoop ? followed.folder.path("Backups") : file
        try touch(file, hoursAfter: 0)
        try followed.ok("import", source, "--follow")
        for (night, change) in [(2, c.second), (3, c.third)] {
            if isLoop {
                let next = followed.folder.path("Backups/night-\(night).db")
                try FileManager.default.copyItem(atPath: file, toPath: next)
                file = next
            }
            try mutate(file, with: change)
            try touch(file, hoursAfter: night)
            let out = try followed.ok("sync")
            #expect(!out.contains("Nothing changed"), "night \(night) of \(c): \(out)")
        }
        let before = followed.snapshot()
        let again = try followed.ok("sync")
        #expect(again.contains("nothing new"), "\(again)")
        #expect(followed.snapshot() == before, "syncing the same file again changed the store")

        let fresh = Session(backend)
        try fresh.ok("init", "--timezone", "Europe/Berlin")
        let copy = fresh.folder.path(name)
        try FileManager.default.copyItem(atPath: file, toPath: copy)
        try fresh.ok("import", copy)
        // A followed habit renamed in the app keeps the slug it was given (its published
        // addresses); the fresh store named it after its new name. The same store but for those:
        // the fresh store's backup with the mirror's slugs.
        let slugs = try habitSlugs(followed)
        try fresh.ok("backup", "--out", "fresh.json")
        var backup = try JSONSerialization.jsonObject(with: fresh.folder.bytes("fresh.json")) as! [String: Any]
        backup["habits"] = (backup["habits"] as! [[String: Any]]).map { habit in
            habit.merging(["slug": slugs[habit["id"] as! String] ?? habit["slug"]!]) { $1 }
        }
        try JSONSerialization.data(withJSONObject: backup).write(to: fresh.folder.url.appendingPathComponent("fresh.json"))
        try fresh.ok("restore", "fresh.json", "--mode", "replace")

        let mirrored = try outputs(followed, "f"), imported = try outputs(fresh, "i")
        #expect(mirrored.count > 10)
        let differing = Set(mirrored.keys).union(imported.keys).filter { mirrored[$0] != imported[$0] }.sorted()
        #expect(differing.isEmpty, "\(c): these files differ from a fresh import of the newest file: \(differing)")
    }

    /// A habit deleted in the app stays, archived, with its history; a withdrawn day stays as history.
    @Test func aHabitDeletedInTheAppIsArchivedWithItsHistory() throws {
        let s = Session()
        try s.ok("init", "--timezone", "Europe/Berlin")
        let file = try Self.firstVersion(Self.cases[0], in: s.folder, name: "loop.db")
        try Self.touch(file, hoursAfter: 0)
        try s.ok("import", file, "--follow")
        try Self.mutate(file, with: "DELETE FROM Repetitions WHERE habit = 3; DELETE FROM Habits WHERE id = 3; DELETE FROM Repetitions WHERE habit = 0 AND timestamp = 1709078400000;")
        try Self.touch(file, hoursAfter: 1)
        let out = try s.ok("sync")
        #expect(out.contains("\"Gym\": no longer in the app: archived, its history kept"), "\(out)")
        #expect(out.contains("\"Stretch\": 1 withdrawn"), "\(out)")
        let gym = try s.ok("history", "Gym", "--from", "2024-02-27", "--to", "2024-03-03")
        #expect(gym.contains("2024-02-28"), "\(gym)")
        let list = try s.ok("habit", "list", "--archived")
        #expect(list.contains("Gym"), "\(list)")
        let stretch = try s.ok("history", "Stretch", "--from", "2024-02-28", "--to", "2024-02-28")
        #expect(stretch.contains("2024-02-28"), "the withdrawn day is in the history: \(stretch)")
    }

    @Test func olderFilesAreRefusedSameFilesChangeNothingAndDryRunsChangeNothing() throws {
        let s = Session()
        try s.ok("init", "--timezone", "Europe/Berlin")
        let folder = s.folder.path("Backups")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let first = try Self.firstVersion(Self.cases[0], in: s.folder, name: "Backups/Loop Habits Backup 2026-11-20.db")
        try Self.touch(first, hoursAfter: 0)
        try s.ok("import", folder, "--follow")
        let second = folder + "/Loop Habits Backup 2026-11-21.db"
        try FileManager.default.copyItem(atPath: first, toPath: second)
        try Self.mutate(second, with: Self.cases[0].second)
        try Self.touch(second, hoursAfter: 5)
        // Not a backup: ignored when the newest file is looked for.
        try "notes".write(toFile: folder + "/README.txt", atomically: false, encoding: .utf8)

        let before = s.snapshot()
        let preview = try s.ok("sync", "--dry-run")
        #expect(preview.contains("Loop Habits Backup 2026-11-21.db"), "\(preview)")
        #expect(preview.contains("\"Stretch well\": renamed from \"Stretch\""), "\(preview)")
        #expect(preview.contains("\"Walk\": new habit"), "\(preview)")
        #expect(preview.contains("would withdraw 1"), "\(preview)")
        #expect(preview.contains("Dry run"), "\(preview)")
        let json = try JSONSerialization.jsonObject(with: Data(try s.ok("sync", "--dry-run", "--json").utf8)) as! [[String: Any]]
        let habits = (json[0]["summary"] as! [String: Any])["habits"] as! [[String: Any]]
        #expect(habits.contains { $0["name"] as? String == "Stretch well" && $0["renamedFrom"] as? String == "Stretch" && $0["daysWithdrawn"] as? Int == 1 })
        #expect(s.snapshot() == before, "a dry run changed the store")

        try s.ok("sync")
        // The newest file is older than the one synced: refused, naming both dates.
        try Self.touch(second, hoursAfter: -5)
        try Self.mutate(second, with: "UPDATE Habits SET name = 'Older' WHERE id = 3;")
        try Self.touch(second, hoursAfter: -5)
        try FileManager.default.removeItem(atPath: first)
        let synced = s.snapshot()
        let refused = try s.run("sync")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("before the file synced last") && refused.stderr.contains("--force"), "\(refused.stderr)")
        #expect(refused.stderr.components(separatedBy: "\n").filter { !$0.isEmpty }.count == 1, "\(refused.stderr)")
        #expect(s.snapshot() == synced)
        let forced = try s.ok("sync", "--force")
        #expect(forced.contains("\"Older\": renamed from \"Gym\""), "\(forced)")
    }

    /// The newest export is the one whose name says the latest date and time (a sync tool may
    /// give an older file a newer modification time); a newer one that cannot be read is named in
    /// one warning, also under -q, and the next newest is synced.
    @Test func theNewestFileIsTheAppsDateAndAnUnreadableOneIsSkippedWithAWarning() throws {
        let s = Session()
        try s.ok("init", "--timezone", "Europe/Berlin")
        let folder = s.folder.path("Backups")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let older = try Self.firstVersion(Self.cases[0], in: s.folder, name: "Backups/Loop Habits Backup 2026-11-20 093512.db")
        let newer = folder + "/Loop Habits Backup 2026-11-21 081500.db"
        try FileManager.default.copyItem(atPath: older, toPath: newer)
        try Self.mutate(newer, with: Self.cases[0].second)
        try Self.touch(newer, hoursAfter: 0)
        try Self.touch(older, hoursAfter: 3)   // copied later: the newer modification time
        let first = try s.ok("import", folder, "--follow")
        let habits = try s.ok("habit", "list")
        #expect(first.contains("Loop Habits Backup 2026-11-21 081500.db") && habits.contains("Stretch well"), "\(first)")
        // A newer export that cannot be read: one warning naming it, also under -q; the next
        // newest (the one synced) is then nothing new.
        let broken = folder + "/Loop Habits Backup 2026-11-22 070000.db"
        try FileManager.default.copyItem(atPath: newer, toPath: broken)
        try Self.mutate(broken, with: "INSERT INTO Repetitions (habit, timestamp, value) VALUES (1, 'not a time', 2);")
        try Self.touch(broken, hoursAfter: 6)
        let quiet = try s.run("sync", "-q")
        #expect(quiet.status == 0 && quiet.stdout.isEmpty, "\(quiet.stderr)")
        let warnings = quiet.stderr.split(separator: "\n")
        #expect(warnings.count == 1 && warnings[0].hasPrefix("warning: \(broken) is newer but cannot be read"), "\(quiet.stderr)")
        #expect(try s.ok("sync").contains("nothing new"))
        let json = try JSONSerialization.jsonObject(with: Data(try s.ok("sync", "--json").utf8)) as! [[String: Any]]
        #expect((json[0]["skipped"] as? [String])?.count == 1)
        // Round six: newer files damaged so that their format cannot even be told — empty, cut
        // short, overwritten, not SQLite at all, a zip's bytes — are each named too; a note of
        // the person's own in the folder is not.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: newer))
        let damaged: [(String, Data)] = [
            ("2026-11-23 070000", Data()), ("2026-11-24 070000", bytes.prefix(50)), ("2026-11-25 070000", Data(repeating: 0, count: 4096)),
            ("2026-11-26 070000", Data("SQLite format 2\u{0}".utf8) + bytes.dropFirst(16)), ("2026-11-27 070000", Data("PK\u{3}\u{4}junk".utf8)),
        ]
        for (stamp, data) in damaged { try data.write(to: URL(fileURLWithPath: folder + "/Loop Habits Backup \(stamp).db")) }
        try Data("my notes".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
        let named = try s.run("sync", "-q")
        #expect(named.status == 0 && named.stdout.isEmpty, "\(named.stderr)")
        for (stamp, _) in damaged { #expect(named.stderr.contains("Loop Habits Backup \(stamp).db is newer but cannot be read"), "\(stamp): \(named.stderr)") }
        #expect(!named.stderr.contains("notes.txt") && named.stderr.split(separator: "\n").count == damaged.count + 1, "\(named.stderr)")
        let listed = try JSONSerialization.jsonObject(with: Data(try s.ok("sync", "--json").utf8)) as! [[String: Any]]
        #expect((listed[0]["skipped"] as? [String])?.count == damaged.count + 1)
    }

    @Test func aFollowedHabitIsLoggedInItsAppUntilItIsNoLongerFollowed() throws {
        let s = Session()
        try s.ok("init", "--timezone", "Europe/Berlin")
        try s.ok("habit", "add", "Mine")
        let file = try Self.firstVersion(Self.cases[0], in: s.folder, name: "loop.db")
        try s.ok("import", file, "--follow")
        let refused = try s.run("log", "stretch", "mine")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("Stretch follows the Loop Habit Tracker database at \(file): log it in that app"), "\(refused.stderr)")
        #expect(refused.stderr.contains("almanac source forget"), "\(refused.stderr)")
        #expect(try s.run("unlog", "stretch").status == 1)
        try s.ok("log", "mine")   // a habit made here is logged here
        let listed = try s.ok("source", "list")
        #expect(listed.contains(file) && listed.contains("Stretch"), "\(listed)")
        let forgotten = try s.ok("source", "forget", file)
        #expect(forgotten.contains("4 habits stay"), "\(forgotten)")
        try s.ok("log", "stretch")
        #expect(try s.ok("history", "stretch", "--from", "2024-02-28", "--to", "2024-02-28").contains("2024-02-28"))
        #expect(try s.run("sync").stderr.contains("follows no app"))
    }

    /// Two followed apps, one whose newest backup is damaged: the other is synced and said so, the
    /// damaged one is named on stderr and left as it was, and the command fails.
    @Test func aDamagedSourceDoesNotHoldBackTheOthersAndIsReported() throws {
        let s = Session()
        try s.ok("init", "--timezone", "Europe/Berlin")
        let loop = try Self.firstVersion(Self.cases[0], in: s.folder, name: "loop.db")
        let tickmate = try Self.firstVersion(Self.cases[2], in: s.folder, name: "tickmate.db")
        try Self.touch(loop, hoursAfter: 0); try Self.touch(tickmate, hoursAfter: 0)
        try s.ok("import", loop, "--follow")
        try s.ok("import", tickmate, "--follow")
        try Self.mutate(tickmate, with: Self.cases[2].second)
        try Self.touch(tickmate, hoursAfter: 2)
        try Data("not a database any more".utf8).write(to: URL(fileURLWithPath: loop))
        try Self.touch(loop, hoursAfter: 2)
        let result = try s.run("sync")
        #expect(result.status == 1)
        #expect(result.stdout.contains("\"Running\": renamed from \"Run\""), "\(result.stdout)")
        let lines = result.stderr.components(separatedBy: "\n").filter { !$0.isEmpty }
        #expect(lines.count == 2 && lines[0].hasPrefix("almanac: \(loop): ") && lines[1].contains("1 of 2 followed sources could not be synced"),
                "\(result.stderr)")
        #expect(try s.ok("habit", "list").contains("Running"))
        #expect(try s.ok("source", "list").contains("tickmate.db, modified"))
    }

    @Test func aOneTimeImportDoesNotWriteIntoAFollowedHabit() throws {
        let s = Session()
        try s.ok("init")
        let file = try Self.firstVersion(Self.cases[0], in: s.folder, name: "loop.db")
        try s.ok("import", file, "--follow")
        try "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\nGym,,,2026-11-01,1,\n"
            .write(toFile: s.folder.path("hb.csv"), atomically: false, encoding: .utf8)
        let before = s.snapshot()
        let refused = try s.run("import", "hb.csv", "--merge-into", "gym")
        #expect(refused.status == 1 && refused.stderr.contains("\"Gym\" follows another app's files"), "\(refused.stderr)")
        #expect(s.snapshot() == before)
        // Not asked to merge, the file's Gym is a habit of its own beside the followed one.
        #expect(try s.ok("import", "hb.csv").contains("\"Gym\" is added as \"Gym (2)\""))
        let both = try s.run("import", "hb.csv", "--follow", "--merge-into", "gym")
        #expect(both.status == 2 && both.stderr.contains("--merge-into is for a one-time import"), "\(both.stderr)")
    }

    @Test func formatsWithoutIdsOfTheirOwnCannotBeFollowed() throws {
        let s = Session()
        try s.ok("init")
        let result = try s.run("import", ImportTests.fixture("habitbull.csv"), "--follow")
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot be followed"), "\(result.stderr)")
        #expect(try s.ok("habit", "list").contains("No habits"), "nothing was imported")
    }

    /// The README's nightly recipe, run on two nights with a newer backup in between.
    @Test func theNightlyRecipeShowsWhatTheAppSays() throws {
        let s = Session()
        let folder = s.folder.path("Backups")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let first = try Self.firstVersion(Self.cases[0], in: s.folder, name: "Backups/Loop Habits Backup 2026-11-20.db")
        try Self.touch(first, hoursAfter: 0)
        try s.ok("import", folder, "--follow")
        let nightly = ["sh", "-c", "\"$ALMANAC\" sync >/dev/null && \"$ALMANAC\" report --out site >/dev/null"]
        func night() throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = Array(nightly.dropFirst())
            process.environment = s.environment.merging(["ALMANAC": s.binary.url.path, "PATH": "/usr/bin:/bin"]) { $1 }
            process.currentDirectoryURL = s.folder.url
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        try night()
        let firstPage = String(decoding: s.folder.bytes("site/index.md"), as: UTF8.self)
        #expect(firstPage.contains("Stretch") && !firstPage.contains("Walk"), "\(firstPage)")
        let second = folder + "/Loop Habits Backup 2026-11-21.db"
        try FileManager.default.copyItem(atPath: first, toPath: second)
        try Self.mutate(second, with: Self.cases[0].second)
        try Self.touch(second, hoursAfter: 24)
        try night()
        let secondPage = String(decoding: s.folder.bytes("site/index.md"), as: UTF8.self)
        #expect(secondPage.contains("Stretch well") && secondPage.contains("Walk"), "\(secondPage)")
    }
}

/// A file with a bad row: refused naming the row, or with `--skip-bad-rows` the rest imported and
/// every row left out listed with its reason (Loop's own HabitBull test file holds −2,150,000,000).
@Suite struct BadRowTests {
    static let csv = """
        HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText
        Run,,Health,2026-11-01,1,
        Run,,Health,2026-11-02,-2150000000,
        Run,,Health,not-a-date,1,
        Water,,Health,2026-11-02,3,nice

        """

    @Test func aBadRowRefusesTheFileUnlessTheRestIsAskedFor() throws {
        let s = Session()
        try s.ok("init")
        try Self.csv.write(toFile: s.folder.path("hb.csv"), atomically: false, encoding: .utf8)
        let before = s.snapshot()
        let refused = try s.run("import", "hb.csv")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("line 3") && refused.stderr.contains("--skip-bad-rows"), "\(refused.stderr)")
        #expect(s.snapshot() == before)

        let out = try s.ok("import", "hb.csv", "--skip-bad-rows")
        #expect(out.contains("Left out 2 rows that cannot be kept:"), "\(out)")
        #expect(out.contains("line 3: the value -2150000000"), "\(out)")
        #expect(out.contains("line 4: \"not-a-date\""), "\(out)")
        #expect(try s.ok("history", "run", "--from", "2026-11-01", "--to", "2026-11-01").contains("2026-11-01"))
        #expect(try s.ok("history", "water", "--from", "2026-11-02", "--to", "2026-11-02").contains("2026-11-02"))
    }

    /// A Loop database with a repetition Almanac cannot keep: left out and listed on a sync.
    @Test func aSyncLeavesOutABadRowWhenAsked() throws {
        let s = Session()
        try s.ok("init", "--timezone", "Europe/Berlin")
        let file = try FollowTests.firstVersion(FollowTests.cases[0], in: s.folder, name: "loop.db")
        try FollowTests.mutate(file, with: "INSERT INTO Repetitions (habit, timestamp, value) VALUES (3, 1709510400000, -7);")
        let refused = try s.run("import", file, "--follow")
        #expect(refused.status == 1 && refused.stderr.contains("Repetitions row"), "\(refused.stderr)")
        let out = try s.ok("import", file, "--follow", "--skip-bad-rows")
        #expect(out.contains("Left out 1 row that cannot be kept:") && out.contains("Repetitions row"), "\(out)")
    }
}
