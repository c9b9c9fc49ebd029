import AlmanacDomain

/// The days a command covers: today, one day, or a range (a vacation of skips).
public enum DaySelection: Sendable, Equatable {
    case today
    case day(DayKey)
    /// A day counted back from today: 1 is yesterday.
    case daysAgo(Int)
    case range(DayKey, DayKey)

    /// The most days one selection covers (about ten years).
    public static let maxDays = 3_660

    /// The days, in order, with today as given.
    public func days(today: DayKey) throws -> [DayKey] {
        switch self {
        case .today: return [today]
        case .day(let day): return [day]
        case .daysAgo(let count):
            guard (0..<Self.maxDays).contains(count) else {
                throw AlmanacError.option("--date", reason: "--date -\(count) goes back more than \(Self.maxDays) days.")
            }
            return [today.adding(days: -count)]
        case .range(let start, let end):
            guard start <= end else { throw AlmanacError.option("--from", reason: "--from \(start) is after --to \(end).") }
            guard start.days(to: end) < Self.maxDays else {
                throw AlmanacError.option("--to", reason: "A range covers at most \(Self.maxDays) days.")
            }
            return (start.ordinal...end.ordinal).map(DayKey.init(ordinal:))
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
        }
    }
}
