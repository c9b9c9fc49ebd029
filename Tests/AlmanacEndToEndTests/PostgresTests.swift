import AlmanacTestSupport
import Foundation
import SwiftCSV
import Testing

/// What only a server store has: stores owned by roles, writers on many machines, a copy between
/// backends, and a server that can be unreachable, refuse a password, restart or drop a connection.
/// The suites that take a backend cover the rest on both.
@Suite(.enabled(if: TestPostgres.isAvailable, "needs the test server of `make test`"))
struct PostgresTests {
    /// A role of its own (name, password) that may create schemas: a person of a team's server.
    func newRole(_ prefix: String, mayCreateSchemas: Bool = true) throws -> (name: String, password: String) {
        let name = "\(prefix)_\(UUID().uuidString.prefix(8).lowercased())"
        let password = "pw-\(UUID().uuidString.prefix(6))"
        try TestPostgres.psql("CREATE ROLE \(name) LOGIN PASSWORD '\(password)'" + (mayCreateSchemas ? "; GRANT CREATE ON DATABASE postgres TO \(name)" : ""))
        return (name, password)
    }

    func url(role: String, schema: String) -> String {
        "postgres://\(role)@127.0.0.1:\(TestPostgres.port)/postgres?schema=\(schema)"
    }

    /// Expects one sentence on stderr and exit status 1.
    func expectOneSentence(_ result: AlmanacBinary.Result, mentioning words: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 1, "\(result.stdout) \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("almanac: ") && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
        for word in words { #expect(result.stderr.contains(word), "\(result.stderr) lacks \(word)", sourceLocation: sourceLocation) }
    }

    @Test func copyIsLosslessBothWays() throws {
        let s = Session(.postgres)
        let env = s.environment
        try s.ok("demo", "--store", "a.sqlite", "--habits", "6", "--years", "2", "--seed", "7", "--no-report")
        let journalId = try #require(try firstJournalId(s))
        try s.ok("journal", "edit", "--store", "a.sqlite", journalId, "--body", "edited")   // history to copy
        let toServer = try s.ok("copy", "--from", "a.sqlite", "--to", s.store)
        #expect(toServer.contains("(created): 6 habits"))
        let back = try s.ok("copy", "--from", s.store, "--to", "b.sqlite")
        #expect(back.contains("(created): 6 habits"))
        for (store, file) in [("a.sqlite", "a.json"), (s.store, "server.json"), ("b.sqlite", "b.json")] {
            try s.ok("backup", "--store", store, "--out", file)
        }
        #expect(s.folder.bytes("a.json").count > 100_000)
        #expect(s.folder.bytes("server.json") == s.folder.bytes("a.json"))
        #expect(s.folder.bytes("b.json") == s.folder.bytes("a.json"))
        // Reports and exports are the same bytes from either backend.
        try s.ok("export", "csv", "--store", "a.sqlite", "--out", "csv-a")
        try s.ok("export", "csv", "--store", s.store, "--out", "csv-server")
        for name in ["habits.csv", "entries.csv", "daily.csv", "weeks.csv", "months.csv", "journal.csv", "wellbeing.csv"] {
            #expect(s.folder.bytes("csv-a/\(name)") == s.folder.bytes("csv-server/\(name)"), "\(name)")
        }
        try s.ok("export", "xlsx", "--store", "a.sqlite", "--out", "a.xlsx", "--as-of", "2026-11-20")
        try s.ok("export", "xlsx", "--store", s.store, "--out", "server.xlsx", "--as-of", "2026-11-20")
        #expect(s.folder.bytes("a.xlsx") == s.folder.bytes("server.xlsx"))
        #expect(try s.ok("status", "--store", "a.sqlite") == s.ok("status", "--store", s.store))
        // A store that holds something is not overwritten.
        let refused = try s.binary.run(["copy", "--from", "a.sqlite", "--to", s.store], environment: env, in: s.folder.url)
        expectOneSentence(refused, mentioning: ["already holds 6 habits", "new or empty store"])
        try s.ok("backup", "--out", "again.json")
        #expect(s.folder.bytes("again.json") == s.folder.bytes("server.json"))
    }

    /// A store of the earlier layout (a schema of its own) moves into the shared tables with
    /// `almanac copy`, losslessly: its backup is byte-identical before and after; the schema
    /// still reads and copies until its owner drops it.
    @Test func aStoreOfTheEarlierLayoutMovesIntoTheSharedTablesLosslessly() throws {
        let s = Session(.postgres)
        let old = TestPostgres.newSchemaStore()
        try s.ok("demo", "--store", "a.sqlite", "--habits", "4", "--years", "1", "--seed", "3", "--no-report")
        let journalId = try #require(try firstJournalId(s))
        try s.ok("journal", "edit", "--store", "a.sqlite", journalId, "--body", "edited")
        try s.ok("copy", "--from", "a.sqlite", "--to", old)
        try s.ok("backup", "--store", old, "--out", "before.json")
        let moved = try s.ok("copy", "--from", old, "--to", s.store)
        #expect(moved.contains("(created): 4 habits"), "\(moved)")
        try s.ok("backup", "--store", s.store, "--out", "after.json")
        #expect(s.folder.bytes("before.json").count > 50_000)
        #expect(s.folder.bytes("after.json") == s.folder.bytes("before.json"))
        try s.ok("backup", "--store", old, "--out", "still.json")
        #expect(s.folder.bytes("still.json") == s.folder.bytes("before.json"))
        #expect(try s.ok("status", "--store", old) == s.ok("status", "--store", s.store))
        try s.ok("copy", "--from", old, "--to", "back.sqlite")
    }

    /// A URL naming neither a store nor a schema meant the schema of the role's name before the
    /// shared tables: while that schema holds a store, it still does; without one, it is the
    /// shared tables' store of the role's name.
    @Test func aURLThatNamesNoStoreStillFindsItsEarlierSchema() throws {
        let s = Session(.postgres)
        let bob = try newRole("bob"), carol = try newRole("carol")
        try TestPostgres.psql("GRANT almanac_person TO \(bob.name), \(carol.name)")
        for role in [bob, carol] {
            let plain = "postgres://\(role.name)@127.0.0.1:\(TestPostgres.port)/postgres"
            let env = ["PGPASSWORD": role.password, "ALMANAC_NOW": s.now]
            if role == bob {
                #expect(try s.binary.run(["init", "--store", url(role: bob.name, schema: bob.name)], environment: env).status == 0)
            } else {
                #expect(try s.binary.run(["init", "--store", plain], environment: env).status == 0)
            }
            #expect(try s.binary.run(["habit", "add", "Walk", "--store", plain], environment: env).status == 0)
        }
        #expect(try TestPostgres.psql("SELECT count(*) FROM \(bob.name).habit") == "1")
        #expect(try TestPostgres.psql("SELECT count(*) FROM almanac.habit h JOIN almanac.store s ON s.id = h.store WHERE s.name = '\(carol.name)'") == "1")
        #expect(try TestPostgres.psql("SELECT count(*) FROM almanac.store WHERE name = '\(bob.name)'") == "0")
    }

    func firstJournalId(_ s: Session) throws -> String? {
        let list = try s.ok("journal", "list", "--store", "a.sqlite", "--json")
        let entries = try JSONSerialization.jsonObject(with: Data(list.utf8)) as? [[String: Any]]
        return entries?.first?["id"] as? String
    }

    @Test func eachRoleSeesOnlyItsOwnStore() throws {
        let alice = try newRole("alice"), bob = try newRole("bob")
        let s = Session(.postgres)
        let aliceStore = url(role: alice.name, schema: alice.name), bobStore = url(role: bob.name, schema: bob.name)
        let asAlice = ["ALMANAC_STORE": aliceStore, "PGPASSWORD": alice.password, "ALMANAC_NOW": s.now]
        let asBob = ["ALMANAC_STORE": bobStore, "PGPASSWORD": bob.password, "ALMANAC_NOW": s.now]
        for (env, habit) in [(asAlice, "Run"), (asBob, "Read")] {
            #expect(try s.binary.run(["init", "--timezone", "Europe/Berlin"], environment: env).status == 0)
            #expect(try s.binary.run(["habit", "add", habit], environment: env).status == 0)
            #expect(try s.binary.run(["log", habit.lowercased()], environment: env).status == 0)
        }
        let before = try s.binary.run(["backup", "--out", "-"], environment: asAlice).stdout
        // Bob, with his own password, points Almanac at Alice's store: refused by the server.
        let bobAtAlice = asBob.merging(["ALMANAC_STORE": url(role: bob.name, schema: alice.name)]) { $1 }
        for arguments in [["status"], ["log", "run"], ["habit", "add", "Sneaky"], ["init"], ["backup", "--out", "-"],
                          ["copy", "--from", url(role: bob.name, schema: alice.name), "--to", s.folder.path("stolen.sqlite")]] {
            let result = try s.binary.run(arguments, environment: bobAtAlice, in: s.folder.url)
            expectOneSentence(result, mentioning: ["is not role \(bob.name)'s", "schema \(alice.name) belongs to role \(alice.name)"])
        }
        #expect(!FileManager.default.fileExists(atPath: s.folder.path("stolen.sqlite")))
        // And straight SQL as Bob: the server itself says no, for reading and for writing.
        for sql in ["SELECT count(*) FROM \(alice.name).habitentry", "DELETE FROM \(alice.name).habitentry",
                    "CREATE TABLE \(alice.name).mine (a int)"] {
            #expect(throws: TestPostgres.PSQLFailure.self) { try TestPostgres.psql(sql, user: bob.name, password: bob.password) }
            let message = (try? TestPostgres.psql(sql, user: bob.name, password: bob.password)) == nil
            #expect(message)
        }
        let denied = #expect(throws: TestPostgres.PSQLFailure.self) {
            try TestPostgres.psql("SELECT count(*) FROM \(alice.name).habitentry", user: bob.name, password: bob.password)
        }
        #expect(denied?.message.contains("permission denied for schema \(alice.name)") == true)
        // Alice's store is as it was; Bob's own store works.
        #expect(try s.binary.run(["backup", "--out", "-"], environment: asAlice).stdout == before)
        #expect(try s.binary.run(["status"], environment: asBob).stdout.contains("Read"))
    }

