import Foundation

/// The store's settings: the time zone day keys are computed in, the first day of a week, the
/// store's permanent identity, whether its site is public, and what it does each night.
public struct Settings: Codable, Equatable, Sendable {
    /// An IANA time zone id, e.g. `Europe/Berlin`.
    public var timeZone: String
    public var weekStart: Weekday
    /// A UUID given to the store when it is made, kept by every change of settings and carried by
    /// its backups and copies: what makes its feed's ids permanent. Nil in settings not yet saved
    /// (a store then gives itself one).
    public var storeId: String?
    /// The web address the store's site is published at, when its owner made it public
    /// (`almanac settings --public URL`): every report of the store is then indexable by search
    /// engines and uses absolute links. Nil: private, the default (docs/REPORTS.md).
    public var publicAddress: String?
    /// What the store does each night (`almanac nightly`); nil until it is set.
    public var nightly: NightlyPlan?
    /// The language of the store's site, feeds and workbook headings (`almanac init --language`).
    public var language: Language

    public init(timeZone: String, weekStart: Weekday = .monday, storeId: String? = nil, publicAddress: String? = nil,
                nightly: NightlyPlan? = nil, language: Language = .en) {
        self.timeZone = timeZone
        self.weekStart = weekStart
        self.storeId = storeId
        self.publicAddress = publicAddress
        self.nightly = nightly
        self.language = language
    }

    /// A web address to publish a site at: http:// or https:// with a host, no query or fragment,
    /// ending in "/" (added when missing).
    public static func checkedAddress(_ text: String) throws -> String {
        let lower = text.lowercased()
        let scheme = lower.hasPrefix("https://") ? 8 : lower.hasPrefix("http://") ? 7 : 0
        let rest = text.dropFirst(scheme)
        guard scheme > 0, !rest.isEmpty, !rest.hasPrefix("/"),
              text.allSatisfy({ $0.isASCII && !$0.isWhitespace && !"\"<>\\^`{|}".contains($0) }),
              !text.contains("?"), !text.contains("#") else {
            throw DomainError.invalid("\(text) is not a web address to publish at; use http:// or https:// with a host, e.g. https://example.org/habits/.")
        }
        return text.hasSuffix("/") ? text : text + "/"
    }

    /// The system's time zone when it has an IANA id, else UTC; weeks start on Monday.
    public static var systemDefault: Settings {
        let identifier = TimeZone.current.identifier
        let usable = TimeZone(identifier: identifier) != nil && identifier.contains("/") || identifier == "UTC"
        return Settings(timeZone: usable ? identifier : "UTC", weekStart: .monday)
    }
}
