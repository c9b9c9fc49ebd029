/// Completed occurrences over expected occurrences in a window of days.
public struct CompletionRate: Sendable, Equatable, Codable {
    public var completed: Int
    public var expected: Int

    public init(completed: Int, expected: Int) { self.completed = completed; self.expected = expected }

    /// The share in [0, 1], or nil when nothing was expected in the window.
    public var value: Double? { expected > 0 ? Double(completed) / Double(expected) : nil }
}

extension DaySeries {
    /// The completion rate of a per-period habit over its last `count` periods (all time when
    /// nil): the periods that are over, each expecting what it required, and the period in
    /// progress once it has met its target (`periodShare`).
    public func completionRate(lastPeriods count: Int?, weekStart: Weekday) -> CompletionRate {
        let all = periods(weekStart: weekStart)
        return all.suffix(count ?? all.count).reduce(CompletionRate(completed: 0, expected: 0)) { $0.adding(Self.periodShare($1)) }
    }

    /// The completion rate over the last `days` days through the as-of day (all time when nil).
    ///
    /// The window is clamped to the series start (the habit's creation, as LucidPal's HabitStore
    /// has it), skipped days leave the expectation, and expectations follow the frequency (the
    /// Habit Tracker app): daily and weekdays habits expect each due day that is over, and the
    /// as-of day still going on only once it is completed; per-week and per-month habits expect
    /// their times in every period that is over inside the window, and the period in progress
    /// only once it has met its target — a rate never flatters an unfinished period, and never
    /// drops when a met period ends.
    public func completionRate(lastDays days: Int?, weekStart: Weekday) -> CompletionRate {
        var rate = CompletionRate(completed: 0, expected: 0)
        guard count > 0 else { return rate }
        let windowStart = days.map { asOf.adding(days: -($0 - 1)) } ?? start
        if periodRule != nil {
            for period in periods(from: windowStart, weekStart: weekStart) where period.inProgress || period.first >= windowStart {
                rate = rate.adding(Self.periodShare(period))
            }
            return rate
        }
        let low = max(0, start.days(to: windowStart))
        guard low < count else { return rate }
        let isScheduled = scheduledAt(), open = inProgressIndex
        for i in low..<count {
            if skipped[i] || !isScheduled(i) { continue }
            if isCompleted(i) {
                rate.completed += 1
                rate.expected += 1
            } else if i != open {
                rate.expected += 1
            }
        }
        return rate
    }

    /// What one of a habit's own periods adds to a rate: a period that is over its done (capped
    /// at what it required) of what it required; the period in progress nothing until it has met
    /// its target, then all of it.
    static func periodShare(_ period: PeriodTally) -> CompletionRate {
        if period.inProgress { return period.succeeded ? CompletionRate(completed: period.required, expected: period.required) : .init(completed: 0, expected: 0) }
        return CompletionRate(completed: min(period.completed, period.required), expected: period.required)
    }
}

extension CompletionRate {
    /// The two rates' completions and expectations added up.
    public func adding(_ other: CompletionRate) -> CompletionRate {
        CompletionRate(completed: completed + other.completed, expected: expected + other.expected)
    }
}
