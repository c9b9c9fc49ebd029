import AlmanacDomain
import AlmanacKit
import AlmanacStores
import AlmanacTestSupport
import Foundation
import SwiftCSV
import Testing
import AlmanacStorage

/// `report` and `export csv` read the store once, in one read transaction: a `log` that another
/// connection commits while they read is in none of the files they write (and in all of them
/// the next time), on both backends.
@Suite struct OneSnapshotTests {
    static let today = DayKey("2026-11-22")!

    /// A store with a habit logged on the two days before today, and a second connection that
    /// logs it today.
    struct Race {
        let folder = TemporaryFolder("race")
        let store: any AlmanacStore
        let other: any AlmanacStore
        let clock = Clock.fixed(Timestamp(iso8601: "2026-11-22T10:00:00Z")!)
        let habit: Habit

        init(_ backend: TestBackend) throws {
            let location = try StoreLocation(path: backend.newStore(in: folder), kinds: StoreKinds.builtIn)
            store = try location.create(settings: Settings(timeZone: "UTC"))
            _ = try HabitBook(store: store, clock: clock).add("Run", HabitChanges())
            habit = try store.habit(named: "run")
            for back in 1...2 { _ = try HabitLog(store: store, clock: clock).log(.init(habit: "run", days: .daysAgo(back))) }
            other = try location.open()
        }

        /// The store as `command` sees it: right after its first read, `other` logs today.
        func racing() -> any AlmanacStore {
            RacingStore(inner: store) {
                _ = try HabitLog(store: other, clock: clock).log(.init(habit: "run"))
            }
        }
    }

    @Test(arguments: TestBackend.available) func aReportShowsTheStoreOfOneMoment(_ backend: TestBackend) throws {
        let race = try Race(backend)
        let racing = race.racing() as! RacingStore
        let out = race.folder.path("site")
        _ = try SiteReport(store: racing, request: .init(out: out), clock: race.clock).run()
        #expect(racing.readings == 1 && racing.raced)
        // Every file shows the store before today's log…
        func text(_ path: String) -> String { String(decoding: race.folder.bytes("site/\(path)"), as: UTF8.self) }
        #expect(text("index.md").contains("0 of 1 due done"), "\(text("index.md").prefix(300))")
        #expect(text("habits/run.md").contains("**Check-ins:** 2"))
        #expect(text("heatmaps/run-2026.svg").contains(#/<use href="#l0" [^>]*><title>2026-11-22 · not logged yet/#))
        #expect(text("charts/run-month.svg").contains("2 days done so far this month"))
        // …and the next report shows it in every file.
        _ = try SiteReport(store: race.store, request: .init(out: out), clock: race.clock).run()
        #expect(text("index.md").contains("1 of 1 due done"))
        #expect(text("habits/run.md").contains("**Check-ins:** 3"))
        #expect(text("heatmaps/run-2026.svg").contains(#/<use href="#l[1-4]" [^>]*><title>2026-11-22 · done/#))
        #expect(text("charts/run-month.svg").contains("3 days done so far this month"))
    }

    @Test(arguments: TestBackend.available) func anExportShowsTheStoreOfOneMoment(_ backend: TestBackend) throws {
        let race = try Race(backend)
        let racing = race.racing() as! RacingStore
        let out = race.folder.path("csv")
        try CSVExport(store: racing, out: out, asOf: nil, clock: race.clock, byteOrderMark: false).run()
        #expect(racing.readings == 1 && racing.raced)
        func csv(_ name: String) throws -> CSV<Named> { try CSV<Named>(url: URL(fileURLWithPath: "\(out)/\(name)")) }
        #expect(try csv("entries.csv").rows.count == 2)
        #expect(try csv("habits.csv").rows.first?["total_checkins"] == "2")
        #expect(try csv("daily.csv").rows.last?["date"] == "2026-11-22" && csv("daily.csv").rows.last?["Run"] == "")
        try CSVExport(store: race.store, out: out, asOf: nil, clock: race.clock, byteOrderMark: false).run()
        #expect(try csv("entries.csv").rows.count == 3)
        #expect(try csv("habits.csv").rows.first?["total_checkins"] == "3")
        #expect(try csv("daily.csv").rows.last?["Run"] == "1")
    }
}

/// A real store that counts the read transactions a command opens and lets `race` write through
/// another connection right after the first read of the first one — the moment a `log` racing
/// the command would land.
final class RacingStore: AlmanacStore, @unchecked Sendable {
    let inner: any AlmanacStore
    let race: () throws -> Void
    private(set) var readings = 0
    private(set) var raced = false

    init(inner: any AlmanacStore, race: @escaping () throws -> Void) { self.inner = inner; self.race = race }

    func reading<T>(_ body: (any StoreReading) throws -> T) throws -> T {
        readings += 1
        return try inner.reading { view in try body(racing(view)) }
    }

    func readingOnTwoCores<T>(_ body: (any StoreReading) throws -> T) throws -> T {
        readings += 1
        return try inner.readingOnTwoCores { view in try body(racing(view)) }
    }

    private func racing(_ view: any StoreReading) -> RacingReading {
        RacingReading(inner: view) { [self] in
            if !raced { raced = true; try race() }
        }
    }

