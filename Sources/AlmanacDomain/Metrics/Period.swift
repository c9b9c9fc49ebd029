/// The periods of a per-period habit: the store's weeks, calendar months, or runs of some days
/// counted from the habit's first day (per-days).
public enum PeriodKind: String, Sendable, Codable {
    case week, month, period

    /// The first day of the period that contains `day`; per-days periods of `length` days start
    /// at `anchor`, the first day of the habit's series.
    public func start(of day: DayKey, weekStart: Weekday, anchor: DayKey, length: Int) -> DayKey {
        switch self {
        case .week: return day.startOfWeek(weekStart)
        case .month: return day.firstOfMonth
        case .period:
            let offset = anchor.days(to: day)
            let index = offset >= 0 ? offset / length : (offset - length + 1) / length
            return anchor.adding(days: index * length)
        }
    }

    /// The first day of the next period.
    public func next(after start: DayKey, length: Int) -> DayKey {
        switch self {
        case .week: return start.adding(days: 7)
        case .month: return start.adding(days: start.daysInMonth)
        case .period: return start.adding(days: length)
        }
    }
}

/// One week or month of a per-period habit, clamped to the series.
public struct PeriodTally: Sendable, Equatable {
    public let first: DayKey
    public let last: DayKey
    /// Completed days within the period (and the series).
    public let completed: Int
    /// What the period asks for: the habit's times, but never more than its days that were
    /// neither skipped nor outside the series (a habit created on a Sunday owes one day).
    public let required: Int
    /// Whether the period's last day is not over yet (it contains the as-of day and does not end
    /// on it, or ends on an as-of day the clock is still inside): it owes its full target, and
    /// counts in a rate only once it has met it.
    public let inProgress: Bool

    public var succeeded: Bool { required > 0 && completed >= required }
}

extension DaySeries {
    /// The habit's period kind, times and (per-days) length, for per-period habits.
    public var periodRule: (kind: PeriodKind, times: Int, length: Int)? {
        switch habit.frequency {
        case .perWeek(let n): return (.week, n, 7)
        case .perMonth(let n): return (.month, n, 0)
        case .perDays(let times, let period): return (.period, times, period)
        default: return nil
        }
    }

    /// The first day of the habit's own period that holds `day`: the day itself for a daily or
    /// weekdays habit.
    public func periodStart(of day: DayKey, weekStart: Weekday) -> DayKey {
        guard let rule = periodRule else { return day }
        return rule.kind.start(of: day, weekStart: weekStart, anchor: start, length: rule.length)
    }

    /// Tallies every period that overlaps the days `from…asOf` of the series, oldest first.
    public func periods(from: DayKey? = nil, weekStart: Weekday) -> [PeriodTally] {
        guard let rule = periodRule, count > 0 else { return [] }
        let low = max(start, from ?? start)
        guard low <= asOf else { return [] }
        var tallies: [PeriodTally] = []
        var periodStart = rule.kind.start(of: low, weekStart: weekStart, anchor: start, length: rule.length)
        while periodStart <= asOf {
            let next = rule.kind.next(after: periodStart, length: rule.length)
            let first = max(periodStart, start), last = min(next.adding(days: -1), asOf)
            var completed = 0, available = 0
            for ordinal in first.ordinal...last.ordinal {
                let i = ordinal - start.ordinal
                if skipped[i] { continue }
                // Days that have not come yet in the current period still count as available.
                available += 1
                if isCompleted(i) { completed += 1 }
            }
            let inProgress = !isOver(next.adding(days: -1))
            if next > asOf { available += next.ordinal - 1 - asOf.ordinal }
            tallies.append(PeriodTally(first: first, last: last, completed: completed,
                                       required: min(rule.times, available), inProgress: inProgress))
            periodStart = next
        }
        return tallies
    }
}
