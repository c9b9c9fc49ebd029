/// Which dated backups a retention rule keeps, as backup tools count it (restic's `forget`):
/// the `daily` newest, and on top of them the newest backup of each of the last `weekly` weeks
/// and of the last `monthly` calendar months that have one. A week or month with no backup is
/// not counted; a backup kept by one part of the rule is kept, whatever the others say.
public struct BackupRetention: Equatable, Sendable {
    public var daily: Int
    public var weekly: Int
    public var monthly: Int
    /// The first day of a week (the store's).
    public var weekStart: Weekday

    public init(daily: Int, weekly: Int, monthly: Int, weekStart: Weekday) {
        self.daily = daily; self.weekly = weekly; self.monthly = monthly; self.weekStart = weekStart
    }

    public init(_ plan: NightlyPlan, weekStart: Weekday) {
        self.init(daily: plan.keep, weekly: plan.keepWeekly, monthly: plan.keepMonthly, weekStart: weekStart)
    }

    /// The days of `days` (one backup each) the rule keeps.
    public func kept(_ days: [DayKey]) -> Set<DayKey> {
        let newestFirst = Set(days).sorted(by: >)
        var kept = Set(newestFirst.prefix(max(daily, 0)))
        func keepNewest(of count: Int, per period: (DayKey) -> Int) {
            var periods = Set<Int>()
            for day in newestFirst where periods.count < count && periods.insert(period(day)).inserted {
                kept.insert(day)
            }
        }
        keepNewest(of: weekly) { $0.startOfWeek(weekStart).ordinal }
        keepNewest(of: monthly) { $0.firstOfMonth.ordinal }
        return kept
    }
}