    var location: String { inner.location }
    func close() throws { try inner.close() }
    func updateSettings(_ settings: Settings) throws { try inner.updateSettings(settings) }
    func addHabit(_ draft: Habit) throws -> Habit { try inner.addHabit(draft) }
    func updateHabit(_ edited: Habit, now: Timestamp) throws { try inner.updateHabit(edited, now: now) }
    func archiveHabit(id: EntityID, now: Timestamp) throws { try inner.archiveHabit(id: id, now: now) }
    func unarchiveHabit(id: EntityID, now: Timestamp) throws { try inner.unarchiveHabit(id: id, now: now) }
    func deleteHabit(id: EntityID) throws -> Int { try inner.deleteHabit(id: id) }
    func addCategory(named name: String, now: Timestamp) throws -> AlmanacDomain.Category { try inner.addCategory(named: name, now: now) }
    func renameCategory(id: EntityID, to name: String, now: Timestamp) throws { try inner.renameCategory(id: id, to: name, now: now) }
    func deleteCategory(id: EntityID, now: Timestamp) throws -> Int { try inner.deleteCategory(id: id, now: now) }
    func saveGoal(_ goal: Goal, now: Timestamp) throws { try inner.saveGoal(goal, now: now) }
    func deleteGoal(id: EntityID) throws { try inner.deleteGoal(id: id) }
    func log(_ plans: [LogPlan], now: Timestamp) throws -> [LogOutcome] { try inner.log(plans, now: now) }
    func unlog(habitId: EntityID, days: [DayKey], now: Timestamp) throws -> Int { try inner.unlog(habitId: habitId, days: days, now: now) }
    func addJournal(_ draft: JournalEntry) throws -> JournalEntry { try inner.addJournal(draft) }
    func replaceJournal(id: EntityID, with draft: JournalEntry, now: Timestamp) throws -> JournalEntry {
        try inner.replaceJournal(id: id, with: draft, now: now)
    }
    func deleteJournal(id: EntityID, now: Timestamp) throws { try inner.deleteJournal(id: id, now: now) }
    func addWellbeing(_ draft: WellbeingEntry) throws -> WellbeingEntry { try inner.addWellbeing(draft) }
    func replaceWellbeing(id: EntityID, with draft: WellbeingEntry, now: Timestamp) throws -> WellbeingEntry {
        try inner.replaceWellbeing(id: id, with: draft, now: now)
    }
    func deleteWellbeing(id: EntityID, now: Timestamp) throws { try inner.deleteWellbeing(id: id, now: now) }
    func restore(_ contents: StoreContents, mode: RestoreMode, dryRun: Bool) throws -> RestoreOutcome {
        try inner.restore(contents, mode: mode, dryRun: dryRun)
    }
    func applyPlan<Result>(dryRun: Bool, _ plan: (any StoreReading) throws -> (rows: StoreChanges, result: Result)) throws -> Result {
        try inner.applyPlan(dryRun: dryRun, plan)
    }
    func rowCounts() throws -> [BackupFormat.Section: Int] { try inner.rowCounts() }
}

/// Passes every read through, calling `afterRead` after each.
struct RacingReading: StoreReading {
    let inner: any StoreReading
    let afterRead: () throws -> Void

    private func read<T>(_ body: () throws -> T) throws -> T {
        let value = try body()
        try afterRead()
        return value
    }

    func settings() throws -> Settings { try read { try inner.settings() } }
    func habits(includeArchived: Bool) throws -> [Habit] { try read { try inner.habits(includeArchived: includeArchived) } }
    func habit(id: EntityID) throws -> Habit? { try read { try inner.habit(id: id) } }
    func categories() throws -> [AlmanacDomain.Category] { try read { try inner.categories() } }
    func goals() throws -> [Goal] { try read { try inner.goals() } }
    func sources() throws -> [FollowedSource] { try read { try inner.sources() } }
    func snapshot(through day: DayKey?, hours: Bool) throws -> StoreSnapshot { try read { try inner.snapshot(through: day, hours: hours) } }
    func entries(habitId: EntityID, from: DayKey?, to: DayKey?, includeDeleted: Bool) throws -> [HabitEntry] {
        try read { try inner.entries(habitId: habitId, from: from, to: to, includeDeleted: includeDeleted) }
    }
    func entries(habitIds: Set<EntityID>) throws -> [HabitEntry] { try read { try inner.entries(habitIds: habitIds) } }
    func existingIDs(_ ids: [EntityID], in section: BackupFormat.Section) throws -> Set<EntityID> {
        try read { try inner.existingIDs(ids, in: section) }
    }
    func habitNotes(through day: DayKey) throws -> [String: [HabitNote]] { try read { try inner.habitNotes(through: day) } }
    func habitWrites(from first: DayKey, through last: DayKey) throws -> [String: [DayKey: Timestamp]] { try read { try inner.habitWrites(from: first, through: last) } }
    func journal(from: DayKey?, to: DayKey?) throws -> [JournalEntry] { try read { try inner.journal(from: from, to: to) } }
    func wellbeing(from: DayKey?, to: DayKey?) throws -> [WellbeingEntry] { try read { try inner.wellbeing(from: from, to: to) } }
    func forEachLiveEntry(through day: DayKey, _ body: (any RowCells) throws -> Void) throws {
        try read { try inner.forEachLiveEntry(through: day, body) }
    }
    func forEachRecord(of section: BackupFormat.Section, _ body: (any RowCells) throws -> Void) throws {
        try read { try inner.forEachRecord(of: section, body) }
    }
    func newestChange() throws -> Timestamp? { try read { try inner.newestChange() } }
}
