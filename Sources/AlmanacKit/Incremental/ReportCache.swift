import AlmanacDomain
import AlmanacStorage
import Crypto
import Foundation
import GRDB

/// The one file a report keeps beside the folder it publishes (`.NAME.almanac-cache`, next to
/// the folder's lock): an SQLite database, through GRDB, holding each habit's day facts under the
/// change token the store gave for them (docs/ARCHITECTURE.md). Output, not truth: a file that is
/// missing, torn, not a database, of another migration, another build or another store is not
/// read, and the next report reads every habit from the store; deleting it changes nothing but
/// speed. It holds no text of the store's but habit ids, and it is never inside the published
/// folder.
///
/// Each habit's row carries the SHA-256 of its token and facts: a row changed on disk (a bad
/// sector, a stray edit) is not taken, and the report reads that habit from the store. (Anyone who
/// may write beside the site may as well rewrite the site itself: the cache is no more trusted
/// than the folder it lies in.)
///
/// The file is replaced whole, never changed in place: a new file is written beside it under a
/// temporary name (`Leftovers`) and renamed over it, so a report killed at any moment leaves the
/// old file or the new one, and no journal beside it.
struct ReportCache {
    /// What the facts were read under: they hold for a habit only while the store, its schema
    /// (its triggers), its time zone (the checks' hours) and the build that read them are these.
    struct Stamp: Equatable, Sendable {
        var storeId: String
        var schema: Int64
        var timeZone: String
        var build: String
    }

    /// A habit's facts, with the store's change token of its entries when they were read.
    struct Kept: Sendable {
        var token: [UInt8]
        var facts: HabitFacts
    }

    /// The largest cache file read: far more than a store of a hundred habits over fifty years
    /// needs; a larger file (a sparse or planted one) is not read.
    static let maxBytes: Int64 = 512 << 20

