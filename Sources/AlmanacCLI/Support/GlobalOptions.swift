import AlmanacDomain
import AlmanacKit
import ArgumentParser
import Foundation
import AlmanacStorage

/// Options every command takes: where the store is. Also the clock (`ALMANAC_NOW`).
public struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The store: a file, or postgres://USER@HOST:PORT/DATABASE?schema=NAME with the password in PGPASSWORD (default: $ALMANAC_STORE, else $XDG_DATA_HOME/almanac/almanac.sqlite).",
        valueName: "store"))
    public var store: String?

    public init() {}

    static var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// The store: `--store`, then `ALMANAC_STORE`, then the XDG data folder.
    public func location() throws -> StoreLocation { try StoreLocation(option: store, environment: Self.environment) }

    /// Opens the existing store.
    public func openStore() throws -> any AlmanacStore { try location().open() }

    /// The clock: `ALMANAC_NOW` when set, else the system's.
    public func clock() throws -> Clock { try Clock(environment: Self.environment) }
}
