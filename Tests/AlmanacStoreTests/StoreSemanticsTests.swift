@testable import AlmanacSQLite
import AlmanacDomain
import AlmanacPostgres
import AlmanacStorage
import AlmanacTestSupport
import Foundation
import GRDB
import Testing

/// A fresh store, Berlin time, weeks from Monday: a file in a temporary folder, or a new schema
/// of the test server.
struct StoreFixture {
    let folder = TemporaryFolder("store")
    let store: any AlmanacStore
    let now = Timestamp(iso8601: "2026-11-22T10:00:00Z")!

    init(_ backend: TestBackend = .sqlite, timeZone: String = "Europe/Berlin") throws {
        let settings = Settings(timeZone: timeZone, weekStart: .monday)
        switch backend {
        case .sqlite: store = try SQLiteStore.open(path: folder.path("almanac.sqlite"), mode: .createIfMissing(settings))
        case .postgres: store = try PostgresStore.open(url: PostgresURL(TestPostgres.newStore()), mode: .createIfMissing(settings))
        }
    }

    /// The SQLite store, for tests that look at the file's schema.
    var sqlite: SQLiteStore { store as! SQLiteStore }

    func habit(_ name: String, unit: HabitUnit = .boolean, target: Double = 1, direction: Direction = .atLeast) throws -> Habit {
        try store.addHabit(Habit(name: name, createdAt: now) { $0.unit = unit; $0.target = target; $0.direction = direction })
    }
}

