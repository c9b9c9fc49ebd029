import GRDB
import GRDBSQLite

/// One row of a streaming query, read straight from SQLite's buffers: text cells are borrowed
/// bytes, valid only inside the callback. This is how exports write hundreds of thousands of
/// rows without making a Swift value per cell.
public struct RawRow {
    let statement: OpaquePointer

    public func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

    /// The cell's UTF-8 bytes (empty for NULL).
    public func bytes(_ column: Int32) -> UnsafeBufferPointer<UInt8> {
        guard let text = sqlite3_column_text(statement, column) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, column)))
    }

    public func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }

    public func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

    public func string(_ column: Int32) -> String { String(decoding: bytes(column), as: UTF8.self) }
}

extension AlmanacStore {
    /// Runs a query inside one read transaction and hands each row to `body`.
    func forEachRawRow(_ sql: String, arguments: StatementArguments = [], _ body: (RawRow) throws -> Void) throws {
        try read { db in try Self.forEachRawRow(db, sql, arguments: arguments, body) }
    }

    static func forEachRawRow(_ db: Database, _ sql: String, arguments: StatementArguments = [],
                              _ body: (RawRow) throws -> Void) throws {
        do {
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
}
