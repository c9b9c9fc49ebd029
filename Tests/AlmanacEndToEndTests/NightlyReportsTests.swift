import AlmanacTestSupport
import Foundation
import Testing

/// An operator's nightly run over the stores of one PostgreSQL database's shared tables: every
/// store, each site into its folder, shared by copies of the command through the server, each
/// store once a night; stores of the earlier layout passed over, never read.
@Suite(.enabled(if: TestPostgres.isAvailable, "needs the test server of `make test`"))
struct NightlyReportsTests {
    let pg = PostgresTests()

    /// A database of its own with the shared tables, people with a store each (a member of
    /// `almanac_person` each, made with `almanac init`), and an operator's role, a member of
    /// `almanac_reader`.
    struct Server {
        let database: String
        let stores: [String]
        let ops: (name: String, password: String)
        var opsURL: String { TestPostgres.url(role: ops.name, database: database) }

        /// A person's own URL of her store.
        func url(of store: String) -> String { TestPostgres.url(role: store, database: database, store: store) }

        /// The store's number, as the administrator sees it.
        func number(of store: String) throws -> String {
            try TestPostgres.psql("SELECT id FROM almanac.store WHERE name = '\(store)'", database: database)
        }
    }

    func server(_ s: Session, people: Int) throws -> Server {
        let database = try TestPostgres.newDatabase()
        let ops = (name: TestPostgres.newName(prefix: "ops"), password: "pw-\(UUID().uuidString.prefix(6))")
        try TestPostgres.psql("CREATE ROLE \(ops.name) LOGIN PASSWORD '\(ops.password)' IN ROLE almanac_reader")
        var stores: [String] = []
        for i in 0..<people {
            let person = TestPostgres.newName(prefix: "p\(i)")
            try TestPostgres.makePerson(person, database: database)
            let env = TestPostgres.binaryEnvironment.merging(["ALMANAC_NOW": s.now]) { $1 }
            let store = TestPostgres.url(role: person, database: database, store: person)
            for arguments in [["init", "--timezone", "Europe/Berlin"], ["habit", "add", "Run \(i)"], ["log", "run \(i)"]] {
                let result = try s.binary.run(arguments + ["--store", store], environment: env, in: s.folder.url)
                #expect(result.status == 0, "\(result.stderr)")
            }
            stores.append(person)
        }
        return Server(database: database, stores: stores.sorted(), ops: ops)
    }

    func nightly(_ s: Session, _ server: Server, outRoot: String, _ more: [String] = []) throws -> AlmanacBinary.Result {
        try s.binary.run(["report", "--each-store", server.opsURL, "--out-root", outRoot] + more,
                         environment: ["PGPASSWORD": server.ops.password, "ALMANAC_NOW": s.now], in: s.folder.url)
    }

    /// A psql session of the operator's role that claims `store` as a worker would, holds it for
    /// `seconds` and ends (as a worker that dies does).
    func hold(_ store: String, of server: Server, seconds: Double) throws -> Process {
        let number = try server.number(of: store)
        return try TestPostgres.background("SELECT pg_advisory_lock(hashtext('almanac-night'), \(number)); SELECT pg_sleep(\(seconds))",
                                           user: server.ops.name, password: server.ops.password, database: server.database)
    }

