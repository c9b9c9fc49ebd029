import AlmanacDomain
import AlmanacRender
import AlmanacStorage
import Foundation

/// The day facts a report keeps beside the folder it publishes (`.NAME.almanac-facts`, next to
/// the folder's lock), so that the next report reads from the store only the habits whose
/// entries changed (docs/REPORTS.md). Output, not truth: a file that is missing, torn, from
/// another version or another store is ignored and the report reads every entry; deleting it
/// changes nothing but speed. Never inside the published folder.
///
/// Layout (little-endian): `ALMFACT3`, the schema version (i64), the time zone, the number of
/// habits (u32); per habit its id, its token, its number of facts (u32) and their bytes (a u32
/// length, then per fact: the day as the difference from the previous fact's day (the first from
/// day 0, 1970-01-01), zigzag LEB128; one byte of kind (bit 0: skip), hour + 1 (bits 1–5, 0 for
/// none) and value form (bits 6–7: 0 the value 1, 1 a whole number as LEB128, 2 the value's eight
/// bytes); then the value when the form says so); strings and tokens as a u32 length and bytes;
/// then its checksum (`KeptBytes`: the CRC-32 of everything before it). A year of a daily
/// habit's checks is about 700 bytes, so the file of a large store is read, checked and written
/// again in a few milliseconds.
enum FactCacheFile {
    static let magic = Array("ALMFACT3".utf8)

