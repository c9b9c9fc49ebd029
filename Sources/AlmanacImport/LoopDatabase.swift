import AlmanacDomain
import GRDB

/// Loop Habit Tracker's database backup (`Loop Habits Backup ….db`), every schema from 8 to 25
/// (`PRAGMA user_version`): columns are looked up by name, so the additions of each migration
/// (value in 16, numeric habits in 18, question in 23, uuid in 24, notes in 25) are read when
/// they are there.
enum LoopDatabase {
    /// The newest schema Loop has shipped (`Constants.DATABASE_VERSION`).
    static let newestSchema = 25

    static func isLoop(_ tables: Set<String>) -> Bool { tables.contains("habits") && tables.contains("repetitions") }

    static func read(_ source: SQLiteSource) throws -> ImportedHistory {
        let schema = try source.userVersion()
        guard schema <= newestSchema else {
            throw ImportProblem("it is a Loop Habit Tracker database of schema \(schema), newer than the newest Almanac reads (\(newestSchema)); export it again from a Loop version Almanac knows, or update Almanac")
        }
        var history = ImportedHistory(format: .loopDatabase, detail: "schema \(schema)")
        let habitColumns = try source.columns(of: "habits"), repColumns = try source.columns(of: "repetitions")
        let has = { (column: String) in habitColumns.contains(column) }
        var numericHabits = Set<Int64>(), ids: [Int64: EntityID] = [:], names: [Int64: String] = [:]
        try source.read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT * FROM habits ORDER BY position, id")
            for (index, row) in rows.enumerated() {
                let key: Int64 = row["id"]
                let uuid: String? = has("uuid") ? row["uuid"] : nil
                let id = EntityID.derived(uuid.map { "loop|uuid|\($0)" } ?? "loop-db|id|\(key)")
                let name: String = row["name"] ?? "Habit \(index + 1)"
                var habit = ImportedHabit(id: id, name: name)
                habit.position = index
                habit.archived = ((row["archived"] as Int?) ?? 0) != 0
                if let color = row["color"] as Int? { habit.color = LoopRules.color(color, schema: schema) }
                let (frequency, warning) = LoopRules.frequency(numerator: row["freq_num"] ?? 1, denominator: row["freq_den"] ?? 1, habit: name)
                habit.frequency = frequency
                if let warning { history.warnings.append(warning) }
                if has("type"), (row["type"] as Int?) == 1 {
                    numericHabits.insert(key)
                    habit.unit = .count
                    habit.unitLabel = String(((row["unit"] as String?) ?? "").prefix(40))
                    habit.direction = (row["target_type"] as Int?) == 1 ? .atMost : .atLeast
                    let (target, warning) = LoopRules.target(row["target_value"] ?? 0, direction: habit.direction, habit: name)
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
            while let row = try rows.next() {
                ordinal += 1
                guard let habitKey = row[0] as Int64?, let habit = ids[habitKey], let millis = row[1] as Int64? else { orphans += 1; continue }
                let day = DayKey(ordinal: Int(millis >= 0 ? millis / 86_400_000 : (millis - 86_399_999) / 86_400_000))
                guard SupportedDays.contains(day) else {
                    throw ImportProblem(place: "Repetitions row \(ordinal)", "the timestamp \(millis) is \(SupportedDays.outside("day \(day)"))")
                }
                let raw: Int = row[2] ?? LoopRules.yesManual
                let note = (row[3] as String?).flatMap { $0.isEmpty ? nil : $0 }
                if let fact = LoopRules.fact(raw: raw, numeric: numeric.contains(habitKey)) {
                    history.entries.append(ImportedEntry(habitId: habit, day: day, kind: fact.kind, value: fact.value, note: note))
                } else if let note {
                    history.journal.append(ImportedJournal(id: .derived("journal|loop|\(habit)|\(day)|\(note)"), day: day,
                                                           title: names[habitKey] ?? "", body: note))
                }
            }
        }
        if orphans > 0 { history.warnings.append("\(orphans) repetition\(orphans == 1 ? "" : "s") of no habit in the file were left out.") }
    }
}
