@testable import AlmanacRender
import AlmanacDomain
import Foundation
import Testing

/// The heatmaps of the years before the report's are a part of the site of their own
/// (`HabitPastYears`), made from the habit's days through the end of those years only: they
/// must be the heatmaps the habit's whole series gives, and their key must hold while the day
/// moves on.
@Suite struct PastYearsTests {
    static let asOf = DayKey("2026-11-20")!

    /// The habit's files and its earlier years as of a day, from its entries.
    func parts(_ habit: Habit, _ entries: [HabitEntry], created: DayKey, asOf: DayKey, archived: DayKey? = nil)
        throws -> (files: HabitFiles, past: HabitPastYears?) {
        let facts = entries.map { DayFact(day: $0.dayKey, kind: $0.kind, value: $0.value) }
        let series: @Sendable (DayKey) -> DaySeries = { DaySeries(habit: habit, facts: facts, createdDay: created, asOf: $0) }
        let files = try HabitFiles(habit: habit, slug: "habit", series: series(asOf), archivedDay: archived, weekStart: .monday, asOf: asOf,
                                   baseURL: nil, hours: nil, category: nil, notes: [], difficulty: [])
        return (files, try HabitPastYears(files: files, series: series))
    }

    /// A sample store's habits, each with its live entries' day facts and the day it was created.
    static func sampleHabits(habits: Int, years: Int, seed: UInt64) throws -> [(habit: Habit, facts: [DayFact], created: DayKey)] {
        let sample = SampleHistory.generate(habits: habits, years: years, seed: seed)
        let calendar = try StoreCalendar(settings: sample.settings)
        return sample.habits.map { habit in
            (habit, sample.habitEntries.filter { $0.habitId == habit.id && $0.deletedAt == nil }
                .map { DayFact(day: $0.dayKey, kind: $0.kind, value: $0.value) }, calendar.dayKey(for: habit.createdAt))
        }
    }

    /// Every earlier year's heatmap, drawn from the days through that year's end, is the one
    /// drawn from the whole series as of the report's day.
    func expectSameHeatmaps(_ files: HabitFiles, _ past: HabitPastYears?, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let years = (files.years.map(Array.init) ?? []).filter { $0 < files.asOf.year }
        #expect(past.map { Array($0.years) } ?? [] == years, sourceLocation: sourceLocation)
        for (page, year) in zip(past?.pages() ?? [], years) {
            let whole = HeatmapSVG.habit(files.series, year: year, slug: files.slug, weekStart: files.weekStart,
                                         archivedDay: files.archivedDay, through: files.asOf)
            #expect(page.path == "heatmaps/habit-\(year).svg", sourceLocation: sourceLocation)
            #expect(try page.render(.builtIn()) == whole.draw(), "\(year)", sourceLocation: sourceLocation)
        }
    }

    @Test func earlierYearsAreTheHeatmapsOfTheWholeSeries() throws {
        let sample = SampleHistory.generate(habits: 8, years: 4, seed: 3)
        let calendar = try StoreCalendar(settings: sample.settings)
        for habit in sample.habits {
            let entries = sample.habitEntries.filter { $0.habitId == habit.id && $0.deletedAt == nil }
            let created = calendar.dayKey(for: habit.createdAt)
            // Within a year, on its first day, and archived two years back.
            for asOf in [Self.asOf, DayKey("2027-01-01")!, DayKey("2024-12-31")!] {
                let (files, past) = try parts(habit, entries, created: created, asOf: asOf)
                try expectSameHeatmaps(files, past)
            }
            let (files, past) = try parts(habit, entries, created: created, asOf: Self.asOf, archived: DayKey("2024-08-15")!)
            #expect(past?.years.upperBound == 2024)
            try expectSameHeatmaps(files, past)
        }
    }

