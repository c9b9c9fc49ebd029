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
    ///   - series: the series of every habit to include, built as of the same day; each counts
    ///     on the days it is due (`DaySeries.forEachDueDay`).
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
            // Index i of the series is day offset + i of the overview.
            let offset = first.days(to: s.start), weight = s.habit.weight
            s.forEachDueDay(from: from, archivedDay: archivedDay, weekStart: weekStart) { i, completed in
                days[offset + i].count(weight: weight, completed: completed)
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

extension DaySeries {
    /// Calls `body(index, completed)` for every day from `from` (the whole history when nil) on
    /// which the habit is due, in order — the one rule of "due" behind the daily overview,
    /// perfect days and the feed. A habit counts from its start until it was archived
    /// (`archivedDay`, exclusive). A daily or weekdays habit is due on its scheduled days that are
    /// not skipped; a per-period habit on a day it was done, and on the last day of a period that
    /// ended without its target met (as not done): a day without a check is no failure on its
    /// own, and a period in progress owes nothing yet.
    public func forEachDueDay(from: DayKey?, archivedDay: DayKey?, weekStart: Weekday, _ body: (Int, Bool) -> Void) {
        let end = min(count, archivedDay.map { start.days(to: $0) } ?? count)
        guard end > 0 else { return }
        let low = max(0, from.map { start.days(to: $0) } ?? 0)
        guard periodRule != nil else {
            forEachScheduledDay(in: low..<max(low, end), body)
            return
        }
        for period in periods(from: from, weekStart: weekStart) {
            let first = max(low, start.days(to: period.first)), last = start.days(to: period.last)
            guard first <= last else { continue }
            for i in first...last where i < end {
                if !skipped[i] && isCompleted(i) {
                    body(i, true)
                } else if i == last && !period.inProgress && !period.succeeded && period.required > 0 {
                    body(i, false)
                }
            }
        }
    }
}
