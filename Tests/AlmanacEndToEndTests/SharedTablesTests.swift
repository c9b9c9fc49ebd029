import AlmanacTestSupport
import Foundation
import Testing

/// The shared tables of a PostgreSQL database, as its administrator makes them and as a person
/// meets them (docs/POSTGRES.md): a person owns nothing, creates nothing, stops no one, and never
/// reads or writes a row of another's store — tried here as her own login role, in `psql`.
@Suite(.enabled(if: TestPostgres.isAvailable, "needs the test server of `make test`"))
struct SharedTablesTests {
    let binary = AlmanacBinary()

    /// A database with the shared tables and two people with a store each (made with `almanac
    /// init`, one entry logged): their role names, which are their stores' names.
    func twoPeople() throws -> (database: String, alice: String, bob: String) {
        let database = try TestPostgres.newDatabase()
        var people: [String] = []
        for prefix in ["alice", "bob"] {
            let name = TestPostgres.newName(prefix: prefix)
            try TestPostgres.makePerson(name, database: database)
            let store = TestPostgres.url(role: name, database: database, store: name)
            for arguments in [["init", "--timezone", "UTC"], ["habit", "add", "Read"], ["log", "read", "--note", "\(prefix)'s own"]] {
                let result = try binary.run(arguments + ["--store", store], environment: TestPostgres.binaryEnvironment)
                #expect(result.status == 0, "\(arguments): \(result.stderr)")
            }
            people.append(name)
        }
        return (database, people[0], people[1])
    }

