import AlmanacDomain
import AlmanacStorage
import Synchronization

/// One worker of an operator's nightly run over the stores of a database: a connection of the
/// operator's role that finds the stores it may read, claims each store for the night so that
/// workers in several processes, on several machines, share the work through the server alone,
/// and reads each store it claimed on that same connection.
///
/// - A claim is a session advisory lock on the store: while a worker renders a store, no other
///   takes it; when a worker dies, its connection ends and the server lets the lock go.
/// - What was rendered is recorded in a table of the operator's own schema
///   (`almanac_report_nights`: store, night, when, by whom), so a store rendered once for a night
///   is not rendered again that night by a worker that claims it later. Records older than 90
///   days are dropped.
/// - Nothing is granted, created or written in anyone's store; the operator's role reads what an
///   administrator granted it (docs/POSTGRES.md).
public final class PostgresNightShift: Sendable {
    public let url: PostgresURL
    private let backend: PostgresBackend
    /// Almanac's own definition of a store on this server (`PostgresDefinition`): what its
    /// migrations make, made in the operator's schema in a transaction that was rolled back.
    private let definition: [String]
    /// Whether the description of a schema is the session's function (`PostgresDefinition.prepare`).
    private let prepared: Bool
    /// The session as the worker sets it, set again before each of the worker's own statements
    /// (`resetSession`).
    private let sessionSettings: String
    static let table = "almanac_report_nights"

    /// Connects as the operator's role; its schema (the URL's) keeps the record of the nights,
    /// the table made there when missing.
    ///
    /// The connection reads everyone's store with nothing of theirs running as the operator: a
    /// store is read only when its schema is exactly Almanac's (`PostgresDefinition`, checked
    /// before its first read), names resolve in the system catalog and the store's
    /// schema alone, and `row_security = off` (a table with a policy is refused by the server, as
    /// `pg_dump` relies on). Every statement is limited to `timeout` seconds (locks to at most 10),
    /// so no store can hold the night. Nothing a store does outlives it in the session: the
    /// session is reset to the worker's settings before each store is claimed, and each of the
    /// worker's own statements (claiming, recording, releasing a store) names its functions,
    /// types and operators in `pg_catalog` and its table with its schema, so that no search path
    /// decides what it runs.
    public init(url: PostgresURL, timeout: Int = 60) throws {
        self.url = url
        sessionSettings = "SELECT pg_catalog.set_config('search_path', 'pg_catalog, pg_temp', false), "
            + "pg_catalog.set_config('row_security', 'off', false), pg_catalog.set_config('statement_timeout', '\(timeout)s', false), "
            + "pg_catalog.set_config('lock_timeout', '\(min(timeout, 10))s', false)"
        backend = try PostgresBackend.connect(url)
        do {
            try backend.simple(sessionSettings)
            try Self.prepare(backend, url: url)
            prepared = PostgresDefinition.prepare(backend)
            definition = try Self.almanacDefinition(backend, url: url, prepared: prepared)
        } catch {
            try? backend.close()
            throw error
        }
    }

    deinit { try? backend.close() }

    /// Whether the connection is still up (a server restart or a network fault ends it).
    public var isConnected: Bool { !backend.connection.isClosed }

    /// Whether the connection still answers, after a statement on it failed: the server that ends
    /// a connection says so before the connection is seen closed, so a failure alone does not
    /// tell a connection that went from a statement that failed.
    public func answers() -> Bool {
        isConnected && (try? backend.simple("SELECT 1")) != nil
    }

    private static func prepare(_ backend: PostgresBackend, url: PostgresURL) throws {
        var usable: (create: Bool, usage: Bool)?
        try backend.read { db in
            try db.forEachRow("SELECT has_schema_privilege(oid, 'CREATE'), has_schema_privilege(oid, 'USAGE') FROM pg_namespace WHERE nspname = ?",
                              [.text(url.schema)]) { row in
                usable = (row.withText(0) { $0.first == 1 }, row.withText(1) { $0.first == 1 })
            }
        }
        guard let usable, usable.create, usable.usage else {
            throw StoreError.server("The nightly run keeps its record in schema \(url.schema), which \(usable == nil ? "does not exist" : "role \(url.user) may not create tables in") at \(url.host):\(url.port); an administrator can make it with CREATE SCHEMA \(url.schema) AUTHORIZATION \(url.user).")
        }
        // Copies starting at once would race in CREATE TABLE IF NOT EXISTS (PostgreSQL can fail
        // the second with a duplicate key): one at a time, under a lock of the transaction.
        try backend.simple("""
            BEGIN; SELECT pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('almanac-night'), pg_catalog.hashtext(\(Self.literal(url.schema))));
            CREATE TABLE IF NOT EXISTS \(url.quotedSchema).\(Self.table) (store TEXT COLLATE "C" NOT NULL, night DATE NOT NULL, \
            rendered_at TIMESTAMPTZ NOT NULL DEFAULT now(), worker TEXT NOT NULL, PRIMARY KEY (store, night));
            DELETE FROM \(url.quotedSchema).\(Self.table) WHERE night < current_date - 90; COMMIT
            """)
    }

