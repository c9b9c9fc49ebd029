import AlmanacDomain
import AlmanacStorage
import Foundation
import PostgresNIO
import Synchronization

/// The server backend: one connection to a PostgreSQL database, the store one of the shared
/// tables' stores (`SharedLayout`, its number the backend's `scope`) or a schema of its own.
/// The store protocol is synchronous (a command does one thing at a time), so every round trip
/// waits for its future on the caller's thread; rows are handed to the caller as they arrive.
///
/// Reads run in a `REPEATABLE READ, READ ONLY` transaction: one snapshot of the store while people
/// log. Writes take the store's write lock (a row lock on the store's own row of `almanac.store`,
/// or `LOCK TABLE settings IN EXCLUSIVE MODE` in a schema of its own; readers wait for neither)
/// and then run in `READ COMMITTED`: writers of one store are serialised as on
/// SQLite, and each statement after the lock sees every earlier writer's commit, so the upsert of a
/// habit and day is race-free across processes and machines.
public final class PostgresBackend: SQLBackend, Sendable {
    public let url: PostgresURL
    let connection: PostgresConnection
    let logger: Logger
    /// Set once, by the first `close()`.
    private let closed = Atomic<Bool>(false)
    /// False for a backend that borrows another's connection (`pointed(at:)`): closing it leaves
    /// the connection open.
    private let ownsConnection: Bool
    /// The store's number among the shared tables' stores, once it is known; 0 before, and in a
    /// schema of its own.
    private let number = Atomic<Int64>(0)

    /// Which rows are the store's (`StoreScope`).
    public var scope: StoreScope {
        let number = number.load(ordering: .acquiring)
        return number == 0 ? .whole : StoreScope(number: number)
    }

    /// From now on, the store is the shared tables' store `number`.
    func scope(to number: Int64) { self.number.store(number, ordering: .releasing) }

    public var location: String { url.location }

    /// How many rows a write must add through the bulk path (a restore, an import, a copy) for the
    /// store's partitions to be analyzed.
    static let rowsWorthAnalyzing = 5_000

    /// How long a write waits for another writer of the store before giving up.
    static let lockTimeout = "10s"

    private init(url: PostgresURL, connection: PostgresConnection, logger: Logger, ownsConnection: Bool = true) {
        self.url = url
        self.connection = connection
        self.logger = logger
        self.ownsConnection = ownsConnection
    }

    /// This connection pointed at another store of the shared tables, for a role that reads many
    /// stores one after the other on one connection (the operator's night). The new backend
    /// borrows the connection; closing it does not close the connection.
    func pointed(at store: String, number: Int64) -> PostgresBackend {
        var url = self.url
        url.store = store
        let backend = PostgresBackend(url: url, connection: connection, logger: logger, ownsConnection: false)
        backend.scope(to: number)
        return backend
    }

    /// Connects (within `connectTimeout`) and points the connection at the store's schema.
    static func connect(_ url: PostgresURL, connectTimeout: TimeAmount = .seconds(8)) throws -> PostgresBackend {
        var logger = Logger(label: "almanac.postgres")
        logger.logLevel = .critical
        var configuration = PostgresConnection.Configuration(
            host: url.host, port: url.port, username: url.user, password: url.password, database: url.database,
            tls: .disable)
        if url.requiresTLS {
            do {
                configuration.tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            } catch {
                throw StoreError.server("Cannot set up TLS for \(url.location): \(error).")
            }
        }
        configuration.options.connectTimeout = connectTimeout
        // Shows as the connection's name in pg_stat_activity (and lets an operator find it).
        configuration.options.additionalStartupParameters = [("application_name", "almanac")]
        let connection: PostgresConnection
        do {
            connection = try PostgresConnection.connect(
                on: MultiThreadedEventLoopGroup.singleton.any(), configuration: configuration, id: 1, logger: logger
            ).wait()
        } catch {
            throw PostgresFailure.sentence(for: error, url: url, connecting: true)
        }
        let backend = PostgresBackend(url: url, connection: connection, logger: logger)
        do {
            // The shared tables are named with their schema where it matters (`SharedLayout`); the
            // store's statements find them, or the store's own schema's, by the search path.
            try backend.simple("SET search_path TO \(url.quotedSchema); SET lock_timeout = '\(lockTimeout)'")
        } catch {
            try? backend.close()
            throw error
        }
        return backend
    }

    public func read<T>(_ body: (any SQLSession) throws -> T) throws -> T {
        try transaction(begin: "START TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY", rollBack: false, body)
    }

    public func write<T>(rollBack: Bool, _ body: (any SQLSession) throws -> T) throws -> T {
        let lock = scope.number.map { "SELECT 1 FROM almanac.store WHERE id = \($0) FOR UPDATE" } ?? "LOCK TABLE settings IN EXCLUSIVE MODE"
        return try transaction(begin: "BEGIN; " + lock, rollBack: rollBack, body)
    }