    /// The usual way to hand out a schema: the administrator creates the role and a schema it
    /// owns, and grants nothing on the database. Every command that creates a store works in it.
    @Test func aSchemaAnAdministratorMadeIsUsedAsItIs() throws {
        let s = Session(.postgres)
        let carol = try newRole("carol", mayCreateSchemas: false)
        let schemas = ["init", "restore", "import", "copy", "demo", "missing"].map { "\(carol.name)_\($0)" }
        for schema in schemas.dropLast() { try TestPostgres.psql("CREATE SCHEMA \(schema) AUTHORIZATION \(carol.name)") }
        let env = ["PGPASSWORD": carol.password, "ALMANAC_NOW": s.now]
        func run(_ arguments: [String], schema: String) throws -> AlmanacBinary.Result {
            try s.binary.run(arguments + ["--store", url(role: carol.name, schema: "\(carol.name)_\(schema)")], environment: env, in: s.folder.url)
        }
        #expect(try run(["init", "--timezone", "Europe/Berlin"], schema: "init").status == 0)
        #expect(try run(["habit", "add", "Run"], schema: "init").status == 0)
        #expect(try run(["log", "run"], schema: "init").status == 0)
        #expect(try run(["backup", "--out", "b.json"], schema: "init").status == 0)
        let restore = try run(["restore", "b.json"], schema: "restore")
        #expect(restore.status == 0, "\(restore.stderr)")
        let imported = try run(["import", ImportTests.fixture("habitbull.csv")], schema: "import")
        #expect(imported.status == 0, "\(imported.stderr)")
        let copy = try s.binary.run(["copy", "--from", url(role: carol.name, schema: "\(carol.name)_init"), "--to", url(role: carol.name, schema: "\(carol.name)_copy")],
                                    environment: env, in: s.folder.url)
        #expect(copy.status == 0, "\(copy.stderr)")
        let demo = try run(["demo", "--habits", "2", "--years", "1", "--no-report"], schema: "demo")
        #expect(demo.status == 0, "\(demo.stderr)")
        #expect(try run(["status"], schema: "copy").stdout.contains("Run"))
        // Where the administrator made no schema, the sentence says what is missing.
        expectOneSentence(try run(["init"], schema: "missing"),
                          mentioning: ["Schema \(carol.name)_missing does not exist", "may not create one", "CREATE SCHEMA"])
    }

