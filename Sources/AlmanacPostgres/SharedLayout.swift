import AlmanacDomain
import AlmanacStorage

/// Every store of a database in one set of tables (docs/POSTGRES.md): schema `almanac`, owned by
/// the administrator's role that runs `almanac server init`, each table keyed by store (primary
/// keys and foreign keys lead with `store`), the store's rows limited by row-level security to the
/// role that made it, and every statement naming its store as well (`StoreScope`).
///
/// A person (a member of `almanac_person`) owns nothing and may create nothing: she may read,
/// insert and update the columns of her own store's rows; what deletes rows goes through functions
/// of the administrator's role that act on the caller's store only. With no table-level UPDATE,
/// DELETE or TRUNCATE she may lock a table in ROW EXCLUSIVE mode at most, so no person can stop
/// another. An operator (a member of `almanac_reader`) reads every store through a policy of its
/// own and records its nights in `report_night`.
///
/// The entry tables are split by a hash of the store into 16 partitions: `almanac server tidy`
/// puts each in the order of its store's rows (`CLUSTER`, one partition at a time, a sixteenth
/// of the stores waiting a few seconds each), so that a store's year lies on a few dozen pages
/// again after nights of day-by-day writes by every store.
public enum SharedLayout {
    public static let schema = "almanac"
    static let migrationsTable = "almanac_migrations"
    /// The two group roles an administrator grants: `GRANT almanac_person TO alice`.
    public static let personRole = "almanac_person", readerRole = "almanac_reader"
    static let partitions = 16
    /// How long `server init` and `server tidy` wait for a lock before giving up.
    static let lockWait = 5

    /// The tables of the backup's sections, as PostgreSQL names them (folded to lower case).
    static var sectionTables: [String] { BackupFormat.Section.allCases.map { StoreTable.name(of: $0).lowercased() } }
    /// The tables split by store into partitions (rows written day by day).
    static let partitioned = ["habitentry", "journalentry", "wellbeingentry"]

