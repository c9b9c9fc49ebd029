import AlmanacTestSupport
import Foundation
import Testing

@Suite struct BackupRoundTripTests {
    /// backup → restore into an empty store → backup gives the same bytes, for generated stores
    /// with soft-deleted rows, archived habits, non-ASCII names and notes with quotes and newlines.
    @Test(arguments: [1, 7, 42] as [UInt64])
    func backupRestoreBackupIsByteIdentical(seed: UInt64) throws {
        let s = Session()
        try s.ok("demo", "--store", s.folder.path("a.sqlite"), "--habits", "14", "--years", "1", "--seed", "\(seed)")
        try s.ok("backup", "--store", s.folder.path("a.sqlite"), "--out", "one.json", "--as-of", "2026-11-20")
        let restored = try s.ok("restore", "one.json", "--store", s.folder.path("b.sqlite"))
        #expect(restored.contains("habitEntries:"))
        try s.ok("backup", "--store", s.folder.path("b.sqlite"), "--out", "two.json", "--as-of", "2026-11-20")
        let one = s.folder.bytes("one.json"), two = s.folder.bytes("two.json")
        #expect(one.count > 10_000)
        #expect(one == two)

        let json = try JSONSerialization.jsonObject(with: one) as! [String: Any]
        #expect(json["format"] as? String == "almanac-backup")
        #expect(json["version"] as? Int == 9)
        // The store's identity travels with it: the restored store is the same store.
        let storeId = (json["settings"] as? [String: Any])?["storeId"] as? String
        #expect(storeId.flatMap(UUID.init(uuidString:)) != nil)
        #expect(json["exportedAt"] as? String == "2026-11-20T00:00:00.000Z")
        let entries = json["habitEntries"] as! [[String: Any]]
        #expect(entries.contains { !($0["deletedAt"] is NSNull) })
        #expect((json["habits"] as! [[String: Any]]).contains { !($0["archivedAt"] is NSNull) })
        let keys = entries.map { [$0["habitId"] as! String, $0["dayKey"] as! String, $0["timestampUtc"] as! String, $0["id"] as! String] }
        #expect(keys == keys.sorted { $0.lexicographicallyPrecedes($1) })

        // Merging the same backup again changes nothing.
        #expect(try s.ok("restore", "one.json", "--store", s.folder.path("b.sqlite")).contains(": 0 rows changed"))
    }

    @Test(arguments: TestBackend.available) func sameStoreSameBytesAndExportJSONIsBackup(_ backend: TestBackend) throws {
        let s = Session(backend)
        try s.ok("demo", "--store", s.folder.path("a.sqlite"), "--habits", "5", "--years", "1")
        try s.ok("backup", "--store", s.folder.path("a.sqlite"), "--out", "one.json")
        try s.ok("export", "json", "--store", s.folder.path("a.sqlite"), "--out", "two.json")
        #expect(s.folder.bytes("one.json") == s.folder.bytes("two.json"))   // ALMANAC_NOW pins exportedAt
        let stdout = try s.ok("backup", "--store", s.folder.path("a.sqlite"), "--out", "-")
        #expect(Data(stdout.utf8) == s.folder.bytes("one.json"))
    }

    @Test(arguments: TestBackend.available) func hostileTextSurvivesTheRoundTrip(_ backend: TestBackend) throws {
        let s = Session(backend)
        try s.ok("init", "--timezone", "Asia/Kolkata")
        let name = "Ünïcødé \"quoted\", <b>bold</b> \\ back 🧪"
        try s.ok("habit", "add", name, "--emoji", "🧪")
        try s.ok("log", name, "--date", "2026-11-20", "--note", "line\none\ttab \u{202E}rtl \"q\"")
        try s.ok("journal", "add", "RTL: שלום", "--body", "**x**\n")
        try s.ok("backup", "--out", "one.json")
        try s.ok("restore", "one.json", "--store", s.folder.path("b.sqlite"))
        try s.ok("backup", "--store", s.folder.path("b.sqlite"), "--out", "two.json")
        #expect(s.folder.bytes("one.json") == s.folder.bytes("two.json"))
        let json = try JSONSerialization.jsonObject(with: s.folder.bytes("one.json")) as! [String: Any]
        #expect((json["habits"] as! [[String: Any]])[0]["name"] as? String == name)
        #expect((json["habitEntries"] as! [[String: Any]])[0]["note"] as? String == "line\none\ttab \u{202E}rtl \"q\"")
        #expect((json["settings"] as! [String: Any])["timeZone"] as? String == "Asia/Kolkata")
    }

