import AlmanacDomain

/// The days a command covers: today, one day, or a range (a vacation of skips).
public enum DaySelection: Sendable, Equatable {
    case today
    case day(DayKey)
    /// A day counted back from today: 1 is yesterday.
    case daysAgo(Int)
    case range(DayKey, DayKey)
    /// A range whose ends are said as days relative to today (`--from -7 --to yesterday`).
    indirect case span(DaySelection, DaySelection)

    /// The days, in order, with today as given. A range runs forward; how many days a command
    /// may cover is the command's rule (`LogRules.check(days:)`).
    public func days(today: DayKey) throws -> [DayKey] {
        switch self {
        case .today: return [today]
        case .day(let day): return [day]
        case .daysAgo(let count): return [today.adding(days: -count)]
        case .range(let start, let end):
            guard start <= end else { throw DayRangeProblem.reversed(start, end) }
            return (start.ordinal...end.ordinal).map(DayKey.init(ordinal:))
        case .span(let first, let last):
            return try DaySelection.range(first.day(today: today), last.day(today: today)).days(today: today)
        }
    }

    /// The one day the selection names, with today as given (a range: its last day) — an as-of
    /// day said as `today`, `yesterday` or `-N`.
    public func day(today: DayKey) -> DayKey {
        switch self {
        case .today: return today
        case .day(let day): return day
        case .daysAgo(let count): return today.adding(days: -count)
        case .range(_, let end): return end
        case .span(_, let last): return last.day(today: today)
        }
    }

    /// "today", "on 2026-11-20", "2026-12-24 to 2026-12-31".
    public var label: String {
        switch self {
        case .today, .daysAgo(0): return "today"
        case .daysAgo(1): return "yesterday"
        case .daysAgo(let count): return "\(count) days ago"
        case .day(let day): return "on \(day)"
        case .range(let start, let end): return "\(start) to \(end)"
        case .span(let first, let last): return "\(first.label.replacingOccurrences(of: "on ", with: "")) to \(last.label.replacingOccurrences(of: "on ", with: ""))"
        }
    }
}

/// A range of days that cannot be used.
public enum DayRangeProblem: Error, Equatable, CustomStringConvertible, Sendable {
    /// The first day is after the last.
    case reversed(DayKey, DayKey)

    public var description: String {
        switch self {
        case .reversed(let start, let end): return "The range starts on \(start), after its last day \(end)."
        }
    }
}
