import AlmanacTestSupport
import Foundation
import Testing

/// An operator's nightly run over the stores of one PostgreSQL database: every store the
/// operator's role was granted reading, each site into its folder, shared by copies of the
/// command through the server, each store once a night.
@Suite(.enabled(if: TestPostgres.isAvailable, "needs the test server of `make test`"))
struct NightlyReportsTests {
    let pg = PostgresTests()

    /// People with a store each (an administrator-made schema, as docs/POSTGRES.md says), and an
    /// operator role with a schema of its own; reading granted on `granted` of them only.
    struct Server {
        let stores: [String]
        let ops: (name: String, password: String)
        let opsURL: String
    }

    func server(_ s: Session, people: Int, granted: Int? = nil, selectOn: Int? = nil) throws -> Server {
        let ops = try pg.newRole("ops", mayCreateSchemas: false)
        try TestPostgres.psql("CREATE SCHEMA \(ops.name) AUTHORIZATION \(ops.name)")
        var stores: [String] = []
        for i in 0..<people {
            let person = try pg.newRole("p\(i)", mayCreateSchemas: false)
            try TestPostgres.psql("CREATE SCHEMA \(person.name) AUTHORIZATION \(person.name)")
            let env = ["PGPASSWORD": person.password, "ALMANAC_NOW": s.now]
            let store = pg.url(role: person.name, schema: person.name)
            for arguments in [["init", "--timezone", "Europe/Berlin"], ["habit", "add", "Run \(i)"], ["log", "run \(i)"]] {
                let result = try s.binary.run(arguments + ["--store", store], environment: env, in: s.folder.url)
                #expect(result.status == 0, "\(result.stderr)")
            }
            if i < (granted ?? people) {
                // The documented grants: the owner's administrator, never Almanac.
                try TestPostgres.psql("GRANT USAGE ON SCHEMA \(person.name) TO \(ops.name)"
                                      + (i < (selectOn ?? people) ? "; GRANT SELECT ON ALL TABLES IN SCHEMA \(person.name) TO \(ops.name)" : ""))
            }
            stores.append(person.name)
        }
        return Server(stores: stores, ops: ops, opsURL: pg.url(role: ops.name, schema: ops.name))
    }

    func nightly(_ s: Session, _ server: Server, outRoot: String, _ more: [String] = []) throws -> AlmanacBinary.Result {
        try s.binary.run(["report", "--each-store", server.opsURL, "--out-root", outRoot] + more,
                         environment: ["PGPASSWORD": server.ops.password, "ALMANAC_NOW": s.now], in: s.folder.url)
    }

    /// A psql session of the operator's role that claims `store` as a worker would, holds it for
    /// `seconds` and ends (as a worker that dies does).
    func hold(_ store: String, of server: Server, seconds: Double) throws -> Process {
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
        holder.arguments = ["-h", "127.0.0.1", "-p", "\(TestPostgres.port)", "-U", server.ops.name, "-d", "postgres", "-X", "-q", "-c",
                            "SELECT pg_advisory_lock(hashtext('almanac-night'), hashtext('\(store)')); SELECT pg_sleep(\(seconds))"]
        holder.environment = ["PGPASSWORD": server.ops.password, "PATH": "/usr/bin:/bin"]
        holder.standardOutput = FileHandle.nullDevice
        try holder.run()
        return holder
    }