    /// The layout's migrations, by name, each run once and recorded in `almanac_migrations`. The
    /// first makes the tables as the schema-per-store migrations left them; a later change to the
    /// store's tables is a migration here as well as there (docs/ARCHITECTURE.md).
    static let migrations: [(identifier: String, sql: String)] = [
        ("s1-shared-tables", """
            CREATE TABLE almanac.store (
                id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                name TEXT COLLATE "C" NOT NULL UNIQUE CHECK (name ~ '^[a-z_][a-z0-9_]{0,62}$'),
                role NAME NOT NULL DEFAULT current_user,
                created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
                written_at TIMESTAMPTZ
            );
            CREATE INDEX store_role ON almanac.store (role);
            CREATE TABLE almanac.settings (
                store BIGINT PRIMARY KEY REFERENCES almanac.store,
                id INTEGER NOT NULL DEFAULT 1 CHECK (id = 1),
                timeZone TEXT COLLATE "C" NOT NULL,
                weekStart TEXT COLLATE "C" NOT NULL,
                storeId TEXT COLLATE "C",
                publicAddress TEXT COLLATE "C",
                nightly TEXT COLLATE "C",
                language TEXT COLLATE "C"
            );
            CREATE TABLE almanac.category (
                store BIGINT NOT NULL REFERENCES almanac.store,
                id TEXT COLLATE "C" NOT NULL,
                name TEXT COLLATE "C" NOT NULL,
                createdAt TEXT COLLATE "C" NOT NULL,
                updatedAt TEXT COLLATE "C" NOT NULL,
                PRIMARY KEY (store, id)
            );
            CREATE TABLE almanac.habit (
                store BIGINT NOT NULL REFERENCES almanac.store,
                id TEXT COLLATE "C" NOT NULL,
                name TEXT COLLATE "C" NOT NULL,
                emoji TEXT COLLATE "C" NOT NULL,
                unit TEXT COLLATE "C" NOT NULL,
                unitLabel TEXT COLLATE "C" NOT NULL,
                target DOUBLE PRECISION NOT NULL,
                direction TEXT COLLATE "C" NOT NULL,
                frequency TEXT COLLATE "C" NOT NULL,
                color TEXT COLLATE "C" NOT NULL,
                categoryId TEXT COLLATE "C",
                weight DOUBLE PRECISION NOT NULL,
                sortOrder BIGINT NOT NULL,
                createdAt TEXT COLLATE "C" NOT NULL,
                updatedAt TEXT COLLATE "C" NOT NULL,
                archivedAt TEXT COLLATE "C",
                baseline DOUBLE PRECISION,
                sourceId TEXT COLLATE "C",
                sourceKey TEXT COLLATE "C",
                slug TEXT COLLATE "C",
                aliases TEXT COLLATE "C" NOT NULL DEFAULT '',
                unloggedMeansNone BIGINT NOT NULL DEFAULT 0,
                PRIMARY KEY (store, id),
                UNIQUE (store, slug)
            );
            CREATE TABLE almanac.goal (
                store BIGINT NOT NULL REFERENCES almanac.store,
                id TEXT COLLATE "C" NOT NULL,
                name TEXT COLLATE "C" NOT NULL,
                habitIds TEXT COLLATE "C" NOT NULL,
                targetDate TEXT COLLATE "C",
                createdAt TEXT COLLATE "C" NOT NULL,
                updatedAt TEXT COLLATE "C" NOT NULL,
                PRIMARY KEY (store, id)
            );
            CREATE TABLE almanac.followedSource (
                store BIGINT NOT NULL REFERENCES almanac.store,
                id TEXT COLLATE "C" NOT NULL,
                format TEXT COLLATE "C" NOT NULL,
                path TEXT COLLATE "C" NOT NULL,
                lastFile TEXT COLLATE "C" NOT NULL,
                lastModified TEXT COLLATE "C" NOT NULL,
                lastDigest TEXT COLLATE "C" NOT NULL,
                syncedAt TEXT COLLATE "C" NOT NULL,
                createdAt TEXT COLLATE "C" NOT NULL,
                PRIMARY KEY (store, id)
            );
            -- No foreign key to habit: a hard-deleted habit's entries stay as history
            CREATE TABLE almanac.habitEntry (
                store BIGINT NOT NULL REFERENCES almanac.store,
                id TEXT COLLATE "C" NOT NULL,
                habitId TEXT COLLATE "C" NOT NULL,
                dayKey TEXT COLLATE "C" NOT NULL,
                timestampUtc TEXT COLLATE "C" NOT NULL,
                kind TEXT COLLATE "C" NOT NULL,
                value DOUBLE PRECISION NOT NULL,
                note TEXT COLLATE "C",
                createdAt TEXT COLLATE "C" NOT NULL,
                deletedAt TEXT COLLATE "C",
                PRIMARY KEY (store, id)
            ) PARTITION BY HASH (store);
            CREATE INDEX habitEntry_habit_day ON almanac.habitEntry (store, habitId, dayKey);
            CREATE TABLE almanac.journalEntry (
                store BIGINT NOT NULL REFERENCES almanac.store,
                id TEXT COLLATE "C" NOT NULL,
                dayKey TEXT COLLATE "C" NOT NULL,
                timestampUtc TEXT COLLATE "C" NOT NULL,
                title TEXT COLLATE "C" NOT NULL,
                body TEXT COLLATE "C" NOT NULL,
                createdAt TEXT COLLATE "C" NOT NULL,
                deletedAt TEXT COLLATE "C",
                PRIMARY KEY (store, id)
            ) PARTITION BY HASH (store);
            CREATE INDEX journalEntry_day ON almanac.journalEntry (store, dayKey);
            CREATE TABLE almanac.wellbeingEntry (
                store BIGINT NOT NULL REFERENCES almanac.store,
                id TEXT COLLATE "C" NOT NULL,
                dayKey TEXT COLLATE "C" NOT NULL,
                timestampUtc TEXT COLLATE "C" NOT NULL,
                metric TEXT COLLATE "C" NOT NULL,
                value DOUBLE PRECISION NOT NULL,
                scaleMax DOUBLE PRECISION NOT NULL,
                habitId TEXT COLLATE "C",
                note TEXT COLLATE "C",
                createdAt TEXT COLLATE "C" NOT NULL,
                deletedAt TEXT COLLATE "C",
                PRIMARY KEY (store, id)
            ) PARTITION BY HASH (store);
            CREATE INDEX wellbeingEntry_day ON almanac.wellbeingEntry (store, dayKey);
            \(partitionsSQL)
            -- The operator's record of its nights: a store rendered once for a night is not rendered again.
            CREATE TABLE almanac.report_night (
                store BIGINT NOT NULL REFERENCES almanac.store,
                night DATE NOT NULL,
                rendered_at TIMESTAMPTZ NOT NULL DEFAULT now(),
                worker TEXT NOT NULL,
                PRIMARY KEY (store, night)
            );
            """),
    ] + PostgresSchema.addedColumns.enumerated().map { i, added in
        ("s\(2 + i)-\(added.name)", "ALTER TABLE almanac.\(added.table) ADD COLUMN IF NOT EXISTS \(added.column)")
    }