    /// The versions of the file's tables. A file whose migrations are not exactly these (an older
    /// or newer build's) is not read, and the next write replaces it.
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-habit-facts") { db in
            try db.execute(sql: """
                CREATE TABLE stamp (storeId TEXT NOT NULL, schemaVersion INTEGER NOT NULL, timeZone TEXT NOT NULL, build TEXT NOT NULL);
                CREATE TABLE habitFacts (habitId TEXT PRIMARY KEY NOT NULL, token BLOB NOT NULL, days BLOB NOT NULL,
                                         kinds BLOB NOT NULL, hours BLOB NOT NULL, amounts BLOB NOT NULL, sha256 BLOB NOT NULL);
                """)
        }
        return migrator
    }()

    /// The cache beside `folder` (a resolved path).
    static func path(beside folder: String) -> String {
        let url = URL(fileURLWithPath: folder)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).almanac-cache").path
    }

    /// The facts kept beside `folder` under `stamp`, by habit id; empty when there is no such file
    /// that reads whole.
    static func read(beside folder: String, stamp: Stamp) -> [String: Kept] {
        let path = path(beside: folder)
        // Only a regular file of this user's, of a sane size: never a FIFO (which would block the
        // open), a link, or a planted sparse file.
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid(), Int64(info.st_size) <= maxBytes
        else { return [:] }
        var configuration = Configuration()
        configuration.readonly = true
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            return try queue.read { db -> [String: Kept] in
                guard try migrator.completedMigrations(db) == migrator.migrations,
                      let row = try Row.fetchOne(db, sql: "SELECT storeId, schemaVersion, timeZone, build FROM stamp"),
                      Stamp(storeId: row[0], schema: row[1], timeZone: row[2], build: row[3]) == stamp else { return [:] }
                var kept: [String: Kept] = [:]
                let rows = try Row.fetchCursor(db, sql: "SELECT habitId, token, days, kinds, hours, amounts, sha256 FROM habitFacts")
                while let row = try rows.next() {
                    let columns: [Data] = (1...5).map { row[$0] }
                    guard digest(columns) == row[6] as Data,
                          let facts = decode(days: columns[1], kinds: columns[2], hours: columns[3], amounts: columns[4]) else { continue }
                    kept[row[0]] = Kept(token: [UInt8](columns[0]), facts: facts)
                }
                return kept
            }
        } catch {
            return [:]
        }
    }

    /// Replaces the cache beside `folder` with `habits` under `stamp`. Best effort: a cache that
    /// cannot be written costs the next report its speed, nothing else.
    static func write(_ habits: [String: Kept], stamp: Stamp, beside folder: String) {
        let path = path(beside: folder)
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let name = URL(fileURLWithPath: path).lastPathComponent
        Leftovers.remove(in: parent, recursive: false, prefix: name)
        let temporary = (parent as NSString).appendingPathComponent(Leftovers.temporaryName(for: String(name.dropFirst())))
        unlink(temporary)
        do {
            var configuration = Configuration()
            // A file no one reads until it is renamed into place, whole: no journal to keep.
            configuration.prepareDatabase { db in
                try db.execute(sql: "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF")
            }
            let queue = try DatabaseQueue(path: temporary, configuration: configuration)
            try migrator.migrate(queue)
            try queue.write { db in
                try db.execute(sql: "INSERT INTO stamp VALUES (?, ?, ?, ?)", arguments: [stamp.storeId, stamp.schema, stamp.timeZone, stamp.build])
                let insert = try db.makeStatement(sql: "INSERT INTO habitFacts VALUES (?, ?, ?, ?, ?, ?, ?)")
                for (id, habit) in habits.sorted(by: { $0.key < $1.key }) {
                    let facts = habit.facts.facts
                    let columns = [Data(habit.token), data(facts.map { Int32(truncatingIfNeeded: $0.day.ordinal) }),
                                   data(facts.map { $0.kind == .skip ? UInt8(1) : 0 }), data(habit.facts.hours.map { UInt8(bitPattern: $0) }),
                                   data(facts.map(\.value.bitPattern))]
                    try insert.execute(arguments: StatementArguments([id] + columns + [digest(columns)]))
                }
            }
            try queue.close()
            // The owner's alone, as the store is: the facts are what the store holds.
            chmod(temporary, 0o600)
            if rename(temporary, path) != 0 { unlink(temporary) }
        } catch {
            unlink(temporary)
        }
    }

    /// The SHA-256 of a row's columns, each behind its length.
    private static func digest(_ columns: [Data]) -> Data {
        var hash = SHA256()
        for column in columns {
            withUnsafeBytes(of: UInt64(column.count).littleEndian) { hash.update(bufferPointer: $0) }
            hash.update(data: column)
        }
        return Data(hash.finalize())
    }

    /// The little-endian bytes of fixed-width numbers.
    private static func data<Number: FixedWidthInteger>(_ numbers: [Number]) -> Data {
        numbers.map(\.littleEndian).withUnsafeBytes { Data($0) }
    }

    /// Fixed-width numbers from their little-endian bytes; nil when the bytes are not a whole
    /// number of them.
    private static func numbers<Number: FixedWidthInteger>(_ data: Data, as: Number.Type) -> [Number]? {
        let size = MemoryLayout<Number>.size
        guard data.count % size == 0 else { return nil }
        // Loaded unaligned: a blob's bytes have no alignment of their own.
        return data.withUnsafeBytes { raw in
            (0..<data.count / size).map { Number(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * size, as: Number.self)) }
        }
    }

    /// A habit's facts from their four columns, or nil when they do not fit together or hold what
    /// no store's rows could give (a day outside the calendar, an hour past 23, a kind unknown).
    private static func decode(days: Data, kinds: Data, hours: Data, amounts: Data) -> HabitFacts? {
        guard let days = numbers(days, as: Int32.self), let kinds = numbers(kinds, as: UInt8.self),
              let hours = numbers(hours, as: UInt8.self), let amounts = numbers(amounts, as: UInt64.self),
              kinds.count == days.count, hours.count == days.count, amounts.count == days.count else { return nil }
        let first = DayKey(year: 1, month: 1, day: 1)!.ordinal, last = DayKey(year: 9999, month: 12, day: 31)!.ordinal
        var facts: [DayFact] = []
        facts.reserveCapacity(days.count)
        for index in days.indices {
            let day = Int(days[index]), hour = Int8(bitPattern: hours[index])
            guard day >= first, day <= last, kinds[index] <= 1, hour >= -1, hour < 24 else { return nil }
            facts.append(DayFact(day: DayKey(ordinal: day), kind: kinds[index] == 1 ? .skip : .check, value: Double(bitPattern: amounts[index])))
        }
        return HabitFacts(facts: facts, hours: hours.map { Int8(bitPattern: $0) })
    }
}
