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

    public init(current: Int, best: Int, unit: StreakUnit) { self.current = current; self.best = best; self.unit = unit }
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
        let (unit, steps) = streakSteps(weekStart: weekStart)
        return Self.streak(of: steps, unit: unit)
    }

    /// The current and best streak of a walk of steps (`streakSteps`).
    static func streak(of steps: [(step: StreakStep, day: DayKey)], unit: StreakUnit) -> Streak {
        var best = 0, run = 0
        for (step, _) in steps {
            switch step {
            case .extend: run += 1; best = max(best, run)
            case .pass: break
            case .breaks: run = 0
            }
        }
        var current = 0
        for (step, _) in steps.reversed() {
            if case .breaks = step { break }
            if case .extend = step { current += 1 }
        }
        return Streak(current: current, best: best, unit: unit)
    }

    /// The lengths a streak is celebrated at: days, or weeks, months and periods.
    public static func milestones(_ unit: StreakUnit) -> [Int] {
        unit == .days ? [7, 30, 100, 365, 1000] : [4, 12, 26, 52, 104]
    }

    /// Every day a streak of the series reached a milestone, oldest first: a streak that breaks
    /// and grows again reaches its milestones again.
    public func streakMilestones(weekStart: Weekday) -> [(day: DayKey, length: Int, unit: StreakUnit)] {
        let (unit, steps) = streakSteps(weekStart: weekStart)
        return Self.milestones(of: steps, unit: unit)
    }

    /// The milestones a walk of steps (`streakSteps`) reached.
    static func milestones(of steps: [(step: StreakStep, day: DayKey)], unit: StreakUnit) -> [(day: DayKey, length: Int, unit: StreakUnit)] {
        let milestones = Self.milestones(unit)   // five, ascending: a scan beats hashing
        var reached: [(DayKey, Int, StreakUnit)] = []
        var run = 0
        for (step, day) in steps {
            switch step {
            case .extend:
                run += 1
                if run >= milestones[0], milestones.contains(run) { reached.append((day, run, unit)) }
            case .pass: break
            case .breaks: run = 0
            }
        }
        return reached
    }

    /// Each step of the streak with the day it is taken on: a daily habit's day; for a
    /// per-period habit, the day its period was won (its count of done days reached), else the
    /// period's last day.
    func streakSteps(weekStart: Weekday) -> (unit: StreakUnit, steps: [(step: StreakStep, day: DayKey)]) {
        guard let rule = periodRule else {
            let isScheduled = scheduledAt()
            return (.days, (0..<count).map { i in
                if skipped[i] || !isScheduled(i) { return (.pass, day(at: i)) }
                if isCompleted(i) { return (.extend, day(at: i)) }
                return (i == count - 1 ? .pass : .breaks, day(at: i))
            })
        }
        let unit: StreakUnit
        switch rule.kind {
        case .week: unit = .weeks
        case .month: unit = .months
        case .period: unit = .periods
        }
        return (unit, periods(weekStart: weekStart).map { period in
            if period.required == 0 { return (.pass, period.last) }
            if period.succeeded { return (.extend, wonDay(of: period)) }
            return (period.inProgress ? .pass : .breaks, period.last)
        })
    }

    /// The day a won period's done days reached what it required.
    private func wonDay(of period: PeriodTally) -> DayKey {
        var done = 0
        for ordinal in period.first.ordinal...period.last.ordinal {
            let i = ordinal - start.ordinal
            if !skipped[i] && isCompleted(i) { done += 1 }
            if done >= period.required { return DayKey(ordinal: ordinal) }
        }
        return period.last
    }
}
