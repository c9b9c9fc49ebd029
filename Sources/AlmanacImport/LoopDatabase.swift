import AlmanacDomain
import GRDB

/// Loop Habit Tracker's database backup (`Loop Habits Backup ….db`), every schema from 8 to 25
/// (`PRAGMA user_version`): columns are looked up by name, so the additions of each migration
/// (value in 16, numeric habits in 18, question in 23, uuid in 24, notes in 25) are read when
/// they are there.
enum LoopDatabase {
    /// The newest schema Loop has shipped (`Constants.DATABASE_VERSION`).
    static let newestSchema = 25
    /// The oldest schema Almanac reads.
    static let oldestSchema = 8

    static func isLoop(_ tables: Set<String>) -> Bool { tables.contains("habits") && tables.contains("repetitions") }

    static func read(_ source: SQLiteSource) throws -> ImportedHistory {
        let schema = try source.userVersion()
        guard schema >= oldestSchema else {
            throw ImportProblem("it has Loop Habit Tracker's tables but schema version \(schema); Loop's databases have schema \(oldestSchema) to \(newestSchema)")
        }
        guard schema <= newestSchema else {
            throw ImportProblem("it is a Loop Habit Tracker database of schema \(schema), newer than the newest Almanac reads (\(newestSchema)); export it again from a Loop version Almanac knows, or update Almanac")
        }
        var history = ImportedHistory(format: .loopDatabase, detail: "schema \(schema)")
        let habitColumns = try source.columns(of: "habits"), repColumns = try source.columns(of: "repetitions")
        let has = { (column: String) in habitColumns.contains(column) }
        var numericHabits = Set<Int64>(), ids: [Int64: EntityID] = [:], names: [Int64: String] = [:]
        try source.read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT * FROM habits ORDER BY position, id")
            for (index, raw) in rows.enumerated() {
                let row = SourceRow(raw, table: "Habits", number: index + 1)
                guard let key = try row.int64("id") else { throw ImportProblem(place: row.place, "the habit has no id") }
                let uuid = has("uuid") ? try row.string("uuid") : nil
                let id = EntityID.derived(uuid.map { "loop|uuid|\($0)" } ?? "loop-db|id|\(key)")
                let name = try row.string("name") ?? "Habit \(index + 1)"
                var habit = ImportedHabit(id: id, name: name, sourceKey: uuid ?? "\(key)")
                habit.position = index
                habit.archived = (try row.int("archived") ?? 0) != 0
                if let color = try row.int("color") { habit.color = LoopRules.color(color, schema: schema) }
                let (frequency, warning) = LoopRules.frequency(numerator: try row.int("freq_num") ?? 1, denominator: try row.int("freq_den") ?? 1, habit: name)
                habit.frequency = frequency
                if let warning { history.warnings.append(warning) }
                if has("type"), try row.int("type") == 1 {
                    numericHabits.insert(key)
                    habit.unit = .count
                    habit.unitLabel = String((try row.string("unit") ?? "").prefix(40))
                    habit.direction = try row.int("target_type") == 1 ? .atMost : .atLeast
                    let (target, warning) = LoopRules.target(try row.double("target_value") ?? 0, direction: habit.direction, habit: name)
                    habit.target = target
                    if let warning { history.warnings.append(warning) }
                }
                ids[key] = id
                names[key] = name
                history.habits.append(habit)
            }
        }
        try readRepetitions(source, schema: schema, columns: repColumns, ids: ids, names: names, numeric: numericHabits, into: &history)
        return history
    }

    private static func readRepetitions(_ source: SQLiteSource, schema: Int, columns: Set<String>, ids: [Int64: EntityID],
                                        names: [Int64: String], numeric: Set<Int64>, into history: inout ImportedHistory) throws {
        let hasValue = columns.contains("value"), hasNotes = columns.contains("notes")
        let select = "SELECT habit, timestamp, \(hasValue ? "value" : "2"), \(hasNotes ? "notes" : "NULL") FROM repetitions ORDER BY habit, timestamp, rowid"
        var orphans = 0
        try source.read { db in
            let rows = try Row.fetchCursor(db, sql: select)
            var ordinal = 0
            while let raw = try rows.next() {
                ordinal += 1
                let row = SourceRow(raw, table: "Repetitions", number: ordinal)
                guard let habitKey = try row.int64(at: 0, "habit"), let habit = ids[habitKey] else { orphans += 1; continue }
                guard let millis = try row.int64(at: 1, "timestamp") else {
                    try history.leaveOut(ImportProblem(place: "Repetitions row \(ordinal)", "it has no timestamp"))
                    continue
                }
                let quotient = millis / 86_400_000   // floor division, without overflow at the extremes
                let day = DayKey(ordinal: Int(millis >= 0 || millis % 86_400_000 == 0 ? quotient : quotient - 1))
                guard SupportedDays.contains(day) else {
                    try history.leaveOut(ImportProblem(place: "Repetitions row \(ordinal)", SupportedDays.outside("the timestamp \(millis) (milliseconds since 1970)")))
                    continue
                }
                guard let value = try history.tolerating({ try row.int(at: 2, "value") ?? LoopRules.yesManual }) else { continue }
                if let problem = LoopRules.problem(raw: value) { try history.leaveOut(ImportProblem(place: "Repetitions row \(ordinal)", problem)); continue }
                let note = try row.string(at: 3, "notes").flatMap { $0.isEmpty ? nil : $0 }
                if let fact = LoopRules.fact(raw: value, numeric: numeric.contains(habitKey)) {
                    history.add(ImportedEntry(habitId: habit, day: day, kind: fact.kind, value: fact.value, note: note))
                } else if let note {
                    history.journal.append(ImportedJournal(id: .derived("journal|loop|\(habit)|\(day)|\(note)"), day: day,
                                                           title: names[habitKey] ?? "", body: note))
                }
            }
        }
        if orphans > 0 { history.warnings.append("\(orphans) repetition\(orphans == 1 ? "" : "s") of no habit in the file were left out.") }
    }
}
