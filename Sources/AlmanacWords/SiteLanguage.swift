import AlmanacDomain
import CTemplates
import Foundation
import _FoundationICU

/// The words of a site in one language, and the conventions of its locale: the site's own words
/// from the language's catalogue (`Templates/words/<code>.txt`, built into the binary), month and
/// weekday names, dates, numbers and percentages from the platform's locale data (ICU, through
/// Foundation). The command line keeps `english`.
public final class SiteLanguage: Sendable, Equatable {
    public let language: Language
    /// The catalogue: each key's text, as parts to put values between.
    private let words: [String: Phrase]
    private let decimalSeparator: String
    private let groupingSeparator: String
    /// What comes before and after the digits of a percentage: "83%", "83 %".
    private let percentAround: (before: String, after: String)
    /// January first; Monday first.
    public let monthAbbreviations: [String]
    private let weekdayNames: [String]
    private let weekdayAbbreviations: [String]
    /// The locale's dates of days (`DayKey`s are UTC midnights), made once: each date below is this
    /// style with its fields.
    private let dates: Date.FormatStyle
    /// The locale's medium date, for days in running text.
    private let mediumDates: Date.FormatStyle

    public static func == (a: SiteLanguage, b: SiteLanguage) -> Bool { a.language == b.language }

    /// The language's words and conventions, read once per process.
    public static func of(_ language: Language) -> SiteLanguage {
        switch language {
        case .en: return en
        case .de: return de
        case .fr: return fr
        case .es: return es
        }
    }
    public static var english: SiteLanguage { of(.en) }
    // Each read when first asked for (a site needs one language's locale data, not four); a test
    // reads every catalogue and checks it has every word of the English one.
    private static let en = builtIn(.en), de = builtIn(.de), fr = builtIn(.fr), es = builtIn(.es)
    private static func builtIn(_ language: Language) -> SiteLanguage { try! SiteLanguage(language: language, catalogue: catalogueText(language)) }

    /// The catalogue file of a language as the binary carries it.
    public static func catalogueText(_ language: Language) -> String {
        String(cString: almanac_builtin_template("words/\(language.rawValue).txt")!)
    }

    /// A catalogue line that is not `key = text`, a text whose braces do not close, or a key the
    /// site has no word for.
    public struct Problem: Error, CustomStringConvertible {
        public let line: Int
        public let message: String
        public var description: String { "line \(line): \(message)" }
    }