    /// A schema another role prepared (and granted every privilege on) is not one's own store.
    @Test func aSchemaAnotherRolePreparedIsRefusedNamingItsOwner() throws {
        let s = Session(.postgres)
        let bob = try newRole("bob"), dave = try newRole("dave")
        let asBob = ["PGPASSWORD": bob.password, "ALMANAC_NOW": s.now, "ALMANAC_STORE": url(role: bob.name, schema: dave.name)]
        #expect(try s.binary.run(["init", "--timezone", "UTC"], environment: asBob).status == 0)
        try TestPostgres.psql("GRANT USAGE, CREATE ON SCHEMA \(dave.name) TO \(dave.name); GRANT ALL ON ALL TABLES IN SCHEMA \(dave.name) TO \(dave.name)")
        let asDave = ["PGPASSWORD": dave.password, "ALMANAC_NOW": s.now, "ALMANAC_STORE": url(role: dave.name, schema: dave.name)]
        for arguments in [["init"], ["status"], ["journal", "add", "Private", "--body", "mine"]] {
            expectOneSentence(try s.binary.run(arguments, environment: asDave), mentioning: ["is not role \(dave.name)'s", "belongs to role \(bob.name)"])
        }
        // Sharing made explicit by the administrator: dave becomes a member of bob's role.
        try TestPostgres.psql("GRANT \(bob.name) TO \(dave.name)")
        #expect(try s.binary.run(["status"], environment: asDave).status == 0)
    }

