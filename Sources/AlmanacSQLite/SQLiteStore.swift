import AlmanacDomain
import AlmanacStorage
import Foundation
import GRDB

/// The embedded store: the store's semantics (`RelationalStore`) over one SQLite file.
public typealias SQLiteStore = RelationalStore<SQLiteBackend>

extension RelationalStore where Backend == SQLiteBackend {
    public typealias OpenMode = StoreOpenMode

    public var path: String { backend.path }

    /// Opens (or creates) the store at `path`, migrating an older schema. A file that is not an
    /// Almanac store, or one written by a newer version, is refused before anything is written.
    public static func open(path: String, mode: StoreOpenMode = .existing) throws -> SQLiteStore {
        let files = FileManager.default
        var isFolder: ObjCBool = false
        let exists = files.fileExists(atPath: path, isDirectory: &isFolder)
        if exists {
            if isFolder.boolValue { throw StoreError.notADatabase(path: path) }
            try checkHeader(path: path)
        } else {
            guard case .createIfMissing = mode else { throw StoreError.missing(path: path) }
            try prepareFolder(for: path)
        }
        let queue: DatabaseQueue, file: SQLiteBackend.FileIdentity?
        let access = exists ? ReadAccess(path: path) : .readWrite
        do {
            // WAL mode is persistent in the file: it is set once, at creation. Setting it again on every
            // open would make GRDB touch the schema and change the file's bytes on a mere read.
            var config = configuration(enableWAL: !exists)
            config.readonly = access != .readWrite
            let before = SQLiteBackend.fileIdentity(path)
            queue = try DatabaseQueue(path: access == .fileAsItIs ? Self.immutableURI(path) : path, configuration: config)
            let after = SQLiteBackend.fileIdentity(path)
            file = !exists || before == after ? after : nil
            // An existing file is looked at in a read transaction before anything is written: an
            // Almanac store, and not one of a newer version (one connection: opening a store in WAL
            // mode sets up its shared memory, and a second connection for the look did it twice).
            let needsMigration = try exists ? inspect(queue, path: path) : true
            // Migrating only when needed keeps a store that a command merely reads byte-identical.
            if needsMigration {
                guard access == .readWrite else { throw StoreError.readOnly(path: path, reason: access.reason(path), needs: "upgrading to this version of Almanac") }
                try StoreSchema.migrator.migrate(queue)
            }
            if case .createIfMissing(let settings) = mode, !exists {
                _ = try StoreCalendar(settings: settings)
                try queue.write { db in try SQLiteStore.save(settings, SQLiteSession(db: db)) }
            }
        } catch {
            if !exists { removeStoreFiles(path) }
            throw StoreError.wrap(error, path: path)
        }
        return SQLiteStore(backend: SQLiteBackend(path: path, queue: queue, file: file,
                                                          readOnlyReason: access == .readWrite ? nil : access.reason(path)))
    }

    /// An SQLite URI filename that opens `path` as a file no one changes (`immutable`): its `%`,
    /// `?` and `#` percent-encoded, as URI filenames take them.
    static func immutableURI(_ path: String) -> String {
        var encoded = ""
        for character in path {
            switch character {
            case "%": encoded += "%25"
            case "?": encoded += "%3f"
            case "#": encoded += "%23"
            default: encoded.append(character)
            }
        }
        return "file:\(encoded)?immutable=1"
    }

    /// How a store file that exists can be opened by this process's user. A store another user
    /// owns can still be read: commands that only read work, and a write is refused with the
    /// permission that is missing (docs/STORE.md).
    enum ReadAccess: Equatable {
        /// The file and its folder (or its WAL files) can be written.
        case readWrite
        /// The file or its folder cannot be written, but SQLite can share the reading with a
        /// writer through the WAL files (they exist and are readable, or the folder is writable).
        case readOnly
        /// Neither the file's folder can be written nor do its WAL files exist: no writer has the
        /// store open, and SQLite reads the file as it is (`immutable`), without the shared
        /// memory file it cannot create.
        case fileAsItIs

        init(path: String) {
            let folder = (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
            let writable = { (file: String) in Glibc.access(file, W_OK) == 0 }
            let present = { (file: String) in FileManager.default.fileExists(atPath: file) }
            let walFiles = [path + "-wal", path + "-shm"]
            if writable(path) && (writable(folder) || walFiles.allSatisfy { present($0) && writable($0) }) {
                self = .readWrite
            } else if writable(folder) || walFiles.allSatisfy(present) {
                self = .readOnly
            } else {
                self = .fileAsItIs
            }
        }

        /// Why the store can only be read, as a clause.
        func reason(_ path: String) -> String {
            let folder = (path as NSString).deletingLastPathComponent
            return Glibc.access(path, W_OK) != 0 ? "you may not write the file \(path)"
                : "you may not write its folder \(folder.isEmpty ? "." : folder), where SQLite keeps its -wal and -shm files"
        }
    }

