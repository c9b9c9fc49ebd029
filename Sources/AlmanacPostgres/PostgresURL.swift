import Foundation

/// Where a PostgreSQL store is: `postgres://USER@HOST:PORT/DATABASE?store=NAME`, a store of the
/// database's shared tables (`SharedLayout`; the role's own name when the URL names none), or
/// `…?schema=NAME`, a store of the earlier layout in a schema of its own (docs/POSTGRES.md). The password
/// comes from `PGPASSWORD` (a password in the URL works too, but ends up in shell histories and
/// process lists); it is never part of `location`, which is what messages show.
public struct PostgresURL: Sendable, Equatable {
    public var user: String
    public var password: String?
    public var host: String
    public var port: Int
    public var database: String
    /// The schema that holds the store: Almanac's shared tables (`almanac`), or a schema that is
    /// one store of the earlier layout.
    public var schema: String
    /// The store's name among the shared tables' stores; nil for a store of the earlier layout.
    public var store: String?
    /// Whether the URL named its store or schema (else the role's name is taken for it).
    public var namesItsStore = true
    /// `sslmode=require` asks for TLS; the default is a plain connection (as on a trusted network).
    public var requiresTLS: Bool

    /// Whether a `--store` value names a PostgreSQL store rather than a file.
    public static func isPostgres(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    public init(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        func bad(_ reason: String) -> PostgresURLError { PostgresURLError(message: "\(Self.redacted(text)) is not a usable PostgreSQL store URL: \(reason).") }
        guard Self.isPostgres(text), let components = URLComponents(string: text) else {
            throw bad("write it as postgres://USER@HOST:PORT/DATABASE?store=NAME")
        }
        guard let host = components.host, !host.isEmpty else { throw bad("it names no host") }
        self.host = host
        port = components.port ?? 5432
        guard (1...65535).contains(port) else { throw bad("the port must be 1 to 65535") }
        let user = components.user ?? environment["PGUSER"] ?? environment["USER"] ?? ""
        guard !user.isEmpty else { throw bad("it names no user (postgres://USER@HOST/DATABASE)") }
        self.user = user
        password = components.password ?? environment["PGPASSWORD"]
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        database = path.isEmpty ? user : path
        guard !database.contains("/") else { throw bad("the database name cannot contain \"/\"") }
        var schema: String?, store: String?
        var requiresTLS = false
        for item in components.queryItems ?? [] {
            switch item.name {
            case "schema": schema = item.value ?? ""
            case "store": store = item.value ?? ""
            case "sslmode":
                switch item.value ?? "" {
                case "disable", "allow", "prefer": requiresTLS = false
                case "require": requiresTLS = true
                default: throw bad("sslmode is disable or require")
                }
            default: throw bad("it has an unknown parameter \"\(item.name)\" (known: store, schema, sslmode)")
            }
        }
        if schema != nil && store != nil { throw bad("it names a store and a schema; a store is one or the other") }
        for (kind, name) in [("store", store), ("schema", schema)] {
            if let name, !Self.isPlainName(name) {
                throw bad("the \(kind) name \"\(name)\" must be 1 to 63 lowercase letters, digits or underscores, starting with a letter or underscore")
            }
        }
        if let schema {
            guard schema != SharedLayout.schema else { throw bad("schema \(schema) holds the shared tables of every store; name one of them with ?store=NAME") }
            self.schema = schema
        } else {
            self.schema = SharedLayout.schema
            self.store = store ?? (Self.isPlainName(user) ? user : nil)
            namesItsStore = store != nil
            guard self.store != nil else { throw bad("the role name \"\(user)\" is no store name; name the store with ?store=NAME") }
        }
        self.requiresTLS = requiresTLS
    }

    /// The URL as messages show it: no password.
    public var location: String {
        "postgres://\(user)@\(host):\(port)/\(database)?" + (store.map { "store=\($0)" } ?? "schema=\(schema)")
    }

    /// The same URL naming the earlier layout's schema of the role's name (what a URL without
    /// `store` or `schema` meant before the shared tables).
    var earlierLayout: PostgresURL {
        var url = self
        url.store = nil
        url.schema = user
        return url
    }

    /// The same URL as an administrator's: the shared tables themselves, no store.
    var administering: PostgresURL {
        var url = self
        url.store = nil
        url.schema = SharedLayout.schema
        return url
    }

    /// Whether this is an administrator's URL (`administering`).
    var isAdministering: Bool { store == nil && schema == SharedLayout.schema }

    /// The database as messages show it, without a store: what an administrator or operator names.
    public var databaseLocation: String { "postgres://\(user)@\(host):\(port)/\(database)" }

    /// The store's name in messages and file names: its store name, or its schema.
    public var name: String { store ?? schema }

    /// The schema as a quoted identifier (its name is checked to be plain, so quoting is enough).
    var quotedSchema: String { "\"\(schema)\"" }

    public static func isPlainName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.unicodeScalars.count <= 63 else { return false }
        let lower = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyz_")
        let rest = lower.union(CharacterSet(charactersIn: "0123456789"))
        return lower.contains(first) && name.unicodeScalars.allSatisfy(rest.contains)
    }

    /// A URL with its password (if any) hidden, for an error message about the URL itself —
    /// also when the URL does not parse (a password holding `/`, `#` or `?`, a port typo): the
    /// user information is everything before the last `@` of the authority, and whatever follows
    /// its first `:` is hidden. Without an `@`, whatever follows a `:` that is not a plain port
    /// number is hidden too, in case it was meant as a password.
    static func redacted(_ text: String) -> String {
        guard let scheme = text.range(of: "://") else { return text }
        let rest = text[scheme.upperBound...]
        let head = String(text[..<scheme.upperBound])
        if let at = rest.lastIndex(of: "@") {
            let user = rest[..<at]
            guard let colon = user.firstIndex(of: ":") else { return text }
            return head + rest[..<colon] + ":***" + rest[at...]
        }
        let authorityEnd = rest.firstIndex(where: { "/?#".contains($0) }) ?? rest.endIndex
        guard let colon = rest[..<authorityEnd].firstIndex(of: ":") else { return text }
        let port = rest[rest.index(after: colon)..<authorityEnd]
        if port.allSatisfy({ $0.isASCII && $0.isNumber }) { return text }
        return head + rest[...colon] + "***" + rest[authorityEnd...]
    }
}

/// A URL that cannot name a store, as one sentence.
public struct PostgresURLError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public var description: String { message }
}
