import AlmanacDomain
import AlmanacKit
import AlmanacPostgres
import AlmanacStorage

/// Stores of a PostgreSQL database: `postgres://USER@HOST:PORT/DATABASE?store=NAME` among its shared
/// tables, or `…?schema=NAME` in the earlier layout; the password in `PGPASSWORD` (docs/POSTGRES.md).
public struct PostgresStores: StoreKind {
    public init() {}

    public func takes(_ location: String) -> Bool { PostgresURL.isPostgres(location) }

    /// The store's URL; a malformed one says what is wrong with it.
    static func url(_ location: String) throws -> PostgresURL {
        do { return try PostgresURL(location) } catch let error as PostgresURLError { throw StoreError.server(error.message) }
    }

    public func displayName(of location: String) throws -> String { try Self.url(location).location }

    public func open(_ location: String) throws -> any AlmanacStore { try PostgresStore.open(url: Self.url(location), mode: .existing) }

    public func openIfPresent(_ location: String) throws -> (any AlmanacStore)? {
        do { return try open(location) } catch StoreError.missing { return nil }
    }

    public func create(_ location: String, settings: Settings) throws -> any AlmanacStore {
        try PostgresStore.open(url: Self.url(location), mode: .createIfMissing(settings))
    }

    /// The store is created and filled, and removed again when filling fails.
    public func buildNew<T>(_ location: String, settings: Settings, _ fill: (any AlmanacStore) throws -> T) throws -> T {
        let store = try PostgresStore.open(url: Self.url(location), mode: .createIfMissing(settings))
        defer { try? store.close() }
        do {
            return try fill(store)
        } catch {
            try? store.removeIfEmpty()
            throw error
        }
    }

    public func replaceWhole(_ location: String, with contents: StoreContents) throws {
        if let existing = try openIfPresent(location) {
            defer { try? existing.close() }
            _ = try existing.restore(contents, mode: .replace, dryRun: false)
        } else {
            _ = try buildNew(location, settings: contents.settings) { fresh in try fresh.restore(contents, mode: .replace, dryRun: false) }
        }
    }

    /// A full backup of the store, into a new file in the current folder (`NAME.before-restore-STAMP.json`).
    public func saveBeforeReplace(_ store: any AlmanacStore, location: String, stamp: String, clock: Clock) throws -> String {
        try BackupExport(store: store, clock: clock).runIntoNewFile(named: "\(try Self.url(location).name).before-restore-\(stamp)").path
    }
}
