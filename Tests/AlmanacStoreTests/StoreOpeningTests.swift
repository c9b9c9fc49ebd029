@testable import AlmanacSQLite
import AlmanacDomain
import AlmanacStorage
import AlmanacTestSupport
import Foundation
import GRDB
import Testing

@Suite struct StoreOpeningTests {
    @Test func aMissingStoreIsNotCreatedByAccident() throws {
        let folder = TemporaryFolder()
        #expect(throws: StoreError.missing(path: folder.path("none.sqlite"))) {
            try SQLiteStore.open(path: folder.path("none.sqlite"))
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("none.sqlite")))
    }

    @Test func aFileThatIsNotADatabaseIsRefusedAndLeftAlone() throws {
        let folder = TemporaryFolder()
        let text = Data("just some notes\n".utf8)
        _ = FileManager.default.createFile(atPath: folder.path("notes.txt"), contents: text)
        #expect(throws: StoreError.notADatabase(path: folder.path("notes.txt"))) {
            try SQLiteStore.open(path: folder.path("notes.txt"))
        }
        #expect(folder.bytes("notes.txt") == text)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["notes.txt"])
    }

    @Test func anotherSQLiteDatabaseIsRefusedAndLeftAlone() throws {
        let folder = TemporaryFolder()
        let other = try DatabaseQueue(path: folder.path("other.sqlite"))
        try other.write { db in try db.execute(sql: "CREATE TABLE t (x); INSERT INTO t VALUES (1)") }
        try other.close()
        let before = folder.bytes("other.sqlite")
        #expect(throws: StoreError.notAnAlmanacStore(path: folder.path("other.sqlite"))) {
            try SQLiteStore.open(path: folder.path("other.sqlite"))
        }
        #expect(folder.bytes("other.sqlite") == before)
    }

    @Test func aStoreFromANewerVersionIsRefusedAndLeftAlone() throws {
        let folder = TemporaryFolder()
        let path = folder.path("s.sqlite")
        let store = try SQLiteStore.open(path: path, mode: .createIfMissing(Settings(timeZone: "UTC")))
        try store.backend.queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v99-from-the-future')") }
        try store.close()
        let before = folder.bytes("s.sqlite")
        #expect(throws: StoreError.newerSchema(path: path)) { try SQLiteStore.open(path: path) }
        #expect(folder.bytes("s.sqlite") == before)
    }

    @Test func aFolderThatCannotHoldTheStoreIsAClearError() throws {
        let folder = TemporaryFolder()
        _ = FileManager.default.createFile(atPath: folder.path("file"), contents: Data())
        let path = folder.path("file/store.sqlite")
        #expect(throws: StoreError.self) {
            try SQLiteStore.open(path: path, mode: .createIfMissing(Settings(timeZone: "UTC")))
        }
    }

    @Test func theStoreIsInWALModeWithABusyTimeout() throws {
        let f = try StoreFixture()
        let mode = try f.sqlite.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
        #expect(try f.sqlite.read { db in try StoreSchema.migrator.hasCompletedMigrations(db) })
    }

    @Test func anUnknownTimeZoneIsRefusedAtCreation() {
        let folder = TemporaryFolder()
        #expect(throws: DomainError.self) {
            try SQLiteStore.open(path: folder.path("s.sqlite"), mode: .createIfMissing(Settings(timeZone: "Mars/Olympus")))
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("s.sqlite")))
    }
}

@Suite struct ReadOnlyStoreTests {
    /// A store read as it is (`immutable`, where no WAL file can be made) is named by an SQLite
    /// URI: a path with `?`, `#` or `%` in it still names that file, and it reads.
    @Test func theImmutableURINamesAnyPath() throws {
        let folder = TemporaryFolder()
        let path = folder.path("we?ird #1 100%.sqlite")
        let store = try SQLiteStore.open(path: path, mode: .createIfMissing(Settings(timeZone: "Europe/Berlin")))
        try store.close()
        #expect(SQLiteStore.immutableURI(path).hasSuffix("we%3fird %231 100%25.sqlite?immutable=1"))
        var config = Configuration()
        config.readonly = true
        let queue = try DatabaseQueue(path: SQLiteStore.immutableURI(path), configuration: config)
        #expect(try queue.read { try String.fetchOne($0, sql: "SELECT timeZone FROM settings") } == "Europe/Berlin")
        try queue.close()
    }
}

@Suite struct MigrationTests {
    /// A store written by the first schema opens in this build with every entry intact.
    @Test func aVersionOneStoreIsMigrated() throws {
        let folder = TemporaryFolder()
        let path = folder.path("old.sqlite")
        let old = try DatabaseQueue(path: path)
        try StoreSchema.migrator.migrate(old, upTo: "v1-initial")
        let sample = SampleHistory.generate(habits: 3, years: 1, seed: 2)
        try old.write { db in
            // The settings of schema v1 (no store id).
            try db.execute(sql: "INSERT INTO settings (id, timeZone, weekStart) VALUES (1, ?, ?)",
                           arguments: [sample.settings.timeZone, sample.settings.weekStart.rawValue])
            // The habit table of schema v1 (no baseline column): written column by column.
            let columns = ["id", "name", "emoji", "unit", "unitLabel", "target", "direction", "frequency", "color", "categoryId", "weight",
                           "sortOrder", "createdAt", "updatedAt", "archivedAt"]
            for h in sample.habits {
                try db.execute(sql: "INSERT INTO habit (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))",
                               arguments: SQLiteSession.arguments(columns.map { h.cells[Habit.columns.firstIndex(of: $0)!] }))
            }
            try SQLiteSession(db: db).insertAll(sample.habitEntries)
        }
        try old.close()
        let store = try SQLiteStore.open(path: path)
        #expect(try store.habits().map(\.id) .sorted() == sample.habits.map(\.id).sorted())
        #expect(try store.habits().allSatisfy { $0.baseline == nil })
        // The migrated store has an identity of its own, which the next opening keeps.
        let storeId = try #require(try store.settings().storeId)
        #expect(UUID(uuidString: storeId) != nil)
        try store.updateSettings(Settings(timeZone: "UTC"))
        #expect(try store.settings().storeId == storeId)
        #expect(try store.read { db in try StoreSchema.migrator.hasCompletedMigrations(db) })
        let stored = try sample.habits.flatMap { try store.entries(habitId: $0.id, includeDeleted: true) }
        #expect(stored.count == sample.habitEntries.count)
        #expect(Set(stored) == Set(sample.habitEntries))
        let indexes = try store.read { db in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'habitEntry'") }
        #expect(Set(indexes) == ["habitEntry_id", "habitEntry_habit_day"])
        // Ids stay unique.
        let entry = sample.habitEntries[0]
        let duplicate = #expect(throws: StoreError.self) { try store.insert(StoreContents(settings: sample.settings, entries: [entry])) }
        #expect(duplicate?.description.contains("UNIQUE constraint failed: habitEntry.id") == true, "\(String(describing: duplicate))")
    }
}

extension StoreContents {
    init(settings: Settings, entries: [HabitEntry]) {
        self.init(settings: settings)
        habitEntries = entries
    }
}
