/// A calendar day (`YYYY-MM-DD`) in the store's time zone: the only aggregation boundary.
///
/// A day key is computed once, when an entry is written, and stored; reads never derive a day
/// from a timestamp again. Internally it is the number of days since 1970-01-01 in the
/// proleptic Gregorian calendar, so day arithmetic is integer arithmetic.
public struct DayKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01 (negative before it).
    public var ordinal: Int { Int(days) }
    /// The same in 32 bits (every day of years 1 to 9999 and far beyond fits): a day fact, of
    /// which a report holds hundreds of thousands, is 16 bytes instead of 24.
    private let days: Int32

    /// Days outside 32 bits (no calendar day) are held as the nearest that fits.
    public init(ordinal: Int) { days = Int32(clamping: ordinal) }

    /// A day from its parts, or nil when they do not name a real calendar day.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              day >= 1, day <= DayKey.daysIn(month: month, year: year) else { return nil }
        days = Int32(DayKey.daysFromCivil(year: year, month: month, day: day))
    }

    /// Parses exactly `YYYY-MM-DD`; nil for any other shape or a day the calendar does not have.
    public init?(_ text: String) {
        var text = text
        guard let key = text.withUTF8({ DayKey(utf8: $0) }) else { return nil }
        self = key
    }

    /// Parses exactly `YYYY-MM-DD` from UTF-8 bytes. Every read of the store parses the day of
    /// every entry, so the eight digits are checked at once (a byte minus `0`, wrapping, is below
    /// 10 only for a digit).
    public init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        let y0 = bytes[0] &- 48, y1 = bytes[1] &- 48, y2 = bytes[2] &- 48, y3 = bytes[3] &- 48
        let m0 = bytes[5] &- 48, m1 = bytes[6] &- 48, d0 = bytes[8] &- 48, d1 = bytes[9] &- 48
        guard max(y0, y1, y2, y3, m0, m1, d0, d1) < 10 else { return nil }
        let year = Int(y0) * 1000 + Int(y1) * 100 + Int(y2) * 10 + Int(y3)
        self.init(year: year, month: Int(m0) * 10 + Int(m1), day: Int(d0) * 10 + Int(d1))
    }

    public static func < (lhs: DayKey, rhs: DayKey) -> Bool { lhs.ordinal < rhs.ordinal }

    public var parts: (year: Int, month: Int, day: Int) { DayKey.civil(fromDays: ordinal) }
    public var year: Int { parts.year }
    public var month: Int { parts.month }
    public var day: Int { parts.day }

    /// The ISO weekday of this day.
    public var weekday: Weekday {
        // 1970-01-01 was a Thursday.
        switch ((ordinal % 7) + 7 + 3) % 7 {   // 0 = Monday
        case 0: return .monday
        case 1: return .tuesday
        case 2: return .wednesday
        case 3: return .thursday
        case 4: return .friday
        case 5: return .saturday
        default: return .sunday
        }
    }

    public func adding(days: Int) -> DayKey { DayKey(ordinal: ordinal + days) }

    /// Whole days from `self` to `other` (positive when `other` is later).
    public func days(to other: DayKey) -> Int { other.ordinal - ordinal }

    /// The first day of the week that contains this day, for weeks starting on `weekStart`.
    public func startOfWeek(_ weekStart: Weekday) -> DayKey {
        adding(days: -weekday.position(weekStart: weekStart))
    }

    /// The first day of this day's month.
    public var firstOfMonth: DayKey { let p = parts; return DayKey(ordinal: DayKey.daysFromCivil(year: p.year, month: p.month, day: 1)) }

    /// The number of days in this day's month.
    public var daysInMonth: Int { let p = parts; return DayKey.daysIn(month: p.month, year: p.year) }

    /// `YYYY-MM-DD`.
    public var description: String {
        var text: [UInt8] = []
        text.reserveCapacity(10)
        let (y, m, d) = parts
        DayKey.appendText(year: y, month: m, day: d, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends `YYYY-MM-DD` of a day's parts: the one writer of a day's text (`description`, and
    /// the day cells a heatmap writes as bytes, two per day).
    public static func appendText(year y: Int, month m: Int, day d: Int, to out: inout [UInt8]) {
        out.append(UInt8(48 + y / 1000 % 10)); out.append(UInt8(48 + y / 100 % 10))
        out.append(UInt8(48 + y / 10 % 10)); out.append(UInt8(48 + y % 10))
        out.append(45); out.append(UInt8(48 + m / 10)); out.append(UInt8(48 + m % 10))
        out.append(45); out.append(UInt8(48 + d / 10)); out.append(UInt8(48 + d % 10))
    }

    public static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // Howard Hinnant's days_from_civil / civil_from_days: exact for the proleptic Gregorian calendar.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}

extension DayKey: Codable {
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let key = DayKey(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not a calendar day (YYYY-MM-DD)")
        }
        self = key
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