/// The store's rules, on every backend of this run.
@Suite struct StoreSemanticsTests {
    /// `log --difficulty`: each logged day gets its rating in the log's own transaction; a refused
    /// log (a value a yes/no habit cannot take) writes neither.
    @Test(arguments: TestBackend.available) func aRatingIsWrittenWithItsEntriesOrNotAtAll(_ backend: TestBackend) throws {
        let f = try StoreFixture(backend)
        let run = try f.habit("Run", unit: .boolean, target: 1)
        let days = [DayKey("2026-11-19")!, DayKey("2026-11-20")!]
        try f.store.log(run, days: days, value: 1, mode: .replace, difficulty: 7, now: f.now)
        let ratings = try f.store.wellbeing(from: nil, to: nil)
        #expect(ratings.map(\.dayKey) == days && ratings.allSatisfy { $0.habitId == run.id && $0.metric == "difficulty" && $0.value == 7 })
        #expect(throws: DomainError.self) {
            try f.store.log(run, days: days, value: 2, mode: .replace, difficulty: 7, now: f.now)
        }
        #expect(try f.store.wellbeing(from: nil, to: nil).count == 2)
    }

    @Test(arguments: TestBackend.available) func relogReplacesTheDayAndKeepsTheOldValueAsSoftDeleted(_ backend: TestBackend) throws {
        let f = try StoreFixture(backend)
        let water = try f.habit("Drink water", unit: .count, target: 8)
        let day = DayKey("2026-11-20")!
        try f.store.log(water, days: [day], value: 3, mode: .replace, now: f.now)
        let later = Timestamp(millis: f.now.millis + 60_000)
        let outcome = try f.store.log(water, days: [day], value: 5, mode: .replace, now: later)
        #expect(outcome.replaced == 1)
        let live = try f.store.entries(habitId: water.id, from: day, to: day)
        #expect(live.map(\.value) == [5])
        let all = try f.store.entries(habitId: water.id, from: day, to: day, includeDeleted: true)
        #expect(all.count == 2)
        #expect(all.first { $0.value == 3 }?.deletedAt == later)
    }

    @Test(arguments: TestBackend.available) func addAppendsAndTheDayValueIsTheSum(_ backend: TestBackend) throws {
        let f = try StoreFixture(backend)
        let water = try f.habit("Drink water", unit: .count, target: 8)
        let day = DayKey("2026-11-20")!
        for _ in 0..<3 { try f.store.log(water, days: [day], value: 1, mode: .add, now: f.now) }
        let live = try f.store.entries(habitId: water.id, from: day, to: day)
        #expect(live.count == 3)
        #expect(live.reduce(0) { $0 + $1.value } == 3)
    }

    @Test(arguments: TestBackend.available) func skipRangesExcuseEveryDayAndReplaceWhatWasThere(_ backend: TestBackend) throws {
        let f = try StoreFixture(backend)
        let run = try f.habit("Run")
        let from = DayKey("2026-10-24")!, to = DayKey("2026-10-31")!
        try f.store.log(run, days: [from], value: 1, mode: .replace, now: f.now)
        let days = (from.ordinal...to.ordinal).map(DayKey.init(ordinal:))
        let outcome = try f.store.log(run, days: days, value: 0, mode: .skip, note: "Vacation", now: f.now)
        #expect(outcome.written.count == 8)
        #expect(outcome.replaced == 1)
        let live = try f.store.entries(habitId: run.id, from: from, to: to)
        #expect(live.count == 8 && live.allSatisfy { $0.kind == .skip })
        // Logging a check on an excused day withdraws the excuse.
        try f.store.log(run, days: [from], value: 1, mode: .add, now: f.now)
        #expect(try f.store.entries(habitId: run.id, from: from, to: from).map(\.kind) == [.check])
    }

    @Test(arguments: TestBackend.available) func unlogIsASoftDelete(_ backend: TestBackend) throws {
        let f = try StoreFixture(backend)
        let run = try f.habit("Run")
        let day = DayKey("2026-11-20")!
        try f.store.log(run, days: [day], value: 1, mode: .replace, note: "5k", now: f.now)
        #expect(try f.store.unlog(habitId: run.id, days: [day], now: f.now) == 1)
        #expect(try f.store.entries(habitId: run.id, from: day, to: day).isEmpty)
        #expect(try f.store.entries(habitId: run.id, from: day, to: day, includeDeleted: true).count == 1)
        #expect(try f.store.unlog(habitId: run.id, days: [day], now: f.now) == 0)
    }

    @Test(arguments: TestBackend.available) func hardDeleteRemovesTheDefinitionButKeepsEntries(_ backend: TestBackend) throws {
        let f = try StoreFixture(backend)
        let run = try f.habit("Run")
        try f.store.log(run, days: [DayKey("2026-11-19")!, DayKey("2026-11-20")!], value: 1, mode: .replace, now: f.now)
        #expect(try f.store.deleteHabit(id: run.id) == 2)
        #expect(try f.store.habits().isEmpty)
        #expect(try f.store.entries(habitId: run.id).count == 2)
        // The name is free again.
        _ = try f.habit("run")
    }

    @Test(arguments: TestBackend.available) func theCapCountsOnlyActiveHabits(_ backend: TestBackend) throws {
        let f = try StoreFixture(backend)
        var habits: [Habit] = []
        for i in 1...100 { habits.append(try f.habit("Habit \(i)")) }
        #expect(throws: DomainError.self) { try f.habit("Habit 101") }
        try f.store.archiveHabit(id: habits[0].id, now: f.now)
        let extra = try f.habit("Habit 101")
        #expect(try f.store.habits(includeArchived: false).count == 100)
        #expect(try f.store.habits().count == 101)
        #expect(throws: DomainError.self) { try f.store.unarchiveHabit(id: habits[0].id, now: f.now) }
        try f.store.archiveHabit(id: extra.id, now: f.now)
        try f.store.unarchiveHabit(id: habits[0].id, now: f.now)
        #expect(try f.store.habit(named: "habit 1").archivedAt == nil)
    }

    @Test(arguments: TestBackend.available) func namesAreUniqueIgnoringCaseEvenWhenArchived(_ backend: TestBackend) throws {
        let f = try StoreFixture(backend)
        let run = try f.habit("Run")
        try f.store.archiveHabit(id: run.id, now: f.now)
        #expect(throws: DomainError.self) { try f.habit("RUN") }
        #expect(throws: DomainError.self) { try f.habit("  run ") }
        let read = try f.habit("Read")
        var renamed = read
        renamed.name = "run"
        #expect(throws: DomainError.self) { try f.store.updateHabit(renamed, now: f.now) }
    }

    @Test(arguments: TestBackend.available) func unknownNamesGetSuggestions(_ backend: TestBackend) throws {
        let f = try StoreFixture(backend)
        _ = try f.habit("Drink water")
        _ = try f.habit("Meditate")
        #expect(throws: DomainError.notFound(kind: "habit", name: "meditte", suggestions: ["Meditate"])) {
            try f.store.habit(named: "meditte")
        }
        #expect(try f.store.habit(named: "DRINK water").name == "Drink water")
        #expect(try f.store.habit(named: "meditat").name == "Meditate")   // a beginning of one name
    }

    @Test(arguments: TestBackend.available) func invalidValuesAreRefusedAndChangeNothing(_ backend: TestBackend) throws {
        let f = try StoreFixture(backend)
        let run = try f.habit("Run")
        #expect(throws: DomainError.self) {
            try f.store.log(run, days: [DayKey("2026-11-20")!], value: 2, mode: .replace, now: f.now)
        }
        #expect(throws: DomainError.self) {
            try f.store.addHabit(Habit(name: "Bad", createdAt: f.now) { $0.unit = .count; $0.target = -1 })
        }
        #expect(throws: DomainError.self) {
            try f.store.addHabit(Habit(name: "Bad", createdAt: f.now) { $0.color = "blue" })
        }
        #expect(try f.store.rowCounts()[.habitEntries] == 0)
        #expect(try f.store.habits().count == 1)
    }

    @Test func habitDayRangesAreAnIndexRangeScan() throws {
        let f = try StoreFixture()
        let plan = try f.sqlite.read { db in
            try Row.fetchAll(db, sql: """
                EXPLAIN QUERY PLAN SELECT * FROM habitEntry WHERE habitId = ? AND dayKey BETWEEN ? AND ?
                """, arguments: ["x", "2026-01-01", "2026-12-31"]).map { $0["detail"] as String }
        }
        #expect(plan.joined().contains("USING INDEX habitEntry_habit_day (habitId=? AND dayKey>? AND dayKey<?)"))
    }

    @Test func roundTripsEveryObjectThroughTheDatabase() throws {
        let sample = SampleHistory.generate(habits: 12, years: 1, seed: 5)
        let folder = TemporaryFolder("sample")
        let store = try SQLiteStore.open(path: folder.path("s.sqlite"), mode: .createIfMissing(sample.settings))
        try store.insert(sample)
        #expect(try store.settings() == sample.settings)
        #expect(try store.habits() == sample.habits)
        #expect(try store.categories() == sample.categories.sorted { $0.name < $1.name })
        let stored = try sample.habits.flatMap { try store.entries(habitId: $0.id, includeDeleted: true) }
        #expect(Set(stored.map(\.id)) == Set(sample.habitEntries.map(\.id)))
        #expect(try store.journal().count == sample.journalEntries.count)
        #expect(try store.wellbeing().count == sample.wellbeingEntries.count)
    }

    /// The backup format's fields and the table columns are one list: a field the store does not
    /// have, or a column the format does not write, fails here.
    @Test(arguments: BackupFormat.Section.allCases)
    func eachBackupSectionIsATableWithTheSameColumns(_ section: BackupFormat.Section) throws {
        let f = try StoreFixture()
        let columns = try f.sqlite.read { db in try db.columns(in: StoreTable.name(of: section)).map(\.name) }
        #expect(Set(columns) == Set(section.fields.map(\.name)))
    }

    /// A record is read back by the names its declaration lists, each once: the list of fields
    /// and the reading of them cannot drift apart.
    @Test func everyRecordReadsTheFieldsItDeclares() throws {
        func names<Record: StoredRecord>(_: Record.Type) -> [String] {
            let reader = NameRecorder()
            _ = try? Record(fields: reader)
            return reader.names
        }
        #expect(names(Habit.self) == Habit.columns)
        #expect(names(AlmanacDomain.Category.self) == AlmanacDomain.Category.columns)
        #expect(names(Goal.self) == Goal.columns)
        #expect(names(HabitEntry.self) == HabitEntry.columns)
        #expect(names(JournalEntry.self) == JournalEntry.columns)
        #expect(names(WellbeingEntry.self) == WellbeingEntry.columns)
    }

    /// Truth is stored, meaning is computed: no column stores anything derived. Every table of the
    /// store is read from SQLite itself and no column may be a streak, a score, a completion, XP,
    /// a level, an achievement, a rate or goal progress — those are computed when read.
    @Test func noColumnStoresAnythingDerived() throws {
        let f = try StoreFixture()
        let tables = try f.sqlite.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != 'grdb_migrations'")
        }
        #expect(Set(tables) == Set(BackupFormat.Section.allCases.map { StoreTable.name(of: $0) } + ["settings"]))
        let derived = ["streak", "score", "complet", "xp", "level", "achiev", "rate", "progress", "total", "perfect", "reduction"]
        for table in tables {
            let columns = try f.sqlite.read { db in try db.columns(in: table).map(\.name) }
            for column in columns {
                #expect(!derived.contains { column.lowercased().contains($0) }, "\(table).\(column) looks derived")
            }
        }
    }

    /// A report reads the entries on two cores (a SQLite store by a second connection to the same
    /// moment): its snapshot is the one a single read gives — each habit's days in one order
    /// however its rows fell into the two parts — with the skips planned after the day beside it.
    @Test(arguments: TestBackend.available) func aSnapshotReadOnTwoCoresIsTheOneReadOnOne(_ backend: TestBackend) throws {
        let f = try StoreFixture(backend)
        let run = try f.habit("Run"), water = try f.habit("Drink water", unit: .count, target: 8)
        let first = DayKey("2026-08-01")!
        for offset in 0..<60 {   // day by day, as a person logs: the two habits' rows interleaved
            try f.store.log(run, days: [first.adding(days: offset)], value: 1, mode: .replace, now: f.now)
            try f.store.log(water, days: [first.adding(days: offset)], value: Double(offset % 9), mode: .replace, now: f.now)
        }
        try f.store.log(water, days: [first], value: 5, mode: .replace, now: f.now)   // a first day's row at the end
        try f.store.log(run, days: [DayKey("2026-11-25")!], value: 0, mode: .skip, now: f.now)
        try f.store.log(run, days: [DayKey("2026-11-24")!], value: 0, mode: .skip, now: f.now)
        let day = DayKey("2026-09-20")!
        let one = try f.store.reading { try $0.snapshot(through: day, hours: true) }
        let two = try f.store.readingOnTwoCores { try $0.snapshot(through: day, hours: true) }
        #expect(two.facts == one.facts && two.hours == one.hours && two.plannedSkips == one.plannedSkips)
        #expect(two.facts[water.id.description]?.map(\.day) == (0...50).map { first.adding(days: $0) })
        #expect(two.facts[water.id.description]?.first?.value == 5)
        #expect(two.plannedSkips == [run.id.description: ["2026-11-24", "2026-11-25"].map { DayKey($0)! }])
    }

    /// The two parts of a SQLite store's read belong to one moment: the write lock that keeps
    /// writers out while both connections begin is let go at once (a writer commits during the
    /// read without waiting), and neither part sees what it wrote. While another writer holds
    /// the lock, one connection reads it all, without waiting.
    /// Rowids another program chose, at both ends of SQLite's range: the middle the table is
    /// split at is worked out without overflowing, and the two halves still hold every row once.
    @Test(arguments: [(Int64.max - 40, Int64.max), (Int64.min, Int64.min + 40), (Int64.min, Int64.max)])
    func rowidsAtTheEndsOfTheirRangeAreSplitWithoutOverflow(_ low: Int64, _ high: Int64) throws {
        let f = try StoreFixture(.sqlite)
        let run = try f.habit("Run")
        let days = (0..<20).map { DayKey("2026-10-01")!.adding(days: $0) }
        for day in days { try f.store.log(run, days: [day], value: 1, mode: .replace, now: f.now) }
        try f.sqlite.backend.queue.write { db in
            try db.execute(sql: "UPDATE habitEntry SET rowid = -rowid")
            try db.execute(sql: "UPDATE habitEntry SET rowid = CASE WHEN rowid = -1 THEN ? ELSE ? + 20 + rowid END", arguments: [high, low])
        }
        let one = try f.store.reading { try $0.snapshot(through: days.last, hours: false) }
        let two = try f.store.readingOnTwoCores { try $0.snapshot(through: days.last, hours: false) }
        #expect(two.facts == one.facts && one.facts[run.id.description]?.map(\.day) == days)
        let parts = try f.sqlite.backend.readOnTwoConnections { session in
            try session.forEachRowInParts(select: "dayKey", from: "habitEntry", where: "deletedAt IS NULL", []) { DayList() }
        }
        #expect(parts.map(\.days.count) == [19, 1])
    }

    @Test func aSQLiteStoreIsReadInTwoPartsOfOneMoment() throws {
        let f = try StoreFixture(.sqlite)
        let run = try f.habit("Run"), read = try f.habit("Read")
        let days = (0..<40).map { DayKey("2026-10-01")!.adding(days: $0) }
        for day in days {
            try f.store.log(run, days: [day], value: 1, mode: .replace, now: f.now)
            try f.store.log(read, days: [day], value: 1, mode: .replace, now: f.now)
        }
        let parts = try f.sqlite.backend.readOnTwoConnections { session in
            let writer = try SQLiteStore.open(path: f.folder.path("almanac.sqlite"))
            try writer.log(run, days: [DayKey("2026-11-21")!], value: 1, mode: .replace, now: f.now)
            try writer.close()
            return try session.forEachRowInParts(select: "dayKey", from: "habitEntry", where: "deletedAt IS NULL", []) { DayList() }
        }
        #expect(parts.count == 2 && parts.allSatisfy { $0.days.count > 20 })
        #expect(parts.flatMap(\.days).sorted() == (days + days).map(\.description).sorted())
        #expect(try f.store.entries(habitId: run.id).count == 41)

        let other = try DatabaseQueue(path: f.folder.path("almanac.sqlite"))
        try other.inTransaction(.immediate) { _ in
            let started = Date()
            let whole = try f.sqlite.backend.readOnTwoConnections { session in
                try session.forEachRowInParts(select: "dayKey", from: "habitEntry", where: "deletedAt IS NULL", []) { DayList() }
            }
            #expect(whole.count == 1 && whole[0].days.count == 81 && Date().timeIntervalSince(started) < 1)
            return .rollback
        }
        try other.close()

        // Another store put at the path while this one is open: the path no longer names the
        // file this connection reads, and it reads it all alone.
        let elsewhere = try SQLiteStore.open(path: f.folder.path("other.sqlite"), mode: .createIfMissing(Settings(timeZone: "UTC")))
        try elsewhere.close()
        #expect(rename(f.folder.path("other.sqlite"), f.folder.path("almanac.sqlite")) == 0)
        let alone = try f.sqlite.backend.readOnTwoConnections { session in
            try session.forEachRowInParts(select: "dayKey", from: "habitEntry", where: "deletedAt IS NULL", []) { DayList() }
        }
        #expect(alone.count == 1 && alone[0].days.count == 81)
    }
}

