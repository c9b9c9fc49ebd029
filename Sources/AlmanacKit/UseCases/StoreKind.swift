import AlmanacDomain
import AlmanacStorage

/// A kind of store a program can open — an SQLite file, a schema of a PostgreSQL database. Kit
/// opens no database of its own: the program hands it the kinds it was built with, and a location
/// (`StoreLocation`) is opened by the first kind that takes it.
public protocol StoreKind: Sendable {
    /// Whether `location` (a `--store` value) names a store of this kind.
    func takes(_ location: String) -> Bool
    /// What messages call the store: the location itself, or a server's URL without its password.
    /// Throws when the location cannot name a store of this kind (a malformed URL).
    func displayName(of location: String) throws -> String
    /// Opens the existing store.
    func open(_ location: String) throws -> any AlmanacStore
    /// Opens the store, or returns nil when there is none yet (no file; no store in the schema).
    func openIfPresent(_ location: String) throws -> (any AlmanacStore)?
    /// Creates the store with these settings (opening it if it was created in between).
    func create(_ location: String, settings: Settings) throws -> any AlmanacStore
    /// Builds a new store, whole or not at all, and returns what `fill` gave.
    func buildNew<T>(_ location: String, settings: Settings, _ fill: (any AlmanacStore) throws -> T) throws -> T
    /// Puts `contents` in place of whatever store is at the location, whole or not at all (the
    /// demo's sample store).
    func replaceWhole(_ location: String, with contents: StoreContents) throws
    /// Keeps the store as it is before a restore replaces it, named with `stamp`; returns where.
    func saveBeforeReplace(_ store: any AlmanacStore, location: String, stamp: String, clock: Clock) throws -> String
}
