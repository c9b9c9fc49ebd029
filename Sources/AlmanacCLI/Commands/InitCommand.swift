import AlmanacDomain
import AlmanacKit
import ArgumentParser
import Foundation

/// `almanac init`: creates the store, or changes its settings.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create the store (or change its time zone and week start).",
        discussion: """
            Day keys are computed in the store's time zone when an entry is written and never again: \
            changing the time zone later does not move days already logged.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .customLong("timezone"), help: ArgumentHelp("An IANA time zone id (default: the system's, else UTC).", valueName: "id"))
    var timeZone: String?

    @Option(help: ArgumentHelp("The first day of a week: monday … sunday (default monday).", valueName: "day"),
            transform: ArgumentValues.weekday)
    var weekStart: Weekday?

    func validate() throws {
        if let timeZone, TimeZone(identifier: timeZone) == nil {
            // A city alone ("berlin", "new york") names the zones it is the city of.
            let city = timeZone.lowercased().replacingOccurrences(of: " ", with: "_")
            let zones = TimeZone.knownTimeZoneIdentifiers.filter { $0.lowercased().hasSuffix("/" + city) }.prefix(3)
            throw ValidationError("\(timeZone) is not a known time zone; " + (zones.isEmpty ? "use an IANA id such as Europe/Berlin or UTC."
                : "did you mean " + zones.joined(separator: " or ") + "?"))
        }
    }

    @OptionGroup var quiet: QuietOption

    func run() throws {
        quiet.apply()
        let location = try global.location()
        let path = location.path
        switch try StoreSetup(location: location).run(timeZone: timeZone, weekStart: weekStart) {
        case .existing(let s):
            Output.line("A store already exists at \(path) (time zone \(s.timeZone), weeks start on \(s.weekStart.rawValue)).")
        case .updated(let s):
            Output.line("Updated \(path): time zone \(s.timeZone), weeks start on \(s.weekStart.rawValue).")
        case .created(let s):
            Output.line("Created \(path): time zone \(s.timeZone), weeks start on \(s.weekStart.rawValue).")
        }
    }
}
