import AlmanacDomain

/// The days a command covers: today, one day, or a range (a vacation of skips).
public enum DaySelection: Sendable, Equatable {
    case today
    case day(DayKey)
    case range(DayKey, DayKey)

    /// The most days one selection covers (about ten years).
    public static let maxDays = 3_660

    /// The days, in order, with today as given.
    public func days(today: DayKey) throws -> [DayKey] {
        switch self {
        case .today: return [today]
        case .day(let day): return [day]
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
        case .today: return "today"
        case .day(let day): return "on \(day)"
        case .range(let start, let end): return "\(start) to \(end)"
        }
    }
}
