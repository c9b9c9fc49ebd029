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
        let series: @Sendable (DayKey) -> DaySeries = { DaySeries(habit: habit, facts: facts, createdDay: created, asOf: $0, today: asOf) }
        let files = try HabitFiles(habit: habit, slug: "habit", series: series(asOf), archivedDay: archived, weekStart: .monday, asOf: asOf, dayName: "Today",
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
}