    /// 8 writers at once on one store (4 re-logging the same habit and day, 4 adding to a counter
    /// on two days per command) while reports and exports read it.
    @Test func racingWritersLoseNothingAndReadersSeeOneMoment() throws {
        let s = Session(.postgres)
        try s.ok("init", "--timezone", "UTC")
        try s.ok("habit", "add", "Run")
        try s.ok("habit", "add", "Water", "--unit", "count", "--target", "8")
        let rounds = 6
        let failures = FailureLog()
        let group = DispatchGroup()
        let queue = DispatchQueue(label: "racers", attributes: .concurrent)
        for writer in 0..<8 {
            group.enter()
            queue.async {
                defer { group.leave() }
                for _ in 0..<rounds {
                    let arguments = writer < 4
                        ? ["log", "run", "--date", "2026-11-20", "--note", "writer \(writer)"]
                        : ["log", "water", "1", "--add", "--from", "2026-11-20", "--to", "2026-11-21"]
                    let result = try? s.binary.run(arguments, environment: s.environment)
                    if result?.status != 0 { failures.add("\(arguments): \(result?.stderr ?? "did not run")") }
                }
            }
        }
        var exports = 0
        for reader in 0..<3 {
            group.enter()
            queue.async {
                defer { group.leave() }
                for round in 0..<4 {
                    let out = s.folder.path("read-\(reader)-\(round)")
                    let arguments = round % 2 == 0 ? ["export", "csv", "--out", out] : ["report", "--out", out]
                    let result = try? s.binary.run(arguments, environment: s.environment)
                    if result?.status != 0 { failures.add("\(arguments): \(result?.stderr ?? "did not run")") }
                }
            }
        }
        group.wait()
        #expect(failures.all.isEmpty, "\(failures.all)")
        // Each export read one moment: every add landed on both days or on neither.
        for reader in 0..<3 {
            for round in [0, 2] {
                let csv = try CSV<Named>(url: s.folder.url.appendingPathComponent("read-\(reader)-\(round)/entries.csv"))
                let water = csv.rows.filter { $0["habit_name"] == "Water" }
                #expect(water.filter { $0["date"] == "2026-11-20" }.count == water.filter { $0["date"] == "2026-11-21" }.count)
                exports += 1
            }
        }
        #expect(exports == 6)
        try s.ok("export", "csv", "--out", "final")
        let entries = try CSV<Named>(url: s.folder.url.appendingPathComponent("final/entries.csv")).rows
        // Re-logs of one habit and day leave exactly one live entry; adds from 4 writers all count.
        #expect(entries.filter { $0["habit_name"] == "Run" && $0["date"] == "2026-11-20" }.count == 1)
        for day in ["2026-11-20", "2026-11-21"] {
            #expect(entries.filter { $0["habit_name"] == "Water" && $0["date"] == day }.count == 4 * rounds)
        }
        // Every re-log is kept in history: all of them are in the backup, one of them live.
        let backup = try JSONSerialization.jsonObject(with: Data(try s.ok("backup", "--out", "-").utf8)) as! [String: Any]
        let runs = (backup["habitEntries"] as! [[String: Any]]).filter { ($0["note"] as? String)?.hasPrefix("writer") == true }
        #expect(runs.count == 4 * rounds)
        #expect(runs.filter { $0["deletedAt"] is NSNull || $0["deletedAt"] == nil }.count == 1)
    }

