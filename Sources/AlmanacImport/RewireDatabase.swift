import AlmanacDomain
import GRDB

/// Rewire's database (as Loop's `RewireDBImporter` reads it): `habits` with their schedule, and
/// `checkins` whose type 2 is a done day (`date` as `YYYYMMDD`). Schedule 0 is a list of weekdays
/// (0 = Monday), kept exactly; schedule 1 is a number of days per week, month or year; schedule 2
/// is every n days.
enum RewireDatabase {
    static func isRewire(_ tables: Set<String>) -> Bool { tables.contains("checkins") && tables.contains("unit") }

    static func read(_ source: SQLiteSource) throws -> ImportedHistory {
        var history = ImportedHistory(format: .rewire, detail: "schema \(try source.userVersion())")
        let columns = try source.columns(of: "habits")
        var ids: [Int64: EntityID] = [:]
        try source.read { db in
            for (index, raw) in try Row.fetchAll(db, sql: "SELECT * FROM habits ORDER BY _id").enumerated() {
                let row = SourceRow(raw, table: "habits", number: index + 1)
                guard let key = try row.int64("_id") else { throw ImportProblem(place: row.place, "the habit has no id") }
                let name = try row.string("name") ?? "Habit \(index + 1)"
                var habit = ImportedHabit(id: .derived("rewire|id|\(key)"), name: name, sourceKey: "\(key)")
                habit.position = index
                habit.archived = try columns.contains("archived") && (row.int("archived") ?? 0) != 0
                let (frequency, warning) = try Self.frequency(row, habit: name, line: index + 1)
                habit.frequency = frequency
                if let warning { history.warnings.append(warning) }
                ids[key] = habit.id
                history.habits.append(habit)
            }
            var other = 0
            let rows = try Row.fetchCursor(db, sql: "SELECT habit_id, date, type FROM checkins ORDER BY habit_id, date, _id")
            var ordinal = 0
            while let raw = try rows.next() {
                ordinal += 1
                let row = SourceRow(raw, table: "checkins", number: ordinal)
                guard let habitKey = try row.int64(at: 0, "habit_id"), let habit = ids[habitKey] else { continue }
                guard try row.int(at: 2, "type") == 2 else { other += 1; continue }
                let date: DatabaseValue = raw[1]
                let text = String.fromDatabaseValue(date) ?? Int64.fromDatabaseValue(date).map(String.init) ?? ""
                let digits = Array(text.utf8)
                guard digits.count == 8, let y = Int(text.prefix(4)), let m = Int(text.dropFirst(4).prefix(2)), let d = Int(text.suffix(2)),
                      let day = DayKey(year: y, month: m, day: d) else {
                    try history.leaveOut(ImportProblem(place: "checkins row \(ordinal)", "\"\(text)\" is not a date that exists (Rewire writes YYYYMMDD)"))
                    continue
                }
                history.add(ImportedEntry(habitId: habit, day: day, value: 1))
            }
            if other > 0 { history.warnings.append("\(other) check-in\(other == 1 ? "" : "s") of types other than done (2) were left out, as Loop leaves them out.") }
        }
        return history
    }

    private static func frequency(_ row: SourceRow, habit: String, line: Int) throws -> (Frequency, String?) {
        let schedule = try row.int("schedule") ?? 0
        switch schedule {
        case 0:
            let text = try row.string("active_days") ?? ""
            let days = text.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            let weekdays = Set(days.filter { (0...6).contains($0) }.map { Weekday.allCases[$0] })
            if weekdays.count == 7 || weekdays.isEmpty { return (.daily, nil) }
            return (.weekdays(weekdays), nil)
        case 1:
            let periods = [7, 31, 365]
            let index = try row.int("period") ?? 0
            return LoopRules.frequency(numerator: try row.int("days") ?? 1, denominator: periods[min(max(index, 0), 2)], habit: habit)
        default:
            return LoopRules.frequency(numerator: 1, denominator: max(1, try row.int("repeating_count") ?? 1), habit: habit)
        }
    }
}
