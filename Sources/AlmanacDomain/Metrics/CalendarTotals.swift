/// Calendar periods people add things up by: the store's weeks, calendar months and years.
public enum CalendarUnit: String, Sendable, Codable, CaseIterable {
    case week, month, year

    /// The first day of the period that contains `day`.
    public func start(of day: DayKey, weekStart: Weekday) -> DayKey {
        switch self {
        case .week: return day.startOfWeek(weekStart)
        case .month: return day.firstOfMonth
        case .year: return DayKey(year: day.year, month: 1, day: 1)!
        }
    }

    /// The first day of the next period.
    public func next(after start: DayKey) -> DayKey {
        switch self {
        case .week: return start.adding(days: 7)
        case .month: return start.adding(days: start.daysInMonth)
        case .year: return DayKey(year: start.year + 1, month: 1, day: 1)!
        }
    }
}

/// One week, month or year of a habit: what was done against what was due, and the values.
///
/// `done` and `due` follow the completion rates exactly (`DaySeries.completionRate`): for a daily
/// or weekday habit, each scheduled day that was not skipped is due, the as-of day only once it is
/// done; for a per-week, per-month or per-days habit, each of its own periods counts its times
/// (what it achieved so far while in progress) in the calendar period its first day falls in, its
/// done capped at its times. The sum of a habit's weeks is therefore its all-time rate.
public struct CalendarTotal: Sendable, Codable, Equatable {
    public var unit: CalendarUnit
    /// The period's first day (a week's first day by the store's week start, the 1st of a month,
    /// January 1st), even when the habit's history starts later in it.
    public var first: DayKey
    /// Days within the period (and the history) that met the target, whatever the frequency.
    public var daysDone: Int
    public var done: Int
    public var due: Int
    /// The sum of the values of the period's days (counts, minutes; for yes/no habits the checks).
    public var value: Double
    /// Whether the period contains the as-of day.
    public var inProgress: Bool

    public init(unit: CalendarUnit, first: DayKey, daysDone: Int, done: Int, due: Int, value: Double, inProgress: Bool) {
        self.unit = unit; self.first = first; self.daysDone = daysDone; self.done = done; self.due = due; self.value = value
        self.inProgress = inProgress
    }

    public var rate: CompletionRate { CompletionRate(completed: done, expected: due) }

    /// The last day of the period.
    public var last: DayKey { unit.next(after: first).adding(days: -1) }

    /// "2026-W47" for a week (the ISO week its Thursday is in, so a week starting on Sunday is named
    /// by the ISO week of most of its days), "2026-11" for a month, "2026" for a year.
    public var label: String {
        switch unit {
        case .week: return first.isoWeekLabel
        case .month: return String(first.description.prefix(7))
        case .year: return String(first.year)
        }
    }
}

extension DayKey {
    /// The ISO 8601 week of the week starting this day ("2026-W47"): the week of the Thursday within
    /// the seven days from this one.
    public var isoWeekLabel: String {
        let thursday = adding(days: (3 - weekday.isoIndex + 7) % 7)
        let jan1 = DayKey(year: thursday.year, month: 1, day: 1)!
        let week = jan1.days(to: thursday) / 7 + 1
        return "\(thursday.year)-W\(week < 10 ? "0" : "")\(week)"
    }
}

extension DaySeries {
    /// The habit's weeks, months or years from the one its history starts in through the one of
    /// the as-of day, oldest first (empty before the history starts).
    public func calendarTotals(_ unit: CalendarUnit, weekStart: Weekday) -> [CalendarTotal] {
        calendarTotals([unit], weekStart: weekStart)[0]
    }

    /// The totals of each of `units` (`calendarTotals(_:weekStart:)`), from one walk of the days:
    /// each day is added to the period of every unit it falls in.
    public func calendarTotals(_ units: [CalendarUnit], weekStart: Weekday) -> [[CalendarTotal]] {
        guard count > 0 else { return units.map { _ in [] } }
        var totals: [[CalendarTotal]] = units.map { _ in [] }
        // Per unit: its period in progress and the series index one past that period's last day.
        var current: [CalendarTotal] = [], ends: [Int] = []
        func open(_ u: Int, at periodStart: DayKey) {
            let next = units[u].next(after: periodStart)
            let total = CalendarTotal(unit: units[u], first: periodStart, daysDone: 0, done: 0, due: 0, value: 0, inProgress: next > asOf)
            if u < current.count { current[u] = total; ends[u] = min(start.days(to: next), count) } else {
                current.append(total); ends.append(min(start.days(to: next), count))
            }
        }
        for u in units.indices { open(u, at: units[u].start(of: start, weekStart: weekStart)) }
        let isScheduled = scheduledAt()
        let byDay = periodRule == nil
        for i in 0..<count {
            for u in units.indices where i == ends[u] {
                totals[u].append(current[u])
                open(u, at: units[u].next(after: current[u].first))
            }
            let value = values[i], completed = isCompleted(i)
            let due = byDay && !skipped[i] && isScheduled(i)
            for u in units.indices {
                current[u].value += value
                if completed { current[u].daysDone += 1 }
                guard due else { continue }
                if completed { current[u].done += 1; current[u].due += 1 } else if i != count - 1 { current[u].due += 1 }
            }
        }
        for u in units.indices { totals[u].append(current[u]) }
        if !byDay {
            // The habit's own periods, each counted in the calendar period its first day is in.
            let periods = periods(weekStart: weekStart)
            for u in units.indices {
                var slot = 0
                for period in periods {
                    while slot + 1 < totals[u].count && totals[u][slot + 1].first <= period.first { slot += 1 }
                    let done = min(period.completed, period.required)
                    totals[u][slot].done += done
                    totals[u][slot].due += period.inProgress ? done : period.required
                }
            }
        }
        return totals
    }
}
