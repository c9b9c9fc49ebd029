import AlmanacDomain
import AlmanacSQLite
import Foundation

/// Where the store is: `--store`, then `ALMANAC_STORE`, then the XDG data folder — and opening it.
public struct StoreLocation: Sendable, Equatable {
    public let path: String

    public init(path: String) { self.path = path }

    /// Resolves the store a command works on from its option and the environment.
    public init(option: String?, environment: [String: String]) {
        if let option, !option.isEmpty { path = option; return }
        if let named = environment["ALMANAC_STORE"], !named.isEmpty { path = named; return }
        let home = environment["HOME"] ?? NSHomeDirectory()
        let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
        path = data + "/almanac/almanac.sqlite"
    }

    public var exists: Bool { FileManager.default.fileExists(atPath: path) }

    /// Opens the existing store.
    public func open() throws -> any AlmanacStore { try SQLiteStore.open(path: path, mode: .existing) }
}
