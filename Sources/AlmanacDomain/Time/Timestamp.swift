import Foundation

/// An instant in UTC with millisecond precision, written as ISO 8601 (`2026-11-20T08:00:00.000Z`).
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    public let millis: Int64

    public init(millis: Int64) { self.millis = millis }

    public init(_ date: Date) { self.millis = Int64((date.timeIntervalSince1970 * 1000).rounded(.down)) }

    public var date: Date { Date(timeIntervalSince1970: Double(millis) / 1000) }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.millis < rhs.millis }

    /// The UTC day this instant falls on (floor division, also before 1970).
    public var utcDayOrdinal: Int { Int((millis >= 0 ? millis : millis - 86_399_999) / 86_400_000) }

    /// ISO 8601 in UTC with milliseconds: `YYYY-MM-DDTHH:MM:SS.sssZ`.
    public var description: String {
        let day = utcDayOrdinal
        let msOfDay = Int(millis - Int64(day) * 86_400_000)
        let (y, mo, d) = DayKey(ordinal: day).parts
        let h = msOfDay / 3_600_000, mi = (msOfDay / 60_000) % 60, s = (msOfDay / 1000) % 60, ms = msOfDay % 1000
        // Written into the string's own storage, as `EntityID.description` is (for the same
        // reason: every row of a bulk insert has timestamps); every index is below 24.
        return String(unsafeUninitializedCapacity: 24) { out in
            func put(_ value: Int, _ digits: Int, at index: Int) {
                var v = value
                for k in stride(from: digits - 1, through: 0, by: -1) { out[index + k] = UInt8(48 + v % 10); v /= 10 }
            }
            put(y, 4, at: 0); out[4] = 45; put(mo, 2, at: 5); out[7] = 45; put(d, 2, at: 8)
            out[10] = UInt8(ascii: "T"); put(h, 2, at: 11); out[13] = 58; put(mi, 2, at: 14); out[16] = 58
            put(s, 2, at: 17); out[19] = 46; put(ms, 3, at: 20); out[23] = UInt8(ascii: "Z")
            return 24
        }
    }

    /// Parses ISO 8601 instants: `2026-01-05T08:00:00Z`, with optional fraction and a `Z` or
    /// `±HH:MM` offset. Nil for anything else.
    public init?(iso8601 text: String) {
        var text = text
        guard let value = text.withUTF8({ Timestamp(iso8601: $0) }) else { return nil }
        self = value
    }

    /// The same, from UTF-8 bytes (a store's buffer, without a `String` per row).
    public init?(iso8601 bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count >= 20, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
              let day = DayKey(utf8: UnsafeBufferPointer(rebasing: bytes[0..<10])),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":") else { return nil }
        func number(_ range: Range<Int>) -> Int? { DecimalDigits.value(bytes, range) }
        guard let h = number(11..<13), let m = number(14..<16), let s = number(17..<19),
              h < 24, m < 60, s < 60 else { return nil }
        var index = 19
        var fractionMillis = 0
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            var digits = 0
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
                if digits < 3 { fractionMillis = fractionMillis * 10 + Int(bytes[index] - 48) }
                digits += 1; index += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<max(digits, 3) { fractionMillis *= 10 }
        }
        guard index < bytes.count else { return nil }
        var offsetSeconds = 0
        if bytes[index] == UInt8(ascii: "Z") {
            index += 1
        } else if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            guard bytes.count == index + 6, bytes[index + 3] == UInt8(ascii: ":"),
                  let oh = number(index + 1 ..< index + 3), let om = number(index + 4 ..< index + 6),
                  om < 60, oh * 60 + om <= 14 * 60 else { return nil }   // real offsets lie within ±14:00
            offsetSeconds = (oh * 3600 + om * 60) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
            index += 6
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }
        let seconds = Int64(day.ordinal) * 86_400 + Int64(h * 3600 + m * 60 + s - offsetSeconds)
        self.millis = seconds * 1000 + Int64(fractionMillis)
    }
}

extension Timestamp: Codable {
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = Timestamp(iso8601: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not an ISO 8601 timestamp")
        }
        self = value
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
