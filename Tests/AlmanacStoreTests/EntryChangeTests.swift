@testable import AlmanacSQLite
import AlmanacDomain
import AlmanacStorage
import AlmanacTestSupport
import Foundation
import GRDB
import Testing

/// The change token of each habit's entries, and a report's read through the facts it kept: a
/// token changes with every write to that habit's entries, by Almanac or any other program, and
/// the read through kept facts gives exactly what a full read gives.
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

    static func facts(_ store: SQLiteStore, through day: DayKey, kept: FactCache?) throws -> SiteFacts? {
        try store.reading { try $0.siteFacts(through: day, kept: { kept }) }
    }

    /// What a full read gives: the snapshot with the hours and the planned skips.
    static func fullRead(_ store: SQLiteStore, through day: DayKey) throws -> (StoreSnapshot, [String: [DayKey]]) {
        try store.reading { (try $0.snapshot(through: day, hours: true), try $0.plannedSkips(after: day)) }
    }

    static func expectSameAsFullRead(_ store: SQLiteStore, _ read: SiteFacts, through day: DayKey, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (snapshot, skips) = try fullRead(store, through: day)
        let ids = Set(snapshot.habits.map(\.id.description))
        // Compared whole, reported briefly (the values are large).
        let sameHabits = read.snapshot.habits == snapshot.habits
        let sameFacts = read.snapshot.facts == snapshot.facts.filter { ids.contains($0.key) }
        let sameHours = read.snapshot.hours == snapshot.hours.filter { ids.contains($0.key) }
        let sameSkips = read.plannedSkips == skips.filter { ids.contains($0.key) }
        #expect(sameHabits && sameFacts && sameHours && sameSkips,
                "differs from a full read through \(day): habits \(sameHabits), facts \(sameFacts), hours \(sameHours), skips \(sameSkips)",
                sourceLocation: sourceLocation)
    }

    @Test func everyWriteToAHabitsEntriesGivesItANewTokenAndOnlyIt() throws {
        let folder = TemporaryFolder("changes")
        let store = try Self.sampleStore(folder)
        let day = SampleHistory.defaultEndDay
        var previous = try #require(try Self.facts(store, through: day, kept: nil))
        #expect(previous.habitsRead == 12)
        #expect(previous.cache.habits.count == 12)
        // Nothing changed: nothing is read from the store.
        let again = try #require(try Self.facts(store, through: day, kept: previous.cache))
        #expect(again.habitsRead == 0)
        try Self.expectSameAsFullRead(store, again, through: day)

        let ids = previous.snapshot.habits.map(\.id.description)
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
            let read = try #require(try Self.facts(store, through: day, kept: previous.cache))
            let renewed = Set(ids.filter { read.cache.habits[$0]?.token != previous.cache.habits[$0]?.token })
            #expect(renewed == write.changed, "\(write.sql)")
            #expect(read.habitsRead == write.changed.count, "\(write.sql)")
            try Self.expectSameAsFullRead(store, read, through: day)
            previous = read
        }
        // Other days than the one the facts were kept for.
        for offset in [-400, -31, -1, 1, 40] {
            let other = day.adding(days: offset)
            let read = try #require(try Self.facts(store, through: other, kept: previous.cache))
            #expect(read.habitsRead == 0)
            try Self.expectSameAsFullRead(store, read, through: other)
        }
    }

    /// The tokens of kept facts are asked for first and the facts only once the changed habits
    /// are read (they may still be being decoded): a habit the tokens promised and the facts do
    /// not hold after all (they did not decode whole, or lack it) is read from the store then,
    /// in the same read.
    @Test func aHabitTheKeptFactsDoNotHoldAfterAllIsReadFromTheStore() throws {
        let folder = TemporaryFolder("changes")
        let store = try Self.sampleStore(folder)
        let day = SampleHistory.defaultEndDay
        let kept = try #require(try Self.facts(store, through: day, kept: nil)).cache
        let ids = kept.habits.keys.sorted()
        var asked: [String] = []
        func read(tokens: FactTokens?, facts: FactCache?) throws -> SiteFacts {
            asked = []
            return try #require(try store.reading { view in
                try view.siteFacts(through: day, keptTokens: { asked.append("tokens"); return tokens },
                                   kept: { asked.append("facts"); return facts })
            })
        }
        // Both at hand: nothing read from the store; the tokens are asked for before the facts.
        let whole = try read(tokens: kept.tokens, facts: kept)
        #expect(whole.habitsRead == 0 && asked == ["tokens", "facts"])
        // Facts that did not decode: every habit read, and the same as a full read.
        let none = try read(tokens: kept.tokens, facts: nil)
        #expect(none.habitsRead == 12)
        try Self.expectSameAsFullRead(store, none, through: day)
        #expect(none.cache == kept)
        // Facts lacking three habits, or holding one under another token: those four are read.
        var lacking = kept
        for id in ids.prefix(3) { lacking.habits[id] = nil }
        lacking.habits[ids[3]]!.token = [1, 2, 3]
        let some = try read(tokens: kept.tokens, facts: lacking)
        #expect(some.habitsRead == 4)
        try Self.expectSameAsFullRead(store, some, through: day)
        #expect(some.cache == kept)
        // No tokens: the facts are not asked for at all.
        let fresh = try read(tokens: nil, facts: kept)
        #expect(fresh.habitsRead == 12 && asked == ["tokens"])
        try Self.expectSameAsFullRead(store, fresh, through: day)
    }

    /// A bulk load sets the triggers aside; every habit gets a new token afterwards.
    @Test func aBulkLoadGivesEveryHabitANewToken() throws {
        let folder = TemporaryFolder("changes")
        let store = try Self.sampleStore(folder)
        let day = SampleHistory.defaultEndDay
        let before = try #require(try Self.facts(store, through: day, kept: nil))
        var contents = SampleHistory.generate(habits: 12, years: 5, seed: 3)
        contents.habits = []; contents.categories = []; contents.goals = []; contents.journalEntries = []; contents.wellbeingEntries = []
        contents.habitEntries = contents.habitEntries.map { entry in
            var copy = entry
            copy.id = EntityID()
            copy.value += 1
            return copy
        }
        try store.insert(contents)
        let after = try #require(try Self.facts(store, through: day, kept: before.cache))
        #expect(after.habitsRead == 12)
        #expect(before.cache.habits.allSatisfy { after.cache.habits[$0.key]?.token != $0.value.token })
        try Self.expectSameAsFullRead(store, after, through: day)
    }

    /// Triggers dropped (and made again): no tokens while they are gone, and facts kept before
    /// are not used after (the schema's version changed).
    @Test func factsKeptBeforeTheTriggersWereTouchedAreNotUsed() throws {
        let folder = TemporaryFolder("changes")
        let store = try Self.sampleStore(folder)
        let day = SampleHistory.defaultEndDay
        let kept = try #require(try Self.facts(store, through: day, kept: nil)).cache
        let trigger = try #require(StoreSchema.entryChangeTriggers.first { $0.name == "habitEntry_updated" })
        try Self.otherWriter(store, "DROP TRIGGER habitEntry_updated")
        #expect(try Self.facts(store, through: day, kept: kept) == nil)
        try Self.otherWriter(store, "UPDATE habitEntry SET value = value + 5 WHERE rowid = 10")
        try Self.otherWriter(store, trigger.sql)
        let read = try #require(try Self.facts(store, through: day, kept: kept))
        #expect(read.habitsRead == 12)
        try Self.expectSameAsFullRead(store, read, through: day)
        // A trigger someone changed is not trusted either.
        try Self.otherWriter(store, "DROP TRIGGER habitEntry_deleted; CREATE TRIGGER habitEntry_deleted AFTER DELETE ON habitEntry BEGIN SELECT 1; END")
        #expect(try Self.facts(store, through: day, kept: read.cache) == nil)
    }
}
