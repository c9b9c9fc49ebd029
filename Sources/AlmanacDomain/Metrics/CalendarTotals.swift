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
/// For a daily or weekday habit, each scheduled day that was not skipped is due, an as-of day
/// still going on only once it is done (as the completion rates count them). For a per-week,
/// per-month or per-days habit, each of its own periods that is over owes its times, its done
/// days (capped at its times) counted where they fall and what it still owes in the calendar
/// period of its last day; the period in progress counts only once it has met its target (as in
/// the rates), and the calendar period of the as-of day shows it beside its own (`pendingDone`); unless the habit's period is longer than the
/// calendar period (a per-month habit's weeks): then the calendar period owes nothing and its done
/// are the done days in it that counted toward their own period (docs/METRICS.md).
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
    /// Whether the period's last day is not over yet (it holds an as-of day still going on, or
    /// days after the as-of day): shown "so far".
    public var inProgress: Bool
    /// In the period of the as-of day: what a per-period habit's own period in progress, its
    /// target not met yet, has done so far of what it owes ("3 of 4 so far"), left out of `done`
    /// and `due` as it is of every rate until it is met; 0 of 0 otherwise.
    public var pendingDone = 0, pendingDue = 0

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

    /// The totals of each of `units` (`calendarTotals(_:weekStart:)`), from one pass over the
    /// days that adds each day to its period of every unit (`DayFold`: a period's values are
    /// summed in day order, as period by period).
    public func calendarTotals(_ units: [CalendarUnit], weekStart: Weekday) -> [[CalendarTotal]] {
        calendarTotals(of: DayFold(self, weekStart: weekStart, units: units))
    }

    /// The totals of the fold of every day of the series (`DayFold`, whose last periods are in
    /// progress when they run past the as-of day); for a per-period habit, its own periods added
    /// in (`addOwnPeriods`).
    func calendarTotals(of fold: DayFold) -> [[CalendarTotal]] {
        guard let rule = periodRule else { return fold.totals }
        let ownPeriods = periods(weekStart: fold.weekStart)
        return zip(fold.units, fold.totals).map { unit, totals in
            var totals = totals
            addOwnPeriods(ownPeriods, to: &totals, split: Self.splits(rule.kind, length: rule.length, into: unit))
            return totals
        }
    }

    /// Whether a habit's own period can be longer than a calendar period of `unit` (a month and a
    /// week; a per-days period of more than 7 days and a week): its target then belongs to no
    /// single one of them.
    static func splits(_ kind: PeriodKind, length: Int, into unit: CalendarUnit) -> Bool {
        switch (kind, unit) {
        case (.week, _): return false
        case (.month, .week): return true
        case (.month, _): return false
        case (.period, .week): return length > 7
        case (.period, .month): return length > 28
        case (.period, .year): return length > 365
        }
    }

    /// Adds each of the habit's own periods to the calendar periods, so that a row never shows
    /// more done than the days done in its own days and the rows add up to the periods. Each done
    /// day of a period, in order until what the period requires is reached, is done — and due,
    /// unless the period is longer than a calendar period (`split`) — in the calendar period it
    /// falls in; what the period still owes beyond that is due in the calendar period of its last
    /// day. A period still in progress counts only once it has met its target, as in the rates:
    /// until then it is left out, and the last calendar period holds what it has so far. A period longer than a
    /// calendar period owes none of them anything: its target belongs to no single one of them,
    /// and a week shows what happened in it.
    private func addOwnPeriods(_ ownPeriods: [PeriodTally], to totals: inout [CalendarTotal], split: Bool) {
        var slot = 0
        func move(to day: DayKey) {
            while slot + 1 < totals.count && totals[slot + 1].first <= day { slot += 1 }
        }
        for period in ownPeriods {
            if period.inProgress && !period.succeeded && !split {
                totals[totals.count - 1].pendingDone = min(period.completed, period.required)
                totals[totals.count - 1].pendingDue = period.required
                continue
            }
            var counted = 0
            for ordinal in period.first.ordinal...period.last.ordinal where counted < period.required {
                let index = ordinal - start.ordinal
                guard !skipped[index], isCompleted(index) else { continue }
                move(to: DayKey(ordinal: ordinal))
                totals[slot].done += 1
                if !split { totals[slot].due += 1 }
                counted += 1
            }
            guard !split, counted < period.required else { continue }
            move(to: period.last)
            totals[slot].due += period.required - counted
        }
    }
}
