/// Completed occurrences over expected occurrences in a window of days.
public struct CompletionRate: Sendable, Equatable, Codable {
    public var completed: Int
    public var expected: Int

    public init(completed: Int, expected: Int) { self.completed = completed; self.expected = expected }

    /// The share in [0, 1], or nil when nothing was expected in the window.
    public var value: Double? { expected > 0 ? Double(completed) / Double(expected) : nil }
}

extension DaySeries {
    /// The completion rate over the last `days` days through the as-of day (all time when nil).
    ///
    /// The window is clamped to the series start (the habit's creation, as LucidPal's HabitStore has it), skipped days
    /// leave the expectation, and expectations follow the frequency (the Habit Tracker app): daily and
    /// weekdays habits expect each due day (the as-of day only once it is completed, as it is
    /// still going on); per-week and per-month habits expect their times in every whole period
    /// inside the window, and the period in progress only what it has achieved so far.
    /// The completion rate of a per-week or per-month habit over its last `count` periods,
    /// the one in progress included (with what it has achieved so far); all time when nil.
    public func completionRate(lastPeriods count: Int?, weekStart: Weekday) -> CompletionRate {
        var rate = CompletionRate(completed: 0, expected: 0)
        let all = periods(weekStart: weekStart)
        for period in all.suffix(count ?? all.count) {
            let completed = min(period.completed, period.required)
            rate.completed += completed
            rate.expected += period.inProgress ? completed : period.required
        }
        return rate
    }

    public func completionRate(lastDays days: Int?, weekStart: Weekday) -> CompletionRate {
        var rate = CompletionRate(completed: 0, expected: 0)
        guard count > 0 else { return rate }
        let windowStart = days.map { asOf.adding(days: -($0 - 1)) } ?? start
        if periodRule != nil {
            for period in periods(from: windowStart, weekStart: weekStart) where period.inProgress || period.first >= windowStart {
                let completed = min(period.completed, period.required)
                rate.completed += completed
                rate.expected += period.inProgress ? completed : period.required
            }
            return rate
        }
        let low = max(0, start.days(to: windowStart))
        guard low < count else { return rate }
        let isScheduled = scheduledAt()
        for i in low..<count {
            if skipped[i] || !isScheduled(i) { continue }
            if isCompleted(i) {
                rate.completed += 1
                rate.expected += 1
            } else if i != count - 1 {
                rate.expected += 1
            }
        }
        return rate
    }
}
