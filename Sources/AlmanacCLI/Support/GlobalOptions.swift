import AlmanacDomain
import AlmanacStore
import ArgumentParser
import Foundation

/// Options every command takes: where the store is.
public struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The store file (default: $ALMANAC_STORE, else $XDG_DATA_HOME/almanac/almanac.sqlite).",
        valueName: "path"))
    public var store: String?

    public init() {}

    /// The store path: `--store`, then `ALMANAC_STORE`, then the XDG data folder.
    public func storePath(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let store, !store.isEmpty { return store }
        if let path = environment["ALMANAC_STORE"], !path.isEmpty { return path }
        let home = environment["HOME"] ?? NSHomeDirectory()
        let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
        return data + "/almanac/almanac.sqlite"
    }

    /// Opens the existing store.
    public func openStore() throws -> AlmanacStore {
        try AlmanacStore.open(path: storePath(), mode: .existing)
    }
}

/// The instant commands treat as "now": `ALMANAC_NOW` (ISO 8601) when set, for tests and
/// reproducible runs; otherwise the system clock.
public enum Now {
    public static func instant(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Timestamp {
        guard let text = environment["ALMANAC_NOW"], !text.isEmpty else { return Timestamp(Date()) }
        guard let instant = Timestamp(iso8601: text) else {
            throw ValidationError("ALMANAC_NOW=\(text) is not an ISO 8601 instant such as 2026-01-05T08:00:00Z.")
        }
        return instant
    }

    /// Today in the store's calendar.
    public static func today(in calendar: StoreCalendar) throws -> DayKey {
        calendar.dayKey(for: try instant())
    }
}
