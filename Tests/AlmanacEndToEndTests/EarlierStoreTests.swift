import AlmanacTestSupport
import Foundation
import GRDB
import Testing

/// A store an earlier version of Almanac wrote — with its table of change tokens and the
/// triggers that kept it — loses both the first time a command opens it, on both backends; its
/// entries stay, and a store whose owner dropped some of them already opens as well.
@Suite struct EarlierStoreTests {
    /// What the earlier versions made, trigger by trigger, and the name of the migration that
    /// drops them.
    static func earlierTokens(_ backend: TestBackend) -> (sql: String, migration: String) {
        switch backend {
        case .sqlite:
            let bump = "INSERT INTO habitEntryChange (habitId, token) VALUES (NEW.habitId, randomblob(16)) ON CONFLICT (habitId) DO UPDATE SET token = excluded.token;"
            return ("""
                CREATE TABLE habitEntryChange (habitId TEXT PRIMARY KEY NOT NULL, token BLOB NOT NULL) WITHOUT ROWID;
                CREATE TRIGGER habitEntry_inserted AFTER INSERT ON habitEntry BEGIN \(bump) END;
                CREATE TRIGGER habitEntry_updated AFTER UPDATE ON habitEntry BEGIN \(bump) END;
                DELETE FROM grdb_migrations WHERE identifier = 'v7-no-entry-changes';
                """, "v7-no-entry-changes")
        case .postgres:
            return ("""
                CREATE TABLE habitEntryChange (habitId TEXT COLLATE "C" PRIMARY KEY, token BYTEA NOT NULL);
                CREATE FUNCTION almanac_entry_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END; $$;
                CREATE TRIGGER habitentry_inserted AFTER INSERT ON habitEntry FOR EACH STATEMENT EXECUTE FUNCTION almanac_entry_changed();
                CREATE TRIGGER habitentry_truncated AFTER TRUNCATE ON habitEntry FOR EACH STATEMENT EXECUTE FUNCTION almanac_entry_changed();
                DELETE FROM almanac_migrations WHERE identifier = 'v8-no-entry-changes';
                """, "v8-no-entry-changes")
        }
    }

    /// The store's tables, triggers and functions besides Almanac's own, and its migrations.
    static func leftovers(_ backend: TestBackend, _ store: String) throws -> (objects: [String], migrations: [String]) {
        switch backend {
        case .sqlite:
            return try DatabaseQueue(path: store).read { db in
                (try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' OR name = 'habitEntryChange' ORDER BY name"),
                 try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier"))
            }
        case .postgres:
            let schema = String(store[store.range(of: "schema=")!.upperBound...])
            let objects = try TestPostgres.psql("""
                SELECT tgname FROM pg_trigger WHERE tgrelid = '\(schema).habitentry'::regclass AND NOT tgisinternal
                UNION ALL SELECT relname FROM pg_class WHERE relnamespace = '\(schema)'::regnamespace AND relname = 'habitentrychange'
                UNION ALL SELECT proname FROM pg_proc WHERE pronamespace = '\(schema)'::regnamespace
                """).split(separator: "\n").map(String.init).filter { !$0.isEmpty }
            let migrations = try TestPostgres.psql("SELECT identifier FROM \(schema).almanac_migrations ORDER BY identifier")
                .split(separator: "\n").map(String.init).filter { !$0.isEmpty }
            return (objects, migrations)
        }
    }

    @Test(arguments: TestBackend.available) func theChangeTokensOfEarlierVersionsAreDropped(_ backend: TestBackend) throws {
        let s = Session(backend, schemaOfItsOwn: true)
        try s.ok("init", "--timezone", "UTC")
        try s.ok("habit", "add", "Run")
        try s.ok("log", "run", "--date", "2026-11-20")
        let earlier = Self.earlierTokens(backend)
        try backend.runOtherProgram(earlier.sql, on: s.store)
        let before = try Self.leftovers(backend, s.store)
        #expect(before.objects.count >= 3 && !before.migrations.contains(earlier.migration), "\(before)")
        // Any command brings the store up to date.
        try s.ok("status")
        let after = try Self.leftovers(backend, s.store)
        #expect(after.objects.isEmpty, "\(after.objects)")
        #expect(after.migrations.contains(earlier.migration))
        #expect(try s.ok("history", "run", "--from", "2026-11-20", "--to", "2026-11-20").contains("2026-11-20"))
        // Writes go on without the triggers.
        try s.ok("log", "run", "--date", "2026-11-21")
    }

    /// An at-most habit of a store made before a habit said what a day with nothing logged counts
    /// as keeps the rule it had (none, within the limit), so no published figure changes; an
    /// at-least habit, and an at-most habit made afterwards, follow the rule of new habits.
    @Test(arguments: TestBackend.available) func earlierAtMostHabitsKeepCountingADayWithNothingLoggedAsNone(_ backend: TestBackend) throws {
        var s = Session(backend, schemaOfItsOwn: true)
        s.now = "2026-11-20T08:00:00Z"
        try s.ok("init", "--timezone", "UTC")
        try s.ok("habit", "add", "Coffee", "--unit", "count", "--direction", "at-most", "--target", "3")
        try s.ok("habit", "add", "Run")
        let earlier: String
        switch backend {
        case .sqlite:
            earlier = "ALTER TABLE habit DROP COLUMN unloggedMeansNone; DELETE FROM grdb_migrations WHERE identifier = 'v13-unlogged-means-none';"
        case .postgres:
            earlier = "ALTER TABLE habit DROP COLUMN unloggedmeansnone; DELETE FROM almanac_migrations WHERE identifier = 'v15-unlogged-means-none';"
        }
        try backend.runOtherProgram(earlier, on: s.store)
        s.now = "2026-11-22T08:00:00Z"
        #expect(try s.ok("habit", "show", "coffee").contains("a day with nothing logged counts as none"))
        #expect(try s.ok("status", "--as-of", "yesterday").contains("✓ none, limit 3"))
        try s.ok("habit", "add", "Tea", "--unit", "count", "--direction", "at-most", "--target", "2")
        #expect(try s.ok("habit", "show", "tea").contains("a day with nothing logged is missed"))
        #expect(!(try s.ok("habit", "show", "run")).contains("unlogged"))
    }
}
