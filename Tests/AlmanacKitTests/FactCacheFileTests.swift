@testable import AlmanacKit
import AlmanacDomain
import AlmanacStorage
import Testing

/// The kept day facts' file: what is written reads back equal; a file that does not read back
/// whole, or holds what no store's rows could give, is not used.
@Suite struct FactCacheFileTests {
    static let cache = FactCache(schema: 7, timeZone: "Europe/Berlin", habits: [
        "a": HabitFacts(token: Array("0123456789ABCDEF".utf8),
                        facts: [DayFact(day: DayKey("2024-02-29")!, kind: .check, value: 2.5),
                                DayFact(day: DayKey("2026-12-24")!, kind: .skip, value: 0),
                                DayFact(day: DayKey("1970-01-01")!, kind: .check, value: -0.0)],
                        hours: [7, -1, 23]),
        "b": HabitFacts(token: [1, 2, 3], facts: [], hours: []),
    ])

    @Test func whatIsWrittenReadsBackEqual() {
        let bytes = FactCacheFile.encode(Self.cache)
        #expect(FactCacheFile.decode(bytes) == Self.cache)
        // The order of habits does not change the bytes.
        #expect(FactCacheFile.encode(Self.cache) == bytes)
    }

    @Test func aFileThatDoesNotReadBackWholeIsNotUsed() {
        let bytes = FactCacheFile.encode(Self.cache)
        #expect(FactCacheFile.decode(Array(bytes.dropLast())) == nil)
        #expect(FactCacheFile.decode(Array(bytes.prefix(40))) == nil)
        var flipped = bytes
        flipped[30] ^= 1
        #expect(FactCacheFile.decode(flipped) == nil)
        #expect(FactCacheFile.decode([]) == nil)
    }

    /// A file whose checksum is right but whose facts no store could give (a day outside the
    /// calendar, an hour of 24, an unknown kind) is not used either.
    @Test func factsNoStoreCouldGiveAreNotUsed() {
        var outside = Self.cache
        outside.habits["a"]!.facts[0].day = DayKey(ordinal: Int(Int32.max) - 1)
        #expect(FactCacheFile.decode(FactCacheFile.encode(outside)) == nil)
        var hour = Self.cache
        hour.habits["a"]!.hours[0] = 24
        #expect(FactCacheFile.decode(FactCacheFile.encode(hour)) == nil)
    }
}