    /// The words of `catalogue`; with `over`, those words over the catalogue's (a template
    /// folder's words file, which may have some of the words and no word the site does not have).
    public init(language: Language, catalogue: String, over base: SiteLanguage? = nil) throws {
        self.language = language
        var words: [String: Phrase] = [:]
        for (number, line) in catalogue.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = line.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            guard let equals = line.range(of: " = ") ?? line.range(of: " =", options: .anchored.union(.backwards)) else {
                throw Problem(line: number + 1, message: "it is not key = text")
            }
            let key = line[..<equals.lowerBound].trimmingCharacters(in: .whitespaces)
            // Words files of earlier versions listed the counts of `.one`; the language's plural
            // rules now come from ICU.
            if key == "plural.one" { continue }
            if let base, base.words[key] == nil {
                throw Problem(line: number + 1, message: "the site has no word called \(key)")
            }
            words[key] = try Phrase(String(line[equals.upperBound...]), line: number + 1)
        }
        if let base { words.merge(base.words) { mine, _ in mine } }
        self.words = words
        let locale = Locale(identifier: language.localeIdentifier)
        let utc = TimeZone(identifier: "UTC")!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        dates = Date.FormatStyle(locale: locale, calendar: calendar, timeZone: utc)
        mediumDates = Date.FormatStyle(date: .abbreviated, time: .omitted, locale: locale, calendar: calendar, timeZone: utc)
        decimalSeparator = locale.decimalSeparator ?? "."
        groupingSeparator = locale.groupingSeparator ?? ","
        let half = 0.5.formatted(.percent.locale(locale))
        if let digits = half.range(of: "50") {
            percentAround = (String(half[..<digits.lowerBound]), String(half[digits.upperBound...]))
        } else {
            percentAround = ("", "%")
        }
        let formatter = DateFormatter()
        formatter.locale = locale
        monthAbbreviations = formatter.shortStandaloneMonthSymbols
        // Foundation's weekdays start on Sunday.
        weekdayNames = Array(formatter.standaloneWeekdaySymbols[1...] + formatter.standaloneWeekdaySymbols[..<1])
        let short = formatter.shortStandaloneWeekdaySymbols
        weekdayAbbreviations = Array(short[1...] + short[..<1])
    }

    /// The keys of the catalogue (for the test that every catalogue has every English word).
    public var keys: Set<String> { Set(words.keys) }
    /// The names a key's text puts values at.
    public func placeholders(_ key: String) -> Set<String> { Set(words[key]?.names ?? []) }

    /// What a key the catalogue lacks reads as: a test renders every page in every language and
    /// finds none.
    public static func missing(_ key: String) -> String { "MISSING-WORD(\(key))" }

    /// A word or sentence of the catalogue, its `{name}`s filled in: `self["streak"]`,
    /// `self["pair.after", ["condition": "Sleep"]]`.
    public subscript(_ key: String, _ values: KeyValuePairs<String, String> = [:]) -> String {
        guard let phrase = words[key] else { return Self.missing(key) }
        return phrase.filled(values)
    }

    /// A count with its word: `count(3, "day")` is the catalogue's `day.other` with `{n}` 3 — the
    /// key's form for the count's plural category in the language (`.one`, `.many`), or `.other`
    /// when the catalogue has no form of that category.
    public func count(_ n: Int, _ key: String, _ values: KeyValuePairs<String, String> = [:]) -> String {
        let category = Self.pluralCategory(of: n, locale: language.localeIdentifier)
        let form = words["\(key).\(category)"] != nil ? "\(key).\(category)" : "\(key).other"
        guard let phrase = words[form] else { return Self.missing(form) }
        return phrase.filled(values, n: grouped(Double(n)))
    }

    /// The CLDR plural category ("one", "few", "many", "other", …) of a count, from ICU's rules
    /// for the locale ("one" is 1 in English, 0 and 1 in French; "many" a million in French and
    /// Spanish); "other" where ICU cannot say. About 2 µs a count: rules are opened for each.
    static func pluralCategory(of n: Int, locale: String) -> String {
        var status = U_ZERO_ERROR
        guard let rules = swift_uplrules_open(locale, &status), status.rawValue <= U_ZERO_ERROR.rawValue else { return "other" }
        defer { swift_uplrules_close(rules) }
        var keyword = [UChar](repeating: 0, count: 16), selected = U_ZERO_ERROR
        let length = swift_uplrules_select(rules, Double(n), &keyword, Int32(keyword.count), &selected)
        guard selected.rawValue <= U_ZERO_ERROR.rawValue, length > 0 else { return "other" }
        return String(decoding: keyword[..<Int(length)], as: UTF16.self)
    }

    /// "83%", "83 %"; "–" when there is nothing to rate.
    public func percent(_ value: Double?) -> String {
        guard let value else { return "–" }
        return percentAround.before + "\(Int((value * 100).rounded()))" + percentAround.after
    }

    /// A number as the locale writes it: "2.5", "2,5".
    public func number(_ value: Double) -> String { localized(NumberText.plain(value)) }

    /// A number with its thousands grouped: "8,426,160", "8.426.160", "8 426 160".
    public func grouped(_ value: Double) -> String { localized(NumberText.grouped(value)) }

    /// English digits with the locale's separators: most numbers have none, and are as they are.
    private func localized(_ text: String) -> String {
        guard decimalSeparator != "." || groupingSeparator != ",",
              text.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: ".") }) else { return text }
        var out = ""
        for character in text {
            switch character {
            case ",": out += groupingSeparator
            case ".": out += decimalSeparator
            default: out.append(character)
            }
        }
        return out
    }

    /// A number rounded to `digits` decimals: "6.5", "6,5".
    public func rounded(_ value: Double, digits: Int) -> String { localized(NumberText.rounded(value, digits: digits)) }

    public func weekday(_ day: Weekday) -> String { weekdayNames[day.isoIndex] }
    public func weekdayShort(_ day: Weekday) -> String { weekdayAbbreviations[day.isoIndex] }

    /// "November 2026", "noviembre de 2026": the month of a day as it reads within a sentence
    /// (a heading makes its first letter a capital, `capitalizedFirst`).
    public func month(of day: DayKey) -> String { format(day, dates.month(.wide).year()) }

    /// "16 Nov", "16. Nov.", "16 nov.".
    public func shortDay(_ day: DayKey) -> String { format(day, dates.month(.abbreviated).day()) }

    /// "Tuesday 3 November", "Dienstag, 3. November"; with the year: "…, 2025".
    public func longDay(_ day: DayKey, withYear: Bool) -> String {
        let style = dates.weekday(.wide).day().month(.wide)
        return format(day, withYear ? style.year() : style)
    }

    /// A day in running text, the language's medium date: "20 Nov 2026", "20. Nov. 2026",
    /// "20 nov. 2026", "20 nov 2026" (ISO days are for machines: ids, CSV, JSON, `datetime`).
    public func mediumDay(_ day: DayKey) -> String { format(day, mediumDates) }

    private func format(_ day: DayKey, _ style: Date.FormatStyle) -> String {
        Date(timeIntervalSince1970: Double(day.ordinal) * 86_400).formatted(style)
    }
}

/// A catalogue text taken apart once: literal text and the names of the values between.
private struct Phrase: Sendable {
    enum Part: Sendable { case text(String), value(String) }
    let parts: [Part]

    init(_ text: String, line: Int) throws {
        var parts: [Part] = [], rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { throw SiteLanguage.Problem(line: line, message: "a { does not close") }
            if open > rest.startIndex { parts.append(.text(String(rest[..<open]))) }
            parts.append(.value(String(rest[rest.index(after: open)..<close])))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { parts.append(.text(String(rest))) }
        self.parts = parts
    }

    var names: [String] { parts.compactMap { if case .value(let name) = $0 { name } else { nil } } }
    var literal: String { parts.map { if case .text(let text) = $0 { text } else { "" } }.joined() }

    func filled(_ values: KeyValuePairs<String, String>, n: String? = nil) -> String {
        var out = ""
        for part in parts {
            switch part {
            case .text(let text): out += text
            case .value(let name):
                if name == "n", let n { out += n } else { out += values.first { $0.key == name }?.value ?? "{\(name)}" }
            }
        }
        return out
    }
}