    private static var partitionsSQL: String {
        partitioned.flatMap { table in
            (0..<partitions).map { "CREATE TABLE almanac.\(table)_\($0) PARTITION OF almanac.\(table) FOR VALUES WITH (MODULUS \(partitions), REMAINDER \($0));" }
        }.joined(separator: "\n")
    }

    /// The group roles, made when missing (roles belong to the whole server).
    static let rolesSQL = """
        DO $$ BEGIN
            IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = '\(personRole)') THEN CREATE ROLE \(personRole) NOLOGIN; END IF;
            IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = '\(readerRole)') THEN CREATE ROLE \(readerRole) NOLOGIN; END IF;
        END $$
        """

    /// Who may do what, made again by every `server init` (each statement is idempotent): grants,
    /// row-level security and its policies, and the functions that delete.
    static var accessSQL: String {
        var sql = [
            "REVOKE ALL ON SCHEMA almanac FROM PUBLIC",
            "GRANT USAGE ON SCHEMA almanac TO \(personRole), \(readerRole)",
            "GRANT SELECT ON almanac.\(migrationsTable) TO \(personRole), \(readerRole)",
            // A person names her store; its number, role and time are the server's. Her write lock
            // (`SELECT … FOR UPDATE`) needs an UPDATE grant on some column: `written_at`, which
            // nothing writes, is that column.
            "GRANT SELECT, INSERT (name), UPDATE (written_at) ON almanac.store TO \(personRole)",
            "GRANT SELECT ON almanac.store TO \(readerRole)",
            "GRANT SELECT, INSERT ON almanac.report_night TO \(readerRole)",
            "ALTER TABLE almanac.store ENABLE ROW LEVEL SECURITY",
            "DROP POLICY IF EXISTS person ON almanac.store",
            "CREATE POLICY person ON almanac.store TO \(personRole) USING (role = current_user) WITH CHECK (role = current_user)",
            "DROP POLICY IF EXISTS reader ON almanac.store",
            "CREATE POLICY reader ON almanac.store FOR SELECT TO \(readerRole) USING (true)",
        ]
        let mine = "store IN (SELECT s.id FROM almanac.store s WHERE s.role = current_user)"
        for (table, columns) in storeColumns {
            sql += [
                "GRANT SELECT, INSERT, UPDATE (\(columns.joined(separator: ", "))) ON almanac.\(table) TO \(personRole)",
                "GRANT SELECT ON almanac.\(table) TO \(readerRole)",
                "ALTER TABLE almanac.\(table) ENABLE ROW LEVEL SECURITY",
                "DROP POLICY IF EXISTS person ON almanac.\(table)",
                "CREATE POLICY person ON almanac.\(table) TO \(personRole) USING (\(mine)) WITH CHECK (\(mine))",
                "DROP POLICY IF EXISTS reader ON almanac.\(table)",
                "CREATE POLICY reader ON almanac.\(table) FOR SELECT TO \(readerRole) USING (true)",
            ]
        }
        sql += [removeRowsFunction, dropStoreFunction, analyzeStoreFunction]
        for function in ["remove_rows(bigint, text, text[])", "drop_store(bigint)", "analyze_store(bigint)"] {
            sql += ["REVOKE ALL ON FUNCTION almanac.\(function) FROM PUBLIC", "GRANT EXECUTE ON FUNCTION almanac.\(function) TO \(personRole)"]
        }
        return sql.joined(separator: ";\n")
    }

