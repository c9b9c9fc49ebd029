import AlmanacDomain
import AlmanacStorage
import PostgresNIO

/// The server store: the store's semantics (`RelationalStore`) over a PostgreSQL database — one
/// store of its shared tables (`SharedLayout`), or, in the earlier layout, a schema owned by the
/// role that created it.
public typealias PostgresStore = RelationalStore<PostgresBackend>

extension RelationalStore where Backend == PostgresBackend {
    /// Opens (or creates) the URL's store. Among the shared tables, a store is the role's that
    /// made it: another role's is not seen at all, and its name cannot be taken. In the earlier
    /// layout (`?schema=`), the schema's store is opened as before: migrated when older. A schema that
    /// holds other tables, or a store written by a newer Almanac, is refused before anything is
    /// written. A store belongs to its schema's owner: a schema (or a table in it) owned by a
    /// role the connected role is not (and is not a member of) is refused, naming the owner,
    /// whatever privileges were granted on it — sharing a store is making its users members of
    /// the owning role (docs/POSTGRES.md). A schema an administrator made for the role
    /// (`CREATE SCHEMA alice AUTHORIZATION alice`) is used as it is: no privilege on the
    /// database is needed.
    public static func open(url: PostgresURL, mode: StoreOpenMode = .existing) throws -> PostgresStore {
        let backend = try connect(url)
        do {
            if backend.url.store != nil { try prepareShared(backend, mode: mode) } else { try prepare(backend, mode: mode) }
        } catch {
            try? backend.close()
            throw error
        }
        return PostgresStore(backend: backend)
    }

    /// Whether the URL names a store that exists (connecting to find out).
    public static func exists(url: PostgresURL) throws -> Bool {
        let backend = try connect(url)
        defer { try? backend.close() }
        if backend.url.store != nil { return try sharedStoreNumber(backend) != nil }
        return try inspect(backend) == .store
    }

    /// A connection for the URL's store. A URL that names neither a store nor a schema meant,
    /// before the shared tables, the schema of the role's name: while that schema holds a store,
    /// it still does (a cron line written then keeps working until its store is moved).
    private static func connect(_ url: PostgresURL) throws -> PostgresBackend {
        let backend = try PostgresBackend.connect(url)
        guard !url.namesItsStore else { return backend }
        do {
            let earlier = try backend.read { db in
                try db.count("""
                    SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                    WHERE n.nspname = ? AND c.relname = ? AND c.relkind = 'r'
                    """, [.text(url.user), .text(PostgresSchema.migrationsTable)]) > 0
            }
            guard earlier else { return backend }
            try backend.close()
            return try PostgresBackend.connect(url.earlierLayout)
        } catch {
            try? backend.close()
            throw error
        }
    }

    // MARK: - The shared tables

    /// Finds (or makes) the URL's store among the shared tables and points the backend at it.
    private static func prepareShared(_ backend: PostgresBackend, mode: StoreOpenMode) throws {
        let url = backend.url
        if let number = try sharedStoreNumber(backend) {
            backend.scope(to: number)
            return
        }
        guard case .createIfMissing(let settings) = mode else { throw StoreError.missing(path: url.location) }
        _ = try StoreCalendar(settings: settings)
        try backend.simple("BEGIN")
        do {
            var made: Int64?
            // Two `init`s of one person racing: the second finds the first's store.
            try PostgresSession(backend: backend).forEachRow(
                "INSERT INTO almanac.store (name) VALUES (?) ON CONFLICT (name) DO NOTHING RETURNING id", [.text(url.store!)]) { row in
                made = row.integer(0)
            }
            guard let made else {
                try backend.simple("ROLLBACK")
                if let number = try sharedStoreNumber(backend) { return backend.scope(to: number) }
                throw StoreError.server("The store name \(url.store!) is taken in database \(url.database) at \(url.host):\(url.port) (another role's store has it); choose another with ?store=NAME.")
            }
            backend.scope(to: made)
            try PostgresStore.save(settings, PostgresSession(backend: backend))
            try backend.simple("COMMIT")
        } catch {
            try? backend.simple("ROLLBACK")
            backend.scope(to: 0)
            throw PostgresFailure.sentence(for: error, url: url)
        }
    }

    /// The number of the URL's store when the role has one by that name; nil when not. Checks
    /// first that the database has Almanac's shared tables, as this build knows them, and that
    /// the role may use them.
    private static func sharedStoreNumber(_ backend: PostgresBackend) throws -> Int64? {
        let url = backend.url
        return try backend.read { db in
            try SharedLayout.checkUsable(db, url: url)
            var number: Int64?
            try db.forEachRow("SELECT id FROM almanac.store WHERE name = ?", [.text(url.store!)]) { row in number = row.integer(0) }
            return number
        }
    }

    private enum Found: Equatable { case noSchema, emptySchema, otherTables, store }

