import Foundation

/// Where a test's store lives. `make test` runs every suite that takes a backend against both
/// (it starts a throw-away PostgreSQL server and sets `ALMANAC_TEST_POSTGRES`); `make test
/// SQLITE_ONLY=1`, or a plain `swift test`, runs the SQLite half.
public enum TestBackend: String, CaseIterable, Sendable, CustomStringConvertible {
    case sqlite, postgres

    /// The backends this run tests.
    public static var available: [TestBackend] { TestPostgres.isAvailable ? [.sqlite, .postgres] : [.sqlite] }

    public var description: String { rawValue }

    /// Runs SQL on the store at `location` as another program would: the `sqlite3` shell on a
    /// file; `psql` as the store's person among the shared tables (her search path set to them:
    /// row-level security keeps her statements to her store, and she may not delete), or as the
    /// server's superuser on a schema of the earlier layout. Throws with the program's message
    /// when the SQL fails.
    public func runOtherProgram(_ sql: String, on location: String) throws {
        switch self {
        case .postgres:
            if let schema = location.range(of: "schema=").map({ String(location[$0.upperBound...]) }) {
                try TestPostgres.psql("SET search_path TO \(schema); " + sql)
            } else {
                try TestPostgres.psql("SET search_path TO almanac; " + sql, user: TestPostgres.role(of: location))
            }
        case .sqlite:
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
            process.arguments = ["-bail", location, sql]
            let err = Pipe()
            process.standardOutput = FileHandle.nullDevice
            process.standardError = err
            try process.run()
            let message = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw TestPostgres.PSQLFailure(message: "sqlite3: " + String(decoding: message, as: UTF8.self))
            }
        }
    }

    /// A store location that holds nothing yet: a file in `folder`, or a new store of the shared
    /// tables (of a role of its own) — or, `schemaOfItsOwn`, a new schema of the earlier layout.
    public func newStore(in folder: TemporaryFolder, name: String = "almanac", schemaOfItsOwn: Bool = false) -> String {
        switch self {
        case .sqlite: return folder.path("\(name).sqlite")
        case .postgres: return schemaOfItsOwn ? TestPostgres.newSchemaStore() : TestPostgres.newStore()
        }
    }
}