    /// The last day of an earlier year, due and not logged, is "nothing logged" — not the
    /// report's day, "not logged yet" — though the part's series ends on it.
    @Test func theLastDayOfAnEarlierYearIsNotTheReportsDay() throws {
        let habit = Habit(name: "Read", createdAt: Timestamp(iso8601: "2025-06-01T08:00:00Z")!)
        let entries = ["2025-06-02", "2025-12-30", "2026-01-02"].map {
            HabitEntry(habitId: habit.id, dayKey: DayKey($0)!, timestampUtc: Timestamp(millis: 0), value: 1)
        }
        let (files, past) = try parts(habit, entries, created: DayKey("2025-06-01")!, asOf: DayKey("2026-03-01")!)
        try expectSameHeatmaps(files, past)
        let svg = String(decoding: try #require(past?.pages().first).render(.builtIn()), as: UTF8.self)
        #expect(svg.contains("2025-12-31 · nothing logged"))
        #expect(!svg.contains("not logged yet"))
    }

    @Test func theKeyHoldsWhileTheDayMovesOnAndChangesWithAnEarlierDay() throws {
        let habit = Habit(name: "Read", createdAt: Timestamp(iso8601: "2024-03-01T08:00:00Z")!)
        let created = DayKey("2024-03-01")!
        func entry(_ day: String) -> HabitEntry { HabitEntry(habitId: habit.id, dayKey: DayKey(day)!, timestampUtc: Timestamp(millis: 0), value: 1) }
        let entries = ["2024-03-02", "2025-07-04", "2026-11-19"].map(entry)
        func key(_ entries: [HabitEntry], asOf: String) throws -> String {
            try #require(try parts(habit, entries, created: created, asOf: DayKey(asOf)!).past).key(renderer: "test", templates: .builtIn())
        }
        let base = try key(entries, asOf: "2026-11-20")
        #expect(try key(entries, asOf: "2026-11-21") == base)
        #expect(try key(entries + [entry("2026-11-20")], asOf: "2026-11-20") == base)
        #expect(try key(entries + [entry("2025-07-05")], asOf: "2026-11-20") != base)
        #expect(try key(entries, asOf: "2027-01-01") != base)   // 2026 is now an earlier year
    }

    /// With its series' digest known from an earlier run, the part makes its series only when
    /// its heatmaps are drawn, and they are the heatmaps it draws when it made the series for
    /// its digest.
    @Test func aKnownDigestLeavesTheSeriesToBeMadeWhenTheHeatmapsAreDrawn() throws {
        for (habit, facts, created) in try Self.sampleHabits(habits: 3, years: 3, seed: 5) {
            let made = Counter()
            let series: @Sendable (DayKey) -> DaySeries = { made.add(); return DaySeries(habit: habit, facts: facts, createdDay: created, asOf: $0) }
            let files = try HabitFiles(habit: habit, slug: "habit", series: series(Self.asOf), archivedDay: nil, weekStart: .monday, asOf: Self.asOf,
                                       baseURL: nil, hours: nil, category: nil, notes: [], difficulty: [])
            let unknown = try #require(try HabitPastYears(files: files, series: series))
            let digest = unknown.seriesDigest, through = unknown.through
            let before = made.count
            let known = try #require(try HabitPastYears(files: files, knownSeries: KnownSeriesDigests { $0.id == habit.id && $1 == through ? digest : nil },
                                                        series: series))
            #expect(made.count == before)
            #expect(try known.key(renderer: "test", templates: .builtIn()) == unknown.key(renderer: "test", templates: .builtIn()))
            let drawn = try known.pages().map { try $0.render(.builtIn()) }
            #expect(made.count == before + 1)
            #expect(try drawn == unknown.pages().map { try $0.render(.builtIn()) })
        }
    }

    /// A habit's files made with figures an earlier run kept (read back without the day scores,
    /// which the strength chart then computes) are the files made with figures computed now
    /// (whose scores the chart takes).
    @Test func keptFiguresWithoutScoresGiveTheSameFiles() throws {
        for (habit, facts, created) in try Self.sampleHabits(habits: 4, years: 2, seed: 7) {
            func files(_ known: KnownFigures) throws -> HabitFiles { try Self.files(habit, facts, created, known: known) }
            let fresh = try files(.none)
            #expect(fresh.figures.scores != nil)
            let kept = HabitFigures(metrics: fresh.figures.metrics, milestones: fresh.figures.milestones, streakDays: fresh.figures.streakDays)
            let reused = try files(KnownFigures([fresh.figuresKey: kept]))
            #expect(reused.figures.scores == nil)
            #expect(try reused.pages().map { try $0.render(.builtIn()) } == fresh.pages().map { try $0.render(.builtIn()) }, "\(habit.name)")
        }
    }

    /// A habit's files made with figures that start from the fold an earlier day kept (the day
    /// before, a week before) are the files made with figures computed from every day; a fold
    /// that cannot start the series (a later day's) is not taken.
    @Test func figuresFromAKeptFoldGiveTheSameFiles() throws {
        for (habit, facts, created) in try Self.sampleHabits(habits: 4, years: 2, seed: 11) {
            func files(_ folds: KnownFolds) throws -> HabitFiles { try Self.files(habit, facts, created, folds: folds) }
            let fresh = try files(.none)
            for earlier in [-1, -7, 1].map({ Self.asOf.adding(days: $0) }) {
                let kept = HabitFigures(series: DaySeries(habit: habit, facts: facts, createdDay: created, asOf: earlier), weekStart: .monday).settled
                let resumed = try files(KnownFolds { _ in kept })
                #expect(resumed.figures == fresh.figures, "\(habit.name) from \(earlier)")
                #expect(resumed.figures.settled == fresh.figures.settled, "\(habit.name) from \(earlier)")
                #expect(try resumed.pages().map { try $0.render(.builtIn()) } == fresh.pages().map { try $0.render(.builtIn()) },
                        "\(habit.name) from \(earlier)")
            }
        }
    }
}

extension PastYearsTests {
    /// A habit's files as of `asOf`, with figures an earlier run kept or the fold it kept.
    static func files(_ habit: Habit, _ facts: [DayFact], _ created: DayKey, known: KnownFigures = .none, folds: KnownFolds = .none) throws -> HabitFiles {
        try HabitFiles(habit: habit, slug: "habit", series: DaySeries(habit: habit, facts: facts, createdDay: created, asOf: asOf),
                       archivedDay: nil, weekStart: .monday, asOf: asOf, baseURL: nil, hours: nil, category: nil, notes: [], difficulty: [],
                       known: known, knownFolds: folds)
    }
}

/// Counts calls from any thread.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var calls = 0
    func add() { lock.withLock { calls += 1 } }
    var count: Int { lock.withLock { calls } }
}