    /// The schemas of the database that hold an Almanac store this role may use (USAGE on the
    /// schema), by name; the operator's own schema is not one of them. A schema whose name is
    /// not plain (`Erin "Q"`, upper case) is not a store Almanac reads: it is in `skipped`.
    public func stores() throws -> (stores: [String], skipped: [String]) {
        var skipped: [String] = []
        var stores: [String] = []
        try backend.read { db in
            try db.forEachRow("""
                SELECT n.nspname FROM pg_namespace n JOIN pg_class c ON c.relnamespace = n.oid
                WHERE c.relname = ? AND c.relkind = 'r' AND has_schema_privilege(n.oid, 'USAGE') AND n.nspname <> ?
                ORDER BY n.nspname
                """, [.text(PostgresSchema.migrationsTable), .text(url.schema)]) { row in
                let name = row.string(0)
                if PostgresURL.isPlainName(name) { stores.append(name) } else { skipped.append(name) }
            }
        }
        return (stores, skipped)
    }

    /// The session back to the worker's settings, whatever the last store's reads left in it:
    /// every setting reset, then the worker's own (`sessionSettings`). Two statements a store.
    private func resetSession() throws {
        try backend.simple("RESET ALL; " + sessionSettings)
    }

    /// Claims a store for as long as this connection lives or until `release`: false when
    /// another worker holds it now.
    public func claim(_ store: String) throws -> Bool {
        var taken = false
        try resetSession()
        try PostgresSession(backend: backend).forEachRow(
            "SELECT pg_catalog.pg_try_advisory_lock(pg_catalog.hashtext('almanac-night'), pg_catalog.hashtext(?))",
            [.text(store)]) { row in taken = row.withText(0) { $0.first == 1 } }
        return taken
    }

    public func release(_ store: String) throws {
        try backend.simple("SELECT pg_catalog.pg_advisory_unlock(pg_catalog.hashtext('almanac-night'), pg_catalog.hashtext(\(Self.literal(store))))")
    }

    /// Whether a worker has rendered the store for this night.
    public func wasRendered(_ store: String, night: DayKey) throws -> Bool {
        var found = false
        try PostgresSession(backend: backend).forEachRow(
            "SELECT 1 FROM \(url.quotedSchema).\(Self.table) WHERE store OPERATOR(pg_catalog.=) ?::pg_catalog.text AND night OPERATOR(pg_catalog.=) ?::pg_catalog.date",
            [.text(store), .text(night.description)]) { _ in found = true }
        return found
    }

    /// Records that the store was rendered for this night, by `worker` (a host and process).
    public func recordRendered(_ store: String, night: DayKey, by worker: String) throws {
        try PostgresSession(backend: backend).execute("""
            INSERT INTO \(url.quotedSchema).\(Self.table) (store, night, worker) VALUES (?::pg_catalog.text, ?::pg_catalog.date, ?::pg_catalog.text) ON CONFLICT DO NOTHING
            """, [.text(store), .text(night.description), .text(worker)])
    }

    /// A claimed store, read on this worker's connection: its first read checks, before anything
    /// else, that its schema is Almanac's, exactly (the store's reads of the night follow it
    /// within milliseconds; a check before each of them cost a third of the night).
    public func open(_ store: String) throws -> PostgresStore {
        let definition = self.definition, prepared = self.prepared, user = url.user, checked = Atomic<Bool>(false)
        return try PostgresStore.openForReading(try backend.pointed(at: store) { db in
            guard !checked.load(ordering: .acquiring) else { return }
            try Self.check(store, db, against: definition, prepared: prepared, user: user)
            checked.store(true, ordering: .releasing)
        })
    }

    /// Throws, naming the first difference, unless the store's schema holds exactly Almanac's
    /// definition.
    static func check(_ store: String, _ db: any SQLSession, against definition: [String], prepared: Bool, user: String) throws {
        let (extra, missing) = PostgresDefinition.differences(try PostgresDefinition.lines(of: store, db, prepared: prepared), from: definition)
        guard extra.isEmpty && missing.isEmpty else {
            // What could hold code is named first: a view, a policy, a trigger, an index's definition…
            let telling = ["view ", "row-level security", "policy ", "rule ", "trigger ", "inheritance", "index definition", " default ",
                           "column ", "function ", "operator ", "type "]
            let first = extra.min { a, b in
                (telling.firstIndex { a.contains($0) } ?? telling.count) < (telling.firstIndex { b.contains($0) } ?? telling.count)
            }
            let what = first.map { "it has what Almanac's store does not (\($0))" } ?? "it lacks what Almanac's store has (\(missing[0]))"
            throw StoreError.server("The store in schema \(store) is not read: \(what); a store is read only as Almanac makes it, so that nothing of its owner's (an index's predicate, a constraint, a default, a trigger, a policy) runs as role \(user). Its owner can remove what Almanac does not make.")
        }
    }

    /// What Almanac's migrations make in a schema of this server, as `PostgresDefinition`
    /// describes it: the migrations are run in the operator's own schema in a transaction that
    /// is rolled back, and whatever was there before is left out.
    private static func almanacDefinition(_ backend: PostgresBackend, url: PostgresURL, prepared: Bool) throws -> [String] {
        let session = PostgresSession(backend: backend)
        try backend.simple("BEGIN; SET LOCAL search_path TO \(url.quotedSchema)")
        do {
            let before = Set(try PostgresDefinition.lines(of: url.schema, session, prepared: prepared))
            try backend.simple(PostgresSchema.migrationsTableSQL)
            for migration in PostgresSchema.migrations { try backend.simple(migration.sql) }
            let after = try PostgresDefinition.lines(of: url.schema, session, prepared: prepared)
            try backend.simple("ROLLBACK")
            return after.filter { !before.contains($0) }
        } catch {
            try? backend.simple("ROLLBACK")
            throw StoreError.server("The nightly run could not make Almanac's schema in \(url.schema) to compare the stores with (\(error)); role \(url.user) needs to create tables there.")
        }
    }

    /// A text as an SQL literal (quotes doubled).
    private static func literal(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }
}
