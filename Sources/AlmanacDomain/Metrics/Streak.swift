/// What a streak counts: days, or successful weeks, months or periods for per-period habits.
public enum StreakUnit: String, Sendable, Codable {
    case days, weeks, months, periods

    /// "1 day", "3 weeks".
    public func describe(_ count: Int) -> String {
        let singular = String(rawValue.dropLast())
        return "\(count) \(count == 1 ? singular : rawValue)"
    }
}

/// The current and best streak of a habit as of a day.
public struct Streak: Sendable, Equatable, Codable {
    public var current: Int
    public var best: Int
    public var unit: StreakUnit
}

/// How one day (or period) acts on a streak.
enum StreakStep {
    case extend, pass, breaks
}

extension DaySeries {
    /// Current and best streak (docs/METRICS.md):
    /// - a completed due day adds one; a skipped day or an unscheduled weekday is passed over;
    /// - the as-of day not yet completed does not break the streak (the day is still going on);
    /// - per-week and per-month habits count consecutive successful periods, and the period in
    ///   progress adds once it succeeds but never breaks.
    public func streak(weekStart: Weekday) -> Streak {
        let steps: [StreakStep]
        let unit: StreakUnit
        if let rule = periodRule {
            switch rule.kind {
            case .week: unit = .weeks
            case .month: unit = .months
            case .period: unit = .periods
            }
            steps = periods(weekStart: weekStart).map { period in
                if period.required == 0 { return .pass }
                if period.succeeded { return .extend }
                return period.inProgress ? .pass : .breaks
            }
        } else {
            unit = .days
            steps = (0..<count).map { i in
                if skipped[i] || !habit.frequency.isScheduled(day(at: i)) { return .pass }
                if isCompleted(i) { return .extend }
                return i == count - 1 ? .pass : .breaks
            }
        }
        var best = 0, run = 0
        for step in steps {
            switch step {
            case .extend: run += 1; best = max(best, run)
            case .pass: break
            case .breaks: run = 0
            }
        }
        var current = 0
        for step in steps.reversed() {
            if case .breaks = step { break }
            if case .extend = step { current += 1 }
        }
        return Streak(current: current, best: best, unit: unit)
    }
}
