import AlmanacDomain
import AlmanacStorage

/// `history HABIT`: what was logged day by day — values, skips, notes, and the corrections a
/// re-log or an unlog left in history (soft-deleted entries).
public struct HabitHistory: Encodable, Sendable {
    public struct Day: Encodable, Sendable {
        public var day: DayKey
        /// The live entries of the day, oldest first.
        public var entries: [HabitEntry]
        /// Entries that were replaced or withdrawn, oldest first.
        public var corrections: [HabitEntry]

        /// The day's value: the sum of its live checks (nil when none).
        public var value: Double? {
            let checks = entries.filter { $0.kind == .check }
            return checks.isEmpty ? nil : checks.reduce(0) { $0 + $1.value }
        }

        public var skipped: Bool { entries.contains { $0.kind == .skip } && value == nil }
    }

    public var habit: Habit
    /// Newest first.
    public var days: [Day]

    public init(store: any AlmanacStore, habit name: String, from: DayKey?, to: DayKey?) throws {
        if let from, let to, from > to { throw DayRangeProblem.reversed(from, to) }
        habit = try store.habit(named: name)
        let all = try store.entries(habitId: habit.id, from: from, to: to, includeDeleted: true)
        var byDay: [DayKey: Day] = [:]
        for entry in all {
            var day = byDay[entry.dayKey] ?? Day(day: entry.dayKey, entries: [], corrections: [])
            if entry.isLive { day.entries.append(entry) } else { day.corrections.append(entry) }
            byDay[entry.dayKey] = day
        }
        days = byDay.values.sorted { $0.day > $1.day }
    }
}
