import AlmanacDomain
import AlmanacPostgres
import AlmanacSQLite
import AlmanacStorage
import Foundation

/// Where the store is: `--store`, then `ALMANAC_STORE`, then the XDG data folder — and opening it.
/// A store is an SQLite file (a path) or a schema of a PostgreSQL database
/// (`postgres://USER@HOST:PORT/DATABASE?schema=NAME`, password from `PGPASSWORD`).
public struct StoreLocation: Sendable, Equatable {
    /// The file's path, or the server store's URL without its password: what messages show.
    public let path: String
    /// The server store, when the location is a `postgres://` URL.
    public let server: PostgresURL?

    public init(path: String) throws {
        if PostgresURL.isPostgres(path) {
            do {
                let url = try PostgresURL(path)
                server = url
                self.path = url.location
            } catch let error as PostgresURLError {
                throw StoreError.server(error.message)
            }
        } else {
            server = nil
            self.path = path
        }
    }

    /// Resolves the store a command works on from its option and the environment. An empty
    /// `--store ""` or `ALMANAC_STORE=""` is refused: it is almost always an unset variable in a
    /// script, and taking it as "the default store" would write into the user's real store.
    public init(option: String?, environment: [String: String]) throws {
        if let option {
            guard !option.isEmpty else {
                throw AlmanacError.emptyStoreLocation(variable: nil)
            }
            try self.init(path: option)
            return
        }
        if let named = environment["ALMANAC_STORE"] {
            guard !named.isEmpty else {
                throw AlmanacError.emptyStoreLocation(variable: "ALMANAC_STORE")
            }
            try self.init(path: named)
            return
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
        try self.init(path: data + "/almanac/almanac.sqlite")
    }

    /// Whether there is a store file at the path (always false for a server store: use
    /// `openIfPresent`, which asks the server).
    public var exists: Bool { server == nil && FileManager.default.fileExists(atPath: path) }

    /// Opens the existing store.
    public func open() throws -> any AlmanacStore {
        if let server { return try PostgresStore.open(url: server, mode: .existing) }
        return try SQLiteStore.open(path: path, mode: .existing)
    }

    /// Opens the store, or returns nil when there is none yet (no file; no store in the schema).
    public func openIfPresent() throws -> (any AlmanacStore)? {
        if let server {
            do { return try PostgresStore.open(url: server, mode: .existing) } catch StoreError.missing { return nil }
        }
        return exists ? try SQLiteStore.open(path: path, mode: .existing) : nil
    }

    /// Creates the store with these settings (opening it if it was created in between).
    public func create(settings: Settings) throws -> any AlmanacStore {
        if let server { return try PostgresStore.open(url: server, mode: .createIfMissing(settings)) }
        return try SQLiteStore.open(path: path, mode: .createIfMissing(settings))
    }

    /// Builds a new store, whole or not at all: a file is built beside its path and renamed into
    /// place; a schema is created and filled, and removed again when filling fails.
    func buildNew<T>(settings: Settings, _ fill: (any AlmanacStore) throws -> T) throws -> T {
        guard let server else { return try StoreFile.replace(path, settings: settings) { fresh in try fill(fresh) } }
        let store = try PostgresStore.open(url: server, mode: .createIfMissing(settings))
        defer { try? store.close() }
        do {
            return try fill(store)
        } catch {
            try? store.removeIfEmpty()
            throw error
        }
    }
}
