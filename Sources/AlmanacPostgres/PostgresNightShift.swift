import AlmanacDomain
import AlmanacStorage
import Synchronization

/// One worker of an operator's nightly run over the stores of a database's shared tables
/// (`SharedLayout`): a connection of the operator's role (a member of `almanac_reader`) that finds
/// the stores in `almanac.store`, claims each store for the night so that workers in several
/// processes, on several machines, share the work through the server alone, and reads each store
/// it claimed on that same connection.
///
/// - A claim is a session advisory lock on the store's number: while a worker renders a store, no
///   other takes it; when a worker dies, its connection ends and the server lets the lock go.
/// - What was rendered is recorded in `almanac.report_night` (store, night, when, by whom), so a
///   store rendered once for a night is not rendered again that night by a worker that claims it
///   later; `almanac server tidy` drops records older than 90 days.
/// - Nothing of a person's runs as the operator: a person owns nothing and may create nothing in
///   the database (`SharedLayout`), so every table, index, default and function the operator's
///   statements touch is the administrator's. Stores of the earlier layout (a schema each, owned
///   by its person) are not read at all: they are counted, and moved with `almanac copy`.
public final class PostgresNightShift: Sendable {
    public let url: PostgresURL
    private let backend: PostgresBackend

    /// A store of the shared tables: its name (its site's folder) and number.
    public struct Store: Sendable, Hashable {
        public let name: String
        public let number: Int64
    }

    /// Connects as the operator's role and checks that it may read the shared tables. Every
    /// statement is limited to `timeout` seconds (locks to at most 10), so no store can hold the
    /// night.
    public init(url: PostgresURL, timeout: Int = 60) throws {
        self.url = url
        backend = try PostgresBackend.connect(url)
        do {
            try backend.simple("SET search_path TO pg_catalog, almanac, pg_temp; SET statement_timeout = '\(timeout)s'; SET lock_timeout = '\(min(timeout, 10))s'")
            try backend.read { db in try SharedLayout.checkUsable(db, url: url) }
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

    /// Every store of the shared tables, by name (no scan of the catalog); and how many schemas
    /// hold a store of the earlier layout, which the night passes over.
    public func stores() throws -> (stores: [Store], earlierLayout: Int) {
        try backend.read { db in
            var stores: [Store] = []
            try db.forEachRow("SELECT name, id FROM almanac.store ORDER BY name", []) { row in
                stores.append(Store(name: row.string(0), number: row.integer(1)))
            }
            // By the catalog's index on names: one lookup, not a scan of every table.
            let earlier = try db.count("""
                SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE c.relname = ? AND c.relkind = 'r' AND n.nspname <> 'almanac'
                """, [.text(PostgresSchema.migrationsTable)])
            return (stores, earlier)
        }
    }

    /// Claims a store for as long as this connection lives or until `release`: false when
    /// another worker holds it now.
    public func claim(_ store: Store) throws -> Bool {
        var taken = false
        try PostgresSession(backend: backend).forEachRow(
            "SELECT pg_try_advisory_lock(hashtext('almanac-night'), \(store.number)::int)", []) { row in taken = row.withText(0) { $0.first == 1 } }
        return taken
    }

    public func release(_ store: Store) throws {
        try backend.simple("SELECT pg_advisory_unlock(hashtext('almanac-night'), \(store.number)::int)")
    }

    /// Whether a worker has rendered the store for this night.
    public func wasRendered(_ store: Store, night: DayKey) throws -> Bool {
        var found = false
        try PostgresSession(backend: backend).forEachRow(
            "SELECT 1 FROM almanac.report_night WHERE store = \(store.number) AND night = ?::date", [.text(night.description)]) { _ in found = true }
        return found
    }

    /// Records that the store was rendered for this night, by `worker` (a host and process).
    public func recordRendered(_ store: Store, night: DayKey, by worker: String) throws {
        try PostgresSession(backend: backend).execute(
            "INSERT INTO almanac.report_night (store, night, worker) VALUES (\(store.number), ?::date, ?) ON CONFLICT DO NOTHING",
            [.text(night.description), .text(worker)])
    }

    /// A claimed store, read on this worker's connection.
    public func open(_ store: Store) -> PostgresStore {
        PostgresStore(backend: backend.pointed(at: store.name, number: store.number))
    }
}
