/// The passes of a habit's metrics over its days as one fold, a day at a time from the series'
/// first day to its as-of day: the sum of the values, the completed days per weekday, the weekly,
/// monthly and yearly totals and, for a day-counted habit (daily, weekdays), its streak with the
/// days it reached a milestone and the first days it reached the achievements' lengths.
///
/// A day's share depends on nothing after it, but for an as-of day the clock is still inside
/// (due only once done, and it does not break a streak).
public struct DayFold: Sendable, Equatable {
    /// The series' first day.
    public let start: DayKey
    public let weekStart: Weekday
    /// Whether the habit is day-counted (no period rule): its days are due, and it has a day streak.
    public let byDay: Bool
    /// The units the totals are kept by (`keptUnits` for the metrics).
    public let units: [CalendarUnit]
    /// The sum of the values of the days, in day order.
    public private(set) var totalValue = 0.0
    /// Completed days per weekday, Monday first.
    public private(set) var completedByWeekday = [Int](repeating: 0, count: 7)
    /// Per unit of `units`: the periods through the as-of day, oldest first. For a per-period
    /// habit `done` and `due` are left to its own periods (`DaySeries.calendarTotals`).
    public private(set) var totals: [[CalendarTotal]]
    /// A day-counted habit's streak: the run the days end with, the best run, and every day it
    /// reached one of `DaySeries.milestones(.days)`.
    public private(set) var run = 0, best = 0
    public private(set) var milestones: [StreakMilestone] = []
    /// The first day a day-counted habit's streak reached each of `Experience.streakMilestones`
    /// (a missed due day breaks it, the as-of day too), and the run counted for them.
    public private(set) var achievementDays = [DayKey?](repeating: nil, count: Experience.streakMilestones.count)
    public private(set) var achievementRun = 0

    /// The units of the metrics' totals: the store's weeks, calendar months and years.
    public static let keptUnits: [CalendarUnit] = [.week, .month, .year]

    /// Every day of the series folded in: an as-of day still going on by its own rules, and each
    /// unit's last period in progress while its last day is not over.
    public init(_ series: DaySeries, weekStart: Weekday, units: [CalendarUnit] = keptUnits) {
        start = series.start; self.weekStart = weekStart; byDay = series.periodRule == nil; self.units = units
        let end = series.count
        // The periods' room made once (a week a year is at most one more).
        totals = units.map { unit in
            var slots: [CalendarTotal] = []
            slots.reserveCapacity(unit == .week ? end / 7 + 2 : unit == .month ? end / 28 + 2 : end / 365 + 2)
            return slots
        }
        guard end > 0 else { return }
        let habit = series.habit, open = series.inProgressIndex ?? -1, units = self.units
        let mask = series.scheduledWeekdays, byDay = self.byDay
        let direction = habit.direction, target = habit.target, unloggedDone = habit.countsUnloggedAsNone
        // An at-most day still going on is decided only when it is over (`DaySeries.isCompleted`).
        let undecided = direction == .atMost ? open : -1
        let lengths = DaySeries.milestones(.days), achievements = Experience.streakMilestones
        // Each unit's period in progress is added up in `running` (from what the fold holds of
        // it) and written back when the next one starts, and at the end; `ends` is the first
        // index past it (0: no period yet).
        typealias Running = (value: Double, daysDone: Int, done: Int, due: Int)
        var running = [Running](repeating: (0, 0, 0, 0), count: units.count)
        var ends = [Int](repeating: 0, count: units.count), nextEnd = 0
        var byWeekday = completedByWeekday
        var weekday = start.weekday.isoIndex
        var run = 0, best = 0, achievementRun = 0, sum = 0.0
        var achievementsLeft = achievementDays.count
        var totals = self.totals, milestones = self.milestones, achievementDays = self.achievementDays
        let values = series.values, logged = series.logged, skipped = series.skipped
        for i in 0..<end {
            if i >= nextEnd {
                for u in units.indices where i >= ends[u] {
                    if let slot = totals[u].indices.last { Self.store(running[u], in: &totals[u][slot]) }
                    let first = units[u].start(of: start.adding(days: i), weekStart: weekStart)
                    totals[u].append(CalendarTotal(unit: units[u], first: first, daysDone: 0, done: 0, due: 0, value: 0,
                                                   inProgress: false))
                    ends[u] = start.days(to: units[u].next(after: first))
                    running[u] = (0, 0, 0, 0)
                }
                nextEnd = ends.min() ?? 0
            }
            let completed = i == undecided ? false : logged[i] ? direction.isMet(by: values[i], target: target) : unloggedDone && !skipped[i]
            let due = byDay && !skipped[i] && mask[weekday], inProgress = i == open
            let value = values[i]
            sum += value
            if completed { byWeekday[weekday] += 1 }
            weekday = weekday == 6 ? 0 : weekday + 1
            let counted = due && (completed || !inProgress)
            for u in running.indices {
                running[u].value += value
                if completed { running[u].daysDone += 1 }
                if counted {
                    running[u].due += 1
                    if completed { running[u].done += 1 }
                }
            }
            guard due else { continue }
            if completed {
                run += 1
                best = max(best, run)
                if run >= lengths[0], lengths.contains(run) {
                    milestones.append(StreakMilestone(day: start.adding(days: i), length: run, unit: .days))
                }
                if achievementsLeft > 0 {
                    achievementRun += 1
                    for (index, length) in achievements.enumerated() where length == achievementRun && achievementDays[index] == nil {
                        achievementDays[index] = start.adding(days: i)
                        achievementsLeft -= 1
                    }
                }
            } else {
                if !inProgress { run = 0 }
                achievementRun = 0
            }
        }
        for u in units.indices {
            let slot = totals[u].count - 1
            Self.store(running[u], in: &totals[u][slot])
            totals[u][slot].inProgress = !series.isOver(units[u].next(after: totals[u][slot].first).adding(days: -1))
        }
        self.totals = totals; self.milestones = milestones; self.achievementDays = achievementDays
        completedByWeekday = byWeekday
        self.run = run; self.best = best; self.achievementRun = achievementRun; totalValue = sum
    }

    private static func store(_ running: (value: Double, daysDone: Int, done: Int, due: Int), in total: inout CalendarTotal) {
        total.value = running.value; total.daysDone = running.daysDone; total.done = running.done; total.due = running.due
    }
}

/// A streak reaching one of its milestones ("a streak of 30 days") on a day.
public struct StreakMilestone: Sendable, Equatable {
    public var day: DayKey
    public var length: Int
    public var unit: StreakUnit

    public init(day: DayKey, length: Int, unit: StreakUnit) { self.day = day; self.length = length; self.unit = unit }
}
