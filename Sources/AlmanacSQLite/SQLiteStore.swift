import AlmanacDomain
import Foundation
import GRDB

/// The embedded store: one SQLite file (through GRDB) in WAL mode with a busy timeout, so a
/// nightly report can read while someone logs. Every change is one transaction; every method
/// that changes something takes the current instant explicitly.
public final class SQLiteStore: AlmanacStore {
    /// How `open` treats a path with no store behind it.
    public enum OpenMode: Sendable {
        /// The store must exist (every command but `init`, `demo` and `restore`).
        case existing
        /// Create the store with these settings when nothing is at the path yet.
        case createIfMissing(Settings)
    }

    public let path: String
    let queue: DatabaseQueue

    public var location: String { path }

    private init(path: String, queue: DatabaseQueue) {
        self.path = path
        self.queue = queue
    }

    /// Opens (or creates) the store at `path`, migrating an older schema. A file that is not an
    /// Almanac store, or one written by a newer version, is refused before anything is written.
    public static func open(path: String, mode: OpenMode = .existing) throws -> SQLiteStore {
        let files = FileManager.default
        var isFolder: ObjCBool = false
        let exists = files.fileExists(atPath: path, isDirectory: &isFolder)
        var needsMigration = true
        if exists {
            if isFolder.boolValue { throw StoreError.notADatabase(path: path) }
            needsMigration = try inspectExisting(path: path)
        } else {
            guard case .createIfMissing = mode else { throw StoreError.missing(path: path) }
            try prepareFolder(for: path)
        }
        let queue: DatabaseQueue
        do {
            // WAL mode is persistent in the file: it is set once, at creation. Setting it again on every
            // open would make GRDB touch the schema and change the file's bytes on a mere read.
            queue = try DatabaseQueue(path: path, configuration: configuration(readonly: false, enableWAL: !exists))
            // Migrating only when needed keeps a store that a command merely reads byte-identical.
            if needsMigration { try StoreSchema.migrator.migrate(queue) }
            if case .createIfMissing(let settings) = mode, !exists {
                _ = try StoreCalendar(settings: settings)
                try queue.write { db in try settings.insert(db) }
            }
        } catch {
            if !exists { removeStoreFiles(path) }
            throw StoreError.wrap(error, path: path)
        }
        return SQLiteStore(path: path, queue: queue)
    }

    /// Runs a read in one consistent snapshot, mapping database failures to sentences.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        do { return try queue.read(body) } catch { throw StoreError.wrap(error, path: path) }
    }

    /// Runs a change in one transaction: all of it lands or none of it.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        do { return try queue.write(body) } catch { throw StoreError.wrap(error, path: path) }
    }

    /// Closes the connection (the WAL is checkpointed); the store must not be used afterwards.
    public func close() throws {
        do { try queue.close() } catch { throw StoreError.wrap(error, path: path) }
    }

    // MARK: - Settings

    public func settings() throws -> Settings {
        try read { db in
            guard let settings = try Settings.fetchOne(db) else { throw StoreError.notAnAlmanacStore(path: path) }
            return settings
        }
    }

    /// Changes the settings. Day keys already written stay as they were: they are truth.
    public func updateSettings(_ settings: Settings) throws {
        _ = try StoreCalendar(settings: settings)
        try write { db in try settings.save(db) }
    }

    // MARK: - Opening

    static func configuration(readonly: Bool, enableWAL: Bool = false) -> Configuration {
        var config = Configuration()
        config.readonly = readonly
        config.busyMode = .timeout(10)
        config.foreignKeysEnabled = false
        if enableWAL { config.journalMode = .wal }
        config.label = "almanac"
        return config
    }

    private static let sqliteHeader = Array("SQLite format 3\0".utf8)

    /// Checks an existing file read-only: SQLite header, Almanac tables, no unknown migrations.
    /// Returns whether migrations are pending.
    private static func inspectExisting(path: String) throws -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw StoreError.cannotCreate(path: path, reason: "the file cannot be read")
        }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        try? handle.close()
        guard Array(header) == sqliteHeader else { throw StoreError.notADatabase(path: path) }
        do {
            let probe = try DatabaseQueue(path: path, configuration: configuration(readonly: true))
            defer { try? probe.close() }
            return try probe.read { db in
                guard try db.tableExists("grdb_migrations"), try db.tableExists("settings") else {
                    throw StoreError.notAnAlmanacStore(path: path)
                }
                if try StoreSchema.migrator.hasBeenSuperseded(db) { throw StoreError.newerSchema(path: path) }
                return try !StoreSchema.migrator.hasCompletedMigrations(db)
            }
        } catch {
            throw StoreError.wrap(error, path: path)
        }
    }

    private static func prepareFolder(for path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw StoreError.cannotCreate(path: path, reason: "\(folder) is not a folder") }
        } else {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw StoreError.cannotCreate(path: path, reason: "the folder \(folder) cannot be created")
            }
        }
        guard access(folder, W_OK) == 0 else {
            throw StoreError.cannotCreate(path: path, reason: "the folder \(folder) is not writable")
        }
    }

    private static func removeStoreFiles(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}

extension StoreError {
    /// Maps any failure from GRDB or SQLite to a store error with a readable sentence.
    /// Anything else — an error of the caller's thrown inside a read or write, such as a full
    /// disk while a backup streams out — passes through as it is: it is not the store's failure.
    static func wrap(_ error: Error, path: String) -> Error {
        if let db = error as? DatabaseError {
            switch db.resultCode {
            case .SQLITE_NOTADB: return StoreError.notADatabase(path: path)
            case .SQLITE_BUSY, .SQLITE_LOCKED: return StoreError.busy(path: path)
            case .SQLITE_CANTOPEN, .SQLITE_READONLY, .SQLITE_PERM:
                return StoreError.cannotCreate(path: path, reason: db.message ?? "it cannot be opened for writing")
            case .SQLITE_FULL: return StoreError.database("the disk is full")
            default: return StoreError.database(db.message ?? "\(db.resultCode)")
            }
        }
        return error
    }
}
