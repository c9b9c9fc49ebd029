import AlmanacDomain

/// What a database gives the store: transactions and statements. The store's rules (docs/STORE.md)
/// are written once, in `RelationalStore`, over this boundary; SQLite (GRDB) and PostgreSQL
/// (postgres-nio) implement it. Statements are written with `?` placeholders and portable SQL;
/// each backend turns them into its own dialect.
public protocol SQLBackend: Sendable {
    /// Where the store is, as the user named it (a path or a URL without its password).
    var location: String { get }
    /// Runs `body` in one read transaction: everything it reads belongs to one moment of the store,
    /// even while other processes write.
    func read<T>(_ body: (any SQLSession) throws -> T) throws -> T
    /// Runs `body` in one write transaction, serialised with every other writer of the store: all of
    /// it lands or none of it (and none of it when `rollBack`).
    func write<T>(rollBack: Bool, _ body: (any SQLSession) throws -> T) throws -> T
    /// Ends the connection; the store must not be used afterwards.
    func close() throws
}

/// One connection inside a transaction.
public protocol SQLSession {
    /// Runs a statement; returns how many rows it changed.
    @discardableResult func execute(_ sql: String, _ arguments: [SQLValue]) throws -> Int
    /// Streams the rows of a query to `body`, cells by position, without a Swift value per cell.
    func forEachRow(_ sql: String, _ arguments: [SQLValue], _ body: (any RowCells) throws -> Void) throws
    /// Inserts many records through the backend's bulk path (SQLite: one prepared statement;
    /// PostgreSQL: whole columns as arrays).
    func insertAll<Record: StoredRecord>(_ records: [Record]) throws
    /// Readies the connection for hundreds of thousands of rows (restore, import).
    func prepareForBulkWrites() throws
}

extension SQLSession {
    @discardableResult func execute(_ sql: String) throws -> Int { try execute(sql, []) }

    func fetchAll<Record: StoredRecord>(_: Record.Type = Record.self, where clause: String = "", _ arguments: [SQLValue] = []) throws -> [Record] {
        var records: [Record] = []
        let columns = Record.columns
        try forEachRow("SELECT \(Record.selection) FROM \(Record.table) \(clause)", arguments) { row in
            records.append(try Record(row: row, columns: columns))
        }
        return records
    }

    func fetchOne<Record: StoredRecord>(_: Record.Type = Record.self, id: EntityID) throws -> Record? {
        try fetchAll(Record.self, where: "WHERE id = ?", [SQLValue(id)]).first
    }

    func count(_ sql: String, _ arguments: [SQLValue] = []) throws -> Int {
        var count = 0
        try forEachRow(sql, arguments) { row in count = Int(row.integer(0)) }
        return count
    }

    func strings(_ sql: String, _ arguments: [SQLValue] = []) throws -> [String] {
        var strings: [String] = []
        try forEachRow(sql, arguments) { row in strings.append(row.string(0)) }
        return strings
    }

    func insert<Record: StoredRecord>(_ record: Record) throws {
        try execute("INSERT INTO \(Record.table) (\(Record.selection)) VALUES (\(Record.placeholders))", record.cells)
    }

    func update<Record: StoredRecord>(_ record: Record) throws {
        let assignments = Record.columns.dropFirst().map { "\($0) = ?" }.joined(separator: ", ")
        try execute("UPDATE \(Record.table) SET \(assignments) WHERE id = ?", Array(record.cells.dropFirst()) + [SQLValue(record.id)])
    }

    /// Deletes the record with this id; whether there was one.
    func delete<Record: StoredRecord>(_: Record.Type, id: EntityID) throws -> Bool {
        try execute("DELETE FROM \(Record.table) WHERE id = ?", [SQLValue(id)]) > 0
    }
}

/// How a backend's `open` treats a location with no store behind it.
public enum StoreOpenMode: Sendable {
    /// The store must exist (every command but `init`, `demo`, `restore`, `import` and `copy`).
    case existing
    /// Create the store with these settings when there is none yet.
    case createIfMissing(Settings)
}
