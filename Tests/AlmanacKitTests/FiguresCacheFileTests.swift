@testable import AlmanacKit
import AlmanacDomain
import AlmanacRender
import AlmanacStorage
import AlmanacTestSupport
import Testing

/// The kept figures' file: the figures of every kind of habit read back equal; a file that does
/// not read back whole, or that another build wrote, is not used; and a report takes kept
/// figures only for a series with the same bytes, so what it shows is what a fresh computation
/// shows.
@Suite struct FiguresCacheFileTests {
    /// The sample store's habits (daily, weekdays, per-week and per-month, at-least and at-most
    /// with a baseline, counts and minutes) as of a day: their series and figures by key.
    static func sample(seed: UInt64, asOf: DayKey = SampleHistory.defaultEndDay) throws -> (series: [DaySeries], figures: [String: HabitFigures]) {
        let sample = SampleHistory.generate(habits: 16, years: 3, seed: seed)
        var facts: [String: [DayFact]] = [:]
        for entry in sample.habitEntries where entry.deletedAt == nil {
            facts[entry.habitId.description, default: []].append(DayFact(day: entry.dayKey, kind: entry.kind, value: entry.value))
        }
        let snapshot = StoreSnapshot(settings: sample.settings, calendar: try StoreCalendar(settings: sample.settings), habits: sample.habits,
                                     facts: facts)
        let series = sample.habits.map { snapshot.series(of: $0, asOf: asOf) }
        var figures: [String: HabitFigures] = [:]
        for item in series {
            let key = HabitFigures.key(seriesDigest: try HabitFigures.digest(of: item), weekStart: sample.settings.weekStart)
            figures[key] = HabitFigures(series: item, weekStart: sample.settings.weekStart)
        }
        return (series, figures)
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func figuresOfEveryKindOfHabitReadBackEqual(seed: UInt64) throws {
        let figures = try Self.sample(seed: seed).figures
        #expect(figures.values.contains { $0.metrics.reduction != nil } && figures.values.contains { $0.metrics.period != nil })
        #expect(figures.values.contains { !$0.milestones.isEmpty })
        let bytes = FiguresCacheFile.encode(figures, build: "build-id 1")
        let back = try #require(FiguresCacheFile.decode(bytes, build: "build-id 1"))
        #expect(back.keys.sorted() == figures.keys.sorted())
        for (key, item) in figures {
            #expect(back[key] == item, "figures \(key)")
        }
    }

    /// Each habit's fold of the days before the as-of day reads back equal (every kind of habit,
    /// the days its streaks reached a milestone, its periods), with its key and day; a file made
    /// from the old one's bytes (the folds copied, not encoded again) is the file a fresh encoding
    /// makes.
    @Test(arguments: [1, 2] as [UInt64])
    func foldsOfEveryKindOfHabitReadBackEqual(seed: UInt64) throws {
        let figures = try Self.sample(seed: seed).figures
        var folds: [String: FiguresCacheFile.FoldToKeep] = [:]
        for (key, item) in figures {
            let fold = try #require(item.settled)
            folds["habit \(key.suffix(8))"] = .init(stamp: .init(key: "inputs \(key)", day: fold.start.adding(days: fold.count - 1)), content: .fold(fold))
        }
        func fold(_ item: FiguresCacheFile.FoldToKeep) -> DayFold? { if case .fold(let fold) = item.content { fold } else { nil } }
        #expect(folds.values.contains { !(fold($0)?.byDay ?? true) } && folds.values.contains { !(fold($0)?.milestones.isEmpty ?? true) })
        let bytes = FiguresCacheFile.encode(figures, folds: folds, build: "build-id 1")
        let index = try #require(FiguresCacheFile.index(bytes, build: "build-id 1"))
        #expect(Set(index.folds.keys) == Set(folds.keys))
        for (id, kept) in index.folds {
            #expect(kept.stamp.key == folds[id]?.stamp.key && kept.stamp.day == folds[id]?.stamp.day, "\(id)")
            #expect(try FiguresCacheFile.decodeFold(bytes, block: kept.block) == folds[id].flatMap(fold), "\(id)")
        }
        let old = FiguresCacheFile.Kept(bytes: bytes, blocks: index.blocks, seriesDigests: index.series, folds: index.folds)
        let copied = index.folds.mapValues { FiguresCacheFile.FoldToKeep(stamp: $0.stamp, content: .encoded(bytes[$0.block])) }
        #expect(FiguresCacheFile.encode(figures, folds: copied, reusing: old, build: "build-id 1") == bytes)
    }

    @Test func aFileThatDoesNotReadBackWholeOrIsAnotherBuildsIsNotUsed() throws {
        let bytes = FiguresCacheFile.encode(try Self.sample(seed: 4).figures, build: "build-id 1")
        #expect(FiguresCacheFile.decode(bytes, build: "build-id 2") == nil)
        #expect(FiguresCacheFile.decode(Array(bytes.dropLast()), build: "build-id 1") == nil)
        var flipped = bytes
        flipped[bytes.count / 2] ^= 1
        #expect(FiguresCacheFile.decode(flipped, build: "build-id 1") == nil)
        #expect(FiguresCacheFile.decode([], build: "build-id 1") == nil)
    }

    /// Any change to a series (another day, a value, the habit) gives another key, so figures
    /// kept for the old series are never taken for the new one.
    @Test func aChangedSeriesHasAnotherKey() throws {
        let before = try Self.sample(seed: 5)
        let after = try Self.sample(seed: 5, asOf: SampleHistory.defaultEndDay.adding(days: 1))
        let keysBefore = Set(before.figures.keys), keysAfter = Set(after.figures.keys)
        #expect(keysBefore.isDisjoint(with: keysAfter))
        // The same series, the same key: what a re-run takes.
        #expect(try Self.sample(seed: 5).figures.keys.sorted() == keysBefore.sorted())
    }

    /// A report reads the file once and each habit's figures when it asks for them: every key
    /// the file holds gives the figures that were kept, any other gives none; a file that does
    /// not read back whole, or another build's, gives none at all.
    @Test func keptFiguresAreReadWhenAskedFor() throws {
        let folder = TemporaryFolder("figures")
        let site = folder.path("site")
        let figures = try Self.sample(seed: 6).figures
        var bytes = FiguresCacheFile.encode(figures, build: "build-id 1")
        KeptFile.prepare(bytes, for: FiguresCacheFile.path(beside: site))?.commit()
        let known = FiguresCacheFile.read(beside: site, build: "build-id 1").known
        #expect(known.keys == Set(figures.keys))
        for (key, item) in figures { #expect(known[key] == item, "figures \(key)") }
        #expect(known["monday/" + String(repeating: "0", count: 64)] == nil)
        #expect(FiguresCacheFile.read(beside: site, build: "build-id 2").known.keys.isEmpty)
        bytes[bytes.count - 40] ^= 1
        KeptFile.prepare(bytes, for: FiguresCacheFile.path(beside: site))?.commit()
        #expect(FiguresCacheFile.read(beside: site, build: "build-id 1").known.keys.isEmpty)
    }

    /// The next file copies the figures of each key the kept one holds and encodes the others:
    /// its bytes are the ones a fresh encoding gives, whatever keys the two files share.
    @Test func keptFiguresAreCopiedIntoTheNextFile() throws {
        let folder = TemporaryFolder("figures-again")
        let site = folder.path("site")
        let today = try Self.sample(seed: 7).figures
        let tomorrow = try Self.sample(seed: 7, asOf: SampleHistory.defaultEndDay.adding(days: 1)).figures
        // Kept: half of today's figures and one key the next run does not have.
        let keys = today.keys.sorted()
        var keptFigures = Dictionary(uniqueKeysWithValues: keys.prefix(keys.count / 2).map { ($0, today[$0]!) })
        let gone = tomorrow.keys.sorted()[0]
        keptFigures[gone] = tomorrow[gone]!
        KeptFile.prepare(FiguresCacheFile.encode(keptFigures, build: "build-id 1"), for: FiguresCacheFile.path(beside: site))?.commit()
        let kept = FiguresCacheFile.read(beside: site, build: "build-id 1")
        #expect(kept.blocks.count == keptFigures.count)
        for (index, figures) in [today, tomorrow, keptFigures, [:]].enumerated() {
            let bytes = FiguresCacheFile.encode(figures, reusing: kept, build: "build-id 1")
            let same = bytes == FiguresCacheFile.encode(figures, build: "build-id 1")
            let readBack = FiguresCacheFile.decode(bytes, build: "build-id 1") == figures
            #expect(same && readBack, "figures \(index)")
        }
    }

    /// The series digests kept beside the figures read back by the keys they were kept under.
    @Test func seriesDigestsReadBack() throws {
        let folder = TemporaryFolder("series-digests")
        let site = folder.path("site")
        let digests = ["a": [UInt8](repeating: 1, count: 32), "b": (0..<32).map { UInt8($0) }]
        KeptFile.prepare(FiguresCacheFile.encode(try Self.sample(seed: 8).figures, series: digests, build: "build-id 1"),
                         for: FiguresCacheFile.path(beside: site))?.commit()
        #expect(FiguresCacheFile.read(beside: site, build: "build-id 1").seriesDigests == digests)
        #expect(FiguresCacheFile.read(beside: site, build: "build-id 2").seriesDigests.isEmpty)
    }

    /// A series digest is found by the habit, the day, the change token of the habit's entries
    /// and the store's time zone and schema: a change to any of them (a renamed habit, a new
    /// entry, the next day, another zone, another schema) finds none; a habit whose entries have
    /// no token has no key.
    @Test func aSeriesDigestIsFoundOnlyByWhatTheSeriesIsMadeOf() throws {
        let habit = Habit(name: "Run", createdAt: Timestamp(iso8601: "2026-01-01T08:00:00Z")!)
        var renamed = habit
        renamed.name = "Jog"
        let day = DayKey("2026-11-20")!
        func cache(_ token: [UInt8], timeZone: String = "Europe/Berlin", schema: Int64 = 1) -> FactCache {
            FactCache(schema: schema, timeZone: timeZone, habits: [habit.id.description: HabitFacts(token: token, facts: [], hours: [])])
        }
        let inputs = SeriesInputs(facts: cache([1, 2, 3]))
        let key = try #require(inputs.key(habit, day))
        #expect(inputs.key(habit, day) == key)
        let others = [inputs.key(renamed, day), inputs.key(habit, day.adding(days: 1)),
                      SeriesInputs(facts: cache([1, 2, 4])).key(habit, day),
                      SeriesInputs(facts: cache([1, 2, 3], timeZone: "Asia/Tokyo")).key(habit, day),
                      SeriesInputs(facts: cache([1, 2, 3], schema: 2)).key(habit, day)]
        #expect(others.allSatisfy { $0 != nil && $0 != key })
        // The habits' own digests worked out ahead give the same keys, and a habit that differs
        // from the one worked out ahead is keyed as itself.
        let ahead = SeriesInputs(facts: cache([1, 2, 3]), habits: [habit])
        #expect(ahead.key(habit, day) == key && ahead.key(renamed, day) == inputs.key(renamed, day))
        #expect(SeriesInputs(facts: cache([])).key(habit, day) == nil)
        #expect(SeriesInputs(facts: nil).key(habit, day) == nil)
        // What the report takes: the kept digest for the same inputs, a computed one for others.
        let series = DaySeries(habit: habit, facts: [], createdDay: DayKey("2026-01-01")!, asOf: day)
        let kept = [UInt8](repeating: 7, count: 32)
        let known = inputs.known([key: kept])
        #expect(try known.digest(of: series) == kept)
        let later = DaySeries(habit: habit, facts: [], createdDay: DayKey("2026-01-01")!, asOf: day.adding(days: 1))
        #expect(try known.digest(of: later) == HabitFigures.digest(of: later))
    }
}

