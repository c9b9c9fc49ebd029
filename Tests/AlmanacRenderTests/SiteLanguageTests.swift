@testable import AlmanacRender
@testable import AlmanacWords
import AlmanacDomain
import Foundation
import Testing

/// The site's words in each language: every catalogue has every word of the English one, with
/// the same values in it, and the locale's conventions come from the platform's locale data.
@Suite struct SiteLanguageTests {
    @Test(arguments: Language.allCases)
    func everyCatalogueHasEveryEnglishWordWithItsValues(_ language: Language) throws {
        let english = SiteLanguage.english, words = SiteLanguage.of(language)
        #expect(english.keys.count > 250)
        #expect(english.keys.subtracting(words.keys).sorted() == [], "words/\(language.rawValue).txt lacks these words")
        #expect(words.keys.subtracting(english.keys).sorted() == [], "words/\(language.rawValue).txt has words English does not")
        for key in english.keys.sorted() {
            #expect(words.placeholders(key) == english.placeholders(key), "\(language.rawValue): \(key)")
        }
    }

    /// A workbook's sheet is named by the catalogue: at most 31 characters, none of : \\ / ? * [ ].
    @Test(arguments: Language.allCases)
    func sheetNamesAreNamesASpreadsheetTakes(_ language: Language) {
        let words = SiteLanguage.of(language)
        for key in words.keys where key.hasPrefix("sheet.") && key.split(separator: ".").count == 2 && key != "sheet.weeklyRateChart" {
            let name = words[key]
            // "Entries 2" and on: room for a number after the name.
            #expect(!name.isEmpty && name.count <= 28 && !name.contains(where: { ":\\/?*[]".contains($0) }), "\(language.rawValue): \(key) = \(name)")
        }
    }

    @Test func aCatalogueThatMissesAWordIsCaught() throws {
        let text = SiteLanguage.catalogueText(.de).split(separator: "\n").filter { !$0.hasPrefix("streak.days.other") }.joined(separator: "\n")
        let short = try SiteLanguage(language: .de, catalogue: text)
        #expect(SiteLanguage.english.keys.subtracting(short.keys) == ["streak.days.other"])
        #expect(short.count(3, "streak.days") == SiteLanguage.missing("streak.days.other"))
        #expect(throws: SiteLanguage.Problem.self) { try SiteLanguage(language: .de, catalogue: "habits Gewohnheiten") }
        #expect(throws: SiteLanguage.Problem.self) { try SiteLanguage(language: .de, catalogue: "x = {oops") }
    }

    /// A word a template shows is never followed by the template's own `:`, `;`, `!` or `?`:
    /// French puts a no-break space before them, so the catalogue's `labelled` sentence (or a
    /// whole sentence of the catalogue) says it, not the template.
    @Test func noTemplatePutsPunctuationAfterAWord() {
        for (name, source) in TemplateSet.builtInSources where name.hasSuffix(".mustache") {
            let slips = source.matches(of: /\{\{\{w\.[A-Za-z.]+\}\}\}[:;!?]/).map { String($0.output) }
            #expect(slips == [], "\(name)")
        }
    }

    @Test func countsTakeTheFormTheLanguageUses() {
        #expect(SiteLanguage.english.count(1, "day") == "1 day")
        #expect(SiteLanguage.english.count(0, "day") == "0 days")
        #expect(SiteLanguage.english.count(1200, "day") == "1,200 days")
        // French counts 0 and 1 as one.
        #expect(SiteLanguage.of(.fr).count(0, "day") == "0 jour")
        #expect(SiteLanguage.of(.fr).count(2, "day") == "2 jours")
        #expect(SiteLanguage.of(.de).count(1, "perfectDay") == "1 perfekter Tag")
        #expect(SiteLanguage.of(.de).count(1200, "day") == "1.200 Tage")
        #expect(SiteLanguage.of(.es).count(1, "activeHabit") == "1 hábito activo")
    }