    @Test(arguments: TestBackend.available) func replaceSnapshotsTheStoreFirstAndDryRunChangesNothing(_ backend: TestBackend) throws {
        var s = Session(backend)
        try s.ok("init", "--timezone", "UTC")
        try s.ok("habit", "add", "Old habit")
        try s.ok("demo", "--store", s.folder.path("other.sqlite"), "--habits", "3", "--years", "1")
        try s.ok("backup", "--store", s.folder.path("other.sqlite"), "--out", "other.json")
        let before = s.snapshot()
        let dry = try s.ok("restore", "other.json", "--mode", "replace", "--dry-run")
        #expect(dry.contains("habits: 3 added, 0 updated, 0 unchanged, 1 removed"))
        #expect(s.snapshot() == before)
        s.now = "2026-11-22T10:15:00Z"
        let out = try s.ok("restore", "other.json", "--mode", "replace")
        let names = try JSONSerialization.jsonObject(with: Data(try s.ok("habit", "list", "--json", "--archived").utf8)) as! [[String: Any]]
        #expect(!names.contains { $0["name"] as? String == "Old habit" })
        if backend == .sqlite {
            #expect(out.contains("before-restore-20261122T101500Z.sqlite"))
            let saved = try s.ok("habit", "list", "--store", s.folder.path("almanac.sqlite.before-restore-20261122T101500Z.sqlite"))
            #expect(saved.contains("Old habit"))
        } else {
            // A server store is kept as a full backup in the current folder; restoring it undoes the replace.
            let schema = String(s.store.split(separator: "=").last!)
            let file = "\(schema).before-restore-20261122T101500Z.json"
            #expect(out.contains("Saved the current store as \(file) (restore it with `almanac restore \(file) --mode replace` to undo)."))
            try s.ok("restore", file, "--mode", "replace")
            #expect(try s.ok("habit", "list").contains("Old habit"))
        }
    }

    @Test(arguments: TestBackend.available) func mergeKeepsTheNewerEdit(_ backend: TestBackend) throws {
        var s = Session(backend)
        try s.ok("init", "--timezone", "UTC")
        try s.ok("habit", "add", "Read", "--color", "#111111")
        try s.ok("backup", "--out", "old.json")
        s.now = "2026-11-23T10:00:00Z"
        try s.ok("habit", "edit", "read", "--color", "#222222")
        #expect(try s.ok("restore", "old.json").contains(": 0 rows changed"))   // the store's edit is newer
        #expect(try s.ok("habit", "show", "read").contains("#222222"))
        try s.ok("backup", "--out", "new.json")
        try s.ok("restore", "new.json", "--store", s.folder.path("b.sqlite"))
        try s.ok("restore", "old.json", "--store", s.folder.path("b.sqlite"))
        #expect(try s.ok("habit", "show", "read", "--store", s.folder.path("b.sqlite")).contains("#222222"))
    }
}

/// Every refused backup: exit status 1, one sentence, the store byte-identical.
@Suite struct BadBackupTests {
    func prepared() throws -> (Session, String) {
        let s = Session()
        try s.ok("init", "--timezone", "UTC")
        try s.ok("habit", "add", "Run")
        try s.ok("log", "run", "--date", "2026-11-20")
        try s.ok("backup", "--out", "good.json", "--as-of", "2026-11-20")
        return (s, String(decoding: s.folder.bytes("good.json"), as: UTF8.self))
    }

