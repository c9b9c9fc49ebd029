@testable import AlmanacKit
import AlmanacDomain
import AlmanacStorage
import AlmanacTestSupport
import Foundation
import GRDB
import Testing

/// The report's read through its cache (`IncrementalReport.facts`, `ReportCache`), on both
/// backends: a habit whose token is the one kept comes from the cache, every other from the
/// store, and the read gives exactly what a fresh read gives — after writes by Almanac and by
/// another program, and whatever happened to the cache file.
@Suite struct ReportCacheTests {
    static let day = SampleHistory.defaultEndDay

    struct Fixture {
        let folder = TemporaryFolder("cache")
        let backend: TestBackend
        let path: String
        let store: any AlmanacStore
        var site: String { folder.path("site") }
        var cache: String { ReportCache.path(beside: site) }

        init(_ backend: TestBackend) throws {
            self.backend = backend
            path = backend.newStore(in: folder)
            let contents = SampleHistory.generate(habits: 12, years: 3, seed: 3)
            store = try StoreLocation(path: path).create(settings: contents.settings)
            _ = try store.restore(contents, mode: .merge, dryRun: false)
            try FileManager.default.createDirectory(atPath: site, withIntermediateDirectories: true)
        }

        /// A read through the cache, kept afterwards as a report keeps it.
        func read(through day: DayKey = ReportCacheTests.day) throws -> IncrementalReport.Facts {
            let facts = try store.reading { view in
                try IncrementalReport.facts(view, through: day, settings: view.settings(), beside: site)
            }
            if let keep = facts.keep, keep.changed { ReportCache.write(keep.habits, stamp: keep.stamp, beside: site) }
            return facts
        }

        /// A read through the cache is a fresh read: the snapshot with its hours and the planned skips.
        func expectFresh(_ facts: IncrementalReport.Facts, through day: DayKey = ReportCacheTests.day, _ label: String,
                         sourceLocation: SourceLocation = #_sourceLocation) throws {
            let (snapshot, skips) = try store.reading { (try $0.snapshot(through: day, hours: true), try $0.plannedSkips(after: day)) }
            let ids = Set(snapshot.habits.map(\.id.description))
            #expect(facts.snapshot.habits == snapshot.habits, "\(label)", sourceLocation: sourceLocation)
            #expect(facts.snapshot.facts == snapshot.facts.filter { ids.contains($0.key) }, "\(label)", sourceLocation: sourceLocation)
            #expect(facts.snapshot.hours == snapshot.hours.filter { ids.contains($0.key) }, "\(label)", sourceLocation: sourceLocation)
            #expect(facts.plannedSkips == skips.filter { ids.contains($0.key) }, "\(label)", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: TestBackend.available) func habitsThatDidNotChangeComeFromTheCache(_ backend: TestBackend) throws {
        let f = try Fixture(backend)
        let first = try f.read()
        #expect(first.habitsRead == 12)
        try f.expectFresh(first, "first read")
        #expect(FileManager.default.fileExists(atPath: f.cache))
        let again = try f.read()
        #expect(again.habitsRead == 0 && again.keep?.changed == false)
        try f.expectFresh(again, "nothing changed")
        // Other days than the one the facts were read for.
        for offset in [-400, -31, -1, 1, 40] {
            let other = Self.day.adding(days: offset)
            let read = try f.read(through: other)
            #expect(read.habitsRead == 0)
            try f.expectFresh(read, through: other, "as of \(other)")
        }
        // Almanac's own writes: the habit logged is read again, and only it.
        _ = try HabitLog(store: f.store, clock: .fixed(Timestamp(iso8601: "2026-11-20T10:00:00Z")!))
            .log(.init(habit: try f.store.habits()[0].name, value: 3, days: .day(Self.day)))
        let logged = try f.read()
        #expect(logged.habitsRead == 1)
        try f.expectFresh(logged, "after a log")
    }

