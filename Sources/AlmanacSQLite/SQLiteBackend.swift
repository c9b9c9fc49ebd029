import AlmanacDomain
import AlmanacStorage
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

    init(path: String, queue: DatabaseQueue, readOnlyReason: String? = nil) {
        self.path = path
        self.queue = queue
        self.readOnlyReason = readOnlyReason
    }

    public func read<T>(_ body: (any SQLSession) throws -> T) throws -> T {
        do { return try queue.read { db in try body(SQLiteSession(db: db)) } } catch { throw StoreError.wrap(error, path: path) }
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
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else {
                throw StoreError.database(String(cString: sqlite3_errmsg(db.sqliteConnection)))
            }
            try body(RawRow(statement: handle))
        }
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

    private static func bind(_ cell: SQLValue, _ index: Int32, _ handle: OpaquePointer) {
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
}