    func folders(_ s: Session, _ root: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: s.folder.path(root))) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test func everyStoreGetsItsSiteOnceANight() throws {
        var s = Session(.postgres)
        s.now = "2026-11-20T20:00:00Z"
        let server = try server(s, people: 3)
        let first = try nightly(s, server, outRoot: "www")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("Reports in www: 3 stores rendered, 0 already rendered for their night, 0 failed"), "\(first.stdout)")
        #expect(folders(s, "www") == server.stores)
        // Each site is the one a report of that store alone makes, by its person.
        let own = try s.binary.run(["report", "--store", server.url(of: server.stores[0]), "--out", "own", "--as-of", "2026-11-20"],
                                   environment: ["PGPASSWORD": TestPostgres.password, "ALMANAC_NOW": s.now], in: s.folder.url)
        #expect(own.status == 0, "\(own.stderr)")
        for page in ["index.md", "habits/run-0.md", "heatmaps/run-0-2026.svg"] {   // stores[0] is p0's: names sort by their prefix
            #expect(s.folder.bytes("www/\(server.stores[0])/\(page)") == s.folder.bytes("own/\(page)"), "\(page)")
        }
        // The same night again: nothing rendered twice; quiet for cron.
        let again = try nightly(s, server, outRoot: "www")
        #expect(again.stdout.contains("0 stores rendered, 3 already rendered for their night"), "\(again.stdout)")
        #expect(try nightly(s, server, outRoot: "www", ["--quiet"]).stdout.isEmpty)
        // The next night renders again.
        s.now = "2026-11-21T20:00:00Z"
        #expect(try nightly(s, server, outRoot: "www").stdout.contains("3 stores rendered, 0 already"))
        #expect(try TestPostgres.psql("SELECT count(*) FROM almanac.report_night", database: server.database) == "6")
    }

    /// Each store's site follows its owner's setting: public, or private. The operator's
    /// `--base-url` gives the addresses, as an explicit `--base-url` does for one store.
    @Test func eachStoresSiteFollowsItsOwnSetting() throws {
        var s = Session(.postgres)
        s.now = "2026-11-20T20:00:00Z"
        let server = try server(s, people: 2)
        let owner = try s.binary.run(["settings", "--public", "https://p0.example/", "--store", server.url(of: server.stores[0])],
                                     environment: ["PGPASSWORD": TestPostgres.password, "ALMANAC_NOW": s.now], in: s.folder.url)
        #expect(owner.status == 0, "\(owner.stderr)")
        let night = try nightly(s, server, outRoot: "www", ["--base-url", "https://ops.example/sites"])
        #expect(night.status == 0, "\(night.stderr)")
        let robots = server.stores.map { String(decoding: s.folder.bytes("www/\($0)/robots.txt"), as: UTF8.self) }
        #expect(robots[0].contains("Sitemap: https://ops.example/sites/\(server.stores[0])/sitemap.xml") && robots[1].hasSuffix("Disallow: /\n"),
                "\(robots)")
        // Without one (the next night), the owner's address.
        s.now = "2026-11-21T20:00:00Z"
        let alone = try nightly(s, server, outRoot: "www2")
        #expect(alone.status == 0 && String(decoding: s.folder.bytes("www2/\(server.stores[0])/robots.txt"), as: UTF8.self)
            .contains("Sitemap: https://p0.example/sitemap.xml"), "\(alone.stderr)")
        #expect(String(decoding: s.folder.bytes("www/\(server.stores[1])/index.html"), as: UTF8.self).contains("noindex"))
    }

    /// A store its person broke (a week start no Almanac writes, put there with `psql`) fails
    /// with one line naming it; the others are rendered.
    @Test func aStoreThatCannotBeReadIsNamedAndTheOthersGoOn() throws {
        let s = Session(.postgres)
        let server = try server(s, people: 3)
        let broken = server.stores[2]
        try TestPostgres.psql("UPDATE almanac.settings SET weekStart = 'blursday'", user: broken, database: server.database)
        let run = try nightly(s, server, outRoot: "www")
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(run.stderr)")
        #expect(lines[0].hasPrefix("almanac: store \(broken): ") && lines[0].contains("week start"), "\(lines[0])")
        #expect(lines[1] == "almanac: 1 of 3 stores failed: \(broken).")
        #expect(run.stdout.contains("2 stores rendered, 0 already rendered for their night, 1 failed"))
        #expect(folders(s, "www") == Array(server.stores.prefix(2)))
    }

    @Test func copiesOnSeveralMachinesShareTheStoresThroughTheServer() throws {
        let s = Session(.postgres)
        let server = try server(s, people: 6)
        // Two copies at once, one worker each, into folders of their own (two machines).
        let processes = try ["a", "b"].map { root -> Process in
            let process = Process()
            process.executableURL = s.binary.url
            process.arguments = ["report", "--each-store", server.opsURL, "--out-root", s.folder.path(root), "--workers", "1", "--quiet"]
            process.environment = ["PGPASSWORD": server.ops.password, "ALMANAC_NOW": s.now]
            try process.run()
            return process
        }
        processes.forEach { $0.waitUntilExit() }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 })
        let a = folders(s, "a"), b = folders(s, "b")
        #expect(Set(a).isDisjoint(with: b), "\(a) \(b)")
        #expect((a + b).sorted() == server.stores)
    }

    @Test func aStoreHeldByAWorkerThatDiesIsTakenByTheNext() throws {
        let s = Session(.postgres)
        let server = try server(s, people: 2)
        // A worker of another machine holds the first store, then dies without rendering it.
        let worker = try hold(server.stores[0], of: server, seconds: 1.5)
        Thread.sleep(forTimeInterval: 0.5)
        let started = Date()
        let run = try nightly(s, server, outRoot: "www")
        #expect(run.status == 0, "\(run.stderr)")
        // It went on with the other store, came back to the held one, and took it when it was free.
        #expect(Date().timeIntervalSince(started) >= 0.7)
        #expect(run.stdout.contains("2 stores rendered"), "\(run.stdout)")
        #expect(folders(s, "www") == server.stores)
        worker.waitUntilExit()
    }

    @Test func aConnectionTheServerEndsIsMadeAgain() throws {
        let s = Session(.postgres)
        let server = try server(s, people: 3)
        // The first store is held elsewhere for a while, so the run is still going when the
        // server ends its connection (as a restart would).
        let holder = try hold(server.stores[0], of: server, seconds: 3)
        Thread.sleep(forTimeInterval: 0.5)
        let run = Process()
        run.executableURL = s.binary.url
        run.arguments = ["report", "--each-store", server.opsURL, "--out-root", s.folder.path("www"), "--workers", "1"]
        run.environment = ["PGPASSWORD": server.ops.password, "ALMANAC_NOW": s.now]
        let out = Pipe()
        run.standardOutput = out
        try run.run()
        Thread.sleep(forTimeInterval: 1.5)
        let ended = try TestPostgres.psql("""
            SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE usename = '\(server.ops.name)' AND application_name = 'almanac'
            """)
        #expect(ended == "1")
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        run.waitUntilExit()
        holder.waitUntilExit()
        #expect(run.terminationStatus == 0, "\(stdout)")
        #expect(stdout.contains("3 stores rendered"), "\(stdout)")
        #expect(folders(s, "www") == server.stores)
    }

    @Test func theOperatorsRoleAndTheOptionsAreChecked() throws {
        let s = Session(.postgres)
        let database = try TestPostgres.newDatabase()
        let stranger = try pg.newRole("ops", mayCreateSchemas: false)
        let url = TestPostgres.url(role: stranger.name, database: database)
        let refused = try s.binary.run(["report", "--each-store", url, "--out-root", "www"], environment: ["PGPASSWORD": stranger.password])
        pg.expectOneSentence(refused, mentioning: ["may not use Almanac's tables", "GRANT almanac_reader TO \(stranger.name)"])
        let empty = TestPostgres.newName(prefix: "d")
        try TestPostgres.psql("CREATE DATABASE \(empty)")
        let none = try s.binary.run(["report", "--each-store", TestPostgres.url(role: stranger.name, database: empty), "--out-root", "www"],
                                    environment: ["PGPASSWORD": stranger.password])
        pg.expectOneSentence(none, mentioning: ["has no Almanac tables", "almanac server init"])
        for (arguments, words) in [(["--each-store", url], "--out-root"), (["--each-store", url, "--out-root", "w", "--out", "x"], "--out-root"),
                                   (["--each-store", url, "--out-root", "w", "--store", "a.sqlite"], "--store"),
                                   (["--out-root", "w"], "--each-store"), (["--each-store", "store.sqlite", "--out-root", "w"], "postgres:// URL")] {
            let result = try s.binary.run(["report"] + arguments, environment: ["PGPASSWORD": stranger.password])
            #expect(result.status == 2 && result.stderr.contains(words), "\(arguments): \(result.stderr)")
        }
    }

    /// The operator never reads a store of the earlier layout, a schema its person owns, where
    /// she could have put code (here an index's predicate that would hold the night for an hour
    /// and raise another person's journal as the operator): it is counted, passed over with a
    /// line saying how to move it, and the run succeeds; moved, it is rendered.
    @Test func aStoreOfTheEarlierLayoutIsPassedOverNeverRead() throws {
        let s = Session(.postgres)
        let server = try server(s, people: 2)
        let owner = try pg.newRole("old", mayCreateSchemas: false)
        try TestPostgres.psql("CREATE SCHEMA \(owner.name) AUTHORIZATION \(owner.name)", database: server.database)
        let old = TestPostgres.url(role: owner.name, database: server.database) + "?schema=\(owner.name)"
        for arguments in [["init", "--timezone", "UTC"], ["habit", "add", "Walk"], ["log", "walk"]] {
            #expect(try s.binary.run(arguments + ["--store", old], environment: ["PGPASSWORD": owner.password, "ALMANAC_NOW": s.now]).status == 0)
        }
        try TestPostgres.psql("""
            CREATE FUNCTION \(owner.name).spy() RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$ BEGIN
              IF session_user <> '\(owner.name)' THEN PERFORM pg_sleep(3600); END IF; RETURN true; END $$;
            CREATE INDEX spy ON \(owner.name).habitentry (dayKey) WHERE \(owner.name).spy();
            """, user: owner.name, password: owner.password, database: server.database)
        let started = Date()
        let run = try nightly(s, server, outRoot: "www")
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("passed over 1 store of the earlier layout") && run.stderr.contains("almanac copy"), "\(run.stderr)")
        #expect(run.stdout.contains("2 stores rendered, 0 already rendered for their night, 0 failed, 1 passed over"), "\(run.stdout)")
        #expect(folders(s, "www") == server.stores)
        // Moved by its person into the shared tables (the administrator let her in), it is read.
        try TestPostgres.psql("GRANT almanac_person TO \(owner.name)")
        let moved = TestPostgres.url(role: owner.name, database: server.database, store: owner.name)
        let copy = try s.binary.run(["copy", "--from", old, "--to", moved], environment: ["PGPASSWORD": owner.password])
        #expect(copy.status == 0, "\(copy.stderr)")
        try TestPostgres.psql("DROP SCHEMA \(owner.name) CASCADE", database: server.database)
        let next = try nightly(s, server, outRoot: "www")
        #expect(next.status == 0 && next.stdout.contains("1 store rendered, 2 already rendered") && !next.stderr.contains("passed over"),
                "\(next.stdout) \(next.stderr)")
        #expect(folders(s, "www") == (server.stores + [owner.name]).sorted())
    }

    /// Every statement of a nightly run has a time limit: a store whose rows another session holds
    /// locked (the administrator's, on the store's partition) fails when `--timeout` runs out, and
    /// the run goes on with the stores of the other partitions.
    @Test func aStoreThatDoesNotAnswerInTimeFailsAndTheRunGoesOn() throws {
        let s = Session(.postgres)
        let server = try server(s, people: 4)
        var partitions: [String: String] = [:]
        for store in server.stores {
            partitions[store] = try TestPostgres.psql("SELECT DISTINCT tableoid::regclass FROM almanac.habitentry WHERE store = \(try server.number(of: store))",
                                                      database: server.database)
        }
        let stuck = server.stores[0], partition = partitions[stuck]!
        let others = server.stores.filter { partitions[$0] != partition }
        let holder = try TestPostgres.background("BEGIN; LOCK TABLE \(partition) IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(30); COMMIT", database: server.database)
        defer { holder.terminate() }
        Thread.sleep(forTimeInterval: 1)
        let started = Date()
        let run = try nightly(s, server, outRoot: "www", ["--timeout", "2", "--workers", "1"])
        #expect(Date().timeIntervalSince(started) < 25)
        #expect(run.status == 1 && run.stderr.contains("almanac: store \(stuck): ") && run.stderr.contains("2 s"), "\(run.stderr)")
        #expect(run.stdout.contains("\(others.count) store\(others.count == 1 ? "" : "s") rendered"), "\(run.stdout)")
        #expect(folders(s, "www") == others)
        let bad = try s.binary.run(["report", "--out", "x", "--timeout", "2"], environment: [:], in: s.folder.url)
        #expect(bad.status == 2 && bad.stderr.contains("--timeout"))
    }
}
