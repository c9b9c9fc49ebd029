import AlmanacDomain
import AlmanacTestSupport
import Foundation
import Testing

/// A report into the folder that holds earlier nights writes the site a report into an empty
/// folder writes, byte for byte, whatever changed in between — and nothing private when the
/// flags are off. (Every report renders as the first: nothing of an earlier run is read but
/// the published site itself.) Random edits of every kind, each round followed by both reports with the same
/// random options. The seed is random (set `ALMANAC_REUSE_SEED` to repeat a run) and printed
/// with every failure.
@Suite struct SiteReuseTests {
    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["ALMANAC_REUSE_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64(Int64.max))
    }

    @Test(arguments: TestBackend.available) func aReusedFolderIsByteIdenticalToAFreshOne(_ backend: TestBackend) throws {
        var edits = RandomEdits(seed: Self.seed)
        var s = Session(backend)
        s.now = "2026-11-20T12:00:00Z"
        try edits.prepare(s)
        let rounds = backend == .sqlite ? 40 : 12
        var succeeded = 0, tried = 0
        for round in 1...rounds {
            for _ in 0..<edits.int(1...3) {
                let arguments = edits.next()
                let result = try s.binary.run(arguments, environment: s.environment, in: s.folder.url)
                edits.log.append("\(arguments.joined(separator: " ")) → \(result.status)")
                tried += 1
                if result.status == 0 { succeeded += 1 }
            }
            // Another program writing the store (the `sqlite3` shell, `psql`).
            if edits.int(0...3) == 0 {
                let sql = edits.otherProgramsEdit(backend)
                let result = (try? backend.runOtherProgram(sql, on: s.store)) != nil ? "done" : "refused"
                edits.log.append("\(backend == .sqlite ? "sqlite3" : "psql"): \(sql) → \(result)")
            }
            var options = ["--out"]
            var flags: [String] = []
            if edits.bool() { flags.append("--include-notes") }
            if edits.bool() { flags.append("--include-journal") }
            if edits.int(0...2) == 0 { flags += ["--as-of", DayKey("2026-11-20")!.adding(days: edits.int(-40...3)).description] }
            // The feed's and previews' links follow the base URL: a change of it must reach them.
            if edits.int(0...2) == 0 { flags += ["--base-url", edits.bool() ? "https://example.org/habits/" : "http://me.example/"] }
            let context = "seed \(edits.seed), round \(round), report \(flags.joined(separator: " ")); the last edits:\n"
                + edits.log.suffix(12).joined(separator: "\n")
            try s.ok(["report"] + options + ["reused"] + flags)
            options = ["--out", "fresh-\(round)"]
            try s.ok(["report"] + options + flags)
            let reused = try siteFiles(s.folder.url.appendingPathComponent("reused"))
            // Beside the site: its lock, nothing else (no earlier site, no staging folder).
            let beside = try FileManager.default.contentsOfDirectory(atPath: s.folder.path("")).filter { $0.hasPrefix(".reused") }.sorted()
            #expect(beside == [".reused.lock"], "beside the site: \(beside); \(context)")
            let fresh = try siteFiles(s.folder.url.appendingPathComponent("fresh-\(round)"))
            let differing = Set(reused.keys).union(fresh.keys).filter { reused[$0] != fresh[$0] }.sorted()
            #expect(differing.isEmpty, "these files differ from a fresh run: \(differing)\(Self.firstDifference(differing, reused, fresh)); \(context)")
            try FileManager.default.removeItem(at: s.folder.url.appendingPathComponent("fresh-\(round)"))
            for (path, data) in reused {
                let text = String(decoding: data, as: UTF8.self)
                if !flags.contains("--include-notes") {
                    #expect(!text.contains("PRIVATE-NOTE"), "\(path) shows a note; \(context)")
                }
                if !flags.contains("--include-journal") {
                    #expect(!text.contains("PRIVATE-JOURNAL") && !text.contains("PRIVATE-MOOD") && !text.contains("Difficulty"),
                            "\(path) shows journal, wellbeing or difficulty; \(context)")
                    #expect(!path.hasPrefix("journal."), "\(path) is still there; \(context)")
                }
            }
            if !differing.isEmpty { break }
        }
        // The edits must mostly be real changes, not refusals.
        #expect(succeeded * 10 >= tried * 7, "only \(succeeded) of \(tried) edits succeeded (seed \(edits.seed))")
    }

    /// The first line that differs in the first differing file, reused against fresh.
    static func firstDifference(_ paths: [String], _ reused: [String: Data], _ fresh: [String: Data]) -> String {
        guard let path = paths.first else { return "" }
        let a = String(decoding: reused[path] ?? Data(), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let b = String(decoding: fresh[path] ?? Data(), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard let line = (0..<min(a.count, b.count)).first(where: { a[$0] != b[$0] }) ?? (a.count != b.count ? min(a.count, b.count) : nil) else { return "" }
        func at(_ lines: [Substring], _ i: Int) -> String { i < lines.count ? String(lines[i].prefix(200)) : "(end)" }
        return "\n  \(path) line \(line + 1): reused \(at(a, line).debugDescription), fresh \(at(b, line).debugDescription)"
    }
}

extension SiteReuseTests {
    /// Runs the `sqlite3` shell on a store; its exit status.
    static func sqlite3(_ path: String, _ sql: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path, sql]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

extension Session {
    @discardableResult
    func ok(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try binary.run(arguments, environment: environment, in: folder.url)
        try #require(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
    }
}

/// Edits of every kind a store sees, chosen by a seeded generator: logs (values, notes, skips,
/// times of day, difficulty), unlogs, renames, colours, targets, baselines, categories, weights,
/// archiving, frequencies, goals, journal and wellbeing entries, the week start.
struct RandomEdits {
    let seed: UInt64
    private var random: SeededGenerator
    var log: [String] = []
    /// The habits by current name, with their unit.
    private var habits: [(name: String, unit: String)] = [
        ("Run", "boolean"), ("Water", "count"), ("Smoking", "count"), ("Gym", "boolean"), ("Swim", "boolean"), ("Read", "duration"),
    ]
    private var serial = 0

    init(seed: UInt64) {
        self.seed = seed
        random = SeededGenerator(seed: seed)
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func bool() -> Bool { int(0...1) == 1 }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

    /// A store with six habits of every kind and some history.
    func prepare(_ s: Session) throws {
        try s.ok("init", "--timezone", "Europe/Berlin")
        try s.ok("habit", "add", "Run", "--frequency", "daily")
        try s.ok("habit", "add", "Water", "--unit", "count", "--target", "8", "--unit-label", "glasses")
        try s.ok("habit", "add", "Smoking", "--unit", "count", "--direction", "at-most", "--target", "2", "--baseline", "15")
        try s.ok("habit", "add", "Gym", "--frequency", "weekdays:mon,wed,fri")
        try s.ok("habit", "add", "Swim", "--frequency", "per-week:2")
        try s.ok("habit", "add", "Read", "--unit", "duration", "--target", "20")
        try s.ok("category", "add", "Health")
        try s.ok("log", "run", "--from", "2025-12-20", "--to", "2026-01-10")
        try s.ok("log", "water", "6", "--from", "2026-10-01", "--to", "2026-11-19")
    }

    /// A day from a year and a half before "now" to the day itself, more often recent.
    private mutating func day() -> String {
        let back = bool() ? int(0...30) : int(0...520)
        return DayKey("2026-11-20")!.adding(days: -back).description
    }

    private mutating func habit() -> (name: String, unit: String) { pick(habits) }

    private mutating func value(for unit: String) -> [String] {
        unit == "boolean" ? (bool() ? [] : ["1"]) : [String(int(0...12))]
    }

    /// An edit of the entries as another program (the `sqlite3` shell, `psql`) makes it, straight
    /// in SQL: values, times of day, soft and hard deletions, an entry moved to another habit,
    /// and on SQLite rows pushed out by REPLACE.
    mutating func otherProgramsEdit(_ backend: TestBackend) -> String {
        // A row by SQLite's row id, or on PostgreSQL by the entry's id.
        let key = backend == .sqlite ? "rowid" : "id"
        let row = "(SELECT \(key) FROM habitEntry ORDER BY \(backend == .sqlite ? "rowid DESC" : "dayKey DESC, id") LIMIT 1 OFFSET \(int(0...60)))"
        let habit = "(SELECT id FROM habit ORDER BY random() LIMIT 1)"
        switch int(0...(backend == .sqlite ? 5 : 4)) {
        case 0: return "UPDATE habitEntry SET value = value + \(int(1...3)) WHERE \(key) = \(row)"
        case 1: return "UPDATE habitEntry SET timestampUtc = dayKey || 'T0\(int(0...9)):15:00Z' WHERE \(key) = \(row)"
        case 2: return "DELETE FROM habitEntry WHERE \(key) = \(row)"
        case 3: return "UPDATE habitEntry SET deletedAt = CASE WHEN deletedAt IS NULL THEN '2026-11-20T10:00:00Z' END WHERE \(key) = \(row)"
        case 4: return "UPDATE habitEntry SET habitId = \(habit) WHERE \(key) = \(row)"
        default:
            return """
                INSERT OR REPLACE INTO habitEntry (rowid, id, habitId, dayKey, timestampUtc, kind, value, note, createdAt, deletedAt)
                SELECT rowid, 'other-\(serial)', \(habit), dayKey, timestampUtc, kind, value + 1, note, createdAt, deletedAt FROM habitEntry WHERE rowid = \(row)
                """
        }
    }

    /// The arguments of the next edit.
    mutating func next() -> [String] {
        serial += 1
        let h = habit()
        switch int(0...21) {
        case 0...4:
            var arguments = ["log", h.name] + value(for: h.unit) + ["--date", day()]
            if int(0...2) == 0 { arguments += ["--note", "PRIVATE-NOTE-\(serial) <b>\(serial)</b>"] }
            if h.unit != "boolean" && bool() { arguments.append("--add") }
            return arguments
        case 5: return ["log", h.name] + value(for: h.unit) + ["--date", day(), "--at", String(format: "%02d:%02d", int(0...23), int(0...59))]
        case 6: return ["log", h.name] + value(for: h.unit) + ["--date", day(), "--difficulty", String(int(1...10))]
        case 7: return ["log", h.name, "--skip", "--date", day()]
        case 8: return ["unlog", h.name, "--date", day()]
        case 9:
            let index = habits.firstIndex { $0.name == h.name }!
            let name = pick(["Jog", "Walk *fast*", "Tea & <cake>", "Yoga", "Stretch", "Bike"]) + " \(serial)"
            habits[index].name = name
            return ["habit", "edit", h.name, "--name", name]
        case 10: return ["habit", "edit", h.name, "--color", pick(["#1F77B4", "#D62728", "#2CA02C", "#9467BD"])]
        case 11: return ["habit", "edit", h.name, "--target", h.unit == "boolean" ? "1" : String(int(1...10))]
        case 12: return ["habit", "edit", habits[2].name, "--baseline", String(int(3...40))]
        case 13: return ["habit", "edit", h.name, "--category", pick(["Health", ""])]
        case 14: return ["habit", "edit", h.name, "--weight", String(int(1...10))]
        case 15: return ["habit", bool() ? "archive" : "unarchive", h.name]
        case 16: return ["habit", "edit", h.name, "--frequency", pick(["daily", "weekdays:tue,thu", "per-week:3", "per-month:10"])]
        case 17:
            let others = habits.map(\.name).shuffled(using: &random).prefix(int(1...3)).joined(separator: ",")
            return bool() ? ["goal", "add", "Goal \(serial)", "--habits", others, "--target-date", "2027-01-01"]
                          : ["goal", "edit", "Goal \(serial - int(1...6))", "--habits", others]
        case 18: return ["journal", "add", "PRIVATE-JOURNAL-\(serial)", "--body", "PRIVATE-JOURNAL body\n\nsecond *paragraph*", "--date", day()]
        case 19: return ["wellbeing", "add", pick(["mood", "energy", "sleep"]), String(int(1...5)), "--scale", "5", "--note", "PRIVATE-MOOD \(serial)", "--date", day()]
        case 20: return ["init", "--week-start", pick(["monday", "sunday", "saturday"])]
        default: return ["category", "add", "Group \(serial)"]
        }
    }
}