    /// Another program writing the store (the `sqlite3` shell, `psql`): its writes are seen as
    /// Almanac's are.
    @Test(arguments: TestBackend.available) func anotherProgramsWritesAreSeen(_ backend: TestBackend) throws {
        let f = try Fixture(backend)
        _ = try f.read()
        let ids = try f.store.habits().map(\.id.description)
        let writes: [(sql: String, changed: Int)] = [
            ("UPDATE habitEntry SET value = value + 1 WHERE id = (SELECT min(id) FROM habitEntry WHERE habitId = '\(ids[0])')", 1),
            ("DELETE FROM habitEntry WHERE id = (SELECT min(id) FROM habitEntry WHERE habitId = '\(ids[1])')", 1),
            ("UPDATE habitEntry SET habitId = '\(ids[3])' WHERE id = (SELECT min(id) FROM habitEntry WHERE habitId = '\(ids[2])')", 2),
            ("UPDATE habitEntry SET deletedAt = '2026-11-20T10:00:00Z' WHERE id = (SELECT max(id) FROM habitEntry WHERE habitId = '\(ids[4])')", 1),
        ]
        for write in writes {
            try backend.runOtherProgram(write.sql, on: f.path)
            let read = try f.read()
            #expect(read.habitsRead == write.changed, "\(write.sql)")
            try f.expectFresh(read, write.sql)
        }
    }

    /// Deleting the cache, cutting it short, changing a byte of it, putting another store's or
    /// any other file there: the read is a fresh read, the damaged habits read from the store.
    @Test func aDamagedOrForeignCacheChangesNothingButSpeed() throws {
        let f = try Fixture(.sqlite)
        _ = try f.read()
        let whole = try Data(contentsOf: URL(fileURLWithPath: f.cache))

        try Data(whole.prefix(whole.count / 3)).write(to: URL(fileURLWithPath: f.cache))
        let cut = try f.read()
        #expect(cut.habitsRead == 12)
        try f.expectFresh(cut, "cut short")

        // A value in one habit's row changed on disk: that habit is read, the others are not.
        let queue = try DatabaseQueue(path: f.cache)
        try queue.write { db in
            try db.execute(sql: "UPDATE habitFacts SET amounts = zeroblob(length(amounts)) WHERE habitId = (SELECT min(habitId) FROM habitFacts)")
        }
        try queue.close()
        let edited = try f.read()
        #expect(edited.habitsRead == 1)
        try f.expectFresh(edited, "a row edited")

        // Another store's cache (another store id), then a file that is no database.
        let other = try Fixture(.sqlite)
        _ = try other.read()
        try FileManager.default.removeItem(atPath: f.cache)
        try FileManager.default.copyItem(atPath: other.cache, toPath: f.cache)
        let foreign = try f.read()
        #expect(foreign.habitsRead == 12)
        try f.expectFresh(foreign, "another store's cache")
        try Data("not a database".utf8).write(to: URL(fileURLWithPath: f.cache))
        try f.expectFresh(try f.read(), "not a database")

        // A temporary file of a killed run goes with the next write; none is left.
        let leftover = (f.folder.path("") as NSString).appendingPathComponent(".site.almanac-cache.almanac-tmp-2147483000")
        try Data("half".utf8).write(to: URL(fileURLWithPath: leftover))
        try FileManager.default.removeItem(atPath: f.cache)
        try f.expectFresh(try f.read(), "deleted")
        #expect(!FileManager.default.fileExists(atPath: leftover))
        #expect(try FileManager.default.contentsOfDirectory(atPath: f.folder.path("")).filter { $0.hasPrefix(".site") } == [".site.almanac-cache"])
        var info = stat()
        #expect(stat(f.cache, &info) == 0 && info.st_mode & 0o777 == 0o600)

        // The store's time zone changed: every habit's hours are read again.
        var settings = try f.store.settings()
        settings.timeZone = "America/New_York"
        try f.store.updateSettings(settings)
        let moved = try f.read()
        #expect(moved.habitsRead == 12)
        try f.expectFresh(moved, "another time zone")
    }
}