    func refused(_ sql: String, as role: String, in database: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let output = try TestPostgres.psql(sql, user: role, database: database)
            Issue.record("\(sql) was allowed: \(output)", sourceLocation: sourceLocation)
        } catch {
            #expect("\(error)".contains("ERROR"), "\(sql): \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func aPersonCanStopNoOneCreateNothingAndReachNoOtherStore() throws {
        let (database, alice, bob) = try twoPeople()
        let bobs = try TestPostgres.psql("SELECT id FROM almanac.store WHERE name = '\(bob)'", database: database)
        let tables = ["store", "settings", "category", "habit", "goal", "habitentry", "journalentry", "wellbeingentry", "followedsource",
                      "report_night", "almanac_migrations", "habitentry_0"]
        // No lock stronger than ROW EXCLUSIVE, on any table: no one's store waits for her.
        for table in tables {
            for mode in ["SHARE UPDATE EXCLUSIVE", "SHARE", "SHARE ROW EXCLUSIVE", "EXCLUSIVE", "ACCESS EXCLUSIVE"] {
                refused("BEGIN; LOCK TABLE almanac.\(table) IN \(mode) MODE; COMMIT", as: alice, in: database)
            }
            refused("TRUNCATE almanac.\(table)", as: alice, in: database)
            refused("DELETE FROM almanac.\(table)", as: alice, in: database)
        }
        // Nothing of hers can exist for another role to plan or run.
        for sql in [
            "CREATE TABLE almanac.mine (a int)", "CREATE TABLE public.mine (a int)", "CREATE SCHEMA mine",
            "CREATE FUNCTION public.f() RETURNS int LANGUAGE sql AS 'SELECT 1'", "CREATE FUNCTION almanac.f() RETURNS int LANGUAGE sql AS 'SELECT 1'",
            "CREATE INDEX ON almanac.habit (name) WHERE length(name) > 1", "CREATE INDEX ON almanac.habitentry_3 (note)",
            "ALTER TABLE almanac.habit ADD CONSTRAINT mine CHECK (length(name) > 0)", "ALTER TABLE almanac.habit ALTER COLUMN emoji SET DEFAULT 'x'",
            "CREATE POLICY mine ON almanac.habit USING (true)", "ALTER TABLE almanac.habit DISABLE ROW LEVEL SECURITY",
            "CREATE RULE mine AS ON INSERT TO almanac.habit DO ALSO NOTIFY x", "CREATE STATISTICS mine ON name, emoji FROM almanac.habit",
            "CREATE TEMP TABLE mine () INHERITS (almanac.habit)", "CREATE VIEW almanac.mine AS SELECT 1",
            "CREATE TRIGGER mine BEFORE INSERT ON almanac.habit FOR EACH ROW EXECUTE FUNCTION suppress_redundant_updates_trigger()",
            "CREATE TYPE public.mine AS (a int)", "ALTER TABLE almanac.store OWNER TO \(alice)",
            "UPDATE almanac.habitentry SET store = \(bobs)", "UPDATE almanac.store SET role = '\(bob)'",
            "INSERT INTO almanac.store (name, role) VALUES ('mine', '\(bob)')", "INSERT INTO almanac.store (name) VALUES ('Not Plain')",
        ] {
            refused(sql, as: alice, in: database)
        }
        // Bob's rows: not seen by id, by a guessed store, nor through a function; not writable.
        let notes = try TestPostgres.psql("SELECT string_agg(note, ',') FROM almanac.habitentry", user: alice, database: database)
        #expect(notes == "alice's own", "\(notes)")
        #expect(try TestPostgres.psql("SELECT count(*) FROM almanac.habitentry WHERE store = \(bobs)", user: alice, database: database) == "0")
        #expect(try TestPostgres.psql("SELECT count(*) FROM almanac.store", user: alice, database: database) == "1")
        #expect(try TestPostgres.psql("""
            WITH changed AS (UPDATE almanac.habit SET name = 'Taken' WHERE store = \(bobs) RETURNING 1) SELECT count(*) FROM changed
            """, user: alice, database: database) == "0")
        refused("INSERT INTO almanac.category (store, id, name, createdAt, updatedAt) VALUES (\(bobs), 'x', 'x', 'x', 'x')", as: alice, in: database)
        refused("SELECT almanac.remove_rows(\(bobs), 'habitentry', NULL)", as: alice, in: database)
        refused("SELECT almanac.drop_store(\(bobs))", as: alice, in: database)
        refused("SELECT almanac.remove_rows((SELECT id FROM almanac.store), 'store', NULL)", as: alice, in: database)
        #expect(try TestPostgres.psql("SELECT string_agg(note, ',') FROM almanac.habitentry WHERE store = \(bobs)", database: database) == "bob's own")
        // Through the command: her URL naming his store finds none, and cannot take its name.
        let hers = TestPostgres.url(role: alice, database: database, store: bob)
        let status = try binary.run(["status", "--store", hers], environment: TestPostgres.binaryEnvironment)
        #expect(status.status == 1 && status.stderr.contains("No store at"), "\(status.stderr)")
        let taken = try binary.run(["init", "--store", hers], environment: TestPostgres.binaryEnvironment)
        #expect(taken.status == 1 && taken.stderr.contains("The store name \(bob) is taken"), "\(taken.stderr)")
    }

    /// Every statement a person's commands send names her store (`store = N`, an insert of her
    /// store's column, or a call of the functions that delete for her store) besides the policy:
    /// the plans use the indexes that lead with the store, and a distributed database could route
    /// each to one node. Read from the server's own log of every statement, on a server of the
    /// test's own, through a day of everyday commands and a replace restore.
    @Test func everyStatementOfAPersonNamesHerStore() throws {
        let server = try TestPostgres.PrivateServer()
        try server.psql("ALTER SYSTEM SET log_statement = 'all'")
        try server.psql("ALTER SYSTEM SET log_line_prefix = '@@%u|'")
        try server.restart()
        let env = ["PGPASSWORD": server.password, "ALMANAC_NOW": "2026-11-20T10:00:00Z"]
        #expect(try binary.run(["server", "init", server.adminURL], environment: env).status == 0)
        try server.psql("CREATE ROLE carol LOGIN PASSWORD '\(server.password)' IN ROLE almanac_person")
        let store = server.adminURL.replacingOccurrences(of: "postgres://postgres@", with: "postgres://carol@") + "?store=carol"
        let folder = TemporaryFolder("statements")
        for arguments in [["init", "--timezone", "UTC"], ["habit", "add", "Read"], ["habit", "add", "Swim"], ["category", "add", "Body"],
                          ["habit", "edit", "swim", "--category", "Body"], ["log", "read", "--note", "good"], ["log", "read", "--date", "2026-11-19"],
                          ["unlog", "read", "--date", "2026-11-19"], ["journal", "add", "A day", "--body", "text"], ["wellbeing", "add", "mood", "4", "--scale", "5"],
                          ["goal", "add", "Both", "--habits", "read", "--habits", "swim"], ["status"], ["stats", "read"], ["history", "read"],
                          ["report", "-q", "--out", folder.path("site"), "--include-journal"], ["export", "csv", "--out", folder.path("csv")],
                          ["backup", "--out", folder.path("b.json")], ["restore", folder.path("b.json"), "--mode", "replace"],
                          ["category", "delete", "Body"], ["habit", "delete", "swim", "--yes"]] {
            let result = try binary.run(arguments + ["--store", store], environment: env, in: folder.url)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        let log = try String(contentsOfFile: server.folder + "/server.log", encoding: .utf8)
        let tables = try Regex("(?i)\\b(settings|category|habit|goal|followedsource|habitentry|journalentry|wellbeingentry)\\b").wordBoundaryKind(.simple)
        let named = try Regex("(?i)\\bstore = \\d+|\\(store, |almanac\\.(remove_rows|drop_store)\\(\\d+").wordBoundaryKind(.simple)
        var statements = 0
        for entry in log.components(separatedBy: "@@").dropFirst() where entry.hasPrefix("carol|") {
            guard let start = entry.range(of: "LOG:  statement: ") ?? entry.range(of: "LOG:  execute <unnamed>: ") else { continue }
            let statement = String(entry[start.upperBound...])
            guard statement.contains(tables) else { continue }
            statements += 1
            #expect(statement.contains(named), "names no store: \(statement)")
        }
        #expect(statements > 100, "\(statements) statements")
    }

    /// A person's write waits only for her own store: the write lock is a row lock on her store's
    /// row. Bob logs while Alice's row is held; Alice's own write waits for it.
    @Test func oneStoresWriteNeverWaitsForAnother() throws {
        let (database, alice, bob) = try twoPeople()
        let holder = try TestPostgres.background("BEGIN; SELECT 1 FROM almanac.store WHERE name = '\(alice)' FOR UPDATE; SELECT pg_sleep(8); COMMIT", user: alice, database: database)
        defer { holder.terminate() }
        Thread.sleep(forTimeInterval: 0.8)
        var started = Date()
        let his = try binary.run(["log", "read", "--date", "2026-11-01", "--store", TestPostgres.url(role: bob, database: database, store: bob)],
                                 environment: TestPostgres.binaryEnvironment)
        let hisSeconds = Date().timeIntervalSince(started)
        #expect(his.status == 0 && hisSeconds < 4, "\(hisSeconds) s: \(his.stderr)")
        started = Date()
        let hers = try binary.run(["log", "read", "--date", "2026-11-01", "--store", TestPostgres.url(role: alice, database: database, store: alice)],
                                  environment: TestPostgres.binaryEnvironment)
        // Hers waited for her row (held 8 s from the start), longer than his took.
        let herSeconds = Date().timeIntervalSince(started)
        #expect(hers.status == 0 && herSeconds > 2 && herSeconds > hisSeconds, "\(herSeconds) s: \(hers.stderr)")
        holder.waitUntilExit()
    }

    /// `server init` again, while a reader holds a table: it waits a few seconds at most, says so
    /// in one sentence and changes nothing; once free, it succeeds. `--print` runs nothing.
    @Test func serverInitWaitsAFewSecondsAtMostAndPrintsItsSQL() throws {
        let (database, _, _) = try twoPeople()
        let admin = TestPostgres.url(role: "postgres", database: database)
        let holder = try TestPostgres.background("BEGIN; SELECT count(*) FROM almanac.habit; SELECT pg_sleep(12); COMMIT", user: "postgres", database: database)
        defer { holder.terminate() }
        Thread.sleep(forTimeInterval: 0.8)
        let started = Date()
        let busy = try binary.run(["server", "init", admin], environment: TestPostgres.binaryEnvironment)
        #expect(busy.status == 1 && Date().timeIntervalSince(started) < 9, "\(busy.stderr)")
        #expect(busy.stderr.hasPrefix("almanac: almanac server init waited 5 s for a lock") && busy.stderr.split(separator: "\n").count == 1, "\(busy.stderr)")
        holder.terminate()
        holder.waitUntilExit()
        let again = try binary.run(["server", "init", admin], environment: TestPostgres.binaryEnvironment)
        #expect(again.status == 0 && again.stdout.contains("up to date"), "\(again.stderr)")
        let script = try binary.run(["server", "init", "--print"])
        #expect(script.status == 0 && script.stdout.contains("CREATE TABLE almanac.habitEntry") && script.stdout.contains("CREATE POLICY person"))
        // The printed script makes the same tables in a database that has none.
        let fresh = TestPostgres.newName(prefix: "d")
        try TestPostgres.psql("CREATE DATABASE \(fresh)")
        try TestPostgres.psql(script.stdout, database: fresh)
        let made = try binary.run(["server", "init", TestPostgres.url(role: "postgres", database: fresh)], environment: TestPostgres.binaryEnvironment)
        #expect(made.status == 0 && made.stdout.contains("up to date"), "\(made.stdout) \(made.stderr)")
    }

    /// A role that is not a member of `almanac_person`, and a database without the tables, are
    /// each one sentence saying what the administrator does.
    @Test func aRoleNotLetInAndADatabaseWithoutTheTablesAreOneSentence() throws {
        let database = try TestPostgres.newDatabase()
        let stranger = TestPostgres.newName(prefix: "s")
        try TestPostgres.psql("CREATE ROLE \(stranger) LOGIN PASSWORD '\(TestPostgres.password)'")
        let refused = try binary.run(["init", "--store", TestPostgres.url(role: stranger, database: database)], environment: TestPostgres.binaryEnvironment)
        #expect(refused.status == 1 && refused.stderr.contains("GRANT almanac_person TO \(stranger)"), "\(refused.stderr)")
        let empty = TestPostgres.newName(prefix: "d")
        try TestPostgres.psql("CREATE DATABASE \(empty)")
        let none = try binary.run(["status", "--store", TestPostgres.url(role: stranger, database: empty)], environment: TestPostgres.binaryEnvironment)
        #expect(none.status == 1 && none.stderr.contains("has no Almanac tables") && none.stderr.contains("almanac server init"), "\(none.stderr)")
        // Nor may such a role make them: one sentence saying who can.
        let notAdmin = try binary.run(["server", "init", TestPostgres.url(role: stranger, database: empty)], environment: TestPostgres.binaryEnvironment)
        #expect(notAdmin.status == 1 && notAdmin.stderr.contains("needs a role that may create roles and schemas")
                && notAdmin.stderr.split(separator: "\n").count == 1, "\(notAdmin.stderr)")
        // Tables a newer Almanac made are refused by people and administrator alike, and changed by neither.
        try TestPostgres.psql("GRANT almanac_person TO \(stranger); INSERT INTO almanac.almanac_migrations VALUES ('s99-from-the-future')", database: database)
        let newer = try binary.run(["init", "--store", TestPostgres.url(role: stranger, database: database)], environment: TestPostgres.binaryEnvironment)
        #expect(newer.status == 1 && newer.stderr.contains("newer version of Almanac"), "\(newer.stderr)")
        let admin = try binary.run(["server", "init", TestPostgres.url(role: "postgres", database: database)], environment: TestPostgres.binaryEnvironment)
        #expect(admin.status == 1 && admin.stderr.contains("newer version of Almanac"), "\(admin.stderr)")
        #expect(try TestPostgres.psql("SELECT count(*) FROM almanac.store", database: database) == "0")
    }

    /// A copy (or restore, or import) of thousands of entries into the shared tables leaves the
    /// planner's figures of the store's partition up to date — a person may not analyze the
    /// administrator's tables, so the function does it — where a partition never analyzed had the
    /// figures of an empty one, and an export planned with them took four times as long.
    @Test func aBulkWriteLeavesThePlannersFiguresUpToDate() throws {
        let database = try TestPostgres.newDatabase()
        let person = TestPostgres.newName(prefix: "p")
        try TestPostgres.makePerson(person, database: database)
        let folder = TemporaryFolder("bulk")
        let env = TestPostgres.binaryEnvironment.merging(["ALMANAC_NOW": "2026-11-20T20:00:00Z"]) { $1 }
        #expect(try binary.run(["demo", "--store", folder.path("a.sqlite"), "--habits", "10", "--years", "2", "--no-report"], environment: env).status == 0)
        let store = TestPostgres.url(role: person, database: database, store: person)
        let copy = try binary.run(["copy", "--from", folder.path("a.sqlite"), "--to", store], environment: env)
        #expect(copy.status == 0, "\(copy.stderr)")
        let figures = try TestPostgres.psql("""
            SELECT count(*), (SELECT c.reltuples FROM pg_class c WHERE c.oid = (SELECT tableoid FROM almanac.habitentry LIMIT 1))
            FROM almanac.habitentry
            """, database: database).split(separator: "|").compactMap { Double($0) }
        #expect(figures.count == 2 && figures[0] > 5_000 && abs(figures[1] - figures[0]) < figures[0] / 10, "\(figures)")
    }

    /// `server tidy` puts every partition in its stores' order, leaves one whose lock is not free
    /// (and says so), and changes nothing a store shows.
    @Test func tidyingChangesNothingAStoreShows() throws {
        let (database, alice, _) = try twoPeople()
        let store = TestPostgres.url(role: alice, database: database, store: alice)
        let folder = TemporaryFolder("tidy")
        let env = TestPostgres.binaryEnvironment.merging(["ALMANAC_NOW": "2026-11-22T10:00:00Z"]) { $1 }
        #expect(try binary.run(["backup", "--out", folder.path("before.json"), "--store", store], environment: env).status == 0)
        let admin = TestPostgres.url(role: "postgres", database: database)
        let tidy = try binary.run(["server", "tidy", admin], environment: env)
        #expect(tidy.status == 0 && tidy.stdout.contains("Tidied 48 of 48 partitions"), "\(tidy.stdout) \(tidy.stderr)")
        #expect(try binary.run(["backup", "--out", folder.path("after.json"), "--store", store], environment: env).status == 0)
        #expect(folder.bytes("before.json") == folder.bytes("after.json"))
        let holder = try TestPostgres.background("BEGIN; SELECT count(*) FROM almanac.habitentry_5; SELECT pg_sleep(15); COMMIT", user: "postgres", database: database)
        defer { holder.terminate() }
        Thread.sleep(forTimeInterval: 0.8)
        let busy = try binary.run(["server", "tidy", admin], environment: env)
        #expect(busy.status == 1 && busy.stderr.contains("habitentry_5 left as it was") && busy.stdout.contains("Tidied 47 of 48"),
                "\(busy.stdout) \(busy.stderr)")
    }
}
