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

extension StoreCalendar {
    /// The instant a day begins in this calendar's zone (on a day that starts with a DST change,
    /// the first instant that is on that day).
    public func startOfDay(_ day: DayKey) -> Timestamp {
        // Never before 1970-01-01T00:00Z: east of Greenwich the first day starts the evening before,
        // an instant no backup could hold.
        if day <= SupportedDays.first { return Timestamp(millis: 0) }
        let utcMidnight = Int64(day.ordinal) * 86_400_000
        var guess = Timestamp(millis: utcMidnight - Int64(timeZone.secondsFromGMT(for: Timestamp(millis: utcMidnight).date)) * 1000)
        if dayKey(for: guess) < day { guess = Timestamp(millis: guess.millis + 3_600_000) }
        if dayKey(for: guess) > day { guess = Timestamp(millis: guess.millis - 3_600_000) }
        return guess
    }

    /// The instant of a local time of day (`minute` after midnight) on a day in this calendar's
    /// zone. A time that a DST change skips (02:30 on the spring-forward night) moves by the
    /// offset, as clocks do; the instant stays on the day.
    public func instant(of day: DayKey, minute: Int) -> Timestamp {
        let local = Int64(day.ordinal) * 86_400_000 + Int64(minute) * 60_000
        var guess = Timestamp(millis: local - Int64(timeZone.secondsFromGMT(for: Timestamp(millis: local).date)) * 1000)
        let offset = Int64(timeZone.secondsFromGMT(for: guess.date)) * 1000
        if guess.millis + offset != local { guess = Timestamp(millis: local - offset) }
        return dayKey(for: guess) == day ? guess : noon(of: day)
    }

    /// Whether a local time of day (`minute` after midnight) happens on a day in this calendar's
    /// zone: not when a DST change skips it (02:30 on the night the clocks go forward).
    public func exists(_ day: DayKey, minute: Int) -> Bool {
        let instant = instant(of: day, minute: minute)
        let local = instant.millis + Int64(timeZone.secondsFromGMT(for: instant.date)) * 1000
        return local == Int64(day.ordinal) * 86_400_000 + Int64(minute) * 60_000
    }

    /// Noon of a day in this calendar's zone: the time given to facts that carry a day only.
    public func noon(of day: DayKey) -> Timestamp {
        let utcNoon = Int64(day.ordinal) * 86_400_000 + 43_200_000
        return Timestamp(millis: utcNoon - Int64(timeZone.secondsFromGMT(for: Timestamp(millis: utcNoon).date)) * 1000)
    }
}
