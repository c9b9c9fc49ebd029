import AlmanacStorage

/// The store's tables in a PostgreSQL schema, versioned by named migrations kept in
/// `almanac_migrations` (as GRDB keeps SQLite's in `grdb_migrations`): the same names as the
/// SQLite store's migrations, each making the same change. A store whose applied migrations this
/// build does not know was written by a newer Almanac and is refused.
///
/// Values keep the text form of the backup format, as on SQLite; text columns use the "C"
/// collation, so names and ids sort byte by byte exactly as SQLite sorts them, whatever locale
/// the database was created with.
enum PostgresSchema {
    static let migrationsTable = "almanac_migrations"
    /// The table of the applied migrations, made with the store.
    static let migrationsTableSQL = "CREATE TABLE IF NOT EXISTS \(migrationsTable) (identifier TEXT COLLATE \"C\" PRIMARY KEY)"

    static let migrations: [(identifier: String, sql: String)] = [
        ("v1-initial", """
            CREATE TABLE settings (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                timeZone TEXT COLLATE "C" NOT NULL,
                weekStart TEXT COLLATE "C" NOT NULL
            );
            CREATE TABLE category (
                id TEXT COLLATE "C" PRIMARY KEY,
                name TEXT COLLATE "C" NOT NULL,
                createdAt TEXT COLLATE "C" NOT NULL,
                updatedAt TEXT COLLATE "C" NOT NULL
            );
            CREATE TABLE habit (
                id TEXT COLLATE "C" PRIMARY KEY,
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
                archivedAt TEXT COLLATE "C"
            );
            CREATE TABLE goal (
                id TEXT COLLATE "C" PRIMARY KEY,
                name TEXT COLLATE "C" NOT NULL,
                habitIds TEXT COLLATE "C" NOT NULL,
                targetDate TEXT COLLATE "C",
                createdAt TEXT COLLATE "C" NOT NULL,
                updatedAt TEXT COLLATE "C" NOT NULL
            );
            -- No foreign key to habit: a hard-deleted habit's entries stay as history
            CREATE TABLE habitEntry (
                id TEXT COLLATE "C" PRIMARY KEY,
                habitId TEXT COLLATE "C" NOT NULL,
                dayKey TEXT COLLATE "C" NOT NULL,
                timestampUtc TEXT COLLATE "C" NOT NULL,
                kind TEXT COLLATE "C" NOT NULL,
                value DOUBLE PRECISION NOT NULL,
                note TEXT COLLATE "C",
                createdAt TEXT COLLATE "C" NOT NULL,
                deletedAt TEXT COLLATE "C"
            );
            CREATE INDEX habitEntry_habit_day ON habitEntry (habitId, dayKey);
            CREATE TABLE journalEntry (
                id TEXT COLLATE "C" PRIMARY KEY,
                dayKey TEXT COLLATE "C" NOT NULL,
                timestampUtc TEXT COLLATE "C" NOT NULL,
                title TEXT COLLATE "C" NOT NULL,
                body TEXT COLLATE "C" NOT NULL,
                createdAt TEXT COLLATE "C" NOT NULL,
                deletedAt TEXT COLLATE "C"
            );
            CREATE INDEX journalEntry_day ON journalEntry (dayKey);
            CREATE TABLE wellbeingEntry (
                id TEXT COLLATE "C" PRIMARY KEY,
                dayKey TEXT COLLATE "C" NOT NULL,
                timestampUtc TEXT COLLATE "C" NOT NULL,
                metric TEXT COLLATE "C" NOT NULL,
                value DOUBLE PRECISION NOT NULL,
                scaleMax DOUBLE PRECISION NOT NULL,
                habitId TEXT COLLATE "C",
                note TEXT COLLATE "C",
                createdAt TEXT COLLATE "C" NOT NULL,
                deletedAt TEXT COLLATE "C"
            );
            CREATE INDEX wellbeingEntry_day ON wellbeingEntry (dayKey);
            """),
        // SQLite rebuilt its entry table here so that the unique index on entry ids can be dropped
        // while a bulk load runs; PostgreSQL's bulk path keeps its primary key, so nothing changes.
        ("v2-entry-id-index", "SELECT 1"),
        // Breaking a habit: the usage before the user started. (A store made by a build whose
        // first migration already had the column keeps it.)
        ("v3-habit-baseline", "ALTER TABLE habit ADD COLUMN IF NOT EXISTS baseline DOUBLE PRECISION"),
        // Following another app: the sources a store follows, and which habits each one owns.
        ("v4-followed-sources", """
            ALTER TABLE habit ADD COLUMN IF NOT EXISTS sourceId TEXT COLLATE "C";
            ALTER TABLE habit ADD COLUMN IF NOT EXISTS sourceKey TEXT COLLATE "C";
            CREATE TABLE IF NOT EXISTS followedSource (
                id TEXT COLLATE "C" PRIMARY KEY,
                format TEXT COLLATE "C" NOT NULL,
                path TEXT COLLATE "C" NOT NULL,
                lastFile TEXT COLLATE "C" NOT NULL,
                lastModified TEXT COLLATE "C" NOT NULL,
                lastDigest TEXT COLLATE "C" NOT NULL,
                syncedAt TEXT COLLATE "C" NOT NULL,
                createdAt TEXT COLLATE "C" NOT NULL
            );
            """),
        // The store's permanent identity (`Settings.storeId`): its feed's ids follow it.
        ("v6-store-id", """
            ALTER TABLE settings ADD COLUMN IF NOT EXISTS storeId TEXT COLLATE "C";
            UPDATE settings SET storeId = gen_random_uuid()::text WHERE storeId IS NULL;
            """),
        // Stores of earlier versions got a table of change tokens, a function and four triggers
        // here, for a report's cache; every report now renders as the first, and
        // "v8-no-entry-changes" drops them. A new store passes through with nothing to drop.
        ("v7-entry-changes", "SELECT 1;"),
        ("v8-no-entry-changes", """
            DROP TRIGGER IF EXISTS habitentry_inserted ON habitEntry;
            DROP TRIGGER IF EXISTS habitentry_updated ON habitEntry;
            DROP TRIGGER IF EXISTS habitentry_deleted ON habitEntry;
            DROP TRIGGER IF EXISTS habitentry_truncated ON habitEntry;
            DROP FUNCTION IF EXISTS almanac_entry_changed();
            DROP TABLE IF EXISTS habitEntryChange;
            """),
        // Where the store's site is published when its owner made it public (`Settings.publicAddress`).
        ("v9-public-address", "ALTER TABLE settings ADD COLUMN IF NOT EXISTS publicAddress TEXT COLLATE \"C\";"),
        // What the store does each night (`Settings.nightly`), as JSON text.
        ("v10-nightly", "ALTER TABLE settings ADD COLUMN IF NOT EXISTS nightly TEXT COLLATE \"C\";"),
        // Each habit's slug (`Habit.slug`), kept from now on: existing habits get the ones their
        // site uses (`steps`); no two habits share one.
        ("v11-habit-slug", "ALTER TABLE habit ADD COLUMN IF NOT EXISTS slug TEXT COLLATE \"C\";"),
        ("v12-habit-slug-unique", "CREATE UNIQUE INDEX IF NOT EXISTS habit_slug ON habit (slug);"),
        // Short names a person gave a habit (`Habit.aliases`), joined by commas.
        ("v13-habit-aliases", "ALTER TABLE habit ADD COLUMN IF NOT EXISTS aliases TEXT COLLATE \"C\" NOT NULL DEFAULT '';"),
        // The language of the store's site (`Settings.language`); none is English.
        ("v14-language", "ALTER TABLE settings ADD COLUMN IF NOT EXISTS language TEXT COLLATE \"C\";"),
        // Whether an at-most habit's day with nothing logged counts as none (`unloggedMeansNone`):
        // the rule every at-most habit followed before, so existing ones keep it.
        ("v15-unlogged-means-none", """
            ALTER TABLE habit ADD COLUMN IF NOT EXISTS unloggedMeansNone BIGINT NOT NULL DEFAULT 0;
            UPDATE habit SET unloggedMeansNone = 1 WHERE direction = 'atMost';
            """),
    ] + addedColumns.enumerated().map { i, added in
        ("v\(16 + i)-\(added.name)", "ALTER TABLE \(added.table) ADD COLUMN IF NOT EXISTS \(added.column);")
    }

    /// The columns added after the first tables of both layouts, listed once: each is a migration
    /// of the schema-per-store layout (`v16-…` on) and of the shared tables (`s2-…` on,
    /// `SharedLayout.migrations`).
    static let addedColumns: [(name: String, table: String, column: String)] = [
        // What a habit is about (`HabitDefinition.description`).
        ("habit-description", "habit", "description TEXT COLLATE \"C\" NOT NULL DEFAULT ''"),
    ]

    /// What a migration does beyond its SQL, run right after it in the same transaction.
    static let steps: [String: @Sendable (any SQLSession) throws -> Void] = [
        "v11-habit-slug": { try HabitSlugs.assignToExisting($0) },
    ]
}
