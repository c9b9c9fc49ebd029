import Foundation

/// The store's settings: the time zone day keys are computed in, the first day of a week, and
/// the store's permanent identity.
public struct Settings: Codable, Equatable, Sendable {
    /// An IANA time zone id, e.g. `Europe/Berlin`.
    public var timeZone: String
    public var weekStart: Weekday
    /// A UUID given to the store when it is made, kept by every change of settings and carried by
    /// its backups and copies: what makes its feed's ids permanent. Nil in settings not yet saved
    /// (a store then gives itself one).
    public var storeId: String?

    public init(timeZone: String, weekStart: Weekday = .monday, storeId: String? = nil) {
        self.timeZone = timeZone
        self.weekStart = weekStart
        self.storeId = storeId
    }

    /// The system's time zone when it has an IANA id, else UTC; weeks start on Monday.
    public static var systemDefault: Settings {
        let identifier = TimeZone.current.identifier
        let usable = TimeZone(identifier: identifier) != nil && identifier.contains("/") || identifier == "UTC"
        return Settings(timeZone: usable ? identifier : "UTC", weekStart: .monday)
    }
}