    /// What the URL's schema holds, after checking that the connected role owns it (or is a
    /// member of its owner) and every table in it, and may use it.
    private static func inspect(_ backend: PostgresBackend) throws -> Found {
        let url = backend.url, schema = url.schema
        return try backend.read { db in
            // One row when the schema exists: its owner, whether this role is (a member of) the
            // owner, whether it may use it and create in it.
            var found: (owner: String, ours: Bool, usage: Bool, create: Bool)?
            try db.forEachRow("""
                SELECT pg_get_userbyid(nspowner), pg_has_role(nspowner, 'USAGE'), has_schema_privilege(oid, 'USAGE'),
                       has_schema_privilege(oid, 'CREATE') FROM pg_namespace WHERE nspname = ?
                """, [.text(schema)]) { row in
                found = (row.string(0), row.withText(1) { $0.first == 1 }, row.withText(2) { $0.first == 1 }, row.withText(3) { $0.first == 1 })
            }
            guard let found else { return .noSchema }
            guard found.ours else { throw PostgresFailure.notOwner(url: url, owner: found.owner, of: "schema \(schema)") }
            guard found.usage, found.create else {
                throw PostgresFailure.accessRefused(url: url, reason: "it lacks the \(found.usage ? "CREATE" : "USAGE") privilege on schema \(schema)")
            }
            var tables: Set<String> = [], foreign: (table: String, owner: String)?
            try db.forEachRow("SELECT tablename, tableowner, pg_has_role(tableowner, 'USAGE') FROM pg_tables WHERE schemaname = ?", [.text(schema)]) { row in
                let table = row.string(0)
                tables.insert(table)
                if foreign == nil, !row.withText(2, { $0.first == 1 }) { foreign = (table, row.string(1)) }
            }
            if let foreign { throw PostgresFailure.notOwner(url: url, owner: foreign.owner, of: "table \(schema).\(foreign.table)") }
            if tables.contains(PostgresSchema.migrationsTable) { return .store }
            return tables.isEmpty ? .emptySchema : .otherTables
        }
    }

    private static func prepare(_ backend: PostgresBackend, mode: StoreOpenMode) throws {
        let url = backend.url
        let found = try inspect(backend)
        if found == .otherTables {
            throw StoreError.server("Schema \(url.schema) of \(url.location) holds tables that are not an Almanac store; Almanac leaves it alone.")
        }
        if found != .store {
            guard case .createIfMissing(let settings) = mode else { throw StoreError.missing(path: url.location) }
            _ = try StoreCalendar(settings: settings)
            try create(backend, settings: settings, makingSchema: found == .noSchema)
            return
        }
        let applied = try backend.read { db in try appliedMigrations(db) }
        let known = Set(PostgresSchema.migrations.map(\.identifier))
        if !applied.isSubset(of: known) { throw StoreError.newerSchema(path: url.location) }
        if applied.count < known.count { try migrate(backend) }
    }

    private static func appliedMigrations(_ db: any SQLSession) throws -> Set<String> {
        var applied: Set<String> = []
        try db.forEachRow("SELECT identifier FROM \(PostgresSchema.migrationsTable)", []) { row in applied.insert(row.string(0)) }
        return applied
    }

    /// The schema (unless it is there: PostgreSQL checks the privilege to create schemas in the
    /// database before it looks whether one exists; a role without it is told what to ask an
    /// administrator for), its tables and the settings, in one
    /// transaction: a failure leaves nothing.
    private static func create(_ backend: PostgresBackend, settings: Settings, makingSchema: Bool) throws {
        let url = backend.url
        try backend.simple("BEGIN")
        do {
            // Two `init`s racing: the second waits here, then finds the store.
            try backend.simple("SELECT pg_advisory_xact_lock(hashtext('almanac:' || \(literal(url.schema))))")
            if makingSchema {
                var mayCreate = false
                try PostgresSession(backend: backend).forEachRow("SELECT has_database_privilege(current_database(), 'CREATE')", []) { row in
                    mayCreate = row.withText(0) { $0.first == 1 }
                }
                guard mayCreate else {
                    throw StoreError.server("Schema \(url.schema) does not exist in database \(url.database) at \(url.host):\(url.port), and role \(url.user) may not create one; an administrator can make it with CREATE SCHEMA \(url.schema) AUTHORIZATION \(url.user).")
                }
                try backend.simple("CREATE SCHEMA IF NOT EXISTS \(url.quotedSchema)")
            }
            try backend.simple(PostgresSchema.migrationsTableSQL)
            let session = PostgresSession(backend: backend)
            let applied = try appliedMigrations(session)
            if applied.isEmpty {
                try apply(pending: applied, session)
                try PostgresStore.save(settings, session)
            }
            try backend.simple("COMMIT")
        } catch {
            try? backend.simple("ROLLBACK")
            throw error
        }
    }

    private static func migrate(_ backend: PostgresBackend) throws {
        try backend.simple("BEGIN; SELECT pg_advisory_xact_lock(hashtext('almanac:' || \(literal(backend.url.schema))))")
        do {
            let session = PostgresSession(backend: backend)
            try apply(pending: appliedMigrations(session), session)
            try backend.simple("COMMIT")
        } catch {
            try? backend.simple("ROLLBACK")
            throw error
        }
    }

    private static func apply(pending applied: Set<String>, _ session: PostgresSession) throws {
        for migration in PostgresSchema.migrations where !applied.contains(migration.identifier) {
            try session.backend.simple(migration.sql)
            try PostgresSchema.steps[migration.identifier]?(session)
            try session.execute("INSERT INTO \(PostgresSchema.migrationsTable) (identifier) VALUES (?)", [.text(migration.identifier)])
        }
    }

    /// A checked plain name as an SQL string literal.
    private static func literal(_ name: String) -> String { "'\(name)'" }
}

extension RelationalStore where Backend == PostgresBackend {
    /// Removes the store when it holds no row at all (a store this command created and could not
    /// fill): nothing of anyone's history can go with it. Among the shared tables, the store's
    /// row goes (through the administrator's function); in the earlier layout, its schema.
    public func removeIfEmpty() throws {
        if let number = backend.scope.number {
            try backend.simple("SELECT almanac.drop_store(\(number))")
            return
        }
        guard try rowCounts().values.allSatisfy({ $0 == 0 }) else { return }
        try backend.simple("DROP SCHEMA \(backend.url.quotedSchema) CASCADE")
    }
}
