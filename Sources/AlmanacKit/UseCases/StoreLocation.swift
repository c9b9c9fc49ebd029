import AlmanacDomain
import AlmanacStorage
import Foundation

/// Where the store is: `--store`, then `ALMANAC_STORE`, then the XDG data folder — and opening it
/// by the kind of store that takes it (`StoreKind`: an SQLite file, a PostgreSQL schema
/// `postgres://USER@HOST:PORT/DATABASE?schema=NAME` with the password in `PGPASSWORD`).
public struct StoreLocation: Sendable, Equatable {
    /// The location as given.
    public let location: String
    /// The file's path, or the server store's URL without its password: what messages show.
    public let path: String
    /// The kind of store that opens it.
    public let kind: any StoreKind
    /// Whether it is the default store's file under the XDG data folder, whose folder is made
    /// with it (no other store's folder is: `--store` names a file in a folder that exists).
    public private(set) var isDefault = false

    /// The location, opened by the first of `kinds` that takes it.
    public init(path location: String, kinds: [any StoreKind]) throws {
        guard let kind = kinds.first(where: { $0.takes(location) }) else {
            throw AlmanacError.refused("\(location) names no kind of store this program opens.")
        }
        self.location = location
        self.kind = kind
        path = try kind.displayName(of: location)
    }

    /// Resolves the store a command works on from its option and the environment. An empty
    /// `--store ""` or `ALMANAC_STORE=""` is refused: it is almost always an unset variable in a
    /// script, and taking it as "the default store" would write into the user's real store.
    public init(option: String?, environment: [String: String], kinds: [any StoreKind]) throws {
        if let option {
            guard !option.isEmpty else { throw AlmanacError.emptyStoreLocation(variable: nil) }
            try self.init(path: option, kinds: kinds)
            return
        }
        if let named = environment["ALMANAC_STORE"] {
            guard !named.isEmpty else { throw AlmanacError.emptyStoreLocation(variable: "ALMANAC_STORE") }
            try self.init(path: named, kinds: kinds)
            return
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
        try self.init(path: data + "/almanac/almanac.sqlite", kinds: kinds)
        isDefault = true
    }

    public static func == (a: StoreLocation, b: StoreLocation) -> Bool { a.location == b.location }

    /// Opens the existing store.
    public func open() throws -> any AlmanacStore { try kind.open(location) }

    /// Opens the store, or returns nil when there is none yet.
    public func openIfPresent() throws -> (any AlmanacStore)? { try kind.openIfPresent(location) }

    /// Creates the store with these settings (opening it if it was created in between).
    public func create(settings: Settings) throws -> any AlmanacStore {
        try makeDefaultFolder()
        return try kind.create(location, settings: settings)
    }

    /// Builds a new store, whole or not at all.
    func buildNew<T>(settings: Settings, _ fill: (any AlmanacStore) throws -> T) throws -> T {
        try makeDefaultFolder()
        return try kind.buildNew(location, settings: settings, fill)
    }

    private func makeDefaultFolder() throws {
        guard isDefault else { return }
        try FileManager.default.createDirectory(atPath: (location as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    }
}
