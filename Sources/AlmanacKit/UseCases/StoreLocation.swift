import AlmanacDomain
import AlmanacSQLite
import Foundation

/// Where the store is: `--store`, then `ALMANAC_STORE`, then the XDG data folder — and opening it.
public struct StoreLocation: Sendable, Equatable {
    public let path: String

    public init(path: String) { self.path = path }

    /// Resolves the store a command works on from its option and the environment. An empty
    /// `--store ""` or `ALMANAC_STORE=""` is refused: it is almost always an unset variable in a
    /// script, and taking it as "the default store" would write into the user's real store.
    public init(option: String?, environment: [String: String]) throws {
        if let option {
            guard !option.isEmpty else {
                throw AlmanacError.option("--store", reason: "--store is empty; give the store's path, or leave the option out to use the default store.")
            }
            path = option
            return
        }
        if let named = environment["ALMANAC_STORE"] {
            guard !named.isEmpty else {
                throw AlmanacError.option("ALMANAC_STORE", reason: "ALMANAC_STORE is set but empty; set it to the store's path, or unset it to use the default store.")
            }
            path = named
            return
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
        path = data + "/almanac/almanac.sqlite"
    }

    public var exists: Bool { FileManager.default.fileExists(atPath: path) }

    /// Opens the existing store.
    public func open() throws -> any AlmanacStore { try SQLiteStore.open(path: path, mode: .existing) }
}
