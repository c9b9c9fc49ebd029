/// When in the day habits are done: the local hour, in the store's calendar, of each live check
/// with a value above 0 (`StoreSnapshot.hours` counts them per hour). Only checks whose time
/// falls on their own day have one (given with `log --at`, or logged on the day itself): a check
/// logged the next morning for yesterday says nothing about when it was done.
///
/// Asked one entry at a time while the store is read, so the time of every check is read once,
/// in the same pass as the day facts.
public struct HourTally: Sendable {
    private let calendar: StoreCalendar
    /// The zone's offset per UTC day, from the UTC day `base` on, when it is the same all day: a
    /// zone lookup per day, not per entry. `unknown` for a day not looked up yet, `changing` for
    /// a day the offset changes on, whose instants are looked up one by one. It covers the days
    /// asked for so far (and a year either side), not every supported day: a read of one
    /// habit's entries, or of none, does not fill 380 kB.
    private var offsets: [Int64] = []
    private var base = 0
    private static let unknown = Int64.min, changing = Int64.max
    /// The last UTC day kept: an instant of the last supported day may fall on the next UTC day.
    private static let lastDay = SupportedDays.last.ordinal + 1

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
        guard let slot = slot(of: utcDay) else { return lookUp(instant) }
        var offset = offsets[slot]
        if offset == Self.unknown {
            let first = lookUp(Timestamp(millis: utcDay * 86_400_000))
            let last = lookUp(Timestamp(millis: utcDay * 86_400_000 + 86_399_999))
            offset = first == last ? first : Self.changing
            offsets[slot] = offset
        }
        return offset == Self.changing ? lookUp(instant) : offset
    }

    /// Where a UTC day's offset is kept in `offsets`, which grows to hold it (by a year more
    /// than it needs on that side); nil outside the supported days.
    private mutating func slot(of utcDay: Int64) -> Int? {
        guard utcDay >= 0, utcDay <= Int64(Self.lastDay) else { return nil }
        let day = Int(utcDay)
        if offsets.isEmpty || day < base || day >= base + offsets.count {
            let low = max(0, (offsets.isEmpty ? day : min(day, base)) - 366)
            let high = min(Self.lastDay, (offsets.isEmpty ? day : max(day, base + offsets.count - 1)) + 366)
            var grown = [Int64](repeating: Self.unknown, count: high - low + 1)
            if !offsets.isEmpty { grown.replaceSubrange((base - low)..<(base - low + offsets.count), with: offsets) }
            offsets = grown
            base = low
        }
        return day - base
    }

    private func lookUp(_ instant: Timestamp) -> Int64 {
        Int64(calendar.timeZone.secondsFromGMT(for: instant.date)) * 1000
    }

    private static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : (a - b + 1) / b }
}