    /// The columns a person may update in each store table: all but the store and the id (an
    /// update never moves a row to another store, nor renames it).
    static var storeColumns: [(table: String, columns: [String])] {
        [("settings", ["timeZone", "weekStart", "storeId", "publicAddress", "nightly", "language"])]
            + zip(sectionTables, BackupFormat.Section.allCases).map { table, section in (table, section.fields.map(\.name).filter { $0 != "id" }) }
    }

    /// Whether the caller may act on store `p_store`: it is her role's (or a role she is a member
    /// of), whoever owns the function.
    private static let callersStore = """
        IF NOT EXISTS (SELECT 1 FROM almanac.store s WHERE s.id = p_store AND pg_catalog.pg_has_role(session_user, s.role, 'MEMBER')) THEN
                RAISE EXCEPTION 'store % is not the caller''s', p_store USING ERRCODE = '42501';
            END IF;
        """

    /// Deletes rows of one of the caller's store's tables: those with these ids, or all of them.
    static var removeRowsFunction: String {
        let tables = sectionTables.map { "'\($0)'" }.joined(separator: ", ")
        return """
            CREATE OR REPLACE FUNCTION almanac.remove_rows(p_store bigint, p_table text, p_ids text[]) RETURNS bigint
            LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
            DECLARE removed bigint;
            BEGIN
                \(callersStore)
                IF p_table NOT IN (\(tables)) THEN
                    RAISE EXCEPTION 'no store table %', p_table USING ERRCODE = '42501';
                END IF;
                IF p_ids IS NULL THEN
                    EXECUTE format('DELETE FROM almanac.%I WHERE store = $1', p_table) USING p_store;
                ELSE
                    EXECUTE format('DELETE FROM almanac.%I WHERE store = $1 AND id = ANY ($2)', p_table) USING p_store, p_ids;
                END IF;
                GET DIAGNOSTICS removed = ROW_COUNT;
                RETURN removed;
            END $$
            """
    }

    /// Removes the caller's store when it holds nothing but its settings (a store a command made
    /// and could not fill); whether it did.
    static var dropStoreFunction: String {
        let empty = sectionTables.map { "NOT EXISTS (SELECT 1 FROM almanac.\($0) WHERE store = p_store)" }
            .joined(separator: " AND ")
        return """
            CREATE OR REPLACE FUNCTION almanac.drop_store(p_store bigint) RETURNS boolean
            LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
            BEGIN
                \(callersStore)
                IF NOT (\(empty)) THEN RETURN false; END IF;
                DELETE FROM almanac.report_night WHERE store = p_store;
                DELETE FROM almanac.settings WHERE store = p_store;
                DELETE FROM almanac.store WHERE id = p_store;
                RETURN true;
            END $$
            """
    }

    /// Brings the planner's figures up to date for the partitions that hold the caller's store
    /// (after a restore, an import or a copy into it: a person may not analyze the
    /// administrator's tables herself).
    static var analyzeStoreFunction: String {
        """
        CREATE OR REPLACE FUNCTION almanac.analyze_store(p_store bigint) RETURNS void
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
        DECLARE t text; part regclass;
        BEGIN
            \(callersStore)
            FOREACH t IN ARRAY ARRAY[\(partitioned.map { "'\($0)'" }.joined(separator: ", "))] LOOP
                part := NULL;
                EXECUTE format('SELECT tableoid::regclass FROM almanac.%I WHERE store = $1 LIMIT 1', t) INTO part USING p_store;
                IF part IS NOT NULL THEN EXECUTE format('ANALYZE %s', part); END IF;
            END LOOP;
        END $$
        """
    }