/// The throw-away PostgreSQL server of `scripts/pg-server.sh`: its superuser's URL, new schemas,
/// SQL through `psql`, and a restart.
public enum TestPostgres {
    static var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// The superuser's URL (`postgres://postgres@127.0.0.1:PORT/postgres`), when a server runs.
    public static var adminURL: String? { environment["ALMANAC_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 } }
    public static var isAvailable: Bool { adminURL != nil }
    /// The superuser's password.
    public static var password: String { environment["PGPASSWORD"] ?? "" }
    /// What the `almanac` binary needs to reach the server as the superuser.
    public static var binaryEnvironment: [String: String] { ["PGPASSWORD": password] }

    /// A new name for a store, schema or role.
    public static func newName(prefix: String = "t") -> String {
        "\(prefix)_\(UUID().uuidString.prefix(12).lowercased().replacingOccurrences(of: "-", with: ""))"
    }

    /// The URL of a store of the shared tables that no test has used yet, of a person of its own:
    /// a login role with the superuser's password, a member of `almanac_person`, named as the
    /// store (nothing else is made until a command does).
    public static func newStore(prefix: String = "t") -> String {
        let name = newName(prefix: prefix)
        guard isAvailable else { return "postgres://nobody@127.0.0.1:1/none?store=\(name)" }
        try! makePerson(name)
        return "postgres://\(name)@127.0.0.1:\(port)/postgres?store=\(name)"
    }

    /// A login role with the superuser's password, a member of `almanac_person` in the test
    /// server's database (whose shared tables are made first, once).
    public static func makePerson(_ name: String, database: String = "postgres") throws {
        if database == "postgres", let failure = sharedTables { throw failure }
        try psql("CREATE ROLE \(name) LOGIN PASSWORD '\(password)' IN ROLE almanac_person", database: database)
    }

    /// Makes the shared tables of a database of the test server with `almanac server init`, as its
    /// administrator would.
    public static func makeSharedTables(database: String) throws {
        let url = String((adminURL ?? "").dropLast("postgres".count)) + database
        let result = try AlmanacBinary().run(["server", "init", "-q", url], environment: binaryEnvironment)
        guard result.status == 0 else { throw PSQLFailure(message: "almanac server init: \(result.stderr)") }
    }

    /// A database of its own with the shared tables, for a test that needs the whole of it (an
    /// operator's night reads every store of a database); its name.
    public static func newDatabase() throws -> String {
        let name = newName(prefix: "d")
        if let failure = sharedTables { throw failure }   // the group roles
        try psql("CREATE DATABASE \(name)")
        try makeSharedTables(database: name)
        return name
    }

    /// The URL of `role` on `database` of the test server, naming `store` when given.
    public static func url(role: String, database: String, store: String? = nil) -> String {
        "postgres://\(role)@127.0.0.1:\(port)/\(database)" + (store.map { "?store=\($0)" } ?? "")
    }

    /// The shared tables of the test server's own database, made once per test process.
    private static let sharedTables: PSQLFailure? = {
        do { try makeSharedTables(database: "postgres") } catch { return error as? PSQLFailure ?? PSQLFailure(message: "\(error)") }
        return nil
    }()

    /// The role a store URL connects as.
    public static func role(of location: String) -> String {
        String(location[location.range(of: "://")!.upperBound..<location.firstIndex(of: "@")!])
    }

    /// The URL of a schema of the earlier layout that no test has used yet.
    public static func newSchemaStore(prefix: String = "t") -> String {
        "\(adminURL ?? "postgres://nobody@127.0.0.1:1/none")?schema=\(newName(prefix: prefix))"
    }

    /// The port the server listens on.
    public static var port: Int { adminURL.flatMap { URLComponents(string: $0)?.port } ?? 5432 }

    /// Runs SQL as the superuser (or as `user` with `password`) through `psql`; returns its
    /// output, rows as `a|b` lines. Throws with psql's message when the SQL fails.
    @discardableResult
    public static func psql(_ sql: String, user: String = "postgres", password: String? = nil, port: Int = port, database: String = "postgres") throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
        process.arguments = ["-h", "127.0.0.1", "-p", "\(port)", "-U", user, "-d", database, "-X", "-q", "-tA",
                             "-v", "ON_ERROR_STOP=1", "-c", sql]
        process.environment = ["PGPASSWORD": password ?? self.password, "PATH": "/usr/bin:/bin"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let error = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PSQLFailure(message: String(decoding: error, as: UTF8.self))
        }
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `psql` running `sql` in the background as `user` on `database` (a session that holds a lock
    /// while a test runs a command); its output discarded.
    public static func background(_ sql: String, user: String = "postgres", password: String? = nil, database: String = "postgres") throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
        process.arguments = ["-h", "127.0.0.1", "-p", "\(port)", "-U", user, "-d", database, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-c", sql]
        process.environment = ["PGPASSWORD": password ?? self.password, "PATH": "/usr/bin:/bin"]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// A server of the test's own (`scripts/pg-server.sh start`), for what would disturb the
    /// shared one (a restart); stopped and removed by `stop()`.
    public final class PrivateServer: @unchecked Sendable {
        public let folder: String
        public let adminURL: String
        public let password: String

        public init() throws {
            folder = NSTemporaryDirectory() + "almanac-pg-private-\(UUID().uuidString.prefix(8))"
            guard spawnAndWait("/bin/bash", [TestPostgres.script, "start", folder]) == 0,
                  let env = try? String(contentsOfFile: folder + "/env", encoding: .utf8) else {
                throw PSQLFailure(message: "a private test server did not start")
            }
            func value(_ name: String) -> String {
                let line = env.split(separator: "\n").first { $0.hasPrefix("export \(name)=") } ?? ""
                return String(line.dropFirst("export \(name)=".count)).trimmingCharacters(in: CharacterSet(charactersIn: "'"))
            }
            adminURL = value("ALMANAC_TEST_POSTGRES")
            password = value("PGPASSWORD")
        }

        /// Runs SQL on it, as `TestPostgres.psql` does on the shared server.
        @discardableResult
        public func psql(_ sql: String, user: String = "postgres", password: String? = nil) throws -> String {
            try TestPostgres.psql(sql, user: user, password: password ?? self.password, port: URLComponents(string: adminURL)?.port ?? 5432)
        }

        /// Restarts it: every open connection is dropped.
        public func restart() throws {
            guard spawnAndWait("/bin/bash", [TestPostgres.script, "restart", folder]) == 0 else {
                throw PSQLFailure(message: "the private test server did not restart")
            }
        }

        deinit { _ = spawnAndWait("/bin/bash", [TestPostgres.script, "stop", folder]) }
    }

    static var script: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/pg-server.sh").path
    }

    /// Runs a program to its end with its output discarded, waiting with `waitpid` for exactly that
    /// child. (Foundation's `Process.waitUntilExit` was seen never to return for a script whose
    /// own children daemonise: the script stayed a zombie.)
    public static func spawnAndWait(_ program: String, _ arguments: [String]) -> Int32 {
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, program, &actions, nil, argv, environ) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
    }

    public struct PSQLFailure: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }
}
