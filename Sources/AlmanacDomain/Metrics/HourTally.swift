/// When in the day habits are done: the local hour, in the store's calendar, of each live check
/// with a value above 0 (`StoreSnapshot.hours` counts them per hour). Only checks whose time
/// falls on their own day have one (given with `log --at`, or logged on the day itself): a check
/// logged the next morning for yesterday says nothing about when it was done.
///
/// Asked one entry at a time while the store is read, so the time of every check is read once,
/// in the same pass as the day facts.
public struct HourTally: Sendable {
    private let calendar: StoreCalendar
    /// The zone's offset per UTC day asked about so far, when it is the same all day (nil: the
    /// offset changes that day, and its instants are looked up one by one): a zone lookup per
    /// day, not per entry (docs/PERFORMANCE.md).
    private var offsets: [Int64: Int64?] = [:]

    public init(calendar: StoreCalendar) {
        self.calendar = calendar
    }

    /// The local hour (0–23) of a check made at `instant` for `day`, or nil when its time is on
    /// another day.
    public mutating func hour(of instant: Timestamp, on day: DayKey) -> Int? {
        let local = instant.millis + offset(at: instant)
        let localDay = Self.floorDiv(local, 86_400_000)
        guard localDay == Int64(day.ordinal) else { return nil }
        return Int((local - localDay * 86_400_000) / 3_600_000)
    }

    /// The zone's offset from UTC at an instant, in milliseconds.
    private mutating func offset(at instant: Timestamp) -> Int64 {
        let utcDay = Self.floorDiv(instant.millis, 86_400_000)
        if let known = offsets[utcDay] { return known ?? lookUp(instant) }
        let first = lookUp(Timestamp(millis: utcDay * 86_400_000)), last = lookUp(Timestamp(millis: utcDay * 86_400_000 + 86_399_999))
        offsets[utcDay] = first == last ? first : nil
        return first == last ? first : lookUp(instant)
    }

    private func lookUp(_ instant: Timestamp) -> Int64 {
        Int64(calendar.timeZone.secondsFromGMT(for: instant.date)) * 1000
    }

    private static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : (a - b + 1) / b }
}