    @Test func aWrongURLIsOneSentence() throws {
        let s = Session(.postgres)
        for (store, words) in [("postgres://", ["not a usable PostgreSQL store URL"]),
                               ("postgres://u@127.0.0.1/db?schema=Bad-Name", ["schema name \"Bad-Name\""]),
                               ("postgres://u@127.0.0.1:99999/db", ["port"]),
                               ("postgres://u@127.0.0.1/db?scheme=x", ["unknown parameter \"scheme\""])] {
            let result = try s.binary.run(["status"], environment: ["ALMANAC_STORE": store])
            expectOneSentence(result, mentioning: words)
        }
    }

    @Test func anUnreachableServerIsOneSentenceWithinTenSeconds() throws {
        let s = Session(.postgres)
        // Nothing listens on this port (the server was never started there).
        let closed = "postgres://postgres@127.0.0.1:1/postgres?schema=x"
        // Nothing answers at all: an address that drops packets.
        let silent = "postgres://postgres@10.255.255.1:5432/postgres?schema=x"
        for store in [closed, silent] {
            let started = Date()
            let result = try s.binary.run(["status"], environment: ["ALMANAC_STORE": store, "PGPASSWORD": "x"])
            let seconds = Date().timeIntervalSince(started)
            expectOneSentence(result, mentioning: ["Cannot reach PostgreSQL at"])
            #expect(seconds < 10, "took \(seconds) s")
        }
    }

    @Test func aWrongPasswordIsOneSentence() throws {
        let s = Session(.postgres)
        try s.ok("init")
        let result = try s.binary.run(["status"], environment: s.environment.merging(["PGPASSWORD": "wrong"]) { $1 })
        expectOneSentence(result, mentioning: ["refused the password for role \(TestPostgres.role(of: s.store))", "PGPASSWORD"])
        let none = try s.binary.run(["status"], environment: ["ALMANAC_STORE": s.store])
        expectOneSentence(none, mentioning: ["password"])
    }

    @Test func aSchemaThatIsNotAStoreIsLeftAlone() throws {
        let s = Session(.postgres)
        let schema = "other_\(UUID().uuidString.prefix(8).lowercased())"
        try TestPostgres.psql("CREATE SCHEMA \(schema); CREATE TABLE \(schema).things (a int); INSERT INTO \(schema).things VALUES (42)")
        let store = (TestPostgres.adminURL ?? "") + "?schema=\(schema)"
        for arguments in [["status"], ["init"], ["restore", "nothing.json"], ["import", "nothing.db"]] {
            let result = try s.binary.run(arguments, environment: s.environment.merging(["ALMANAC_STORE": store]) { $1 })
            #expect(result.status == 1)
            if arguments[0] != "restore" && arguments[0] != "import" {
                expectOneSentence(result, mentioning: ["holds tables that are not an Almanac store"])
            }
        }
        #expect(try TestPostgres.psql("SELECT string_agg(tablename, ',') FROM pg_tables WHERE schemaname = '\(schema)'") == "things")
        #expect(try TestPostgres.psql("SELECT a FROM \(schema).things") == "42")
    }

    @Test func aStoreOfANewerVersionIsRefused() throws {
        let s = Session(.postgres, schemaOfItsOwn: true)
        try s.ok("init")
        try s.ok("habit", "add", "Run")
        let schema = String(s.store.split(separator: "=").last!)
        let before = s.snapshot()
        try TestPostgres.psql("INSERT INTO \(schema).almanac_migrations VALUES ('v99-from-the-future')")
        for arguments in [["status"], ["log", "run"], ["init"]] {
            expectOneSentence(try s.binary.run(arguments, environment: s.environment), mentioning: ["newer version of Almanac"])
        }
        try TestPostgres.psql("DELETE FROM \(schema).almanac_migrations WHERE identifier = 'v99-from-the-future'")
        #expect(s.snapshot() == before)
    }