    /// Every sentence of a catalogue that counts, rendered with the counts 0, 1, 2, 5, 21 and a
    /// million, and compared with the table of expected sentences of its language
    /// (`Golden/counts-<code>.txt`, written per language and read by a person: re-record with
    /// `ALMANAC_RECORD=1` only after reading the difference). Other values are fixed samples:
    /// names that begin with a vowel (where French elides), a day, a percentage.
    @Test(arguments: Language.allCases)
    func everySentenceThatCountsReadsRightForEveryCount(_ language: Language) throws {
        let words = SiteLanguage.of(language)
        let samples: [String: String] = [
            "name": "Aqua", "condition": "Aqua", "outcome": "Yoga", "habit": "Aqua", "habits": "Aqua, Yoga", "text": "Aqua",
            "day": words.longDay(DayKey("2026-11-20")!, withYear: true), "date": words.longDay(DayKey("2027-04-12")!, withYear: true),
            "from": words.mediumDay(DayKey("2025-11-21")!), "through": words.mediumDay(DayKey("2026-11-20")!),
            "percent": words.percent(0.83), "with": words.percent(0.83), "without": words.percent(0.4), "rate": words.percent(0.5),
            "year": "2026", "lastYear": "2025", "month": words.month(of: DayKey("2026-11-01")!), "week": "47",
            "listed": "8", "tried": "544", "window": "365", "days": "14", "value": "3", "limit": "2", "amount": "3",
        ]
        let families = Set(words.keys.compactMap { key -> String? in
            guard let dot = key.lastIndex(of: "."), ["one", "other", "many"].contains(key[key.index(after: dot)...]) else { return nil }
            return String(key[..<dot])
        }).sorted()
        var table = ""
        for family in families {
            let names = words.placeholders(family + ".other").subtracting(["n"]).sorted()
            for n in [0, 1, 2, 5, 21, 1_000_000] {
                var line = words.count(n, family)
                for name in names { line = line.replacingOccurrences(of: "{\(name)}", with: samples[name] ?? "‹\(name)›") }
                table += "\(family) \(n): \(line)\n"
            }
        }
        let golden = GoldenSiteTests.folder.appendingPathComponent("counts-\(language.rawValue).txt")
        if GoldenSiteTests.record { try Data(table.utf8).write(to: golden); return }
        let expected = String(decoding: try Data(contentsOf: golden), as: UTF8.self)
        #expect(table == expected, "counts-\(language.rawValue).txt differs: re-record with ALMANAC_RECORD=1 after reading the difference")
    }

    @Test func numbersDatesAndNamesComeFromTheLocale() {
        let de = SiteLanguage.of(.de), fr = SiteLanguage.of(.fr), es = SiteLanguage.of(.es), en = SiteLanguage.english
        #expect(en.percent(0.83) == "83%")
        #expect(de.percent(0.83) == "83\u{a0}%")
        #expect(fr.percent(1) == "100\u{a0}%")
        #expect(de.number(2.5) == "2,5" && en.number(2.5) == "2.5")
        #expect(de.grouped(8_426_160) == "8.426.160")
        #expect(en.grouped(8_426_160.5) == "8,426,160.5")
        #expect(fr.grouped(1234).filter(\.isNumber) == "1234" && fr.grouped(1234).count == 5)
        let day = DayKey("2026-11-03")!
        #expect(de.month(of: day) == "November 2026")
        #expect(fr.month(of: day) == "novembre 2026")
        #expect(es.month(of: day) == "noviembre de 2026" && es.month(of: day).capitalizedFirst == "Noviembre de 2026")
        #expect(de.weekday(.tuesday) == "Dienstag" && fr.weekday(.sunday) == "dimanche")
        #expect(en.longDay(day, withYear: false) == "Tuesday 3 November")
        #expect(de.longDay(day, withYear: false) == "Dienstag, 3. November")
        #expect(es.longDay(day, withYear: true) == "martes, 3 de noviembre de 2026")
        #expect(de.monthAbbreviations[0] == "Jan" && fr.monthAbbreviations[6] == "juil." && en.monthAbbreviations[11] == "Dec")
        // A leap day and the last day of a year are the days they are, in every zone.
        #expect(de.longDay(DayKey("2024-02-29")!, withYear: true) == "Donnerstag, 29. Februar 2024")
        #expect(fr.shortDay(DayKey("2026-12-31")!) == "31 déc.")
    }

    @Test func weekStartsAreTheLocales() {
        #expect(Language.de.usualWeekStart == .monday)
        #expect(Language.fr.usualWeekStart == .monday)
        #expect(Language.es.usualWeekStart == .monday)
    }

    @Test func theFiguresReadInTheLanguage() {
        let de = MetricText(.de)
        let water = Habit(name: "Wasser", createdAt: Timestamp(millis: 0)) { $0.unit = .count; $0.unitLabel = "Gläser"; $0.target = 8 }
        #expect(de.today(value: 9, state: .done, habit: water) == "✓ 9/8 Gläser")
        #expect(de.amount(2.5, of: water) == "2,5 Gläser")
        #expect(de.goal(water) == "mindestens 8 Gläser")
        #expect(de.frequency(.perWeek(3)) == "3-mal pro Woche")
        #expect(de.frequency(.weekdays([.monday, .friday])) == "Mo, Fr")
        #expect(MetricText(.fr).frequency(.perWeek(1)) == "une fois par semaine")
        #expect(MetricText(.es).streak(.weeks, 1) == "1 semana")
    }
}
