import AlmanacDomain
import AlmanacKit
import ArgumentParser
import AlmanacStorage

// Parsers for option values. Each throws a `ValidationError` whose text says what is wrong and
// what is expected, so bad usage gets one clear sentence and exit status 2.

enum ArgumentValues {
    static func day(_ text: String) throws -> DayKey {
        guard let day = DayKey(text) else {
            throw ValidationError("\(text) is not a calendar day; use YYYY-MM-DD, e.g. 2026-11-20.")
        }
        guard SupportedDays.contains(day) else { throw ValidationError(SupportedDays.outside(text)) }
        return day
    }

    /// A language of the site: `de`, or its English name (`German`).
    static func language(_ text: String) throws -> Language {
        let lower = text.lowercased()
        guard let language = Language.allCases.first(where: { $0.rawValue == lower || $0.englishName.lowercased() == lower }) else {
            throw ValidationError("\(text) is not a language of the site; use " + Language.allCases.map { "\($0.rawValue) (\($0.englishName))" }.joined(separator: ", ") + ".")
        }
        return language
    }

    /// The address a site is published at: `http(s)://host/path`, given a closing "/" so that
    /// the site's paths append to it.
    static func baseURL(_ text: String) throws -> String {
        do { return try Settings.checkedAddress(text) } catch let error as DomainError { throw ValidationError(error.description) }
    }

    /// A day as people say it: a date, `today`, `yesterday`, or `-N` days ago (`--date` of a log,
    /// `--as-of` of every command); the words are resolved in the store's time zone.
    static func relativeDay(_ text: String) throws -> DaySelection {
        switch text.lowercased() {
        case "today": return .today
        case "yesterday": return .daysAgo(1)
        default:
            if text.hasPrefix("-"), let count = Int(text.dropFirst()), text.dropFirst().allSatisfy(\.isNumber) { return .daysAgo(count) }
            let looksLikeADate = text.count == 10 && text.enumerated().allSatisfy { i, c in (i == 4 || i == 7) ? c == "-" : c.isNumber }
            guard looksLikeADate else {
                throw ValidationError("\(text) is not a day; use YYYY-MM-DD (e.g. 2026-11-20), today, yesterday or -2 for two days ago.")
            }
            return .day(try day(text))
        }
    }

    /// `HH:MM` (or `H:MM`) as minutes after midnight.
    static func timeOfDay(_ text: String) throws -> Int {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let hour = Int(parts[0]), let minute = Int(parts[1]), hour < 24, minute < 60 else {
            throw ValidationError("\"\(text)\" is not a time of day; use HH:MM from 00:00 to 23:59, e.g. --at 07:30.")
        }
        return hour * 60 + minute
    }

    static func frequency(_ text: String) throws -> Frequency {
        do { return try Frequency(cli: text) } catch { throw ValidationError("\(error)") }
    }

    static func unit(_ text: String) throws -> HabitUnit {
        guard let unit = HabitUnit(rawValue: text.lowercased()) else {
            throw ValidationError("\(text) is not a unit; use boolean, count or duration.")
        }
        return unit
    }

    static func direction(_ text: String) throws -> Direction {
        guard let direction = Direction(cliName: text) else {
            throw ValidationError("\(text) is not a direction; use at-least or at-most.")
        }
        return direction
    }

    static func weekday(_ text: String) throws -> Weekday {
        guard let day = Weekday(name: text) else {
            throw ValidationError("\(text) is not a weekday; use monday … sunday.")
        }
        return day
    }

    /// A decimal number: an optional sign, digits and an optional fraction after a '.'. (Swift's
    /// own parser would also read `0x10` as 16, `1e3`, `inf` and `nan`.)
    static func number(_ text: String) throws -> Double {
        let body = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let decimal = !body.isEmpty && parts.allSatisfy { $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
            && parts.contains { !$0.isEmpty }
        guard decimal, let value = Double(text), value.isFinite else {
            throw ValidationError("\(text) is not a number; use digits with a '.' for decimals, e.g. 2.5.")
        }
        return value
    }

    /// A value or a target: a number, or a duration in minutes written as hours and minutes —
    /// `1:30`, `1h30m`, `1.5h`, `1h`, `45m`, `45mins`, `90 min` (90, 90, 60, 45, 45 or 90 minutes).
    static func amount(_ text: String) throws -> Double {
        if let minutes = duration(text) { return minutes }
        do { return try number(text) } catch {
            throw ValidationError("\(text) is not a number or a duration; use digits with a '.' for decimals (2.5), or for minutes 1:30, 1h30m, 1.5h or 45m.")
        }
    }

    /// Minutes of `H:MM`, or hours and minutes with their units (`1h30m`, `1.5h`, `2 hours`,
    /// `45mins`, `90 min`: `h`, `hr`, `hrs`, `hour`, `hours`; `m`, `min`, `mins`, `minute`,
    /// `minutes`; spaces anywhere); nil for anything else. Hours with minutes are whole, the
    /// minutes then under 60.
    static func duration(_ text: String) -> Double? {
        let t = text.lowercased().filter { !$0.isWhitespace }
        func digits(_ s: Substring) -> Int? { !s.isEmpty && s.count <= 6 && s.allSatisfy { $0.isASCII && $0.isNumber } ? Int(s) : nil }
        let colon = t.split(separator: ":", omittingEmptySubsequences: false)
        if colon.count == 2 {
            guard let h = digits(colon[0]), colon[1].count == 2, let m = digits(colon[1]), m < 60 else { return nil }
            return Double(h * 60 + m)
        }
        guard let match = try? durationPattern.wholeMatch(in: t) else { return nil }
        let h = match.output[1].substring, m = match.output[2].substring
        guard h != nil || m != nil else { return nil }
        let hours = h.flatMap { Double($0) } ?? 0, minutes = m.flatMap { Double($0) } ?? 0
        if h != nil, m != nil, hours != hours.rounded() || minutes >= 60 { return nil }
        return hours * 60 + minutes
    }

    /// Made where it is used (a `Regex` is not `Sendable`, so it is not kept between threads).
    private static var durationPattern: Regex<AnyRegexOutput> {
        try! Regex(#"(?:(\d{1,6}(?:\.\d{1,4})?)(?:hours|hour|hrs|hr|h))?(?:(\d{1,6}(?:\.\d{1,4})?)(?:minutes|minute|mins|min|m))?"#)
    }

    static func positive(_ text: String) throws -> Double {
        let value = try number(text)
        guard value > 0 else { throw ValidationError("\(text) must be a number greater than 0.") }
        return value
    }

    static func restoreMode(_ text: String) throws -> RestoreMode {
        guard let mode = RestoreMode(rawValue: text.lowercased()) else {
            throw ValidationError("\(text) is not a restore mode; use merge or replace.")
        }
        return mode
    }
}