    func expectRefused(_ s: Session, _ bytes: Data, mentioning words: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        try bytes.write(to: s.folder.url.appendingPathComponent("bad.json"))
        let before = s.snapshot()
        for mode in ["merge", "replace"] {
            let result = try s.run("restore", "bad.json", "--mode", mode)
            #expect(result.status == 1, "\(result.stderr)", sourceLocation: sourceLocation)
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
            for word in words { #expect(result.stderr.contains(word), "\(result.stderr) lacks \(word)", sourceLocation: sourceLocation) }
            #expect(s.snapshot() == before, sourceLocation: sourceLocation)
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: s.folder.url.path)
        #expect(!files.contains { $0.contains("before-restore") }, sourceLocation: sourceLocation)
    }

    /// A missing array is not an empty one: taken as empty, a replace would delete that table.
    @Test(arguments: ["categories", "habits", "goals", "habitEntries", "journalEntries", "wellbeingEntries"])
    func aBackupMissingAnArrayIsRefused(_ key: String) throws {
        let (s, good) = try prepared()
        var object = try #require(try JSONSerialization.jsonObject(with: Data(good.utf8)) as? [String: Any])
        object[key] = nil
        try expectRefused(s, try JSONSerialization.data(withJSONObject: object), mentioning: ["\(key) is missing"])
    }

    func replacing(_ text: String, _ old: String, _ new: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Data {
        try #require(text.contains(old), "the backup has no \(old) to replace", sourceLocation: sourceLocation)
        return Data(text.replacingOccurrences(of: old, with: new).utf8)
    }

    /// A version-1 backup (before baselines) restores: its habits have no baseline, and the store
    /// backs up as the current version with the same contents otherwise (no followed sources).
    @Test func aVersionOneBackupStillRestores() throws {
        let (s, good) = try prepared()
        let v1 = good.replacingOccurrences(of: #""version":9"#, with: #""version":1"#)
            .replacingOccurrences(of: #","description":"""#, with: "")
            .replacingOccurrences(of: #","baseline":null"#, with: "")
            .replacingOccurrences(of: #","unloggedMeansNone":0"#, with: "")
            .replacingOccurrences(of: #","sourceId":null,"sourceKey":null"#, with: "")
            .replacingOccurrences(of: ",\n\"sources\":[]", with: "")
        #expect(!v1.contains("baseline") && !v1.contains("source") && !v1.contains("unlogged") && !v1.contains("description") && v1.contains(#""version":1"#))
        _ = FileManager.default.createFile(atPath: s.folder.path("v1.json"), contents: Data(v1.utf8))
        try s.ok("restore", "v1.json", "--store", s.folder.path("from-v1.sqlite"))
        try s.ok("backup", "--store", s.folder.path("from-v1.sqlite"), "--out", "again.json", "--as-of", "2026-11-20")
        #expect(String(decoding: s.folder.bytes("again.json"), as: UTF8.self) == good)
    }

    /// A version-7 backup has no `unloggedMeansNone`: its at-most habits counted a day with nothing
    /// logged as none then, and restore so; its at-least habits do not.
    @Test func aVersionSevenBackupKeepsItsAtMostHabitsRule() throws {
        let s = Session()
        try s.ok("init", "--timezone", "UTC")
        try s.ok("habit", "add", "Coffee", "--unit", "count", "--direction", "at-most", "--target", "3")
        try s.ok("habit", "add", "Run")
        try s.ok("backup", "--out", "eight.json", "--as-of", "2026-11-20")
        let eight = String(decoding: s.folder.bytes("eight.json"), as: UTF8.self)
        #expect(eight.components(separatedBy: #""unloggedMeansNone":0"#).count == 3)
        let seven = eight.replacingOccurrences(of: #""version":9"#, with: #""version":7"#)
            .replacingOccurrences(of: #","unloggedMeansNone":0"#, with: "").replacingOccurrences(of: #","description":"""#, with: "")
        _ = FileManager.default.createFile(atPath: s.folder.path("seven.json"), contents: Data(seven.utf8))
        let store = s.folder.path("from-seven.sqlite")
        try s.ok("restore", "seven.json", "--store", store)
        #expect(try s.ok("habit", "show", "coffee", "--store", store).contains("counts as none"))
        try s.ok("backup", "--store", store, "--out", "again.json", "--as-of", "2026-11-20")
        let again = String(decoding: s.folder.bytes("again.json"), as: UTF8.self)
        #expect(again.contains(#""name":"Coffee""#) && again.components(separatedBy: #""unloggedMeansNone":1"#).count == 2)
        #expect(again.components(separatedBy: #""unloggedMeansNone":0"#).count == 2)
    }

    /// `init` then `restore` (merge) takes the backup's settings while the new store holds
    /// no history, so backup → init → restore → backup is byte-identical.
    @Test(arguments: TestBackend.available) func aRestoreIntoAFreshlyInitialisedStoreTakesTheBackupsSettings(_ backend: TestBackend) throws {
        let s = Session(backend)
        try s.ok("init", "--timezone", "Asia/Tokyo", "--week-start", "sunday")
        try s.ok("habit", "add", "Run")
        try s.ok("log", "run", "-d", "2026-11-20")
        try s.ok("backup", "--out", "one.json", "--as-of", "2026-11-20")
        let fresh = s.folder.path("fresh.sqlite")
        try s.ok("init", "--store", fresh)
        try s.ok("restore", "one.json", "--store", fresh)
        try s.ok("backup", "--store", fresh, "--out", "two.json", "--as-of", "2026-11-20")
        #expect(s.folder.bytes("one.json") == s.folder.bytes("two.json"))
        // A store that has history keeps its own settings.
        let busy = s.folder.path("busy.sqlite")
        try s.ok("init", "--store", busy, "--timezone", "UTC")
        try s.ok("habit", "add", "Swim", "--store", busy)
        try s.ok("restore", "one.json", "--store", busy)
        #expect(try s.ok("init", "--store", busy).contains("UTC"))
    }

    @Test func malformedFilesAreRefused() throws {
        let (s, good) = try prepared()
        try expectRefused(s, Data(good.utf8.prefix(good.utf8.count / 2)), mentioning: ["not valid JSON", "truncated"])
        try expectRefused(s, Data(#"{"hello": [1, 2, 3]}"#.utf8), mentioning: ["not an Almanac backup"])
        try expectRefused(s, Data("[1, 2]".utf8), mentioning: ["not an Almanac backup"])
        try expectRefused(s, Data("not json at all".utf8), mentioning: ["not valid JSON"])
        try expectRefused(s, try replacing(good, #""version":9"#, #""version":10"#), mentioning: ["version 10", "newer"])
        try expectRefused(s, Data([0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x7D]), mentioning: ["UTF-8"])
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        try expectRefused(s, Data(deep.utf8), mentioning: ["nests"])
        let deepInside = good.replacingOccurrences(of: #""note":null"#, with: #""note":"# + deep)
        try expectRefused(s, Data(deepInside.utf8), mentioning: ["nests"])
    }

    /// A parse bomb — millions of small nested arrays in fields no backup has, at the top and in
    /// an entry — is read in memory of a few times the file's size (the unknown fields are
    /// stepped over, never built), and a newer version is refused before the body is read.
    @Test func unknownFieldsCostNoMemoryAndTheHeaderComesFirst() throws {
        let (s, good) = try prepared()
        let junk = "[" + Array(repeating: "[[[[[[[[]]]]]]]]", count: 600_000).joined(separator: ",") + "]"
        var bomb = good.replacingOccurrences(of: #"{"format""#, with: #"{"junk":"# + junk + #","format""#)
        bomb = bomb.replacingOccurrences(of: #""note":null"#, with: #""x":"# + junk + #","note":null"#, options: [], range: bomb.range(of: #""note":null"#))
        try Data(bomb.utf8).write(to: s.folder.url.appendingPathComponent("bomb.json"))
        let size = bomb.utf8.count
        #expect(size > 15_000_000)
        func peak(_ arguments: [String]) throws -> (result: AlmanacBinary.Result, kilobytes: Int) {
            let report = s.folder.path("time.txt")
            let result = try AlmanacBinary(url: URL(fileURLWithPath: "/usr/bin/time"))
                .run(["-o", report, "-f", "%M", s.binary.url.path] + arguments, environment: s.environment, in: s.folder.url)
            let text = try String(contentsOfFile: report, encoding: .utf8)
            return (result, Int(text.split(separator: "\n").last!.trimmingCharacters(in: .whitespaces))!)
        }
        let restored = try peak(["restore", "bomb.json", "--dry-run"])
        #expect(restored.result.status == 0, "\(restored.result.stderr)")
        #expect(restored.kilobytes * 1024 < 4 * size + 80_000_000, "\(restored.kilobytes) kB for a file of \(size) bytes")
        let newer = bomb.replacingOccurrences(of: #""version":9"#, with: #""version":10"#)
        try Data(newer.utf8).write(to: s.folder.url.appendingPathComponent("newer.json"))
        let refused = try peak(["restore", "newer.json"])
        #expect(refused.result.status == 1 && refused.result.stderr.contains("version 10, newer"), "\(refused.result.stderr)")
        #expect(refused.kilobytes * 1024 < 2 * size + 80_000_000)
    }

    @Test func invalidValuesAreRefusedWithTheirPath() throws {
        let (s, good) = try prepared()
        try expectRefused(s, try replacing(good, #""name":"Run","#, ""), mentioning: ["habits[0].name is missing"])
        try expectRefused(s, try replacing(good, #""dayKey":"2026-11-20""#, #""dayKey":"2025-02-29""#),
                          mentioning: [#"habitEntries[0].dayKey: "2025-02-29" is not a calendar day"#])
        try expectRefused(s, try replacing(good, #""value":1"#, #""value":-1"#), mentioning: ["habitEntries[0].value", "-1"])
        try expectRefused(s, try replacing(good, #""kind":"check""#, #""kind":"maybe""#), mentioning: ["habitEntries[0].kind"])
        try expectRefused(s, try replacing(good, #""timeZone":"UTC""#, #""timeZone":"Mars/Base""#), mentioning: ["settings.timeZone"])
        try expectRefused(s, try replacing(good, #""categoryId":null"#, #""categoryId":"11111111-2222-4333-8444-555555555555""#),
                          mentioning: ["habits[0].categoryId", "names no category"])
        try expectRefused(s, try replacing(good, #""target":1,"#, #""target":"one","#), mentioning: ["habits[0].target", "wrong type"])
        // A duplicate entry id.
        let json = try JSONSerialization.jsonObject(with: Data(good.utf8)) as! [String: Any]
        let entry = (json["habitEntries"] as! [[String: Any]])[0]
        let line = String(decoding: try JSONSerialization.data(withJSONObject: entry, options: [.sortedKeys]), as: UTF8.self)
        let doubled = good.replacingOccurrences(of: "\"habitEntries\":[\n", with: "\"habitEntries\":[\n\(line),\n")
        try expectRefused(s, Data(doubled.utf8), mentioning: ["habitEntries[1].id", "duplicate of habitEntries[0].id"])
    }

    /// A file of 2 GB that is not a backup is refused at its first byte, not read.
    @Test func aHugeFileThatIsNotABackupIsRefusedAtItsStart() throws {
        let (s, _) = try prepared()
        let path = s.folder.path("bad.json")
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 2 * 1024 * 1024 * 1024)   // sparse: 2 GB that take no disk
        try handle.close()
        let before = s.snapshot()
        let started = Date()
        let result = try s.run("restore", "bad.json")
        #expect(result.status == 1)
        #expect(result.stderr.contains("not valid JSON") && result.stderr.contains("does not start as a JSON object"), "\(result.stderr)")
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(s.snapshot() == before)
        #expect(try s.run("restore", "missing.json").stderr.contains("Cannot read missing.json: there is no such file"))
    }

    @Test func entriesOfADeletedHabitRestoreAsHistory() throws {
        let (s, _) = try prepared()
        try s.ok("habit", "delete", "run", "--yes")
        try s.ok("backup", "--out", "orphans.json")
        let out = try s.ok("restore", "orphans.json", "--store", s.folder.path("b.sqlite"))
        #expect(out.contains("habitEntries: 1 added"))
    }
}

@Suite struct RestoreKillTests {
    /// A restore killed with SIGKILL leaves the store as it was or fully restored, never between.
    @Test(arguments: TestBackend.available) func aKilledRestoreLeavesTheOldStoreOrTheNewOne(_ backend: TestBackend) throws {
        let s = Session(backend)
        try s.ok("demo", "--store", s.folder.path("big.sqlite"), "--habits", "60", "--years", "3", "--seed", "3")
        try s.ok("backup", "--store", s.folder.path("big.sqlite"), "--out", "big.json")
        let total = try rowCount(s.folder.path("big.sqlite"))
        var outcomes = Set<String>()
        var firstCount = 0   // every target starts with the same rows
        for delay in [0.05, 0.15, 0.3, 0.6, 1.0, 1.5] {
            let target = s.folder.path("target-\(delay).sqlite")
            try s.ok("init", "--store", target, "--timezone", "UTC")
            try s.ok("habit", "add", "Mine", "--store", target)
            let before = try rowCount(target)
            firstCount = before
            let process = try s.spawn(["restore", "big.json", "--store", target])
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let after = try rowCount(target)
            #expect(after == before || after == before + total, "after \(delay) s: \(after) rows")
            outcomes.insert(after == before ? "old" : "new")
            #expect(try sqlite(target, "PRAGMA integrity_check") == "ok")
        }
        // The earliest kill lands before the restore commits (so kills did interrupt it), and an
        // uninterrupted restore then brings in everything.
        #expect(outcomes.contains("old"))
        let last = s.folder.path("target-\(1.5).sqlite")
        try s.ok("restore", "big.json", "--store", last)
        #expect(try rowCount(last) == firstCount + total)
    }

    func sqlite(_ path: String, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path, sql]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func rowCount(_ path: String) throws -> Int {
        let sql = ["category", "habit", "goal", "habitEntry", "journalEntry", "wellbeingEntry"]
            .map { "(SELECT COUNT(*) FROM \($0))" }.joined(separator: " + ")
        return Int(try sqlite(path, "SELECT \(sql)")) ?? -1
    }
}

@Suite struct DamagedStoreBackupTests {
    /// A damaged row cannot turn into invalid JSON: the backup stops with a sentence and leaves
    /// no file behind.
    @Test func anUnreadableFrequencyStopsTheBackupCleanly() throws {
        let s = Session()
        try s.ok("init", "--timezone", "UTC")
        try s.ok("habit", "add", "Run")
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        sqlite.arguments = [s.store, #"UPDATE habit SET frequency = 'not json", "x'; PRAGMA wal_checkpoint(TRUNCATE);"#]
        sqlite.standardOutput = FileHandle.nullDevice
        try sqlite.run()
        sqlite.waitUntilExit()
        let result = try s.run("backup", "--out", "b.json")
        #expect(result.status == 1)
        #expect(result.stderr.contains("unreadable frequency"))
        let files = try FileManager.default.contentsOfDirectory(atPath: s.folder.url.path)
        #expect(!files.contains { $0.contains("b.json") })
    }
}
