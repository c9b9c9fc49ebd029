@testable import AlmanacSQLite
import AlmanacDomain
import AlmanacStorage
import AlmanacTestSupport
import Foundation
import GRDB
import Testing

/// The change token of each habit's entries: a token changes with every write to that habit's
/// entries, by Almanac or any other program; and a read of some habits' facts gives what a full
/// read gives for them. (A report's read through its cache: `ReportCacheTests`.)
@Suite struct EntryChangeTests {
    /// A store of 12 habits over 5 years (about 22,000 entries: loaded through the bulk path).
    static func sampleStore(_ folder: TemporaryFolder) throws -> SQLiteStore {
        let contents = SampleHistory.generate(habits: 12, years: 5, seed: 3)
        let store = try SQLiteStore.open(path: folder.path("almanac.sqlite"), mode: .createIfMissing(contents.settings))
        try store.insert(contents)
        return store
    }

    /// Another program writing the file (as the `sqlite3` shell would).
    static func otherWriter(_ store: SQLiteStore, _ sql: String) throws {
        let queue = try DatabaseQueue(path: store.path)
        try queue.write { db in try db.execute(sql: sql) }
        try queue.close()
    }

    static func tokens(_ store: SQLiteStore) throws -> [String: [UInt8]]? {
        try store.reading { try $0.entryChanges()?.tokens }
    }

    /// The facts of some habits through a day are a full read's, hours included.
    static func expectSameAsFullRead(_ store: SQLiteStore, habits ids: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (read, snapshot) = try store.reading { view in
            (try view.habitFacts(of: ids, calendar: StoreCalendar(settings: view.settings())), try view.snapshot(through: nil, hours: true))
        }
        for id in ids {
            let facts = read[id] ?? HabitFacts(facts: [], hours: [])
            #expect(facts.facts == (snapshot.facts[id] ?? []) && facts.hourCounts == snapshot.hours[id], "\(id)", sourceLocation: sourceLocation)
        }
    }

    @Test func everyWriteToAHabitsEntriesGivesItANewTokenAndOnlyIt() throws {
        let folder = TemporaryFolder("changes")
        let store = try Self.sampleStore(folder)
        var previous = try #require(try Self.tokens(store))
        #expect(previous.count == 12)
        #expect(try Self.tokens(store) == previous)
        let ids = try store.habits().map(\.id.description)
        // A few habits by their index, many in one pass: both as a full read.
        try Self.expectSameAsFullRead(store, habits: Array(ids.prefix(3)))
        try Self.expectSameAsFullRead(store, habits: ids)
        func entry(of habit: String, _ offset: Int = 0) -> String {
            "(SELECT rowid FROM habitEntry WHERE habitId = '\(habit)' ORDER BY rowid LIMIT 1 OFFSET \(offset))"
        }
        let writes: [(sql: String, changed: Set<String>)] = [
            ("UPDATE habitEntry SET value = value + 1 WHERE rowid = \(entry(of: ids[0]))", [ids[0]]),
            ("UPDATE habitEntry SET timestampUtc = dayKey || 'T05:30:00Z' WHERE rowid = \(entry(of: ids[1], 3))", [ids[1]]),
            ("DELETE FROM habitEntry WHERE rowid = \(entry(of: ids[2]))", [ids[2]]),
            ("UPDATE habitEntry SET deletedAt = '2026-11-20T10:00:00Z' WHERE rowid = \(entry(of: ids[3]))", [ids[3]]),
            // Moved to another habit: both change.
            ("UPDATE habitEntry SET habitId = '\(ids[5])' WHERE rowid = \(entry(of: ids[4]))", [ids[4], ids[5]]),
            // A row pushed out by REPLACE (no delete trigger fires for it): its habit changes too.
            ("""
             INSERT OR REPLACE INTO habitEntry (rowid, id, habitId, dayKey, timestampUtc, kind, value, note, createdAt, deletedAt)
             SELECT rowid, 'replaced-entry', '\(ids[7])', dayKey, timestampUtc, kind, 3, NULL, createdAt, NULL FROM habitEntry WHERE rowid = \(entry(of: ids[6]))
             """, [ids[6], ids[7]]),
            ("""
             INSERT OR REPLACE INTO habitEntry (id, habitId, dayKey, timestampUtc, kind, value, note, createdAt, deletedAt)
             SELECT id, '\(ids[9])', dayKey, timestampUtc, kind, 2, NULL, createdAt, NULL FROM habitEntry WHERE rowid = \(entry(of: ids[8], 5))
             """, [ids[8], ids[9]]),
            ("INSERT INTO habitEntry (id, habitId, dayKey, timestampUtc, kind, value, createdAt) VALUES ('skip-later', '\(ids[10])', '2026-12-24', '2026-11-20T09:00:00Z', 'skip', 0, '2026-11-20T09:00:00Z')", [ids[10]]),
        ]
        for write in writes {
            try Self.otherWriter(store, write.sql)
            let tokens = try #require(try Self.tokens(store))
            let renewed = Set(ids.filter { tokens[$0] != previous[$0] })
            #expect(renewed == write.changed, "\(write.sql)")
            try Self.expectSameAsFullRead(store, habits: Array(write.changed))
            previous = tokens
        }
    }

    /// A bulk load sets the triggers aside; every habit gets a new token afterwards.
    @Test func aBulkLoadGivesEveryHabitANewToken() throws {
        let folder = TemporaryFolder("changes")
        let store = try Self.sampleStore(folder)
        let before = try #require(try Self.tokens(store))
        var contents = SampleHistory.generate(habits: 12, years: 5, seed: 3)
        contents.habits = []; contents.categories = []; contents.goals = []; contents.journalEntries = []; contents.wellbeingEntries = []
        contents.habitEntries = contents.habitEntries.map { entry in
            var copy = entry
            copy.id = EntityID()
            copy.value += 1
            return copy
        }
        try store.insert(contents)
        let after = try #require(try Self.tokens(store))
        #expect(before.allSatisfy { after[$0.key] != $0.value })
    }

    /// Triggers dropped (and made again): no tokens while they are gone, and the schema's
    /// version is another after; a trigger someone changed is not trusted either.
    @Test func tokensAreGivenOnlyWhileTheTriggersAreAlmanacs() throws {
        let folder = TemporaryFolder("changes")
        let store = try Self.sampleStore(folder)
        let before = try #require(try store.reading { try $0.entryChanges() })
        let trigger = try #require(StoreSchema.entryChangeTriggers.first { $0.name == "habitEntry_updated" })
        try Self.otherWriter(store, "DROP TRIGGER habitEntry_updated")
        #expect(try store.reading { try $0.entryChanges() } == nil)
        try Self.otherWriter(store, trigger.sql)
        let after = try #require(try store.reading { try $0.entryChanges() })
        #expect(after.schema != before.schema)
        try Self.otherWriter(store, "DROP TRIGGER habitEntry_deleted; CREATE TRIGGER habitEntry_deleted AFTER DELETE ON habitEntry BEGIN SELECT 1; END")
        #expect(try store.reading { try $0.entryChanges() } == nil)
    }
}