    /// The whole script for a database without Almanac's tables, as `server init --print` shows it.
    public static var script: String {
        var parts = ["-- Almanac's shared tables (docs/POSTGRES.md), for a database that has none yet;",
                     "-- run as the administrator's role, which will own them.",
                     "BEGIN;", "SET LOCAL lock_timeout = '\(lockWait)s';", rolesSQL + ";",
                     "CREATE SCHEMA IF NOT EXISTS almanac;", "CREATE TABLE IF NOT EXISTS almanac.\(migrationsTable) (identifier TEXT COLLATE \"C\" PRIMARY KEY);"]
        for migration in migrations {
            parts += [migration.sql + ";", "INSERT INTO almanac.\(migrationsTable) (identifier) VALUES ('\(migration.identifier)');"]
        }
        parts += [accessSQL + ";", "COMMIT;"]
        return parts.joined(separator: "\n") + "\n"
    }
}

// MARK: - Checking, making and tidying the tables

extension SharedLayout {
    /// Throws, in a sentence that says who can fix it, unless the database has the shared tables
    /// as this build knows them and the connected role may use them.
    static func checkUsable(_ db: any SQLSession, url: PostgresURL) throws {
        var found: (schema: Bool, usage: Bool, tables: Bool) = (false, false, false)
        try db.forEachRow("""
            SELECT n.oid IS NOT NULL, coalesce(has_schema_privilege(n.oid, 'USAGE'), false),
                   EXISTS (SELECT 1 FROM pg_class c WHERE c.relnamespace = n.oid AND c.relname = '\(migrationsTable)')
            FROM (SELECT 1) AS one LEFT JOIN pg_namespace n ON n.nspname = 'almanac'
            """, []) { row in
            found = (row.withText(0) { $0.first == 1 }, row.withText(1) { $0.first == 1 }, row.withText(2) { $0.first == 1 })
        }
        let server = "database \(url.database) at \(url.host):\(url.port)"
        let initialize = "almanac server init 'postgres://ADMIN@\(url.host):\(url.port)/\(url.database)'"
        guard found.schema && found.tables else {
            throw StoreError.server("The \(server) has no Almanac tables; an administrator makes them with \(initialize).")
        }
        guard found.usage else {
            throw StoreError.server("Role \(url.user) may not use Almanac's tables in the \(server); an administrator lets a person in with GRANT \(personRole) TO \(url.user) (an operator: GRANT \(readerRole) TO \(url.user)).")
        }
        let applied = Set(try db.strings("SELECT identifier FROM almanac.\(migrationsTable)"))
        let known = Set(migrations.map(\.identifier))
        if !applied.isSubset(of: known) { throw StoreError.newerSchema(path: url.location) }
        if applied != known {
            throw StoreError.server("Almanac's tables in the \(server) were made by an older Almanac; an administrator brings them up to date with \(initialize).")
        }
    }

    /// What `server init` did.
    public struct Outcome: Sendable {
        /// The migrations it applied (none when the tables were up to date).
        public var applied: [String] = []
        /// What an administrator should know: a default that lets people create objects.
        public var warnings: [String] = []
    }