    func folders(_ s: Session, _ root: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: s.folder.path(root))) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test func everyStoreTheOperatorMayReadGetsItsSiteOnceANight() throws {
        var s = Session(.postgres)
        s.now = "2026-11-20T20:00:00Z"
        let server = try server(s, people: 3, granted: 2)
        let first = try nightly(s, server, outRoot: "www")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("Reports in www: 2 stores rendered, 0 already rendered for their night, 0 failed"), "\(first.stdout)")
        // The third person granted nothing: not read, not published.
        #expect(folders(s, "www") == Array(server.stores.prefix(2)).sorted())
        // Each site is the one a report of that store alone makes.
        let own = try s.binary.run(["report", "--store", pg.url(role: "postgres", schema: server.stores[0]), "--out", "own", "--as-of", "2026-11-20"],
                                   environment: ["PGPASSWORD": TestPostgres.password, "ALMANAC_NOW": s.now], in: s.folder.url)
        #expect(own.status == 0, "\(own.stderr)")
        for page in ["index.md", "habits/run-0.md", "heatmaps/run-0-2026.svg"] {
            #expect(s.folder.bytes("www/\(server.stores[0])/\(page)") == s.folder.bytes("own/\(page)"), "\(page)")
        }
        // The same night again: nothing rendered twice; quiet for cron.
        let again = try nightly(s, server, outRoot: "www")
        #expect(again.stdout.contains("0 stores rendered, 2 already rendered for their night"), "\(again.stdout)")
        #expect(try nightly(s, server, outRoot: "www", ["--quiet"]).stdout.isEmpty)
        // The next night renders again.
        s.now = "2026-11-21T20:00:00Z"
        #expect(try nightly(s, server, outRoot: "www").stdout.contains("2 stores rendered, 0 already"))
        #expect(try TestPostgres.psql("SELECT count(*) FROM \(server.ops.name).almanac_report_nights") == "4")
    }

    /// Each store's site follows its owner's setting: public, or private. The operator's
    /// `--base-url` gives the addresses, as an explicit `--base-url` does for one store.
    @Test func eachStoresSiteFollowsItsOwnSetting() throws {
        var s = Session(.postgres)
        s.now = "2026-11-20T20:00:00Z"
        let server = try server(s, people: 2)
        let owner = try s.binary.run(["settings", "--public", "https://p0.example/", "--store", pg.url(role: "postgres", schema: server.stores[0])],
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

    @Test func aStoreThatCannotBeReadIsNamedAndTheOthersGoOn() throws {
        let s = Session(.postgres)
        let server = try server(s, people: 3, selectOn: 2)   // the third: USAGE but no SELECT
        let run = try nightly(s, server, outRoot: "www")
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(run.stderr)")
        #expect(lines[0].hasPrefix("almanac: store \(server.stores[2]): ") && lines[0].contains("SELECT privilege")
                && lines[0].contains("GRANT SELECT ON ALL TABLES IN SCHEMA \(server.stores[2]) TO \(server.ops.name)"), "\(lines[0])")
        #expect(lines[1] == "almanac: 1 of 3 stores failed: \(server.stores[2]).")
        #expect(run.stdout.contains("2 stores rendered, 0 already rendered for their night, 1 failed"))
        #expect(folders(s, "www") == Array(server.stores.prefix(2)).sorted())
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
        #expect((a + b).sorted() == server.stores.sorted())
    }

    @Test func aStoreHeldByAWorkerThatDiesIsTakenByTheNext() throws {
        let s = Session(.postgres)
        let server = try server(s, people: 2)
        let held = server.stores[0]
        // A worker of another machine holds the first store, then dies without rendering it.
        let worker = try hold(held, of: server, seconds: 1.5)
        Thread.sleep(forTimeInterval: 0.5)
        let started = Date()
        let run = try nightly(s, server, outRoot: "www")
        #expect(run.status == 0, "\(run.stderr)")
        // It went on with the other store, came back to the held one, and took it when it was free.
        #expect(Date().timeIntervalSince(started) >= 0.7)
        #expect(run.stdout.contains("2 stores rendered"), "\(run.stdout)")
        #expect(folders(s, "www") == server.stores.sorted())
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
        #expect(folders(s, "www") == server.stores.sorted())
    }

    @Test func theOperatorsOwnSchemaAndTheOptionsAreChecked() throws {
        let s = Session(.postgres)
        let ops = try pg.newRole("ops", mayCreateSchemas: false)
        let url = pg.url(role: ops.name, schema: ops.name)
        let missing = try s.binary.run(["report", "--each-store", url, "--out-root", "www"], environment: ["PGPASSWORD": ops.password])
        pg.expectOneSentence(missing, mentioning: ["keeps its record in schema \(ops.name)", "does not exist", "CREATE SCHEMA \(ops.name) AUTHORIZATION \(ops.name)"])
        for (arguments, words) in [(["--each-store", url], "--out-root"), (["--each-store", url, "--out-root", "w", "--out", "x"], "--out-root"),
                                   (["--each-store", url, "--out-root", "w", "--store", "a.sqlite"], "--store"),
                                   (["--out-root", "w"], "--each-store"), (["--each-store", "store.sqlite", "--out-root", "w"], "postgres:// URL")] {
            let result = try s.binary.run(["report"] + arguments, environment: ["PGPASSWORD": ops.password])
            #expect(result.status == 2 && result.stderr.contains(words), "\(arguments): \(result.stderr)")
        }
    }

    /// A store's owner cannot make the operator run her code (docs/POSTGRES.md): a store is read
    /// only when its schema is exactly Almanac's. A partial index whose predicate, an inheritance
    /// child whose `CHECK`, an index expression, a trigger and two column defaults each call a
    /// function of the owner's that reads another person's journal (one of them after `RESET
    /// ROLE`), and a table with row-level security, a view in a table's place, a rule and a column
    /// of the owner's type, a table made elsewhere and moved in, a function of her own and a domain
    /// with a check: each of those stores fails with one line naming it and what Almanac's store
    /// does not have, the journal's text appears nowhere, and the other stores are rendered.
    @Test func aStoreWhoseOwnerAddedCodeIsRefusedAndTheOthersGoOn() throws {
        let s = Session(.postgres)
        let server = try server(s, people: 15)
        let ops = server.ops.name, victim = server.stores[0], clean = server.stores[14]
        let secret = "VICTIM-SECRET-\(UUID().uuidString.prefix(8))"
        try TestPostgres.psql("""
            INSERT INTO \(victim).journalentry (id, dayKey, timestampUtc, title, body, createdAt)
            VALUES ('00000000-0000-4000-8000-000000000001', '2026-11-20', '2026-11-20T10:00:00Z', '\(secret)', '\(secret)', '2026-11-20T10:00:00Z')
            """)
        // Each function does nothing for its owner, and as the operator raises the other
        // person's journal as its error: it would show in the run's output had it run.
        func spy(_ schema: String, _ name: String, returns: String = "boolean", argument: String = "", resetRole: Bool = false) -> String {
            let nothing = returns == "trigger" ? "NEW" : returns == "text" ? "'x'" : "true"
            return """
                CREATE FUNCTION \(schema).\(name)(\(argument)) RETURNS \(returns) LANGUAGE plpgsql \(returns == "trigger" || resetRole ? "" : "IMMUTABLE") AS $$
                BEGIN
                  \(resetRole ? "EXECUTE 'RESET ROLE';" : "")
                  IF session_user <> '\(ops)' THEN RETURN \(nothing); END IF;
                  RAISE EXCEPTION 'LEAKED %', (SELECT string_agg(title, ',') FROM \(victim).journalentry);
                END $$;
                """
        }
        let stores = server.stores
        let attacks: [(store: String, sql: String, words: String)] = [
            (stores[1], spy(stores[1], "spy") + "CREATE INDEX spy ON \(stores[1]).habitentry (dayKey) WHERE \(stores[1]).spy();",
             "index definition CREATE INDEX spy ON habitentry"),
            (stores[2], spy(stores[2], "spy") + "CREATE TABLE \(stores[2]).more (CHECK (\(stores[2]).spy())) INHERITS (\(stores[2]).habitentry);",
             "inheritance"),
            (stores[3], spy(stores[3], "spy", returns: "text", argument: "t text") + "CREATE INDEX spy ON \(stores[3]).habitentry ((\(stores[3]).spy(note)));",
             "index definition CREATE INDEX spy ON habitentry"),
            (stores[4], spy(stores[4], "spy", returns: "trigger")
                + "CREATE TRIGGER spy BEFORE INSERT ON \(stores[4]).habitentry FOR EACH ROW EXECUTE FUNCTION \(stores[4]).spy();",
             "trigger habitentry.spy"),
            (stores[5], spy(stores[5], "spy", returns: "text") + "ALTER TABLE \(stores[5]).habitentry ALTER COLUMN note SET DEFAULT \(stores[5]).spy();",
             "default"),
            (stores[6], spy(stores[6], "spy", returns: "text", resetRole: true)
                + "ALTER TABLE \(stores[6]).journalentry ALTER COLUMN body SET DEFAULT \(stores[6]).spy();", "default"),
            (stores[7], spy(stores[7], "spy") + "ALTER TABLE \(stores[7]).habitentry ENABLE ROW LEVEL SECURITY; "
                + "CREATE POLICY spy ON \(stores[7]).habitentry USING (\(stores[7]).spy());", "row-level security"),
            (stores[8], "ALTER TABLE \(stores[8]).habitentry RENAME TO habitentry_real; "
                + "CREATE VIEW \(stores[8]).habitentry AS SELECT * FROM \(stores[8]).habitentry_real WHERE pg_sleep(3600) IS NULL; "
                + "GRANT SELECT ON \(stores[8]).habitentry TO \(ops);", "view habitentry"),
            (stores[9], "CREATE RULE spy AS ON INSERT TO \(stores[9]).habitentry DO ALSO SELECT pg_sleep(3600);", "rule habitentry.spy"),
            (stores[10], "CREATE DOMAIN \(stores[10]).note AS text; ALTER TABLE \(stores[10]).habitentry ALTER COLUMN note TYPE \(stores[10]).note;",
             "column habitentry.note"),
            (stores[11], "CREATE TABLE public.\(stores[11])_moved (x int); ALTER TABLE public.\(stores[11])_moved SET SCHEMA \(stores[11]);",
             "\(stores[11])_moved"),
            (stores[12], spy(stores[12], "spy"), "function spy()"),
            (stores[13], spy(stores[13], "spy") + "CREATE DOMAIN \(stores[13]).yes AS boolean CHECK (\(stores[13]).spy());", "function spy()"),
        ]
        for attack in attacks { try TestPostgres.psql(attack.sql) }
        let started = Date()
        let run = try nightly(s, server, outRoot: "www")
        #expect(Date().timeIntervalSince(started) < 60)
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == attacks.count + 1 && lines.last?.hasPrefix("almanac: \(attacks.count) of 15 stores failed") == true, "\(run.stderr)")
        for attack in attacks {
            #expect(lines.contains { $0.hasPrefix("almanac: store \(attack.store): ") && $0.contains("is not read") && $0.contains(attack.words) },
                    "\(attack.store) (\(attack.words)): \(run.stderr)")
        }
        #expect(run.stdout.contains("2 stores rendered, 0 already rendered for their night, \(attacks.count) failed"), "\(run.stdout)")
        #expect(folders(s, "www") == [victim, clean].sorted())
        // The journal's text is nowhere: not in what the run said, not in a published file.
        #expect(!run.stdout.contains(secret) && !run.stderr.contains(secret))
        for path in try s.folder.files(under: "www") {
            #expect(!String(decoding: s.folder.bytes("www/" + path), as: UTF8.self).contains(secret), "\(path)")
        }
    }

    /// An operator's role that may not make temporary objects (`TEMPORARY` revoked on the
    /// database, on a server of the test's own) sends the description of a store as a query
    /// instead of calling it as a function of its session: it renders the clean store and refuses
    /// the one whose owner added a rule, as with the function.
    @Test func anOperatorWithoutTemporaryObjectsStillChecksEveryStore() throws {
        let server = try TestPostgres.PrivateServer()
        let s = Session(.postgres)
        try server.psql("REVOKE TEMPORARY ON DATABASE postgres FROM PUBLIC; CREATE ROLE ops LOGIN PASSWORD 'ops'; CREATE SCHEMA ops AUTHORIZATION ops")
        #expect(throws: TestPostgres.PSQLFailure.self) {
            try server.psql("CREATE FUNCTION pg_temp.f() RETURNS int LANGUAGE sql AS 'SELECT 1'", user: "ops", password: "ops")
        }
        for store in ["clean", "spied"] {
            let env = ["ALMANAC_STORE": server.adminURL + "?schema=\(store)", "PGPASSWORD": server.password, "ALMANAC_NOW": s.now]
            for arguments in [["init", "--timezone", "UTC"], ["habit", "add", "Run"], ["log", "run"]] {
                #expect(try s.binary.run(arguments, environment: env).status == 0)
            }
            try server.psql("GRANT USAGE ON SCHEMA \(store) TO ops; GRANT SELECT ON ALL TABLES IN SCHEMA \(store) TO ops")
        }
        try server.psql("CREATE RULE spy AS ON INSERT TO spied.habitentry DO ALSO SELECT pg_sleep(3600)")
        let ops = server.adminURL.replacingOccurrences(of: "postgres://postgres@", with: "postgres://ops@") + "?schema=ops"
        let run = try s.binary.run(["report", "--each-store", ops, "--out-root", "www"], environment: ["PGPASSWORD": "ops", "ALMANAC_NOW": s.now],
                                   in: s.folder.url)
        #expect(run.status == 1 && run.stderr.contains("almanac: store spied: ") && run.stderr.contains("rule habitentry.spy"), "\(run.stderr)")
        #expect(run.stdout.contains("1 store rendered"), "\(run.stdout)")
        #expect(folders(s, "www") == ["clean"])
    }

    /// Every statement of a nightly run has a time limit: a store whose table another session
    /// holds locked fails when `--timeout` runs out, and the run goes on.
    /// Round six: code that runs as the operator while a store is read (here an index's predicate,
    /// made in the window between the store's check and its read) changes the session — a
    /// statement timeout of 1 ms, a search path to its own schema with a `hashtext` that writes
    /// records of the nights — and none of it outlives the store: the other stores are rendered
    /// and the records are the worker's own.
    @Test func nothingAStoreDoesOutlivesItInTheOperatorsSession() throws {
        let s = Session(.postgres)
        let server = try server(s, people: 3)
        let store = server.stores[0], ops = server.ops.name
        let attacker = Process()
        attacker.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
        attacker.arguments = ["-h", "127.0.0.1", "-p", "\(TestPostgres.port)", "-U", "postgres", "-d", "postgres", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-c", """
            BEGIN; LOCK TABLE \(store).settings IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(3);
            CREATE FUNCTION \(store).hashtext(text) RETURNS integer LANGUAGE sql AS $$
              INSERT INTO \(ops).almanac_report_nights (store, night, worker) SELECT 'forged' || g, current_date, 'forged' FROM generate_series(1, 50) g RETURNING 1 $$;
            CREATE FUNCTION \(store).evil() RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$ BEGIN
              IF current_user = '\(ops)' THEN
                PERFORM pg_catalog.set_config('statement_timeout', '1', false);
                PERFORM pg_catalog.set_config('search_path', '\(store), pg_catalog', false);
                PERFORM pg_catalog.set_config('row_security', 'on', false);
              END IF;
              RETURN true; END $$;
            CREATE INDEX settings_evil ON \(store).settings ((1)) WHERE \(store).evil();
            COMMIT;
            """]
        attacker.environment = ["PGPASSWORD": TestPostgres.password, "PATH": "/usr/bin:/bin"]
        attacker.standardOutput = FileHandle.nullDevice
        try attacker.run()
        defer { attacker.terminate() }
        Thread.sleep(forTimeInterval: 1)
        let run = try nightly(s, server, outRoot: "www", ["--timeout", "20", "--workers", "1"])
        attacker.waitUntilExit()
        #expect(attacker.terminationStatus == 0)
        // The attacked store may fail; every other is rendered, and the records are true.
        #expect(folders(s, "www").contains(server.stores[1]) && folders(s, "www").contains(server.stores[2]), "\(run.stdout) \(run.stderr)")
        let records = try TestPostgres.psql("SELECT string_agg(store || ' ' || worker, ',' ORDER BY store) FROM \(ops).almanac_report_nights")
        #expect(!records.contains("forged"), "\(records)")
        #expect(records.contains(server.stores[1]) && records.contains(server.stores[2]), "\(records)")
        // The run was attacked indeed: the function ran as the operator on the first store.
        #expect(try TestPostgres.psql("SELECT count(*) FROM pg_index WHERE indexrelid = '\(store).settings_evil'::regclass") == "1")
    }

    @Test func aStoreThatDoesNotAnswerInTimeFailsAndTheRunGoesOn() throws {
        let s = Session(.postgres)
        let server = try server(s, people: 2)
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
        holder.arguments = ["-h", "127.0.0.1", "-p", "\(TestPostgres.port)", "-U", "postgres", "-d", "postgres", "-X", "-q", "-c",
                            "BEGIN; LOCK TABLE \(server.stores[0]).habitentry IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(30); COMMIT"]
        holder.environment = ["PGPASSWORD": TestPostgres.password, "PATH": "/usr/bin:/bin"]
        holder.standardOutput = FileHandle.nullDevice
        try holder.run()
        defer { holder.terminate() }
        Thread.sleep(forTimeInterval: 1)
        let started = Date()
        let run = try nightly(s, server, outRoot: "www", ["--timeout", "2", "--workers", "1"])
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(run.status == 1 && run.stderr.contains("almanac: store \(server.stores[0]): ") && run.stderr.contains("2 s"), "\(run.stderr)")
        #expect(run.stdout.contains("1 store rendered"), "\(run.stdout)")
        #expect(folders(s, "www") == [server.stores[1]])
        let bad = try s.binary.run(["report", "--out", "x", "--timeout", "2"], environment: [:], in: s.folder.url)
        #expect(bad.status == 2 && bad.stderr.contains("--timeout"))
    }

    /// A granted schema that holds a store but whose name is not plain (`Erin "Q"`, upper case)
    /// is named as skipped, not passed over in silence; the others render and the run succeeds.
    @Test func aStoreWhoseSchemaNameIsNotPlainIsNamedAsSkipped() throws {
        let s = Session(.postgres)
        let server = try server(s, people: 1)
        let odd = "Erin \"Q\" \(UUID().uuidString.prefix(6))"
        let quoted = "\"" + odd.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        try TestPostgres.psql("""
            CREATE SCHEMA \(quoted); CREATE TABLE \(quoted).almanac_migrations (identifier TEXT PRIMARY KEY);
            GRANT USAGE ON SCHEMA \(quoted) TO \(server.ops.name); GRANT SELECT ON ALL TABLES IN SCHEMA \(quoted) TO \(server.ops.name);
            """)
        defer { _ = try? TestPostgres.psql("DROP SCHEMA \(quoted) CASCADE") }
        let run = try nightly(s, server, outRoot: "www")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("almanac: schema \(odd): skipped: it holds a store, but its name is not plain"), "\(run.stderr)")
        #expect(run.stdout.contains("1 store rendered, 0 already rendered for their night, 0 failed, 1 skipped"), "\(run.stdout)")
        #expect(folders(s, "www") == server.stores)
    }
}
