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
        // The index gives the tokens before any fact is decoded.
        #expect(FactCacheFile.index(bytes)?.tokens == Self.cache.tokens)
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

    /// A file whose checksum is right but that names a habit twice is not used: its index would
    /// give one habit's token and its facts another's.
    @Test func aFileNamingAHabitTwiceIsNotUsed() throws {
        var bytes = FactCacheFile.encode(Self.cache)
        // Habit "b"'s id (a u32 length of 1, then the letter) becomes "a".
        let b: [UInt8] = [1, 0, 0, 0, UInt8(ascii: "b")]
        let at = try #require((0...(bytes.count - b.count)).first { Array(bytes[$0..<$0 + b.count]) == b })
        bytes[at + 4] = UInt8(ascii: "a")
        bytes.removeLast(4)
        KeptBytes.seal(&bytes)
        #expect(KeptBytes.checkedLength(of: bytes, magic: FactCacheFile.magic) != nil)
        #expect(FactCacheFile.index(bytes) == nil)
        #expect(FactCacheFile.decode(bytes) == nil)
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

    /// Every value a fact can hold comes back with its exact bits, in any order of days: the
    /// compact forms (the value 1, whole numbers) and the eight-byte one.
    @Test func everyValueAndOrderReadsBackExactly() {
        var random = SeededGenerator(seed: 11)
        let values: [Double] = [1, 0, -0.0, 2, 0.5, -1, 7, 1e300, 0x1p53, 0x1p53 - 1, 127, 128, 16383, 16384, .infinity, .nan, 1.0000000000000002]
        var habits: [String: HabitFacts] = [:]
        for index in 0..<20 {
            let count = Int.random(in: 0...300, using: &random)
            var facts: [DayFact] = [], hours: [Int8] = []
            for _ in 0..<count {
                let day = DayKey(ordinal: Int.random(in: DayKey("0001-01-01")!.ordinal...DayKey("9999-12-31")!.ordinal, using: &random))
                let value = Bool.random(using: &random) ? values.randomElement(using: &random)! : Double(Int.random(in: 0...100_000, using: &random)) / 4
                facts.append(DayFact(day: day, kind: Bool.random(using: &random) ? .check : .skip, value: value))
                hours.append(Int8.random(in: -1...23, using: &random))
            }
            habits["habit-\(index)"] = HabitFacts(token: (0..<Int.random(in: 0...20, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) },
                                                  facts: facts, hours: hours)
        }
        let cache = FactCache(schema: 3, timeZone: "America/New_York", habits: habits)
        let decoded = FactCacheFile.decode(FactCacheFile.encode(cache))
        #expect(decoded?.habits.keys.sorted() == cache.habits.keys.sorted())
        for (id, habit) in cache.habits {
            let back = decoded?.habits[id]
            #expect(back?.token == habit.token && back?.hours == habit.hours)
            #expect(back?.facts.map(\.day) == habit.facts.map(\.day) && back?.facts.map(\.kind) == habit.facts.map(\.kind))
            #expect(back?.facts.map(\.value.bitPattern) == habit.facts.map(\.value.bitPattern))
        }
    }

    /// The next file takes each habit's encoded facts from the kept one when its facts are the
    /// same, and gives the bytes a fresh encoding gives: for a habit with other facts (another
    /// value, another day of the same count, another hour), a new one and one gone.
    @Test func keptFactsAreTakenAgainOnlyWhereTheSame() throws {
        let kept = try #require(FactCacheFile.decodeKept(FactCacheFile.encode(Self.cache)))
        var next = kept.cache
        #expect(FactCacheFile.encode(next, reusing: kept) == FactCacheFile.encode(next))
        for change in 0..<4 {
            next = kept.cache
            switch change {
            case 0: next.habits["a"]!.facts[0].value = 3
            case 1: next.habits["a"]!.facts[1].day = DayKey("2026-12-25")!
            case 2: next.habits["a"]!.hours[2] = 22
            default:
                next.habits["b"] = nil
                next.habits["c"] = HabitFacts(token: [9], facts: [DayFact(day: DayKey("2025-01-01")!, kind: .check, value: 1)], hours: [-1])
            }
            let bytes = FactCacheFile.encode(next, reusing: kept)
            #expect(bytes == FactCacheFile.encode(next), "change \(change)")
            #expect(FactCacheFile.decode(bytes) == next, "change \(change)")
        }
    }
}

