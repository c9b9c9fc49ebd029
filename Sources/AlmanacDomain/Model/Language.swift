import Foundation

/// The language a store's site, feeds and workbook headings are written in (`Settings.language`).
/// The command line stays English. Each language has a catalogue of the site's words
/// (`Templates/words/<code>.txt`) and takes its month and weekday names, dates and numbers from
/// the platform's locale data (docs/REPORTS.md).
public enum Language: String, Codable, CaseIterable, Sendable {
    case en, de, fr, es

    /// The language's name in English, for the command line: "German".
    public var englishName: String {
        switch self {
        case .en: return "English"
        case .de: return "German"
        case .fr: return "French"
        case .es: return "Spanish"
        }
    }

    /// The locale whose conventions the language's pages follow: its country of most speakers in
    /// Europe, where the store's zone does not say otherwise.
    public var localeIdentifier: String {
        switch self {
        case .en: return "en_GB"
        case .de: return "de_DE"
        case .fr: return "fr_FR"
        case .es: return "es_ES"
        }
    }

    /// The first day of the week in the locale's calendars (the platform's locale data).
    public var usualWeekStart: Weekday? {
        let first = Locale(identifier: localeIdentifier).firstDayOfWeek
        return Weekday.allCases.first { $0.rawValue.hasPrefix(first.rawValue) }
    }
}
