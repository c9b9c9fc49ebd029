/// Breaking a habit against its baseline (Habitto's baseline / target / actual usage): how much
/// less than before, computed from the entries when read, never stored.
public struct Reduction: Sendable, Equatable, Codable {
    /// One week (from the store's week start) of an at-most habit.
    public struct Week: Sendable, Equatable, Codable {
        public var start: DayKey
        /// The mean value of the week's logged days; nil when none was logged.
        public var averagePerDay: Double?
        public var daysLogged: Int
        /// Logged days at or under the target.
        public var daysWithinTarget: Int

        public init(start: DayKey, averagePerDay: Double?, daysLogged: Int, daysWithinTarget: Int) {
            self.start = start; self.averagePerDay = averagePerDay; self.daysLogged = daysLogged; self.daysWithinTarget = daysWithinTarget
        }
    }

    /// The usage per day before breaking the habit began.
    public var baseline: Double
    /// The mean value of the logged days of the last 4 weeks (28 days through the as-of day).
    public var averagePerDay: Double?
    /// `(baseline − average) / baseline`: 0.4 is 40 % less than before; negative is more.
    public var reduction: Double?
    public var daysLogged: Int
    public var daysWithinTarget: Int
    /// The last 8 weeks, oldest first, from the habit's first week.
    public var weeks: [Week]

    public init(baseline: Double, averagePerDay: Double?, reduction: Double?, daysLogged: Int, daysWithinTarget: Int, weeks: [Week]) {
        self.baseline = baseline; self.averagePerDay = averagePerDay; self.reduction = reduction; self.daysLogged = daysLogged
        self.daysWithinTarget = daysWithinTarget; self.weeks = weeks
    }

    /// The window the headline figures cover.
    public static let days = 28
    public static let weekCount = 8
}

extension DaySeries {
    /// The reduction of an at-most habit with a baseline, as of the series' last day.
    /// Skipped days are left out; unlogged days are unknown and left out too (docs/STORE.md).
    public func reduction(weekStart: Weekday) -> Reduction? {
        guard habit.direction == .atMost, let baseline = habit.baseline, count > 0 else { return nil }
        func tally(_ range: Range<Int>) -> (sum: Double, logged: Int, within: Int) {
            var sum = 0.0, logged = 0, within = 0
            for i in range.clamped(to: 0..<count) where self.logged[i] && !skipped[i] {
                sum += values[i]; logged += 1
                if habit.isCompleted(value: values[i]) { within += 1 }
            }
            return (sum, logged, within)
        }
        let recent = tally((count - Reduction.days)..<count)
        let average = recent.logged > 0 ? recent.sum / Double(recent.logged) : nil
        var weeks: [Reduction.Week] = []
        var weekStartDay = asOf.startOfWeek(weekStart)
        for _ in 0..<Reduction.weekCount {
            guard weekStartDay.adding(days: 6) >= start else { break }
            let first = start.days(to: weekStartDay)
            let t = tally(first..<(first + 7))
            weeks.insert(Reduction.Week(start: max(weekStartDay, start), averagePerDay: t.logged > 0 ? t.sum / Double(t.logged) : nil,
                                        daysLogged: t.logged, daysWithinTarget: t.within), at: 0)
            weekStartDay = weekStartDay.adding(days: -7)
        }
        return Reduction(baseline: baseline, averagePerDay: average,
                         reduction: average.flatMap { baseline > 0 ? (baseline - $0) / baseline : nil },
                         daysLogged: recent.logged, daysWithinTarget: recent.within, weeks: weeks)
    }
}
