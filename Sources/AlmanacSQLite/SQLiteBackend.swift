import AlmanacDomain
import AlmanacStorage
import AlmanacSupport
import Foundation
import GRDB
import GRDBSQLite

/// The embedded backend: one SQLite file (through GRDB) in WAL mode with a busy timeout, so a
/// nightly report can read while someone logs. A write is one immediate transaction: SQLite
/// serialises writers of the file, so the store's rules see no other writer in between.
public final class SQLiteBackend: SQLBackend {
    public let path: String
    public let queue: DatabaseQueue
    /// Why this user may only read the store (`SQLiteStore.ReadAccess`); nil when it may write.
    let readOnlyReason: String?

    public var location: String { path }

    /// The file the connection opened (nil when it was replaced while it was opened): a second
    /// connection, opened by path, reads the same file only while the path still names it.
    let file: FileIdentity?

    struct FileIdentity: Equatable, Sendable {
        let device: UInt64, inode: UInt64
    }

    init(path: String, queue: DatabaseQueue, file: FileIdentity? = nil, readOnlyReason: String? = nil) {
        self.path = path
        self.queue = queue
        self.file = file
        self.readOnlyReason = readOnlyReason
    }

    static func fileIdentity(_ path: String) -> FileIdentity? {
        var info = stat()
        return stat(path, &info) == 0 ? FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)) : nil
    }

    public func read<T>(_ body: (any SQLSession) throws -> T) throws -> T {
        do { return try queue.read { db in try body(SQLiteSession(db: db)) } } catch { throw StoreError.wrap(error, path: path) }
    }

    /// SQLite in WAL mode gives a read transaction the moment it began. The second connection
    /// begins its read while a third holds the store's write lock, taken before the first began
    /// its own, so no writer can commit between the two beginnings; the lock is let go at once
    /// and writers go on as before. When a writer holds the lock, when this user may only read
    /// the store, when its path no longer names the file this connection reads (replaced since it
    /// was opened), or when every job stays on its core (`Parallel.oneCore`), one connection reads it all.
    public func readOnTwoConnections<T>(_ body: (any SQLSession) throws -> T) throws -> T {
        guard readOnlyReason == nil, !Parallel.oneCore, let file, Self.fileIdentity(path) == file, let taken = RawConnection(path, writable: true), taken.run("BEGIN IMMEDIATE") else {
            return try read(body)
        }
        defer { taken.end() }
        do {
            return try queue.read { db in
                _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master")   // this connection's moment begins
                var twin = RawConnection(path, writable: false)
                if twin?.run("BEGIN; SELECT count(*) FROM sqlite_master") != true || Self.fileIdentity(path) != file { twin = nil }
                taken.end()   // the write lock let go
                return try body(SQLiteSession(db: db, twin: twin))
            }
        } catch { throw StoreError.wrap(error, path: path) }
    }

    public func write<T>(rollBack: Bool, _ body: (any SQLSession) throws -> T) throws -> T {
        do {
            var result: T?
            try queue.inTransaction(.immediate) { db in
                result = try body(SQLiteSession(db: db))
                return rollBack ? .rollback : .commit
            }
            return result!
        } catch {
            throw StoreError.wrap(error, path: path, readOnlyReason: readOnlyReason)
        }
    }

    /// Closes the connection (the WAL is checkpointed); the store must not be used afterwards.
    public func close() throws {
        do { try queue.close() } catch { throw StoreError.wrap(error, path: path) }
    }
}

/// One GRDB connection inside a transaction. Statements are cached; rows are read straight from
/// SQLite's buffers.
struct SQLiteSession: SQLSession {
    let db: Database
    /// A second connection in a read transaction of the same moment (`SQLiteBackend.readOnTwoConnections`).
    var twin: RawConnection?

    /// A file holds one store.
    var scope: StoreScope { .whole }

    func remove(from table: String, ids: [String]?) throws -> Int { try deleteRows(of: table, ids: ids) }

    @discardableResult func execute(_ sql: String, _ arguments: [SQLValue]) throws -> Int {
        let statement = try db.cachedStatement(sql: sql)
        try statement.setArguments(Self.arguments(arguments))
        try statement.execute()
        return db.changesCount
    }

    func forEachRow(_ sql: String, _ arguments: [SQLValue], _ body: (any RowCells) throws -> Void) throws {
        let statement = try db.cachedStatement(sql: sql)
        try statement.setArguments(Self.arguments(arguments))
        defer { sqlite3_reset(statement.sqliteStatement) }
        try RawRow.step(statement.sqliteStatement, of: db.sqliteConnection, body)
    }

    /// With a twin: the rows up to the table's middle rowid on this thread and connection, the
    /// others on the twin on another core.
    func forEachRowInParts<Reader: RowReader>(select columns: String, from table: String, where condition: String,
                                              _ arguments: [SQLValue], _ reader: @escaping @Sendable () -> Reader) throws -> [Reader] {
        let sql = "SELECT \(columns) FROM \(table) WHERE (\(condition))"
        guard let twin, let middle = try middleRowid(of: table) else {
            var one = reader()
            try forEachRow(sql, arguments) { row in try one.add(row) }
            return [one]
        }
        let (first, second) = try Parallel.both({
            var part = reader()
            try forEachRow(sql + " AND rowid <= ?", arguments + [.integer(middle)]) { row in try part.add(row) }
            return part
        }, {
            var part = reader()
            try twin.forEachRow(sql + " AND rowid > ?", arguments + [.integer(middle)]) { row in try part.add(row) }
            return part
        })
        return [first, second]
    }

