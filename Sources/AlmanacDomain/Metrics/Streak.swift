/// What a streak counts: days, or successful weeks, months or periods for per-period habits.
public enum StreakUnit: String, Sendable, Codable {
    case days, weeks, months, periods
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
    /// - the as-of day not yet completed does not break the streak while it is still going on;
    ///   once it is over, it breaks it as any missed day does;
    /// - per-week and per-month habits count consecutive successful periods, and the period in
    ///   progress (its last day not over) adds once it succeeds but never breaks.
    public func streak(weekStart: Weekday) -> Streak {
        streakWalk(weekStart: weekStart, milestones: false).streak
    }

    /// The lengths a streak is celebrated at: days, or weeks, months and periods.
    public static func milestones(_ unit: StreakUnit) -> [Int] {
        unit == .days ? [7, 30, 100, 365, 1000] : [4, 12, 26, 52, 104]
    }

    /// Every day a streak of the series reached a milestone, oldest first: a streak that breaks
    /// and grows again reaches its milestones again.
    public func streakMilestones(weekStart: Weekday) -> [(day: DayKey, length: Int, unit: StreakUnit)] {
        streakWalk(weekStart: weekStart, milestones: true).milestones
    }

    /// The streak and, when asked for, the milestones it reached, from one walk of its steps
    /// (`forEachStreakStep`): a run grows with each step that extends it and ends at a break;
    /// the current streak is the run the walk ends with.
    func streakWalk(weekStart: Weekday, milestones wanted: Bool) -> (streak: Streak, milestones: [(day: DayKey, length: Int, unit: StreakUnit)]) {
        let unit = streakUnit
        let lengths = wanted ? Self.milestones(unit) : []   // five, ascending: a scan beats hashing
        var best = 0, run = 0
        var reached: [(day: DayKey, length: Int, unit: StreakUnit)] = []
        forEachStreakStep(weekStart: weekStart) { step, day in
            switch step {
            case .extend:
                run += 1
                best = max(best, run)
                if wanted, run >= lengths[0], lengths.contains(run) { reached.append((day, run, unit)) }
            case .pass: break
            case .breaks: run = 0
            }
        }
        return (Streak(current: run, best: best, unit: unit), reached)
    }

    /// What the streak counts: days, or the periods of a per-week, per-month or per-days habit.
    var streakUnit: StreakUnit {
        switch periodRule?.kind {
        case nil: return .days
        case .week: return .weeks
        case .month: return .months
        case .period: return .periods
        }
    }

    /// Calls `body` with each step of the streak, in order, and the day it is taken on: a daily
    /// habit's day; for a per-period habit, the day its period was won (its count of done days
    /// reached), else the period's last day.
    func forEachStreakStep(weekStart: Weekday, _ body: (StreakStep, DayKey) -> Void) {
        guard periodRule != nil else {
            let isScheduled = scheduledAt()
            for i in 0..<count {
                if skipped[i] || !isScheduled(i) { body(.pass, day(at: i)); continue }
                if isCompleted(i) { body(.extend, day(at: i)); continue }
                body(i == inProgressIndex ? .pass : .breaks, day(at: i))
            }
            return
        }
        for period in periods(weekStart: weekStart) {
            if period.required == 0 { body(.pass, period.last); continue }
            if period.succeeded { body(.extend, wonDay(of: period)); continue }
            body(period.inProgress ? .pass : .breaks, period.last)
        }
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
