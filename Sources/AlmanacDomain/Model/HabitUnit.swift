/// What a habit measures: done/not done, a count, or minutes.
public enum HabitUnit: String, Codable, CaseIterable, Sendable {
    case boolean, count, duration

    /// What each is, as the exports describe them.
    public static let words = "boolean (done or not), count, or duration (minutes)"
}

/// Whether a habit is built (reach at least the target) or broken (stay at most at the target).
public enum Direction: String, Codable, CaseIterable, Sendable {
    case atLeast, atMost

    /// The spelling used on the command line (`at-least`, `at-most`).
    public var cliName: String { self == .atLeast ? "at-least" : "at-most" }

    /// Whether a day's value (the sum of its live check entries) completes a habit with this
    /// direction and target: the one completion rule (docs/STORE.md).
    public func isMet(by value: Double, target: Double) -> Bool {
        switch self {
        case .atLeast: return value >= target
        case .atMost: return value <= target
        }
    }

    public init?(cliName: String) {
        switch cliName.lowercased() {
        case "at-least", "atleast": self = .atLeast
        case "at-most", "atmost": self = .atMost
        default: return nil
        }
    }
}

/// What an entry records: a value for the day, or an excused day (sick, vacation).
public enum EntryKind: String, Codable, CaseIterable, Sendable {
    case check, skip
}