    /// Halfway between the table's first and last rowid, or nil when it is empty. Each end is
    /// found in the table's b-tree at once (`min` and `max` in one SELECT would scan it), and they
    /// are halved apart: rowids another program chose may lie anywhere in Int64, where their sum
    /// overflows.
    private func middleRowid(of table: String) throws -> Int64? {
        var middle: Int64?
        try forEachRow("SELECT (SELECT min(rowid) FROM \(table)), (SELECT max(rowid) FROM \(table))", []) { row in
            if !row.isNull(0) { middle = row.integer(0) / 2 + row.integer(1) / 2 }
        }
        return middle
    }

    /// One prepared statement and SQLite's C API, with no `DatabaseValue` per cell. For large
    /// batches of entries the entry indexes are dropped first and built again at the end, inside
    /// the same transaction: one sort each instead of a random index insert per row.
    func insertAll<Record: StoredRecord>(_ records: [Record]) throws {
        guard !records.isEmpty else { return }
        let rebuildsIndex = Record.table == HabitEntry.table && records.count > 20_000
        if rebuildsIndex {
            try db.execute(sql: "DROP INDEX habitEntry_habit_day; DROP INDEX habitEntry_id")
        }
        let statement = try db.makeStatement(sql: "INSERT INTO \(Record.table) (\(Record.columns.joined(separator: ", "))) VALUES ("
            + Record.columns.map { _ in "?" }.joined(separator: ", ") + ")")
        let handle = statement.sqliteStatement
        for record in records {
            sqlite3_reset(handle)
            for (position, cell) in record.cells.enumerated() { Self.bind(cell, Int32(position + 1), handle) }
            guard sqlite3_step(handle) == SQLITE_DONE else {
                throw StoreError.database(String(cString: sqlite3_errmsg(db.sqliteConnection)))
            }
        }
        if rebuildsIndex {
            try db.execute(sql: StoreSchema.habitEntryIdIndex)
            try db.execute(sql: StoreSchema.habitEntryIndex)
        }
    }

    /// A page cache large enough to hold the entry indexes while hundreds of thousands of rows
    /// go in, so pages are not evicted and written again and again.
    func prepareForBulkWrites() throws {
        try db.execute(sql: "PRAGMA cache_size = -65536")   // 64 MiB, for this connection only
    }

    /// SQLITE_TRANSIENT, which the C header defines as `(sqlite3_destructor_type)-1`: SQLite copies
    /// the text before `bind` returns, so Swift's buffer may go right after.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    static func bind(_ cell: SQLValue, _ index: Int32, _ handle: OpaquePointer) {
        switch cell {
        case .null: sqlite3_bind_null(handle, index)
        case .real(let number): sqlite3_bind_double(handle, index, number)
        case .integer(let number): sqlite3_bind_int64(handle, index, number)
        case .text(var text):
            text.withUTF8 { bytes in
                _ = sqlite3_bind_text(handle, index, UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self),
                                      Int32(bytes.count), transient)
            }
        }
    }

    static func arguments(_ values: [SQLValue]) -> StatementArguments {
        StatementArguments(values.map { value -> (any DatabaseValueConvertible)? in
            switch value {
            case .null: return nil
            case .text(let text): return text
            case .real(let number): return number
            case .integer(let number): return number
            }
        })
    }
}

/// One row of a streaming query, read straight from SQLite's buffers: text cells are borrowed
/// bytes, valid only inside the callback. Other modules see it as `RowCells`.
struct RawRow: RowCells {
    let statement: OpaquePointer

    func isNull(_ column: Int) -> Bool { sqlite3_column_type(statement, Int32(column)) == SQLITE_NULL }

    func withText<Result>(_ column: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        // SQLite's bytes stay valid until the statement steps again or the cell is read as another type.
        guard let text = sqlite3_column_text(statement, Int32(column)) else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        return try body(UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, Int32(column)))))
    }

    func number(_ column: Int) -> Double { sqlite3_column_double(statement, Int32(column)) }

    func integer(_ column: Int) -> Int64 { sqlite3_column_int64(statement, Int32(column)) }

    /// Steps a statement to its end, each row to `body`.
    static func step(_ statement: OpaquePointer, of connection: OpaquePointer?, _ body: (any RowCells) throws -> Void) throws {
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else { throw StoreError.database(String(cString: sqlite3_errmsg(connection))) }
            try body(RawRow(statement: statement))
        }
    }
}

/// A connection of SQLite's C API alone, beside GRDB's: the lock taken and the twin read of
/// `SQLiteBackend.readOnTwoConnections`. It is handed from the thread that began its transaction
/// to the one that reads through it, and never used by two threads at once.
final class RawConnection: @unchecked Sendable {
    private var handle: OpaquePointer?

    /// Opens the store's file, or nil when it cannot be opened. No busy timeout: a lock another
    /// connection holds is refused at once.
    init?(_ path: String, writable: Bool) {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(path, &handle, writable ? SQLITE_OPEN_READWRITE : SQLITE_OPEN_READONLY, nil) == SQLITE_OK, let handle else {
            sqlite3_close_v2(handle)
            return nil
        }
        self.handle = handle
    }

    deinit { end() }

    /// Ends its transaction (rolled back) and closes it.
    func end() {
        guard let handle else { return }
        sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
        sqlite3_close_v2(handle)
        self.handle = nil
    }

    /// Runs statements; whether they all succeeded.
    @discardableResult func run(_ sql: String) -> Bool { sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK }

    func forEachRow(_ sql: String, _ arguments: [SQLValue], _ body: (any RowCells) throws -> Void) throws {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw StoreError.database(String(cString: sqlite3_errmsg(handle)))
        }
        defer { sqlite3_finalize(statement) }
        for (position, cell) in arguments.enumerated() { SQLiteSession.bind(cell, Int32(position + 1), statement) }
        try RawRow.step(statement, of: handle, body)
    }
}
