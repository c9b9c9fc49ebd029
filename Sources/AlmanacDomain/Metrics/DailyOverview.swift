/// Across habits, per day: how many were due and how many were done. It drives today's summary,
/// "perfect days" and the combined heatmap.
public struct DailyOverview: Sendable {
    public struct Day: Sendable, Equatable {
        public var due: Int
        public var done: Int
        /// The weights of the due habits and of those done (Habitat's impact scoring).
        public var dueWeight = 0.0
        public var doneWeight = 0.0
        /// The share of due habits done, nil when none was due.
        public var share: Double? { due > 0 ? Double(done) / Double(due) : nil }
        /// The weighted score: the weight of the due habits done ÷ the weight of the due habits.
        public var weightedScore: Double? { dueWeight > 0 ? doneWeight / dueWeight : nil }
        public var isPerfect: Bool { due > 0 && done == due }

        public init(due: Int, done: Int, dueWeight: Double = 0, doneWeight: Double = 0) {
            self.due = due; self.done = done; self.dueWeight = dueWeight; self.doneWeight = doneWeight
        }

        mutating func count(weight: Double, completed: Bool) {
            due += 1
            dueWeight += weight
            if completed { done += 1; doneWeight += weight }
        }
    }

    public let first: DayKey
    public let asOf: DayKey
    public private(set) var days: [Day]

    /// - Parameters:
    ///   - series: the series of every habit to include, built as of the same day. A habit
    ///     counts on days from its start until it was archived (archivedDay, exclusive). Daily
    ///     and weekdays habits are due on their scheduled days that are not skipped; per-week
    ///     and per-month habits are due on a day only when it was completed or when their period
    ///     still needed more completions (once the period is achieved they rest).
    ///   - from: the first day to count (the days before it are left out, but a period that
    ///     began before it is counted from its start), nil for the whole history.
    public init(series: [(DaySeries, archivedDay: DayKey?)], asOf: DayKey, weekStart: Weekday, from: DayKey? = nil) {
        // Habits created after the as-of day have no days yet and do not move the first day.
        let start = min(asOf, series.filter { $0.0.count > 0 }.map(\.0.start).min() ?? asOf)
        let first = max(start, from ?? start)
        self.first = first
        self.asOf = asOf
        var days = [Day](repeating: Day(due: 0, done: 0), count: max(0, first.days(to: asOf) + 1))
        for (s, archivedDay) in series {
            let end = min(s.count, archivedDay.map { s.start.days(to: $0) } ?? s.count)
            guard end > 0 else { continue }
            // Index i of the series is day offset + i of the overview.
            let offset = first.days(to: s.start), low = max(0, -offset)
            let weight = s.habit.weight
            if s.periodRule != nil {
                for period in s.periods(from: from, weekStart: weekStart) {
                    var done = 0
                    for ordinal in period.first.ordinal...period.last.ordinal {
                        let i = ordinal - s.start.ordinal
                        guard i < end, !s.skipped[i] else { continue }
                        let completed = s.isCompleted(i)
                        if completed || done < period.required {
                            if i >= low { days[offset + i].count(weight: weight, completed: completed) }
                            if completed { done += 1 }
                        }
                    }
                }
            } else {
                days.withUnsafeMutableBufferPointer { days in
                    s.forEachScheduledDay(in: low..<max(low, end)) { i, completed in
                        days[offset + i].count(weight: weight, completed: completed)
                    }
                }
            }
        }
        self.days = days
    }

    public func day(_ key: DayKey) -> Day? {
        let i = first.days(to: key)
        return i >= 0 && i < days.count ? days[i] : nil
    }

    /// Days on which every due habit was done.
    public var perfectDays: Int { days.reduce(0) { $0 + ($1.isPerfect ? 1 : 0) } }
}
