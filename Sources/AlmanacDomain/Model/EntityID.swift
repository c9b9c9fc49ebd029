import Foundation

/// The identity of a stored object: a UUID, written in lowercase canonical form everywhere.
public struct EntityID: Hashable, Comparable, Sendable, CustomStringConvertible, Codable {
    public let uuid: UUID

    public init(_ uuid: UUID = UUID()) { self.uuid = uuid }

    /// Parses the canonical 8-4-4-4-12 form in either case. (Hand-written: Foundation's parser
    /// on Linux goes through `sscanf` and dominated the restore of a large backup.)
    public init?(_ text: String) {
        var text = text
        guard let bits = text.withUTF8({ EntityID.parse($0) }) else { return nil }
        self.init(uuid: bits)
    }

    /// An id from the UTF-8 bytes of its text form, without making a String of them.
    public init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard let bits = EntityID.parse(bytes) else { return nil }
        self.init(uuid: bits)
    }

    private init(uuid bits: (UInt64, UInt64)) {
        let b = { (v: UInt64, i: Int) -> UInt8 in UInt8(truncatingIfNeeded: v >> (56 - 8 * i)) }
        let (h, l) = bits
        self.uuid = UUID(uuid: (b(h, 0), b(h, 1), b(h, 2), b(h, 3), b(h, 4), b(h, 5), b(h, 6), b(h, 7),
                                b(l, 0), b(l, 1), b(l, 2), b(l, 3), b(l, 4), b(l, 5), b(l, 6), b(l, 7)))
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64)? {
        guard bytes.count == 36 else { return nil }
        var high: UInt64 = 0, low: UInt64 = 0, nibbles = 0
        for (i, byte) in bytes.enumerated() {
            if i == 8 || i == 13 || i == 18 || i == 23 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            let value: UInt8
            switch byte {
            case 48...57: value = byte - 48
            case 97...102: value = byte - 87
            case 65...70: value = byte - 55
            default: return nil
            }
            if nibbles < 16 { high = high << 4 | UInt64(value) } else { low = low << 4 | UInt64(value) }
            nibbles += 1
        }
        return (high, low)
    }

    /// An id made from 128 bits of a deterministic generator (a version-4 UUID shape).
    public init(bits high: UInt64, _ low: UInt64) {
        self.init(uuid: ((high & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000,
                         (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000))
    }

    /// The lowercase text form. Written into the string's own storage: every id of a bulk insert
    /// (a restore writes 330k entries) is turned into text, and building an array first measured
    /// 2.3 times slower (159 against 70 ns an id). The writes stay within the 36 bytes asked for.
    public var description: String {
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        return withUnsafeBytes(of: uuid.uuid) { raw in
            String(unsafeUninitializedCapacity: 36) { out in
                var o = 0
                for (i, byte) in raw.enumerated() {
                    if i == 4 || i == 6 || i == 8 || i == 10 { out[o] = UInt8(ascii: "-"); o += 1 }
                    out[o] = hex[Int(byte >> 4)]; out[o + 1] = hex[Int(byte & 15)]; o += 2
                }
                return o
            }
        }
    }

    /// The 16 bytes, in order.
    public var bytes: [UInt8] {
        let u = uuid.uuid
        return [u.0, u.1, u.2, u.3, u.4, u.5, u.6, u.7, u.8, u.9, u.10, u.11, u.12, u.13, u.14, u.15]
    }

    /// The order of the text form (byte order equals lowercase-hex order).
    public static func < (lhs: EntityID, rhs: EntityID) -> Bool {
        let (a, b) = (lhs.halves, rhs.halves)
        return a.0 != b.0 ? a.0 < b.0 : a.1 < b.1
    }

    private var halves: (UInt64, UInt64) {
        let b = bytes
        return (b[0..<8].reduce(0) { $0 << 8 | UInt64($1) }, b[8..<16].reduce(0) { $0 << 8 | UInt64($1) })
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let id = EntityID(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not a UUID")
        }
        self = id
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
