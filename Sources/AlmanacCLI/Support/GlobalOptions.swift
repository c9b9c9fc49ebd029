import AlmanacDomain
import AlmanacKit
import AlmanacStores
import ArgumentParser
import Foundation
import AlmanacStorage

/// Options every command takes: where the store is. Also the clock (`ALMANAC_NOW`).
public struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The store: a file, or postgres://USER@HOST:PORT/DATABASE?store=NAME with the password in PGPASSWORD (default: $ALMANAC_STORE, else $XDG_DATA_HOME/almanac/almanac.sqlite).",
        valueName: "store"))
    public var store: String?

    public init() {}

    static var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// The store: `--store`, then `ALMANAC_STORE`, then the XDG data folder.
    public func location() throws -> StoreLocation {
        try StoreLocation(option: store, environment: Self.environment, kinds: StoreKinds.builtIn)
    }

    /// Opens the existing store.
    public func openStore() throws -> any AlmanacStore { try location().open() }

    /// The clock: `ALMANAC_NOW` when set, else the system's.
    public func clock() throws -> Clock { try Clock(environment: Self.environment) }
}

/// `--as-of` of the exports: the last day exported.
struct ExportDayOption: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Export as of this day: YYYY-MM-DD, today, yesterday or -N (default today); later entries are left out.",
                               valueName: "day"),
            transform: ArgumentValues.relativeDay)
    var asOf: DaySelection?
}

/// `-q`/`--quiet` of the commands that write files or a store: nothing on success, for cron.
/// Results go to stdout and diagnostics to stderr, so `>/dev/null` already silences a success;
/// `-q` also drops the notes about the data a success may print. Errors are always printed.
struct QuietOption: ParsableArguments {
    @Flag(name: [.customShort("q"), .long], help: "Print nothing on success (errors are still printed on stderr).")
    var quiet = false

    /// Silences what the command prints on success.
    func apply() { Output.quiet = quiet }
}

/// `-q`/`--quiet` of the commands that only read: what they print is what was asked for, so it is
/// printed; the notes about the data on stderr are dropped, as under every other command's `-q`.
struct NotesQuietOption: ParsableArguments {
    @Flag(name: [.customShort("q"), .long], help: "Leave out the notes on stderr (the result is still printed; errors too).")
    var quiet = false

    func apply() { Output.quietNotes = quiet }
}

extension GlobalOptions {
    /// The day an `--as-of` names: a date as it is; `today`, `yesterday` or `-N` in `store`'s
    /// time zone by the command's clock. Nil when none was given.
    func day(_ selection: DaySelection?, in store: any AlmanacStore) throws -> DayKey? {
        guard let selection else { return nil }
        if case .day(let day) = selection { return day }
        return selection.day(today: try clock().today(in: store.calendar()))
    }

    /// A note on stderr when `--as-of` is after today in `store`'s time zone (the command's own
    /// store, opened once): the figures then count days that have not happened as not done.
    /// Nothing when the store cannot be read (the command itself says why).
    func noteIfAfterToday(_ day: DayKey?, in store: any AlmanacStore) {
        // Today in any time zone is within a day of today in UTC: an earlier day needs no store read.
        guard let day, let now = try? clock().now(), day.ordinal >= now.utcDayOrdinal - 1,
              let calendar = try? store.calendar(), let today = try? clock().today(in: calendar), day > today else { return }
        Output.note("\(day) is after today (\(today)); the days in between count as not done yet.")
    }
}
