/// When in the day habits are done: the local hour, in the store's calendar, of each live check
/// with a value above 0 (`StoreSnapshot.hours` counts them per hour). Only checks whose time
/// falls on their own day have one (given with `log --at`, or logged on the day itself): a check
/// logged the next morning for yesterday says nothing about when it was done.
///
/// Asked one entry at a time while the store is read, so the time of every check is read once,
/// in the same pass as the day facts.
public struct HourTally: Sendable {
    private let calendar: StoreCalendar

    public init(calendar: StoreCalendar) {
        self.calendar = calendar
    }

    /// The local hour (0–23) of a check made at `instant` for `day`, or nil when its time is on
    /// another day.
    public func hour(of instant: Timestamp, on day: DayKey) -> Int? {
        let local = instant.millis + Int64(calendar.timeZone.secondsFromGMT(for: instant.date)) * 1000
        let localDay = Self.floorDiv(local, 86_400_000)
        guard localDay == Int64(day.ordinal) else { return nil }
        return Int((local - localDay * 86_400_000) / 3_600_000)
    }

    private static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : (a - b + 1) / b }
}