    /// The file beside `folder` (a resolved path).
    static func path(beside folder: String) -> String {
        let url = URL(fileURLWithPath: folder)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).almanac-facts").path
    }

    /// The facts of a file, decoded, and each habit's encoded facts as the file holds them.
    struct Kept: Sendable {
        let cache: FactCache
        let bytes: [UInt8]
        /// Where each habit's encoded facts lie in `bytes`, by habit id.
        let encodedFacts: [String: Range<Int>]

        /// The encoded facts of a habit whose facts are `facts`, when the file holds the same.
        func encoded(_ id: String, facts: HabitFacts) -> ArraySlice<UInt8>? {
            guard let range = encodedFacts[id], cache.habits[id] == facts else { return nil }
            return bytes[range]
        }
    }

    /// The file's bytes for `cache`. A habit whose facts `kept` holds the same has its encoded
    /// facts copied from there, not encoded again: after one new entry, the other habits'.
    static func encode(_ cache: FactCache, reusing kept: Kept? = nil) -> [UInt8] {
        var out: [UInt8] = magic
        out.reserveCapacity(max(kept?.bytes.count ?? 0, 64 + cache.habits.values.reduce(0) { $0 + 64 + $1.facts.count * 3 }) + 1024)
        func integer<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) } }
        func bytes<C: Collection<UInt8>>(_ value: C) { integer(UInt32(value.count)); out.append(contentsOf: value) }
        integer(cache.schema)
        bytes(cache.timeZone.utf8)
        integer(UInt32(cache.habits.count))
        for (id, habit) in cache.habits.sorted(by: { $0.key < $1.key }) {
            bytes(id.utf8)
            bytes(habit.token)
            integer(UInt32(habit.facts.count))
            if let encoded = kept?.encoded(id, facts: habit) {
                bytes(encoded)
                continue
            }
            let lengthAt = out.count
            integer(UInt32(0))
            var previous = 0
            for (fact, hour) in zip(habit.facts, habit.hours) {
                let delta = fact.day.ordinal &- previous
                previous = fact.day.ordinal
                KeptBytes.leb128(UInt64(bitPattern: Int64((delta << 1) ^ (delta >> 63))), to: &out)
                let flags = UInt8(fact.kind == .skip ? 1 : 0) | UInt8(truncatingIfNeeded: Int(hour) + 1) << 1 & 0x3E
                let bits = fact.value.bitPattern
                if bits == (1.0 as Double).bitPattern {
                    out.append(flags)
                } else if fact.value >= 0, fact.value < 0x1p53, fact.value.rounded(.towardZero) == fact.value,
                          Double(UInt64(fact.value)).bitPattern == bits {
                    out.append(flags | 1 << 6)
                    KeptBytes.leb128(UInt64(fact.value), to: &out)
                } else {
                    out.append(flags | 2 << 6)
                    integer(bits)
                }
            }
            let length = UInt32(out.count - lengthAt - 4).littleEndian
            withUnsafeBytes(of: length) { for (offset, byte) in $0.enumerated() { out[lengthAt + offset] = byte } }
        }
        KeptBytes.seal(&out)
        return out
    }

    static func decode(_ data: [UInt8]) -> FactCache? { decodeKept(data)?.cache }

    static func decodeKept(_ data: [UInt8]) -> Kept? { index(data).flatMap(decode) }

    /// A file's bytes checked and its habits found, their facts not decoded yet: what decides
    /// which habits a read takes from the file (`tokens`) is at hand before the facts are.
    struct Index: Sendable {
        struct Part: Sendable {
            let id: String
            let token: [UInt8]
            /// How many facts, and where their bytes lie.
            let facts: Int
            let bytes: Range<Int>
        }

        let bytes: [UInt8]
        let schema: Int64
        let timeZone: String
        let parts: [Part]

        var tokens: FactTokens {
            FactTokens(schema: schema, timeZone: timeZone, tokens: Dictionary(uniqueKeysWithValues: parts.map { ($0.id, $0.token) }))
        }
    }

    /// The index of the file beside `folder`, or nil when there is none that checks out whole.
    static func index(beside folder: String) -> Index? {
        OutputFolder.bytes(atPath: path(beside: folder)).flatMap(index)
    }

    static func index(_ data: [UInt8]) -> Index? {
        guard let body = KeptBytes.checkedLength(of: data, magic: magic) else { return nil }
        return data.withUnsafeBytes { raw -> Index? in
            var offset = magic.count
            func integer<T: FixedWidthInteger>(_: T.Type) -> T? {
                guard body - offset >= MemoryLayout<T>.size else { return nil }
                defer { offset += MemoryLayout<T>.size }
                return T(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: T.self))
            }
            func bytes() -> Range<Int>? {
                guard let count = integer(UInt32.self).map(Int.init), body - offset >= count else { return nil }
                defer { offset += count }
                return offset..<offset + count
            }
            guard let schema = integer(Int64.self), let zone = bytes(), let count = integer(UInt32.self) else { return nil }
            // Each habit once (a file this build writes never names one twice).
            var parts: [Index.Part] = [], ids = Set<String>()
            for _ in 0..<count {
                guard let id = bytes(), let token = bytes(), let facts = integer(UInt32.self).map(Int.init),
                      let encoded = bytes(), facts <= encoded.count / 2,
                      case (true, let name) = ids.insert(String(decoding: data[id], as: UTF8.self)) else { return nil }
                parts.append(Index.Part(id: name, token: Array(data[token]), facts: facts, bytes: encoded))
            }
            guard offset == body else { return nil }
            return Index(bytes: data, schema: schema, timeZone: String(decoding: data[zone], as: UTF8.self), parts: parts)
        }
    }

    /// The facts of every habit of an index, decoded on both cores; nil when any does not decode whole.
    static func decode(_ index: Index) -> Kept? {
        index.bytes.withUnsafeBufferPointer { buffer -> Kept? in
            guard let decoded = try? Parallel.map(index.parts, { decodeFacts(buffer, $0.bytes, count: $0.facts, token: $0.token) }) else { return nil }
            var habits: [String: HabitFacts] = [:], encoded: [String: Range<Int>] = [:]
            for (part, habit) in zip(index.parts, decoded) {
                guard let habit else { return nil }
                habits[part.id] = habit
                encoded[part.id] = part.bytes
            }
            return Kept(cache: FactCache(schema: index.schema, timeZone: index.timeZone, habits: habits), bytes: index.bytes,
                        encodedFacts: encoded)
        }
    }

    /// One habit's facts from their bytes, or nil when they are not whole or hold what no store's
    /// rows could give (a day outside the calendar, an hour past 23).
    private static func decodeFacts(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, count: Int, token: [UInt8]) -> HabitFacts? {
        let first = DayKey(year: 1, month: 1, day: 1)!.ordinal, last = DayKey(year: 9999, month: 12, day: 31)!.ordinal
        let bytes = buffer.baseAddress!
        var at = range.lowerBound, day = 0, whole = true
        let end = range.upperBound
        /// A LEB128 number at `at`; `whole` turns false when it runs past the end or 64 bits.
        @inline(__always) func leb128() -> UInt64 {
            var value: UInt64 = 0, shift: UInt64 = 0
            while at < end {
                let byte = bytes[at]
                at += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
                if shift >= 64 { break }
            }
            whole = false
            return 0
        }
        var hours = [Int8](repeating: 0, count: count)
        let facts = [DayFact](unsafeUninitializedCapacity: count) { facts, initialized in
            for index in 0..<count {
                let zigzag = leb128()
                guard whole, at < end else { whole = false; break }
                day &+= Int(Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1))
                let flags = bytes[at]
                at += 1
                let hour = Int8((flags >> 1) & 0x1F) - 1
                guard hour < 24, day >= first, day <= last else { whole = false; break }
                var value = 1.0
                switch flags >> 6 {
                case 0: break
                case 1:
                    let number = leb128()
                    guard whole, number < 1 << 53 else { whole = false; break }
                    value = Double(number)
                case 2:
                    guard end - at >= 8 else { whole = false; break }
                    value = Double(bitPattern: UInt64(littleEndian: UnsafeRawPointer(bytes + at).loadUnaligned(as: UInt64.self)))
                    at += 8
                default: whole = false
                }
                guard whole else { break }
                (facts.baseAddress! + index).initialize(to: DayFact(day: DayKey(ordinal: day), kind: flags & 1 == 1 ? .skip : .check, value: value))
                hours[index] = hour
                initialized = index + 1
            }
        }
        guard whole, at == end, facts.count == count else { return nil }
        return HabitFacts(token: token, facts: facts, hours: hours)
    }
}