    /// A store made when the first migration already had every column (baseline included, and
    /// no later migration recorded) is brought up to date and keeps its data.
    @Test func aStoreOfTheEarlierFirstMigrationIsUpgraded() throws {
        let s = Session(.postgres, schemaOfItsOwn: true)
        try s.ok("init")
        try s.ok("habit", "add", "Smoking", "--unit", "count", "--direction", "at-most", "--target", "2", "--baseline", "15")
        let schema = String(s.store.split(separator: "=").last!)
        try TestPostgres.psql("DELETE FROM \(schema).almanac_migrations WHERE identifier <> 'v1-initial'")
        try s.ok("habit", "edit", "smoking", "--baseline", "20")
        #expect(try TestPostgres.psql("SELECT baseline FROM \(schema).habit") == "20")
        #expect(try TestPostgres.psql("SELECT string_agg(identifier, ',' ORDER BY identifier) FROM \(schema).almanac_migrations")
                == "v1-initial,v10-nightly,v11-habit-slug,v12-habit-slug-unique,v13-habit-aliases,v14-language,v15-unlogged-means-none,v16-habit-description,v2-entry-id-index,v3-habit-baseline,v4-followed-sources,v6-store-id,v7-entry-changes,v8-no-entry-changes,v9-public-address")
    }

    /// On a server of its own: a restart would drop the other tests' connections.
    @Test func aRestartedServerBetweenTwoCommandsChangesNothing() throws {
        let server = try TestPostgres.PrivateServer()
        let s = Session(.postgres)
        let env = ["ALMANAC_STORE": server.adminURL + "?schema=restarted", "PGPASSWORD": server.password, "ALMANAC_NOW": s.now]
        for arguments in [["init", "--timezone", "UTC"], ["habit", "add", "Run"], ["log", "run", "--date", "2026-11-20"]] {
            #expect(try s.binary.run(arguments, environment: env).status == 0)
        }
        try server.restart()
        #expect(try s.binary.run(["log", "run", "--date", "2026-11-21"], environment: env).status == 0)
        #expect(try s.binary.run(["stats", "run"], environment: env).stdout.contains("2 days"))
    }

    /// The connection is dropped by the server in the middle of a restore and of an import: the
    /// command says so in one sentence and the store is exactly as before (the transaction is
    /// rolled back by the server).
    @Test(arguments: ["restore", "import"])
    func aDroppedConnectionRollsBack(_ command: String) throws {
        let role = try newRole("victim")
        let s = Session(.postgres)
        let env = ["ALMANAC_STORE": url(role: role.name, schema: role.name), "PGPASSWORD": role.password, "ALMANAC_NOW": s.now]
        #expect(try s.binary.run(["init", "--timezone", "UTC"], environment: env).status == 0)
        #expect(try s.binary.run(["habit", "add", "Before"], environment: env).status == 0)
        #expect(try s.binary.run(["log", "before"], environment: env).status == 0)
        let input: String
        if command == "restore" {
            try s.ok("demo", "--store", "big.sqlite", "--habits", "60", "--years", "4", "--seed", "9", "--no-report")
            try s.ok("backup", "--store", "big.sqlite", "--out", "big.json")
            input = "big.json"
        } else {
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("scripts/make-loop-db.py").path
            try #require(TestPostgres.spawnAndWait("/usr/bin/python3", [script, s.folder.path("loop.db"), "60", "4", "3"]) == 0)
            input = "loop.db"
        }
        let before = try s.binary.run(["backup", "--out", "-"], environment: env).stdout
        var arguments = [command, input]
        if command == "restore" { arguments += ["--mode", "replace"] }
        let process = Process()
        process.executableURL = s.binary.url
        process.arguments = arguments
        process.environment = env.merging(["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]) { $1 }
        process.currentDirectoryURL = s.folder.url
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Wait until the command is inside its write transaction, then end its connection.
        var terminated = false
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline && !terminated {
            let killed = try TestPostgres.psql("""
                SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
                WHERE usename = '\(role.name)' AND application_name = 'almanac' AND xact_start IS NOT NULL
                  AND backend_xid IS NOT NULL
                """)
            terminated = killed != "0"
            if !terminated { usleep(20_000) }
        }
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(terminated, "the \(command) ended before its connection could be dropped")
        #expect(process.terminationStatus == 1, "\(message)")
        #expect(message.hasPrefix("almanac: ") && message.split(separator: "\n").count == 1, "\(message)")
        #expect(message.contains("nothing of this command was saved") || message.contains("was lost"), "\(message)")
        #expect(try s.binary.run(["backup", "--out", "-"], environment: env).stdout == before)
        // No saved copy is left behind by the failed replace either, beyond the backup it announced.
        #expect(try s.binary.run(["status"], environment: env).stdout.contains("Before"))
    }
}

/// Failures collected from concurrent writers.
final class FailureLog: @unchecked Sendable {
    private let lock = NSLock()
    private var failures: [String] = []
    func add(_ failure: String) { lock.lock(); failures.append(failure); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return failures }
}