/// Answers every field with a placeholder and writes down which fields were read.
final class NameRecorder: RecordReader {
    var names: [String] = []
    private func read<T>(_ name: String, _ value: T) -> T { names.append(name); return value }

    func string(_ name: String) throws -> String { read(name, "") }
    func optionalString(_ name: String) throws -> String? { read(name, nil) }
    func number(_ name: String) throws -> Double { read(name, 1) }
    func optionalNumber(_ name: String) throws -> Double? { read(name, nil) }
    func integer(_ name: String) throws -> Int { read(name, 0) }
    func optionalInteger(_ name: String) throws -> Int? { read(name, nil) }
    func id(_ name: String) throws -> EntityID { read(name, EntityID()) }
    func optionalID(_ name: String) throws -> EntityID? { read(name, nil) }
    func day(_ name: String) throws -> DayKey { read(name, DayKey(ordinal: 0)) }
    func optionalDay(_ name: String) throws -> DayKey? { read(name, nil) }
    func timestamp(_ name: String) throws -> Timestamp { read(name, Timestamp(millis: 0)) }
    func optionalTimestamp(_ name: String) throws -> Timestamp? { read(name, nil) }
    func choice<Value: RawRepresentable & CaseIterable>(_ name: String, _: Value.Type) throws -> Value where Value.RawValue == String {
        read(name, Value.allCases.first!)
    }
    func frequency(_ name: String) throws -> Frequency { read(name, .daily) }
    func ids(_ name: String) throws -> [EntityID] { read(name, []) }
    func words(_ name: String) throws -> [String] { read(name, []) }
}

extension AlmanacStore {
    /// A log as a front end makes one: checked by `LogRules`, then written in its own transaction.
    @discardableResult
    func log(_ habit: Habit, days: [DayKey], value: Double, mode: LogMode, note: String? = nil, difficulty: Int? = nil,
             now: Timestamp) throws -> LogOutcome {
        let calendar = try self.calendar()
        let request = LogRequest(value: mode == .skip ? nil : value, days: days, note: note, mode: mode, difficulty: difficulty)
        let plan = try LogRules.plan(request, habit: habit, today: calendar.dayKey(for: now), now: now, calendar: calendar)
        return try log([plan], now: now)[0]
    }
}

/// The first column of each row read, for the tests of a read in parts.
struct DayList: RowReader {
    var days: [String] = []
    mutating func add(_ row: any RowCells) throws { days.append(row.string(0)) }
}
