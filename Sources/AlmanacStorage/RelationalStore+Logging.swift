import AlmanacDomain
import Foundation

extension RelationalStore {
    /// The most days one `log` or `unlog` covers (about ten years).
    public static var maxDaysPerCommand: Int { 3_660 }

    /// Logs `value` (or a skip) for a habit on each of `days`, all in one transaction. Writers are
    /// serialised by the backend, so two `log`s of the same habit and day racing each other leave
    /// exactly one live entry, and `--add` from many processes loses nothing.
    @discardableResult
    public func log(habitId: EntityID, days: [DayKey], value: Double, mode: LogMode, note: String?,
                    minuteOfDay: Int? = nil, rating: LogRating? = nil, now: Timestamp) throws -> LogOutcome {
        guard days.count <= Self.maxDaysPerCommand else {
            throw DomainError.invalid("One command logs at most \(Self.maxDaysPerCommand) days; this range has \(days.count).")
        }
        if let note { try HabitRules.checkText(note, field: "A note") }
        if let outside = days.first(where: { !SupportedDays.contains($0) }) {
            throw DomainError.invalid(SupportedDays.outside(outside.description))
        }
        if let minuteOfDay, !(0..<1440).contains(minuteOfDay) { throw DomainError.invalid("A time of day is 00:00 to 23:59.") }
        return try write { db in
            guard let habit = try db.fetchOne(Habit.self, id: habitId) else { throw Self.gone(habitId) }
            if mode != .skip { try HabitRules.validate(value: value, for: habit) }
            let calendar = try minuteOfDay.map { _ in try StoreCalendar(settings: Self.settings(db, location: location)) }
            var outcome = LogOutcome()
            for day in days {
                let retire = mode == .add ? "AND kind = 'skip'" : ""
                outcome.replaced += try db.execute(
                    "UPDATE habitEntry SET deletedAt = ? WHERE habitId = ? AND dayKey = ? AND deletedAt IS NULL \(retire)",
                    [SQLValue(now), SQLValue(habitId), SQLValue(day)])
                let time = minuteOfDay.flatMap { minute in calendar?.instant(of: day, minute: minute) } ?? now
                let entry = HabitEntry(habitId: habitId, dayKey: day, timestampUtc: time,
                                       kind: mode == .skip ? .skip : .check, value: mode == .skip ? 0 : value,
                                       note: note, createdAt: now)
                try db.insert(entry)
                outcome.written.append(entry)
                if let rating {
                    try db.insert(WellbeingEntry(dayKey: day, timestampUtc: time, metric: rating.metric, value: rating.value,
                                                 scaleMax: rating.scaleMax, habitId: habitId, createdAt: now))
                }
            }
            return outcome
        }
    }

    /// Soft-deletes the live entries of a habit on each of `days`; returns how many.
    @discardableResult
    public func unlog(habitId: EntityID, days: [DayKey], now: Timestamp) throws -> Int {
        guard days.count <= Self.maxDaysPerCommand else {
            throw DomainError.invalid("One command unlogs at most \(Self.maxDaysPerCommand) days; this range has \(days.count).")
        }
        return try write { db in
            var removed = 0
            for day in days {
                removed += try db.execute(
                    "UPDATE habitEntry SET deletedAt = ? WHERE habitId = ? AND dayKey = ? AND deletedAt IS NULL",
                    [SQLValue(now), SQLValue(habitId), SQLValue(day)])
            }
            return removed
        }
    }
}
