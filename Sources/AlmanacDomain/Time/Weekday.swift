/// A day of the week, in ISO order (Monday first).
public enum Weekday: String, CaseIterable, Codable, Sendable, Comparable {
    case monday, tuesday, wednesday, thursday, friday, saturday, sunday

    /// Hashed by its place in the week, not its name (sets of weekdays are looked up per day).
    public func hash(into hasher: inout Hasher) { hasher.combine(isoIndex) }

    /// 0 for Monday … 6 for Sunday.
    public var isoIndex: Int {
        switch self {
        case .monday: 0
        case .tuesday: 1
        case .wednesday: 2
        case .thursday: 3
        case .friday: 4
        case .saturday: 5
        case .sunday: 6
        }
    }

    /// The three-letter name used in frequencies (`mon`, `tue`, …).
    public var short: String { String(rawValue.prefix(3)) }

    /// The name as people read it: "Monday".
    public var title: String {
        switch self {
        case .monday: "Monday"
        case .tuesday: "Tuesday"
        case .wednesday: "Wednesday"
        case .thursday: "Thursday"
        case .friday: "Friday"
        case .saturday: "Saturday"
        case .sunday: "Sunday"
        }
    }

    /// The three-letter name as people read it: "Mon".
    public var shortTitle: String { String(title.prefix(3)) }

    /// Parses `mon` or `monday` in any case.
    public init?(name: String) {
        let lower = name.lowercased()
        guard let match = Weekday.allCases.first(where: { $0.rawValue == lower || $0.short == lower }) else { return nil }
        self = match
    }

    /// Position of this weekday in a week that starts on `weekStart` (0…6).
    public func position(weekStart: Weekday) -> Int { (isoIndex - weekStart.isoIndex + 7) % 7 }

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.isoIndex < rhs.isoIndex }
}
