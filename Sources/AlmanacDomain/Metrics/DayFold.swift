/// The passes of a habit's metrics over its days as one fold, a day at a time from the series'
/// first day: the sum of the values, the completed days per weekday, the weekly, monthly and
/// yearly totals and, for a day-counted habit (daily, weekdays), its streak with the days it
/// reached a milestone and the first days it reached the achievements' lengths.
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
    /// How many days from `start` are folded in.
    public private(set) var count = 0
    /// The sum of the values of the days, in day order.
    public private(set) var totalValue = 0.0
    /// Completed days per weekday, Monday first.
    public private(set) var completedByWeekday = [Int](repeating: 0, count: 7)
    /// Per unit of `units`: the periods so far, oldest first; the last one holds the days of it
    /// folded so far. For a per-period habit `done` and `due` are left to its own periods
    /// (`DaySeries.calendarTotals`). A period is in progress only in a fold of the as-of day.
    public private(set) var totals: [[CalendarTotal]]
    /// Whether the fold holds the series' as-of day (and so its periods in progress): it is then
    /// where no later day's fold starts.
    public private(set) var holdsAsOfDay = false
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

    /// No day yet, for a series starting on `start`.
    public init(start: DayKey, weekStart: Weekday, byDay: Bool, units: [CalendarUnit] = keptUnits) {
        self.start = start; self.weekStart = weekStart; self.byDay = byDay; self.units = units
        totals = units.map { _ in [] }
    }

    /// Folds in the series' days from `count` up to `end` (exclusive): the series' as-of day, its
    /// last, by its own rules, and then each unit's last period is in progress when it runs past
    /// that day.
    public mutating func add(_ series: DaySeries, upTo end: Int) {
        guard count < end, !holdsAsOfDay else { return }
        // A first fold has its periods' room made once (a week a year is at most one more).
        if count == 0 {
            for u in units.indices { totals[u].reserveCapacity(units[u] == .week ? end / 7 + 2 : units[u] == .month ? end / 28 + 2 : end / 365 + 2) }
        }
        let habit = series.habit, open = series.inProgressIndex ?? -1, units = self.units
        let mask = series.scheduledWeekdays, byDay = self.byDay
        let direction = habit.direction, target = habit.target, unloggedDone = direction == .atMost
        let lengths = DaySeries.milestones(.days), achievements = Experience.streakMilestones
        // Each unit's period in progress is added up in `running` (from what the fold holds of
        // it) and written back when the next one starts, and at the end; `ends` is the first
        // index past it (0: no period yet).
        typealias Running = (value: Double, daysDone: Int, done: Int, due: Int)
        var running: [Running] = units.indices.map { u in
            totals[u].last.map { ($0.value, $0.daysDone, $0.done, $0.due) } ?? (0, 0, 0, 0)
        }
        var ends = units.indices.map { u in totals[u].last.map { start.days(to: units[u].next(after: $0.first)) } ?? 0 }
        var nextEnd = ends.min() ?? 0
        var byWeekday = completedByWeekday
        var weekday = (start.weekday.isoIndex + count) % 7
        var run = self.run, best = self.best, achievementRun = self.achievementRun, sum = totalValue
        var achievementsLeft = achievementDays.filter { $0 == nil }.count
        series.values.withUnsafeBufferPointer { values in
            series.logged.withUnsafeBufferPointer { logged in
                series.skipped.withUnsafeBufferPointer { skipped in
                    for i in count..<end {
                        if i >= nextEnd {
                            for u in units.indices where i >= ends[u] {
                                if let slot = totals[u].indices.last { store(running[u], in: &totals[u][slot]) }
                                let first = units[u].start(of: start.adding(days: i), weekStart: weekStart)
                                totals[u].append(CalendarTotal(unit: units[u], first: first, daysDone: 0, done: 0, due: 0, value: 0,
                                                               inProgress: false))
                                ends[u] = start.days(to: units[u].next(after: first))
                                running[u] = (0, 0, 0, 0)
                            }
                            nextEnd = ends.min() ?? 0
                        }
                        let completed = logged[i] ? direction.isMet(by: values[i], target: target) : unloggedDone && !skipped[i]
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
                }
            }
        }
        for u in units.indices { if let slot = totals[u].indices.last { store(running[u], in: &totals[u][slot]) } }
        completedByWeekday = byWeekday
        self.run = run; self.best = best; self.achievementRun = achievementRun; totalValue = sum
        count = end
        if end == series.count, end > 0 {
            holdsAsOfDay = true
            for u in units.indices {
                let slot = totals[u].count - 1
                totals[u][slot].inProgress = !series.isOver(units[u].next(after: totals[u][slot].first).adding(days: -1))
            }
        }
    }

    private func store(_ running: (value: Double, daysDone: Int, done: Int, due: Int), in total: inout CalendarTotal) {
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
