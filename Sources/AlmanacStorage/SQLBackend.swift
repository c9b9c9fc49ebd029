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
    /// `read`, with a second connection to the same moment of the store where the backend can
    /// offer one, so that `SQLSession.forEachRowInParts` reads a large table on two cores.
    func readOnTwoConnections<T>(_ body: (any SQLSession) throws -> T) throws -> T
    /// Runs `body` in one write transaction, serialised with every other writer of the store: all of
    /// it lands or none of it (and none of it when `rollBack`).
    func write<T>(rollBack: Bool, _ body: (any SQLSession) throws -> T) throws -> T
    /// Ends the connection; the store must not be used afterwards.
    func close() throws
}

extension SQLBackend {
    public func readOnTwoConnections<T>(_ body: (any SQLSession) throws -> T) throws -> T { try read(body) }
}

/// What takes the rows of a query one by one (`SQLSession.forEachRowInParts`); a part of the
/// rows may be read on another thread, into a reader of its own.
public protocol RowReader: Sendable {
    mutating func add(_ row: any RowCells) throws
}

/// Which rows of the store's tables are this store's. A SQLite file and a schema of its own hold
/// one store, so all of them; PostgreSQL's shared layout holds every store of a database in one
/// set of tables, each row keyed by its store's number in a `store` column (docs/POSTGRES.md).
/// Every statement of the store names its rows through this: the plan then uses the indexes that
/// lead with the store, and a distributed database routes it to the node that holds the store.
public struct StoreScope: Sendable, Equatable {
    /// The store's number in the shared layout; nil where the tables hold one store.
    public let number: Int64?

    public static let whole = StoreScope(number: nil)

    public init(number: Int64?) { self.number = number }

    /// The condition for a statement's table: `store = 42`, or `TRUE`.
    public var rows: String { rows(of: nil) }

    /// The condition for the table a join names `alias`.
    public func rows(of alias: String?) -> String {
        guard let number else { return "TRUE" }
        return "\(alias.map { $0 + "." } ?? "")store = \(number)"
    }

    /// What an `INSERT` puts before its columns and before its values: the store's column and
    /// number, or nothing.
    public var insertedColumn: (column: String, value: String) {
        number.map { ("store, ", "\($0), ") } ?? ("", "")
    }
}

/// One connection inside a transaction.
public protocol SQLSession {
    /// Which rows of the tables are the store's (`StoreScope`).
    var scope: StoreScope { get }
    /// Runs a statement; returns how many rows it changed.
    @discardableResult func execute(_ sql: String, _ arguments: [SQLValue]) throws -> Int
    /// Streams the rows of a query to `body`, cells by position, without a Swift value per cell.
    func forEachRow(_ sql: String, _ arguments: [SQLValue], _ body: (any RowCells) throws -> Void) throws
    /// Streams the rows of `SELECT columns FROM table WHERE condition` (in no order) into readers
    /// made by `reader`: two, each of a part of the table, read at once on two cores where the
    /// session has a second connection to the same moment (`SQLBackend.readOnTwoConnections`);
    /// else one, of every row.
    func forEachRowInParts<Reader: RowReader>(select columns: String, from table: String, where condition: String,
                                              _ arguments: [SQLValue], _ reader: @escaping @Sendable () -> Reader) throws -> [Reader]
    /// Inserts many records through the backend's bulk path (SQLite: one prepared statement;
    /// PostgreSQL: whole columns as arrays).
    func insertAll<Record: StoredRecord>(_ records: [Record]) throws
    /// Readies the connection for hundreds of thousands of rows (restore, import).
    func prepareForBulkWrites() throws
    /// Deletes the store's rows of `table` with these ids, or every one of them (nil); how many.
    /// (In PostgreSQL's shared layout a person may not delete: a function of the administrator's
    /// does it, for the caller's own store only.)
    func remove(from table: String, ids: [String]?) throws -> Int
}

extension SQLSession {
    @discardableResult func execute(_ sql: String) throws -> Int { try execute(sql, []) }

    public func forEachRowInParts<Reader: RowReader>(select columns: String, from table: String, where condition: String,
                                                     _ arguments: [SQLValue], _ reader: @escaping @Sendable () -> Reader) throws -> [Reader] {
        var one = reader()
        try forEachRow("SELECT \(columns) FROM \(table) WHERE \(condition)", arguments) { row in try one.add(row) }
        return [one]
    }

    /// The store's records of a table for which `condition` holds, in `order` (SQL, or none).
    func fetchAll<Record: StoredRecord>(_: Record.Type = Record.self, where condition: String = "TRUE", orderBy order: String? = nil,
                                        _ arguments: [SQLValue] = []) throws -> [Record] {
        var records: [Record] = []
        let columns = Record.columns
        let sql = "SELECT \(Record.selection) FROM \(Record.table) WHERE \(scope.rows) AND (\(condition))" + (order.map { " ORDER BY " + $0 } ?? "")
        try forEachRow(sql, arguments) { row in
            records.append(try Record(row: row, columns: columns))
        }
        return records
    }

    func fetchOne<Record: StoredRecord>(_: Record.Type = Record.self, id: EntityID) throws -> Record? {
        try fetchAll(Record.self, where: "id = ?", [SQLValue(id)]).first
    }

    public func count(_ sql: String, _ arguments: [SQLValue] = []) throws -> Int {
        var count = 0
        try forEachRow(sql, arguments) { row in count = Int(row.integer(0)) }
        return count
    }

    public func strings(_ sql: String, _ arguments: [SQLValue] = []) throws -> [String] {
        var strings: [String] = []
        try forEachRow(sql, arguments) { row in strings.append(row.string(0)) }
        return strings
    }

    func insert<Record: StoredRecord>(_ record: Record) throws {
        let store = scope.insertedColumn
        try execute("INSERT INTO \(Record.table) (\(store.column)\(Record.selection)) VALUES (\(store.value)\(Record.placeholders))", record.cells)
    }

    func update<Record: StoredRecord>(_ record: Record) throws {
        let assignments = Record.columns.dropFirst().map { "\($0) = ?" }.joined(separator: ", ")
        try execute("UPDATE \(Record.table) SET \(assignments) WHERE \(scope.rows) AND id = ?", Array(record.cells.dropFirst()) + [SQLValue(record.id)])
    }

    /// Deletes the record with this id; whether there was one.
    func delete<Record: StoredRecord>(_: Record.Type, id: EntityID) throws -> Bool {
        try remove(from: Record.table, ids: [id.description]) > 0
    }

    /// `remove` as a plain `DELETE`, for a backend whose role may delete.
    public func deleteRows(of table: String, ids: [String]?) throws -> Int {
        guard let ids else { return try execute("DELETE FROM \(table) WHERE \(scope.rows)") }
        var removed = 0
        for start in stride(from: 0, to: ids.count, by: 500) {
            let chunk = ids[start..<min(start + 500, ids.count)]
            removed += try execute("DELETE FROM \(table) WHERE \(scope.rows) AND id IN (\(chunk.map { _ in "?" }.joined(separator: ", ")))",
                                   chunk.map { .text($0) })
        }
        return removed
    }
}

/// How a backend's `open` treats a location with no store behind it.
public enum StoreOpenMode: Sendable {
    /// The store must exist (every command but `init`, `demo`, `restore`, `import` and `copy`).
    case existing
    /// Create the store with these settings when there is none yet.
    case createIfMissing(Settings)
}
