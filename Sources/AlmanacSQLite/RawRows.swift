import AlmanacDomain
import GRDB
import GRDBSQLite

/// One row of a streaming query, read straight from SQLite's buffers: text cells are borrowed
/// bytes, valid only inside the callback. This is how exports and the snapshot read hundreds of
/// thousands of rows without making a Swift value per cell. It never leaves this module: other
/// modules see it as `RowCells`.
struct RawRow: RowCells {
    let statement: OpaquePointer

    func isNull(_ column: Int) -> Bool { sqlite3_column_type(statement, Int32(column)) == SQLITE_NULL }

    func text(_ column: Int) -> UnsafeBufferPointer<UInt8> {
        guard let text = sqlite3_column_text(statement, Int32(column)) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, Int32(column))))
    }

    func number(_ column: Int) -> Double { sqlite3_column_double(statement, Int32(column)) }

    func integer(_ column: Int) -> Int64 { sqlite3_column_int64(statement, Int32(column)) }
}

extension SQLiteStore {
    /// Runs a query inside one read transaction and hands each row to `body`.
    func forEachRawRow(_ sql: String, arguments: StatementArguments = [], _ body: (RawRow) throws -> Void) throws {
        try read { db in try Self.forEachRawRow(db, sql, arguments: arguments, body) }
    }

    static func forEachRawRow(_ db: Database, _ sql: String, arguments: StatementArguments = [],
                              _ body: (RawRow) throws -> Void) throws {
        let statement = try db.makeStatement(sql: sql)
        try statement.setArguments(arguments)
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
}
