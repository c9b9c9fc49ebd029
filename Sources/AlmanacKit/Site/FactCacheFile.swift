import AlmanacDomain
import AlmanacStorage
import Crypto
import Foundation

/// The day facts a report keeps beside the folder it publishes (`.NAME.almanac-facts`, next to
/// the folder's lock), so that the next report reads from the store only the habits whose
/// entries changed (docs/REPORTS.md). Output, not truth: a file that is missing, torn, from
/// another version or another store is ignored and the report reads every entry; deleting it
/// changes nothing but speed. Never inside the published folder.
///
/// Layout (little-endian): `ALMFACT1`, the schema version (i64), the time zone, the number of
/// habits (u32); per habit its id, its token and its facts (u32 count, then per fact the day's
/// ordinal (i32), the kind (u8), the hour (i8) and the value's bits (u64)); strings and tokens as
/// a u32 length and bytes; then the SHA-256 of everything before it.
enum FactCacheFile {
    static let magic = Array("ALMFACT1".utf8)

    /// The file beside `folder` (a resolved path).
    static func path(beside folder: String) -> String {
        let url = URL(fileURLWithPath: folder)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).almanac-facts").path
    }

    /// The facts kept beside `folder`, or nil when there are none that read back whole.
    static func read(beside folder: String) -> FactCache? {
        guard let data = FileManager.default.contents(atPath: path(beside: folder)) else { return nil }
        return decode(Array(data))
    }

    /// Keeps `cache` beside `folder`: a temporary file renamed over the previous one. Not flushed
    /// to disk: a file torn by a crash fails its checksum and is ignored. A folder whose parent
    /// cannot be written keeps nothing.
    static func write(_ cache: FactCache, beside folder: String) {
        let target = path(beside: folder)
        let temporary = AtomicFile.temporaryPath(for: target)
        // The temporary files of this one that killed runs left go first.
        let url = URL(fileURLWithPath: target)
        Leftovers.remove(in: url.deletingLastPathComponent().path, recursive: false, prefix: "." + url.lastPathComponent + Leftovers.marker)
        let bytes = encode(cache)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        let complete = bytes.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                offset += n
            }
            return true
        }
        close(fd)
        if !complete || rename(temporary, target) != 0 { unlink(temporary) }
    }

    static func encode(_ cache: FactCache) -> [UInt8] {
        let habits = cache.habits.sorted(by: { $0.key < $1.key })
        let size = magic.count + 8 + 4 + cache.timeZone.utf8.count + 4
            + habits.reduce(0) { $0 + 12 + $1.key.utf8.count + $1.value.token.count + $1.value.facts.count * 14 }
        var out = [UInt8](repeating: 0, count: size)
        out.withUnsafeMutableBytes { raw in
            var offset = 0
            func integer<T: FixedWidthInteger>(_ value: T) {
                raw.storeBytes(of: value.littleEndian, toByteOffset: offset, as: T.self)
                offset += MemoryLayout<T>.size
            }
            func bytes<C: Collection<UInt8>>(_ value: C) {
                integer(UInt32(value.count))
                for byte in value { raw[offset] = byte; offset += 1 }
            }
            for byte in magic { raw[offset] = byte; offset += 1 }
            integer(cache.schema)
            bytes(cache.timeZone.utf8)
            integer(UInt32(habits.count))
            for (id, habit) in habits {
                bytes(id.utf8)
                bytes(habit.token)
                integer(UInt32(habit.facts.count))
                for (fact, hour) in zip(habit.facts, habit.hours) {
                    integer(Int32(fact.day.ordinal))
                    integer(UInt8(fact.kind == .skip ? 1 : 0))
                    integer(UInt8(bitPattern: hour))
                    integer(fact.value.bitPattern)
                }
            }
            precondition(offset == size)
        }
        out.append(contentsOf: SHA256.hash(data: out))
        return out
    }

    static func decode(_ data: [UInt8]) -> FactCache? {
        guard data.count >= magic.count + 32, data.starts(with: magic) else { return nil }
        let body = data.count - 32
        guard Array(SHA256.hash(data: data[..<body])) == Array(data[body...]) else { return nil }
        return data.withUnsafeBytes { raw -> FactCache? in
            var offset = magic.count
            func integer<T: FixedWidthInteger>(_: T.Type) -> T? {
                guard body - offset >= MemoryLayout<T>.size else { return nil }
                defer { offset += MemoryLayout<T>.size }
                return T(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: T.self))
            }
            func bytes() -> [UInt8]? {
                guard let count = integer(UInt32.self).map(Int.init), body - offset >= count else { return nil }
                defer { offset += count }
                return Array(raw[offset..<offset + count])
            }
            guard let schema = integer(Int64.self), let zone = bytes(), let count = integer(UInt32.self) else { return nil }
            let days = DayKey(year: 1, month: 1, day: 1)!.ordinal...DayKey(year: 9999, month: 12, day: 31)!.ordinal
            var habits: [String: HabitFacts] = [:]
            for _ in 0..<count {
                guard let id = bytes(), let token = bytes(), let facts = integer(UInt32.self).map(Int.init),
                      (body - offset) / 14 >= facts else { return nil }
                var habit = HabitFacts(token: token, facts: [], hours: [])
                habit.facts.reserveCapacity(facts); habit.hours.reserveCapacity(facts)
                for _ in 0..<facts {
                    let ordinal = Int(integer(Int32.self)!), kind = integer(UInt8.self)!, hour = Int8(bitPattern: integer(UInt8.self)!)
                    let value = Double(bitPattern: integer(UInt64.self)!)
                    // Only what a store's rows could give: a real calendar day, a known kind and hour.
                    guard kind <= 1, hour >= -1, hour < 24, days.contains(ordinal) else { return nil }
                    habit.facts.append(DayFact(day: DayKey(ordinal: ordinal), kind: kind == 1 ? .skip : .check, value: value))
                    habit.hours.append(hour)
                }
                habits[String(decoding: id, as: UTF8.self)] = habit
            }
            guard offset == body else { return nil }
            return FactCache(schema: schema, timeZone: String(decoding: zone, as: UTF8.self), habits: habits)
        }
    }
}