    private func transaction<T>(begin: String, rollBack: Bool, _ body: (any SQLSession) throws -> T) throws -> T {
        try simple(begin)
        let result: T
        do {
            let session = PostgresSession(backend: self)
            result = try body(session)
            // Thousands of a store's rows just written (a restore, an import, a copy) into the
            // shared tables' partitions: the planner's figures for them are brought up to date
            // before anyone plans a read of them (with the figures of a nearly empty partition,
            // an export of the bench store took 9.6 s instead of 2.4 s). A person may not analyze
            // the administrator's tables; the function does it for her store's partitions.
            if let number = scope.number, !rollBack, session.bulk.rows >= Self.rowsWorthAnalyzing {
                try simple("SELECT almanac.analyze_store(\(number))")
            }
        } catch {
            try? simple("ROLLBACK")   // a lost connection has rolled back already, on the server
            throw PostgresFailure.sentence(for: error, url: url)
        }
        do {
            try simple(rollBack ? "ROLLBACK" : "COMMIT")
        } catch StoreError.server(let sentence) where sentence.contains("was lost") && !rollBack {
            // The server may have committed before the connection went: say so, do not guess.
            throw StoreError.server("The connection to PostgreSQL at \(url.host):\(url.port) was lost while the change was being committed; read the store again to see whether it was saved.")
        }
        return result
    }

    /// Runs statements without parameters, one after the other (the store's SQL has no `;`
    /// inside its literals).
    func simple(_ sql: String) throws {
        do {
            for statement in Self.statements(sql) where !statement.allSatisfy(\.isWhitespace) {
                _ = try wait(connection.query(PostgresQuery(unsafeSQL: statement), logger: logger))
            }
        } catch {
            throw PostgresFailure.sentence(for: error, url: url)
        }
    }

    /// The statements of a script: split at each `;` outside a `$$`-quoted body (a function's).
    static func statements(_ sql: String) -> [String] {
        var statements: [String] = [], current = "", quoted = false
        for part in sql.components(separatedBy: "$$") {
            if quoted {
                current += "$$" + part + "$$"
            } else {
                var pieces = part.components(separatedBy: ";")
                current += pieces.removeFirst()
                for piece in pieces {
                    statements.append(current)
                    current = piece
                }
            }
            quoted.toggle()
        }
        return statements + [current]
    }

    /// Waits for a query's future, or for the connection to close, whichever comes first: a
    /// connection the server ends (a restart, `pg_terminate_backend`) fails the command at once
    /// instead of leaving it waiting for an answer that cannot come.
    func wait<T: Sendable>(_ future: EventLoopFuture<T>) throws -> T {
        let promise = future.eventLoop.makePromise(of: T.self)
        future.cascade(to: promise)
        let lost = StoreError.server("The connection to PostgreSQL at \(url.host):\(url.port) was lost; nothing of this command was saved.")
        connection.closeFuture.whenComplete { _ in promise.fail(lost) }
        return try promise.futureResult.wait()
    }

    public func close() throws {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        if ownsConnection { try? connection.close().wait() }
    }

    deinit { if !closed.load(ordering: .acquiring) && ownsConnection { try? connection.close().wait() } }
}

/// One PostgreSQL connection inside a transaction.
struct PostgresSession: SQLSession {
    let backend: PostgresBackend
    /// The rows the bulk path wrote in this transaction.
    let bulk = BulkRows()

    final class BulkRows { var rows = 0 }

    var scope: StoreScope { backend.scope }

    /// In the shared tables, through the administrator's function that deletes for the caller's
    /// own store only (a person may not delete); in a schema of its own, a `DELETE`.
    func remove(from table: String, ids: [String]?) throws -> Int {
        guard let number = scope.number else { return try deleteRows(of: table, ids: ids) }
        var removed = 0
        // Ids are UUIDs: no comma inside one.
        try forEachRow("SELECT almanac.remove_rows(\(number), ?, pg_catalog.string_to_array(?, ','))",
                       [.text(table.lowercased()), ids.map { .text($0.joined(separator: ",")) } ?? .null]) { row in removed = Int(row.integer(0)) }
        return removed
    }

    @discardableResult func execute(_ sql: String, _ arguments: [SQLValue]) throws -> Int {
        let metadata = try run(sql, arguments, onRow: nil)
        return metadata.rows ?? 0
    }

    func forEachRow(_ sql: String, _ arguments: [SQLValue], _ body: (any RowCells) throws -> Void) throws {
        // The connection keeps its row callback a while after the query ends, so the callback
        // holds a box, and the box holds `body` only while the query runs: `body` never outlives
        // this call (`withoutActuallyEscaping` checks it).
        try withoutActuallyEscaping(body) { escapable in
            let sink = RowSink(escapable)
            defer { sink.end() }
            _ = try run(sql, arguments) { row in try sink.take(row) }
        }
    }