    /// Runs GRDB code in one read transaction (tests and checks look at the file's schema).
    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        do { return try backend.queue.read(body) } catch { throw StoreError.wrap(error, path: path) }
    }

    /// Whether SQLite finds the file intact (`PRAGMA integrity_check`).
    public func isIntact() throws -> Bool {
        try read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok" }
    }

    /// Copies the whole store to `path` (a consistent snapshot, e.g. before a replace).
    public func copy(to path: String) throws {
        do {
            try backend.queue.writeWithoutTransaction { db in try db.execute(sql: "VACUUM INTO ?", arguments: [path]) }
        } catch {
            throw StoreError.wrap(error, path: self.path)
        }
    }

    /// For a store file that nobody else can see yet (built beside its final path and renamed
    /// into place): no journal and no syncs while it is filled, which halves the bytes written.
    /// A failure leaves a file that is thrown away, so nothing needs rolling back.
    public func beginBulkLoad() throws {
        try pragmas("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF")
    }

    /// Back to WAL mode with normal syncs, as every store is; then the file can be renamed.
    public func endBulkLoad() throws {
        try pragmas("PRAGMA synchronous = FULL; PRAGMA journal_mode = WAL")
    }

    private func pragmas(_ sql: String) throws {
        do { try backend.queue.writeWithoutTransaction { db in try db.execute(sql: sql) } } catch { throw StoreError.wrap(error, path: path) }
    }

    // MARK: - Opening

    static func configuration(enableWAL: Bool) -> Configuration {
        var config = Configuration()
        config.busyMode = .timeout(10)
        config.foreignKeysEnabled = false
        if enableWAL { config.journalMode = .wal }
        config.label = "almanac"
        return config
    }

    private static let sqliteHeader = Array("SQLite format 3\0".utf8)

    /// Checks that an existing file starts with SQLite's header.
    private static func checkHeader(path: String) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw StoreError.cannotCreate(path: path, reason: "the file cannot be read")
        }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        try? handle.close()
        guard Array(header) == sqliteHeader else { throw StoreError.notADatabase(path: path) }
    }

    /// Looks at an existing file in a read transaction: the Almanac tables, no unknown migrations.
    /// Returns whether migrations are pending.
    private static func inspect(_ queue: DatabaseQueue, path: String) throws -> Bool {
        do {
            return try queue.read { db in
                guard try db.tableExists("grdb_migrations"), try db.tableExists("settings") else {
                    throw StoreError.notAnAlmanacStore(path: path)
                }
                if try StoreSchema.migrator.hasBeenSuperseded(db) { throw StoreError.newerSchema(path: path) }
                return try !StoreSchema.migrator.hasCompletedMigrations(db)
            }
        } catch {
            try? queue.close()
            throw StoreError.wrap(error, path: path)
        }
    }

    private static func prepareFolder(for path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        // No folder is made for a store (a path mistyped in a cron line makes no tree of folders);
        // the default store's folder is made by whoever chose it (`StoreLocation`).
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
            throw StoreError.cannotCreate(path: path, reason: "its folder \(folder) does not exist; create it first, or check the path")
        }
        guard isFolder.boolValue else { throw StoreError.cannotCreate(path: path, reason: "\(folder) is not a folder") }
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
    static func wrap(_ error: Error, path: String, readOnlyReason: String? = nil) -> Error {
        if let db = error as? DatabaseError {
            switch db.resultCode {
            case .SQLITE_NOTADB: return StoreError.notADatabase(path: path)
            case .SQLITE_BUSY, .SQLITE_LOCKED: return StoreError.busy(path: path)
            case .SQLITE_READONLY where readOnlyReason != nil:
                return StoreError.readOnly(path: path, reason: readOnlyReason!, needs: "writing")
            case .SQLITE_CANTOPEN, .SQLITE_READONLY, .SQLITE_PERM:
                return StoreError.cannotCreate(path: path, reason: db.message ?? "it cannot be opened for writing")
            case .SQLITE_FULL: return StoreError.database(Self.diskFull(path))
            // SQLite says "disk I/O error" for a write that found no space (ENOSPC in WAL mode).
            case .SQLITE_IOERR where Self.hasNoSpace(near: path): return StoreError.database(Self.diskFull(path))
            default: return StoreError.database(db.message ?? "\(db.resultCode)")
            }
        }
        return error
    }

    private static func diskFull(_ path: String) -> String {
        "no space left on device: the disk that holds \(path) is full; nothing of this command was saved"
    }

    /// Whether the file system that holds `path` has no room left (under 64 kB for this user).
    static func hasNoSpace(near path: String) -> Bool {
        var info = statvfs()
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard statvfs(folder, &info) == 0 else { return false }
        return UInt64(info.f_bavail) * UInt64(info.f_frsize) < 64 * 1024
    }
}
