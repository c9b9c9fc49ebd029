import AlmanacDomain
import Foundation

/// The instant use cases treat as "now": the system clock, or a pinned instant (`ALMANAC_NOW`,
/// ISO 8601) so scripts and tests are reproducible.
public struct Clock: Sendable {
    private let pinned: Timestamp?

    public static let system = Clock(pinned: nil)

    public static func fixed(_ instant: Timestamp) -> Clock { Clock(pinned: instant) }

    /// `ALMANAC_NOW` when it is set, else the system clock.
    public init(environment: [String: String]) throws {
        guard let text = environment["ALMANAC_NOW"], !text.isEmpty else { self.init(pinned: nil); return }
        guard let instant = Timestamp(iso8601: text) else {
            throw AlmanacError.option("ALMANAC_NOW", reason: "ALMANAC_NOW=\(text) is not an ISO 8601 instant such as 2026-01-05T08:00:00Z.")
        }
        guard SupportedDays.contains(instant) else {
            throw AlmanacError.option("ALMANAC_NOW", reason: "ALMANAC_NOW=\(text): " + SupportedDays.outside("that instant"))
        }
        self.init(pinned: instant)
    }

    private init(pinned: Timestamp?) { self.pinned = pinned }

    public func now() -> Timestamp { pinned ?? Timestamp(Date()) }

    /// Today in a store's calendar.
    public func today(in calendar: StoreCalendar) -> DayKey { calendar.dayKey(for: now()) }
}