    /// Makes the shared tables (or brings them up to date), the group roles, the grants, the
    /// policies and the functions, in one transaction that waits at most `lockWait` for a lock:
    /// everything or nothing. Run as the administrator's role, which will own them.
    public static func initialize(_ url: PostgresURL) throws -> Outcome {
        let backend = try PostgresBackend.connect(url.administering)
        defer { try? backend.close() }
        var outcome = Outcome()
        do {
            try backend.simple("BEGIN; SET LOCAL lock_timeout = '\(lockWait)s'; SELECT pg_advisory_xact_lock(hashtext('almanac-server-init'))")
            try backend.simple(rolesSQL)
            try backend.simple("CREATE SCHEMA IF NOT EXISTS almanac; CREATE TABLE IF NOT EXISTS almanac.\(migrationsTable) (identifier TEXT COLLATE \"C\" PRIMARY KEY)")
            let session = PostgresSession(backend: backend)
            let applied = Set(try session.strings("SELECT identifier FROM almanac.\(migrationsTable)"))
            if !applied.isSubset(of: Set(migrations.map(\.identifier))) { throw StoreError.newerSchema(path: "the \(url.database) database's Almanac tables") }
            for migration in migrations where !applied.contains(migration.identifier) {
                try backend.simple(migration.sql)
                try session.execute("INSERT INTO almanac.\(migrationsTable) (identifier) VALUES (?)", [.text(migration.identifier)])
                outcome.applied.append(migration.identifier)
            }
            try backend.simple(accessSQL)
            var open: [String] = []
            try session.forEachRow("""
                SELECT n.nspname FROM pg_namespace n WHERE n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'
                AND has_schema_privilege('\(personRole)', n.oid, 'CREATE') ORDER BY 1
                """, []) { row in open.append(row.string(0)) }
            for schema in open {
                outcome.warnings.append("Members of \(personRole) may create objects in schema \(schema) (a grant to PUBLIC?); REVOKE CREATE ON SCHEMA \(schema) FROM PUBLIC closes that.")
            }
            try backend.simple("COMMIT")
        } catch {
            try? backend.simple("ROLLBACK")
            switch error {
            case StoreError.busy:
                throw StoreError.server("almanac server init waited \(lockWait) s for a lock on Almanac's tables (a command is using them) and changed nothing; run it again.")
            default:
                throw error
            }
        }
        return outcome
    }

    /// What `server tidy` did with one partition.
    public struct Tidied: Sendable {
        public var table: String
        public var seconds: Double
        /// Nil when done; else why it was left (a lock it did not get within `lockWait`).
        public var left: String?
    }

    /// Puts each partition of the entry tables in the order of its stores' rows (`CLUSTER` by the
    /// index that leads with the store), one at a time, each waiting at most `lockWait` for its
    /// lock; drops the operator's records of nights older than 90 days. Run by the
    /// administrator's role, e.g. each night before the operator's run.
    public static func tidy(_ url: PostgresURL, progress: (Tidied) -> Void = { _ in }) throws -> [Tidied] {
        let backend = try PostgresBackend.connect(url.administering)
        defer { try? backend.close() }
        let session = PostgresSession(backend: backend)
        try backend.read { db in try checkUsable(db, url: url) }
        // Each partition's index that leads with the store and its habit or day.
        var partitions: [(table: String, index: String)] = []
        try session.forEachRow("""
            SELECT c.relname, ic.relname FROM pg_inherits h
            JOIN pg_class c ON c.oid = h.inhrelid
            JOIN pg_index i ON i.indrelid = c.oid JOIN pg_class ic ON ic.oid = i.indexrelid
            JOIN pg_inherits hi ON hi.inhrelid = i.indexrelid
            WHERE h.inhparent IN (\(partitioned.map { "'almanac.\($0)'::regclass" }.joined(separator: ", ")))
              AND hi.inhparent IN ('almanac.habitentry_habit_day'::regclass, 'almanac.journalentry_day'::regclass, 'almanac.wellbeingentry_day'::regclass)
            ORDER BY c.relname
            """, []) { row in partitions.append((row.string(0), row.string(1))) }
        var done: [Tidied] = []
        try backend.simple("SET lock_timeout = '\(lockWait)s'")
        for partition in partitions {
            let start = ContinuousClock.now
            var left: String?
            do {
                try backend.simple("CLUSTER almanac.\(partition.table) USING \(partition.index); ANALYZE almanac.\(partition.table)")
            } catch StoreError.busy {
                left = "its lock was not free within \(lockWait) s"
            }
            let elapsed = ContinuousClock.now - start
            let tidied = Tidied(table: partition.table, seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18, left: left)
            progress(tidied)
            done.append(tidied)
        }
        try backend.simple("DELETE FROM almanac.report_night WHERE night < current_date - 90")
        return done
    }
}
