import Foundation

/// The store's calendar: its time zone and week start. Turns instants into day keys (at write
/// time only) and days into weeks and months for the metrics.
public struct StoreCalendar: Sendable, Equatable {
    public let timeZone: TimeZone
    public let weekStart: Weekday

    public init(timeZone: TimeZone, weekStart: Weekday) {
        self.timeZone = timeZone
        self.weekStart = weekStart
    }

    public init(settings: Settings) throws {
        guard let zone = TimeZone(identifier: settings.timeZone) else {
            throw DomainError.invalid("\"\(settings.timeZone)\" is not a known time zone")
        }
        self.init(timeZone: zone, weekStart: settings.weekStart)
    }

    /// The local day an instant falls on in this calendar's time zone.
    public func dayKey(for instant: Timestamp) -> DayKey {
        let offset = Int64(timeZone.secondsFromGMT(for: instant.date)) * 1000
        let local = instant.millis + offset
        return DayKey(ordinal: Int((local >= 0 ? local : local - 86_399_999) / 86_400_000))
    }

    /// The first day of the week that contains `day`.
    public func weekStart(of day: DayKey) -> DayKey {
        day.startOfWeek(weekStart)
    }
}