    /// Whole columns as typed arrays, `INSERT … SELECT FROM unnest(…)`: one statement and one round
    /// trip per 20,000 rows instead of one per row.
    func insertAll<Record: StoredRecord>(_ records: [Record]) throws {
        guard !records.isEmpty else { return }
        bulk.rows += records.count
        let columns = Record.columns, types = Record.types
        let casts = types.enumerated().map { index, type in "$\(index + 1)::\(PostgresArray.sqlType(of: type))" }
        let store = scope.insertedColumn
        let sql = "INSERT INTO \(Record.table) (\(store.column)\(columns.joined(separator: ", "))) SELECT \(store.value)* FROM unnest(\(casts.joined(separator: ", ")))"
        for start in stride(from: 0, to: records.count, by: 20_000) {
            var arrays = types.map { PostgresArray(type: $0) }
            for record in records[start..<min(start + 20_000, records.count)] {
                for (index, cell) in record.cells.enumerated() { arrays[index].append(cell) }
            }
            var bindings = PostgresBindings(capacity: arrays.count)
            for array in arrays { try bindings.append(array) }
            _ = try backend.wait(backend.connection.query(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: backend.logger))
        }
    }

    func prepareForBulkWrites() throws {}

    /// Runs one statement with `?` placeholders (turned into `$1`, `$2`, …).
    private func run(_ sql: String, _ arguments: [SQLValue], onRow: (@Sendable (PostgresRow) throws -> Void)?) throws -> PostgresQueryMetadata {
        var bindings = PostgresBindings(capacity: arguments.count)
        for argument in arguments {
            switch argument {
            case .null: bindings.appendNull()
            case .text(let text): bindings.append(text)
            case .real(let number): bindings.append(number)
            case .integer(let number): bindings.append(number)
            }
        }
        let query = PostgresQuery(unsafeSQL: Self.numbered(sql), binds: bindings)
        return try backend.wait(backend.connection.query(query, logger: backend.logger, onRow ?? { _ in }))
    }

    /// `?` placeholders as PostgreSQL's `$n` (the store's SQL has no `?` inside its literals).
    static func numbered(_ sql: String) -> String {
        guard sql.contains("?") else { return sql }
        var result = "", count = 0
        result.reserveCapacity(sql.utf8.count + 8)
        for character in sql {
            if character == "?" {
                count += 1
                result += "$\(count)"
            } else {
                result.append(character)
            }
        }
        return result
    }
}

/// The caller's row handler, handed to the connection's event loop while the caller waits for the
/// query to end. The handler is called and dropped under the box's lock: the event loop calls it
/// one row at a time while the caller waits, and once the caller has emptied the box a late call
/// finds nothing.
private final class RowSink: @unchecked Sendable {
    private let lock = NSLock()
    private var handler: ((any RowCells) throws -> Void)?

    init(_ handler: @escaping (any RowCells) throws -> Void) { self.handler = handler }

    /// Hands a row to the handler, while there is one.
    func take(_ row: PostgresRow) throws { try lock.withLock { try handler?(PostgresRowCells(row)) } }

    /// Drops the handler: the caller's work with it is done.
    func end() { lock.withLock { handler = nil } }
}

/// A row as `RowCells`: text cells are the bytes PostgreSQL sent (binary format: UTF-8 for text),
/// numbers are decoded from their binary form. Valid only inside the callback.
struct PostgresRowCells: RowCells {
    let cells: PostgresRandomAccessRow

    init(_ row: PostgresRow) { cells = PostgresRandomAccessRow(row) }

    func isNull(_ column: Int) -> Bool { cells[column].bytes == nil }

    func withText<Result>(_ column: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        guard let bytes = cells[column].bytes else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        return try bytes.withUnsafeReadableBytes { raw in try raw.withMemoryRebound(to: UInt8.self, body) }
    }

    func number(_ column: Int) -> Double {
        let cell = cells[column]
        guard var bytes = cell.bytes else { return 0 }
        switch cell.dataType {
        case .float8: return bytes.readInteger(as: UInt64.self).map { Double(bitPattern: $0) } ?? 0
        case .float4: return bytes.readInteger(as: UInt32.self).map { Double(Float(bitPattern: $0)) } ?? 0
        case .int8, .int4, .int2: return Double(integer(column))
        default: return Double(bytes.readString(length: bytes.readableBytes) ?? "") ?? 0
        }
    }

    func integer(_ column: Int) -> Int64 {
        let cell = cells[column]
        guard var bytes = cell.bytes else { return 0 }
        switch cell.dataType {
        case .int8: return bytes.readInteger(as: Int64.self) ?? 0
        case .int4: return Int64(bytes.readInteger(as: Int32.self) ?? 0)
        case .int2: return Int64(bytes.readInteger(as: Int16.self) ?? 0)
        case .float8, .float4: return Int64(number(column))
        default: return Int64(bytes.readString(length: bytes.readableBytes) ?? "") ?? 0
        }
    }
}
