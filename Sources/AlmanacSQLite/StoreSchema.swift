import Foundation
import AlmanacStorage
import GRDB

/// The store's schema, versioned by named migrations. A store whose applied migrations this build
/// does not know was written by a newer Almanac and is refused rather than opened.
enum StoreSchema {
    /// "Entries of habit H between day A and day B" is a range scan of this index.
    static let habitEntryIndex = "CREATE INDEX habitEntry_habit_day ON habitEntry (habitId, dayKey)"
    /// Ids are unique; a plain index (not a primary-key constraint) can be dropped while hundreds
    /// of thousands of rows go in and built once afterwards.
    static let habitEntryIdIndex = "CREATE UNIQUE INDEX habitEntry_id ON habitEntry (id)"

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-initial") { db in
            try db.execute(sql: """
                CREATE TABLE settings (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    timeZone TEXT NOT NULL,
                    weekStart TEXT NOT NULL
                );
                CREATE TABLE category (
                    id TEXT PRIMARY KEY NOT NULL,
                    name TEXT NOT NULL,
                    createdAt TEXT NOT NULL,
                    updatedAt TEXT NOT NULL
                );
                CREATE TABLE habit (
                    id TEXT PRIMARY KEY NOT NULL,
                    name TEXT NOT NULL,
                    emoji TEXT NOT NULL,
                    unit TEXT NOT NULL,
                    unitLabel TEXT NOT NULL,
                    target REAL NOT NULL,
                    direction TEXT NOT NULL,
                    frequency TEXT NOT NULL,
                    color TEXT NOT NULL,
                    categoryId TEXT,
                    weight REAL NOT NULL,
                    sortOrder INTEGER NOT NULL,
                    createdAt TEXT NOT NULL,
                    updatedAt TEXT NOT NULL,
                    archivedAt TEXT
                );
                CREATE TABLE goal (
                    id TEXT PRIMARY KEY NOT NULL,
                    name TEXT NOT NULL,
                    habitIds TEXT NOT NULL,
                    targetDate TEXT,
                    createdAt TEXT NOT NULL,
                    updatedAt TEXT NOT NULL
                );
                -- No foreign key to habit: a hard-deleted habit's entries stay as history.
                CREATE TABLE habitEntry (
                    id TEXT PRIMARY KEY NOT NULL,
                    habitId TEXT NOT NULL,
                    dayKey TEXT NOT NULL,
                    timestampUtc TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    value REAL NOT NULL,
                    note TEXT,
                    createdAt TEXT NOT NULL,
                    deletedAt TEXT
                );
                """)
            try db.execute(sql: habitEntryIndex)
            try db.execute(sql: """
                CREATE TABLE journalEntry (
                    id TEXT PRIMARY KEY NOT NULL,
                    dayKey TEXT NOT NULL,
                    timestampUtc TEXT NOT NULL,
                    title TEXT NOT NULL,
                    body TEXT NOT NULL,
                    createdAt TEXT NOT NULL,
                    deletedAt TEXT
                );
                CREATE INDEX journalEntry_day ON journalEntry (dayKey);
                CREATE TABLE wellbeingEntry (
                    id TEXT PRIMARY KEY NOT NULL,
                    dayKey TEXT NOT NULL,
                    timestampUtc TEXT NOT NULL,
                    metric TEXT NOT NULL,
                    value REAL NOT NULL,
                    scaleMax REAL NOT NULL,
                    habitId TEXT,
                    note TEXT,
                    createdAt TEXT NOT NULL,
                    deletedAt TEXT
                );
                CREATE INDEX wellbeingEntry_day ON wellbeingEntry (dayKey);
                """)
        }
        // Entries keep their id unique through an index instead of a primary key, and rows are
        // stored in habit and day order (the order every report reads them in).
        migrator.registerMigration("v2-entry-id-index") { db in
            try db.execute(sql: """
                CREATE TABLE habitEntry_v2 (
                    id TEXT NOT NULL,
                    habitId TEXT NOT NULL,
                    dayKey TEXT NOT NULL,
                    timestampUtc TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    value REAL NOT NULL,
                    note TEXT,
                    createdAt TEXT NOT NULL,
                    deletedAt TEXT
                );
                INSERT INTO habitEntry_v2 (id, habitId, dayKey, timestampUtc, kind, value, note, createdAt, deletedAt)
                    SELECT id, habitId, dayKey, timestampUtc, kind, value, note, createdAt, deletedAt FROM habitEntry
                    ORDER BY habitId, dayKey, timestampUtc, id;
                DROP TABLE habitEntry;
                ALTER TABLE habitEntry_v2 RENAME TO habitEntry;
                """)
            try db.execute(sql: habitEntryIdIndex)
            try db.execute(sql: habitEntryIndex)
        }
        // Breaking a habit: the usage before the user started. Truth given by the user,
        // not derived, so it is stored; the reduction against it is computed when read.
        migrator.registerMigration("v3-habit-baseline") { db in
            try db.execute(sql: "ALTER TABLE habit ADD COLUMN baseline REAL")
        }
        // Following another app: the sources a store follows, and which habits each one owns.
        migrator.registerMigration("v4-followed-sources") { db in
            try db.execute(sql: """
                ALTER TABLE habit ADD COLUMN sourceId TEXT;
                ALTER TABLE habit ADD COLUMN sourceKey TEXT;
                CREATE TABLE followedSource (
                    id TEXT PRIMARY KEY NOT NULL,
                    format TEXT NOT NULL,
                    path TEXT NOT NULL,
                    lastFile TEXT NOT NULL,
                    lastModified TEXT NOT NULL,
                    lastDigest TEXT NOT NULL,
                    syncedAt TEXT NOT NULL,
                    createdAt TEXT NOT NULL
                );
                """)
        }
        // Stores of earlier versions got a table of change tokens and five triggers here, for a
        // report's cache; every report now renders as the first, and "v7-no-entry-changes"
        // drops them. A new store passes through with nothing to drop.
        migrator.registerMigration("v5-entry-changes") { _ in }
        // The store's permanent identity (`Settings.storeId`): its feed's ids follow it.
        migrator.registerMigration("v6-store-id") { db in
            try db.execute(sql: "ALTER TABLE settings ADD COLUMN storeId TEXT")
            try db.execute(sql: "UPDATE settings SET storeId = ?", arguments: [UUID().uuidString.lowercased()])
        }
        // The change tokens and their triggers of "v5-entry-changes" go (whatever of them the
        // store still has).
        migrator.registerMigration("v7-no-entry-changes") { db in
            for trigger in ["habitEntry_replacing", "habitEntry_inserted", "habitEntry_updating", "habitEntry_updated", "habitEntry_deleted"] {
                try db.execute(sql: "DROP TRIGGER IF EXISTS \(trigger)")
            }
            try db.execute(sql: "DROP TABLE IF EXISTS habitEntryChange")
        }
        // Where the store's site is published when its owner made it public (`Settings.publicAddress`).
        migrator.registerMigration("v8-public-address") { db in
            try db.execute(sql: "ALTER TABLE settings ADD COLUMN publicAddress TEXT")
        }
        // What the store does each night (`Settings.nightly`), as JSON text.
        migrator.registerMigration("v9-nightly") { db in
            try db.execute(sql: "ALTER TABLE settings ADD COLUMN nightly TEXT")
        }
        // Each habit's slug (`Habit.slug`), kept from now on: existing habits get the ones their
        // site uses (`HabitSlugs.assignToExisting`); no two habits share one.
        migrator.registerMigration("v10-habit-slug") { db in
            try db.execute(sql: "ALTER TABLE habit ADD COLUMN slug TEXT")
            try HabitSlugs.assignToExisting(SQLiteSession(db: db))
            try db.execute(sql: "CREATE UNIQUE INDEX habit_slug ON habit (slug)")
        }
        // Short names a person gave a habit (`Habit.aliases`), joined by commas.
        migrator.registerMigration("v11-habit-aliases") { db in
            try db.execute(sql: "ALTER TABLE habit ADD COLUMN aliases TEXT NOT NULL DEFAULT ''")
        }
        // The language of the store's site (`Settings.language`); none is English.
        migrator.registerMigration("v12-language") { db in
            try db.execute(sql: "ALTER TABLE settings ADD COLUMN language TEXT")
        }
        // Whether an at-most habit's day with nothing logged counts as none (`unloggedMeansNone`):
        // the rule every at-most habit followed before, so existing ones keep it.
        migrator.registerMigration("v13-unlogged-means-none") { db in
            try db.execute(sql: "ALTER TABLE habit ADD COLUMN unloggedMeansNone INTEGER NOT NULL DEFAULT 0")
            try db.execute(sql: "UPDATE habit SET unloggedMeansNone = 1 WHERE direction = 'atMost'")
        }
        // What a habit is about (`HabitDefinition.description`).
        migrator.registerMigration("v14-habit-description") { db in
            try db.execute(sql: "ALTER TABLE habit ADD COLUMN description TEXT NOT NULL DEFAULT ''")
        }
        return migrator
    }
}
