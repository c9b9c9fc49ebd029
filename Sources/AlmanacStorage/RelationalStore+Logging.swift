import AlmanacDomain
import Foundation

extension RelationalStore {
    /// Writes checked logs (`LogRules.plan`), all in one transaction: every plan of a command lands,
    /// or none does. Writers are serialised by the backend, so two logs of the same habit and day
    /// racing each other leave exactly one live entry, and adding from many processes loses nothing.
    @discardableResult
    public func log(_ plans: [LogPlan], now: Timestamp) throws -> [LogOutcome] {
        try write { db in
            let calendar = try plans.contains { $0.minuteOfDay != nil }
                ? StoreCalendar(settings: Self.settings(db, location: location)) : nil
            return try plans.map { plan in
                guard try db.fetchOne(Habit.self, id: plan.habit.id) != nil else { throw Self.gone(plan.habit.id) }
                var outcome = LogOutcome()
                for day in plan.days {
                    // The day's skip goes whatever the mode (counted apart: a check over a planned
                    // skip says so); its checks go unless the value is added to them.
                    let retire = "UPDATE habitEntry SET deletedAt = ? WHERE \(db.scope.rows) AND habitId = ? AND dayKey = ? AND deletedAt IS NULL"
                    let arguments = [SQLValue(now), SQLValue(plan.habit.id), SQLValue(day)]
                    let skips = try db.execute(retire + " AND kind = 'skip'", arguments)
                    outcome.replaced += skips + (plan.mode == .add ? 0 : try db.execute(retire, arguments))
                    if plan.mode != .skip { outcome.replacedSkips += skips }
                    let time = plan.minuteOfDay.flatMap { minute in calendar?.instant(of: day, minute: minute) } ?? now
                    let entry = HabitEntry(habitId: plan.habit.id, dayKey: day, timestampUtc: time,
                                           kind: plan.mode == .skip ? .skip : .check, value: plan.value, note: plan.note, createdAt: now)
                    try db.insert(entry)
                    outcome.written.append(entry)
                    if let rating = plan.rating {
                        try db.insert(WellbeingEntry(dayKey: day, timestampUtc: time, metric: rating.metric, value: rating.value,
                                                     scaleMax: rating.scaleMax, habitId: plan.habit.id, createdAt: now))
                    }
                }
                return outcome
            }
        }
    }

    /// Soft-deletes the live entries of a habit on each of `days`; returns how many.
    @discardableResult
    public func unlog(habitId: EntityID, days: [DayKey], now: Timestamp) throws -> Int {
        try write { db in
            var removed = 0
            for day in days {
                removed += try db.execute(
                    "UPDATE habitEntry SET deletedAt = ? WHERE \(db.scope.rows) AND habitId = ? AND dayKey = ? AND deletedAt IS NULL",
                    [SQLValue(now), SQLValue(habitId), SQLValue(day)])
            }
            return removed
        }
    }
}
