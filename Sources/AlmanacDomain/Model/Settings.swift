import Foundation

/// The store's settings: the time zone day keys are computed in, and the first day of a week.
public struct Settings: Codable, Equatable, Sendable {
    /// An IANA time zone id, e.g. `Europe/Berlin`.
    public var timeZone: String
    public var weekStart: Weekday

    public init(timeZone: String, weekStart: Weekday = .monday) {
        self.timeZone = timeZone
        self.weekStart = weekStart
    }

    /// The system's time zone when it has an IANA id, else UTC; weeks start on Monday.
    public static var systemDefault: Settings {
        let identifier = TimeZone.current.identifier
        let usable = TimeZone(identifier: identifier) != nil && identifier.contains("/") || identifier == "UTC"
        return Settings(timeZone: usable ? identifier : "UTC", weekStart: .monday)
    }
}
