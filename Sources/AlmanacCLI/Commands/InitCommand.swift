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

    @Option(help: ArgumentHelp("The language of the site, its feeds and the workbook's headings: en, de, fr or es (default en).", valueName: "code"),
            transform: ArgumentValues.language)
    var language: Language?

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
        let settings: Settings
        switch try StoreSetup(location: location).run(timeZone: timeZone, weekStart: weekStart, language: language) {
        case .existing(let s):
            settings = s
            Output.line("A store already exists at \(path) (\(Self.describe(s))).")
        case .updated(let s):
            settings = s
            Output.line("Updated \(path): \(Self.describe(s)).")
        case .created(let s):
            settings = s
            Output.line("Created \(path): \(Self.describe(s)).")
        }
        // The week start people of the language's country use, when the store's differs and none was asked for.
        if let language, weekStart == nil, let usual = language.usualWeekStart, usual != settings.weekStart {
            Output.line("Calendars in \(language.englishName) usually start weeks on \(usual.title); --week-start \(usual.rawValue) makes the store's do.")
        }
    }

    static func describe(_ s: Settings) -> String {
        "time zone \(s.timeZone), weeks start on \(s.weekStart.rawValue)" + (s.language == .en ? "" : ", site in \(s.language.englishName)")
    }
}
