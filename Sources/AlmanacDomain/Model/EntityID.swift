import Foundation

/// The identity of a stored object: a UUID, written in lowercase canonical form everywhere.
public struct EntityID: Hashable, Comparable, Sendable, CustomStringConvertible, Codable {
    public let uuid: UUID

    public init(_ uuid: UUID = UUID()) { self.uuid = uuid }

    /// Parses the canonical 8-4-4-4-12 form in either case.
    public init?(_ text: String) {
        guard text.utf8.count == 36, let uuid = UUID(uuidString: text) else { return nil }
        self.uuid = uuid
    }

    /// An id made from 128 bits of a deterministic generator (a version-4 UUID shape).
    public init(bits high: UInt64, _ low: UInt64) {
        var h = high, l = low
        h = (h & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000
        l = (l & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        let b = { (v: UInt64, i: Int) -> UInt8 in UInt8(truncatingIfNeeded: v >> (56 - 8 * i)) }
        self.uuid = UUID(uuid: (b(h, 0), b(h, 1), b(h, 2), b(h, 3), b(h, 4), b(h, 5), b(h, 6), b(h, 7),
                                b(l, 0), b(l, 1), b(l, 2), b(l, 3), b(l, 4), b(l, 5), b(l, 6), b(l, 7)))
    }

    public var description: String { uuid.uuidString.lowercased() }

    public static func < (lhs: EntityID, rhs: EntityID) -> Bool { lhs.description < rhs.description }

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
