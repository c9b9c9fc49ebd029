import AlmanacDomain
import AlmanacKit
import AlmanacStores
import AlmanacSQLite
import AlmanacTestSupport
import Foundation
import Testing
import AlmanacStorage

/// A store in a temporary folder and a clock pinned to Sunday 2026-11-22, 10:00 UTC.
struct KitFixture {
    let folder = TemporaryFolder("kit")
    let store: any AlmanacStore
    let clock = Clock.fixed(Timestamp(iso8601: "2026-11-22T10:00:00Z")!)

    init() throws {
        store = try SQLiteStore.open(path: folder.path("almanac.sqlite"), mode: .createIfMissing(Settings(timeZone: "Europe/Berlin")))
    }

    var log: HabitLog { HabitLog(store: store, clock: clock) }
    var book: HabitBook { HabitBook(store: store, clock: clock) }

    /// A fixture with a yes/no habit, Run, and a measured one, Water (glasses, 8 a day).
    static func runAndWater() throws -> KitFixture {
        let f = try KitFixture()
        _ = try f.book.add("Run", HabitChanges())
        _ = try f.book.add("Water", HabitChanges { $0.set(\.unit, .count); $0.set(\.unitLabel, "glasses"); $0.set(\.target, 8) })
        return f
    }
}

/// The use cases called in process, as a second front end would call them.
@Suite struct UseCaseTests {
    @Test func loggingAppliesTheRulesOfADay() throws {
        let f = try KitFixture.runAndWater()
        // A yes/no habit is done by default; a measured one needs a value.
        #expect(try f.log.log(.init(habit: "run")).dayTotal == 1)
        #expect(throws: LogProblem.needsValue(habit: "Water", unit: "glasses", example: 8)) {
            try f.log.log(.init(habit: "water"))
        }
        // --add sums the day; replacing keeps the old entries as history.
        _ = try f.log.log(.init(habit: "water", value: 3, mode: .add))
        #expect(try f.log.log(.init(habit: "water", value: 2, mode: .add)).dayTotal == 5)
        let replaced = try f.log.log(.init(habit: "water", value: 8))
        #expect(replaced.dayTotal == 8 && replaced.replaced == 2)
        // Only skips can be planned ahead.
        let tomorrow = DayKey("2026-11-23")!
        #expect(throws: LogProblem.future(tomorrow, today: DayKey("2026-11-22")!)) {
            try f.log.log(.init(habit: "run", days: .day(tomorrow)))
        }
        let vacation = try f.log.log(.init(habit: "run", days: .range(tomorrow, DayKey("2026-11-30")!), mode: .skip))
        #expect(vacation.days.count == 8)
    }

    @Test func unlogRefusesADayWithNothingLogged() throws {
        let f = try KitFixture()
        _ = try f.book.add("Run", HabitChanges())
        _ = try f.log.log(.init(habit: "run"))
        #expect(try f.log.unlog(habit: "RUN", days: .today).removed == 1)
        #expect(throws: AlmanacError.refused("Run has nothing logged today.")) { try f.log.unlog(habit: "run", days: .today) }
    }

    @Test func daySelectionsRunForwardAndLogsCoverAtMostTenYears() throws {
        let today = DayKey("2026-11-22")!
        #expect(try DaySelection.today.days(today: today) == [today])
        #expect(try DaySelection.daysAgo(2).days(today: today) == [DayKey("2026-11-20")!])
        #expect(throws: DayRangeProblem.reversed(today, DayKey("2026-11-01")!)) {
            try DaySelection.range(today, DayKey("2026-11-01")!).days(today: today)
        }
        let long = try DaySelection.range(DayKey("2000-01-01")!, today).days(today: today)
        #expect(throws: LogProblem.tooManyDays(long.count, max: 3_660)) { try LogRules.check(days: long) }
    }

    @Test func statusCountsTheDueHabitsOfTheDay() throws {
        let f = try KitFixture()
        _ = try f.book.add("Run", HabitChanges { $0.set(\.frequency, .weekdays([.monday])) })
        _ = try f.book.add("Read", HabitChanges())
        _ = try f.log.log(.init(habit: "read"))
        let status = try StatusReport(store: f.store, asOf: nil, clock: f.clock)
        #expect(status.asOf == DayKey("2026-11-22")!)   // a Sunday: Run is not due
        #expect(status.done == 1 && status.total == 1)
        #expect(status.habits.map(\.name) == ["Run", "Read"])
        #expect(status.habits.map(\.today.state) == [.unscheduled, .done])
    }

    @Test func newHabitsGetDistinctColours() throws {
        let f = try KitFixture()
        let n = HabitPalette.colors.count
        let colours = try (0...n).map { try f.book.add("Habit \($0)", HabitChanges()).color }
        #expect(Array(colours.prefix(n)) == HabitPalette.colors)
        #expect(colours[n] == HabitPalette.colors[0])   // then round again
        #expect(try f.book.add("Mine", HabitChanges { $0.set(\.color, "#123456") }).color == "#123456")
    }

    @Test func habitsGoIntoCategoriesByNameAndLeaveThemWhenTheyAreDeleted() throws {
        let f = try KitFixture()
        let categories = CategoryBook(store: f.store, clock: f.clock)
        #expect(throws: DomainError.notFound(kind: "category", name: "Health", suggestions: [])) {
            try f.book.add("Run", HabitChanges(category: "Health"))
        }
        _ = try categories.add("Health")
        #expect(throws: DomainError.refused("A category named \"Health\" already exists; choose another name.")) { try categories.add("HEALTH") }
        let run = try f.book.add("Run", HabitChanges(category: "Health") { $0.set(\.weight, 3) })
        for bad in [0, 11, 2.5] {
            #expect(throws: DomainError.self) { try f.book.edit("run", HabitChanges { $0.set(\.weight, bad) }) }
        }
        #expect(try f.book.categoryName(of: run) == "Health")
        let walk = try f.book.add("Walk", HabitChanges(category: "health"))
        #expect(walk.categoryId == run.categoryId)
        let edited = try f.book.edit("walk", HabitChanges(category: "") { $0.set(\.name, "Long walk") })
        #expect(edited.name == "Long walk" && edited.categoryId == nil)
        #expect(throws: AlmanacError.needsConfirmation("Deleting removes Run's definition (its entries stay as history)")) {
            try f.book.delete("run", confirmed: false)
        }
        _ = try categories.rename("health", to: "Body")
        #expect(try categories.list().map { "\($0.name) \($0.habits)" } == ["Body 1"])
        let deleted = try categories.delete("body")
        let runAfter = try f.store.habit(named: "Run")
        #expect(deleted.habits == 1 && runAfter.categoryId == nil)
        let left = try categories.list(), habits = try f.store.habits()
        #expect(left.isEmpty && habits.count == 2)
    }

    @Test func backupAndRestoreRoundTripThroughTheLibrary() throws {
        let f = try KitFixture()
        _ = try f.book.add("Run", HabitChanges())
        _ = try f.log.log(.init(habit: "run", note: "5k"))
        try FileManager.default.createDirectory(atPath: f.folder.path("backups"), withIntermediateDirectories: false)
        let path = f.folder.path("backups/b.json")
        let written = try BackupExport(store: f.store, clock: f.clock).run(to: .file(path))
        #expect(written.counts[.habits] == 1 && written.counts[.habitEntries] == 1 && written.bytes > 0)
        let copy = try StoreLocation(path: f.folder.path("copy.sqlite"), kinds: StoreKinds.builtIn)
        let restored = try BackupRestore(location: copy, file: path, mode: .merge, dryRun: false, clock: f.clock).run()
        #expect(restored.createdStore && restored.outcome.counts[.habitEntries]?.added == 1)
        let again = try BackupRestore(location: copy, file: path, mode: .merge, dryRun: false, clock: f.clock).run()
        #expect(again.outcome.changed == 0)
        // A refused backup names the file and the JSON path.
        try Data(#"{"format":"almanac-backup","version":1}"#.utf8).write(to: URL(fileURLWithPath: f.folder.path("bad.json")))
        let refusal = #expect(throws: AlmanacError.self) {
            try BackupRestore(location: copy, file: f.folder.path("bad.json"), mode: .merge, dryRun: false, clock: f.clock).run()
        }
        guard case .backup(let file, let problem)? = refusal else { Issue.record("\(String(describing: refusal))"); return }
        #expect(file.hasSuffix("bad.json") && problem.message == "exportedAt is missing.")
    }

    @Test func aReportWritesItsManifestLastAndKeepsUnchangedFiles() throws {
        let f = try KitFixture()
        _ = try f.book.add("Run", HabitChanges())
        _ = try f.log.log(.init(habit: "run"))
        let request = SiteReport.Request(out: f.folder.path("site"))
        let first = try SiteReport(store: f.store, request: request, clock: f.clock).run()
        #expect(first.written == first.files - 1 && first.removed == 0)
        let second = try SiteReport(store: f.store, request: request, clock: f.clock).run()
        #expect(second.written == 0 && second.unchanged == first.files - 1)
        let manifest = try JSONDecoder().decode(SiteManifest.self, from: Data(contentsOf: URL(fileURLWithPath: f.folder.path("site/manifest.json"))))
        #expect(manifest.asOf == "2026-11-22" && manifest.files.count == first.files - 1)
    }
}
