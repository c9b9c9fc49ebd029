import AlmanacDomain
import AlmanacStorage
import PostgresNIO

/// The server store: the store's semantics (`RelationalStore`) over one schema of a PostgreSQL
/// database, owned by the role that created it.
public typealias PostgresStore = RelationalStore<PostgresBackend>

extension RelationalStore where Backend == PostgresBackend {
    /// Opens (or creates) the store in the URL's schema, migrating an older one. A schema that
    /// holds other tables, or a store written by a newer Almanac, is refused before anything is
    /// written. A store belongs to its schema's owner: a schema (or a table in it) owned by a
    /// role the connected role is not (and is not a member of) is refused, naming the owner,
    /// whatever privileges were granted on it — sharing a store is making its users members of
    /// the owning role (docs/POSTGRES.md). A schema an administrator made for the role
    /// (`CREATE SCHEMA alice AUTHORIZATION alice`) is used as it is: no privilege on the
    /// database is needed.
    public static func open(url: PostgresURL, mode: StoreOpenMode = .existing) throws -> PostgresStore {
        let backend = try PostgresBackend.connect(url)
        do {
            try prepare(backend, mode: mode)
        } catch {
            try? backend.close()
            throw error
        }
        return PostgresStore(backend: backend)
    }

    /// Whether the URL's schema holds an Almanac store (connecting to find out).
    public static func exists(url: PostgresURL) throws -> Bool {
        let backend = try PostgresBackend.connect(url)
        defer { try? backend.close() }
        return try inspect(backend) == .store
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

    /// The store in the backend's schema, to read it on a connection that reads many stores
    /// (`PostgresNightShift`, whose backend checks the schema's definition at every read): the
    /// connected role needs only what an administrator granted for reading — USAGE on the
    /// schema, SELECT on its tables — not ownership. Nothing is created, migrated or written. A store that an older Almanac wrote is refused until its owner opens
    /// it once (which brings it up to date); one a newer Almanac wrote, always.
    static func openForReading(_ backend: PostgresBackend) throws -> PostgresStore {
        let url = backend.url, schema = url.schema
        try backend.read { db in
            var usage: Bool?
            try db.forEachRow("SELECT has_schema_privilege(oid, 'USAGE') FROM pg_namespace WHERE nspname = ?", [.text(schema)]) { row in
                usage = row.withText(0) { $0.first == 1 }
            }
            guard let usage else { throw StoreError.missing(path: url.location) }
            guard usage else { throw PostgresFailure.readRefused(url: url, reason: "it lacks the USAGE privilege on schema \(schema)") }
            // The store's own tables, found by name: the catalog's index on (name, schema) makes
            // this a lookup, where a scan of every table of the schema (`pg_tables`) would read the
            // whole catalog of a database of thousands of stores for each one.
            let names = ([PostgresSchema.migrationsTable, "settings"] + BackupFormat.Section.allCases.map { StoreTable.name(of: $0) })
                .map { "'\($0.lowercased())'" }.joined(separator: ", ")
            var tables: [String] = [], unreadable: String?
            // What else the schema holds is the night shift's check (`PostgresDefinition`), run
            // at the start of this read and of every other.
            try db.forEachRow("""
                SELECT c.relname, has_table_privilege(c.oid, 'SELECT')
                FROM pg_class c
                WHERE c.relname IN (\(names)) AND c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = ?)
                ORDER BY c.relname
                """, [.text(schema)]) { row in
                let name = row.string(0)
                tables.append(name)
                if unreadable == nil, !row.withText(1, { $0.first == 1 }) { unreadable = name }
            }
            guard tables.contains(PostgresSchema.migrationsTable) else { throw StoreError.missing(path: url.location) }
            if let unreadable { throw PostgresFailure.readRefused(url: url, reason: "it lacks the SELECT privilege on table \(schema).\(unreadable)") }
            let applied = try appliedMigrations(db)
            let known = Set(PostgresSchema.migrations.map(\.identifier))
            if !applied.isSubset(of: known) { throw StoreError.newerSchema(path: url.location) }
            if applied.count < known.count {
                throw StoreError.server("The store in schema \(schema) was written by an older Almanac; it can be read here once its owner has opened it (any command brings it up to date).")
            }
        }
        return PostgresStore(backend: backend)
    }

    /// A checked plain name as an SQL string literal.
    private static func literal(_ name: String) -> String { "'\(name)'" }
}

extension RelationalStore where Backend == PostgresBackend {
    /// Drops the store's schema when it holds no row at all (a store this command created and
    /// could not fill): nothing of anyone's history can go with it.
    public func removeIfEmpty() throws {
        guard try rowCounts().values.allSatisfy({ $0 == 0 }) else { return }
        try backend.simple("DROP SCHEMA \(backend.url.quotedSchema) CASCADE")
    }
}
