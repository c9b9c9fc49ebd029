import AlmanacTestSupport
import Foundation
import Testing

/// A store's site, feeds and workbook headings are in the store's language; the command line
/// stays English.
@Suite struct LanguageTests {
    @Test func aStoreInGermanPublishesAGermanSiteAndFeedsWhileTheCommandLineStaysEnglish() throws {
        var s = Session()
        let created = try s.ok("init", "--language", "de", "--timezone", "Europe/Berlin")
        #expect(created.contains("Created") && created.contains("site in German"), "\(created)")
        #expect(try s.ok("settings").contains("Language of the site: German (de)"))
        let refused = try s.run("settings", "--language", "klingon")
        #expect(refused.status == 2 && refused.stderr.contains("klingon is not a language of the site; use en (English), de (German)"), "\(refused.stderr)")
        try s.ok("habit", "add", "Wasser", "--unit", "count", "--unit-label", "Gläser", "--target", "8")
        try s.ok("habit", "add", "Laufen")
        s.now = "2026-11-20T20:00:00Z"
        try s.ok("log", "wasser", "2.5", "--date", "2026-11-19")
        try s.ok("log", "laufen", "--date", "2026-11-19")
        try s.ok("log", "laufen")
        try s.ok("report", "--out", "site")
        let page = String(decoding: s.folder.bytes("site/index.html"), as: UTF8.self)
        #expect(page.contains("<html lang=\"de\">"))
        for german in ["<title>Gewohnheiten</title>", "Alle Gewohnheiten, die letzten 12 Monate", "Stand: <time datetime=\"2026-11-20\">20. Nov. 2026</time>", "Erkenntnisse", "Keine Skripte, keine Tracker."] {
            #expect(page.contains(german), "\(german)")
        }
        for english in ["All habits", "In numbers", "as of", "Year in review", "streak", "nothing due", "No scripts"] {
            #expect(!page.contains(english), "\(english)")
        }
        let habit = String(decoding: s.folder.bytes("site/habits/wasser.html"), as: UTF8.self)
        // The decimal comma and the percent sign's space of German, from the locale.
        #expect(habit.contains("2,5 Gläser") && habit.contains("Stärke") && habit.contains("November 2026"), "\(habit)")
        let heatmap = String(decoding: s.folder.bytes("site/heatmaps/wasser-2026.svg"), as: UTF8.self)
        #expect(heatmap.contains(">Weniger<") && heatmap.contains(">Nov<") && heatmap.contains(">Mo<"))
        // The feeds say their language.
        let feed = try JSONSerialization.jsonObject(with: s.folder.bytes("site/feed.json")) as! [String: Any]
        #expect(feed["language"] as? String == "de" && feed["title"] as? String == "Fortschritt der Gewohnheiten")
        #expect(String(decoding: s.folder.bytes("site/feed.xml"), as: UTF8.self).contains("<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"de\">"))
        // The command line's own words stay English.
        #expect(try s.ok("status").contains("Streak"))
    }

    /// Every page, picture and feed of a full site (journal, notes, goals, a habit being broken)
    /// finds each of its words in each language's catalogue.
    @Test func everyWordOfAFullSiteIsInEveryCatalogue() throws {
        let s = Session()
        try s.ok("demo", "--store", s.store, "--habits", "12", "--years", "2", "--no-report")
        for language in ["en", "de", "fr", "es"] {
            try s.ok("settings", "--language", language)
            try s.ok("report", "--out", "site-\(language)", "--include-journal", "--include-notes")
            for file in try s.folder.files(under: "site-\(language)") where [".html", ".md", ".svg", ".xml", ".json", ".ics"].contains(where: file.hasSuffix) {
                let text = String(decoding: s.folder.bytes("site-\(language)/\(file)"), as: UTF8.self)
                #expect(!text.contains("MISSING-WORD"), "\(language): \(file)")
                #expect(Self.isoDaysPeopleRead(in: text, file: file) == [], "\(language): \(file)")
            }
        }
        let french = String(decoding: s.folder.bytes("site-fr/index.html"), as: UTF8.self)
        #expect(french.contains("<html lang=\"fr\">") && french.contains("Toutes les habitudes"))
        let spanish = String(decoding: s.folder.bytes("site-es/index.md"), as: UTF8.self)
        #expect(spanish.hasPrefix("# Hábitos\n"))
        // French puts a no-break space before a colon, the bold labels of the habit pages too.
        for language in ["fr", "en"] {
            let pages = try s.folder.files(under: "site-\(language)").filter { $0.hasPrefix("habits/") && $0.hasSuffix(".md") }
            let labels = pages.flatMap { page in
                String(decoding: s.folder.bytes("site-\(language)/\(page)"), as: UTF8.self).split(separator: "\n").filter { $0.hasPrefix("- **") && $0.contains(":**") }
            }
            #expect(labels.count > 20, "\(language): \(labels.count) labels")
            #expect(labels.allSatisfy { $0.contains("\u{00A0}:**") == (language == "fr") && !$0.contains(" :**") }, "\(language): \(labels.prefix(5))")
        }
    }

    /// An ISO day or month (2026-11-20, 2026-11) in what a person reads of a file of the site:
    /// days in running text, tables, lists, feed titles and calendar events are the language's
    /// medium or long date. What machines read is left out before looking: link targets, `id`,
    /// `href`, `datetime` and `data-date` attributes, the feeds' ids and timestamps, the
    /// calendar's dates, the JSON's `asOf`, and the ISO day that names each cell of a heatmap
    /// (`<title>2026-11-20 · done`, beside its `data-date`).
    static func isoDaysPeopleRead(in text: String, file: String) -> [String] {
        var text = text
        func drop(_ pattern: String) { text = text.replacingOccurrences(of: pattern, with: "", options: .regularExpression) }
        switch file.split(separator: ".").last ?? "" {
        case "md": drop(#"\]\([^)]*\)"#); drop(#"\]: \S+"#)
        case "html", "svg": drop(#"(id|href|src|data|datetime|data-date|property)="[^"]*""#); drop(#"<title>\d{4}-\d{2}-\d{2}"#)
        case "xml": drop(#"<(id|updated|published|loc|lastmod)>[^<]*</\1>"#); drop(#"(href|uri)="[^"]*""#)
        case "json": drop(#""(id|url|date_modified|date_published|asOf|home_page_url|feed_url|image)" : "[^"]*""#)
        case "ics": drop(#"(?m)^(UID|DTSTART|DTEND|DTSTAMP|LAST-MODIFIED)[^\r\n]*"#)
        default: return []
        }
        return text.matches(of: /.{0,30}\d{4}-\d{2}(?!\d).{0,20}/).map { String($0.output) }
    }

    /// A template folder carries the words too: a translator changes a word (or a few) without
    /// building Almanac; a word the site does not have is refused with its file and line.
    @Test func aTemplateFoldersWordsAreUsedOverTheBuiltInOnes() throws {
        var s = Session()
        try s.ok("init", "--language", "de")
        try s.ok("habit", "add", "Laufen")
        s.now = "2026-11-20T20:00:00Z"
        try s.ok("log", "laufen")
        let exported = try s.ok("templates", "export", "mine")
        #expect(exported.contains("words/de.txt"), "\(exported)")
        let builtIn = String(decoding: s.folder.bytes("mine/words/de.txt"), as: UTF8.self)
        #expect(builtIn.contains("\nhabits = Gewohnheiten\n"))
        // Only the words to change; the others stay the built-in ones.
        try "# mine\nhabits = Meine Gewohnheiten\nlegend.less = Seltener\n".write(toFile: s.folder.path("mine/words/de.txt"), atomically: true, encoding: .utf8)
        try s.ok("report", "--out", "site", "--templates", "mine")
        let page = String(decoding: s.folder.bytes("site/index.html"), as: UTF8.self)
        #expect(page.contains("<h1>Meine Gewohnheiten</h1>") && page.contains("Alle Gewohnheiten, die letzten 12 Monate"))
        #expect(String(decoding: s.folder.bytes("site/heatmaps/laufen-2026.svg"), as: UTF8.self).contains(">Seltener<"))
        for (text, says) in [("habits = Meine\nhabitz = Tippfehler\n", "mine/words/de.txt line 2: the site has no word called habitz"),
                             ("habits Meine\n", "mine/words/de.txt line 1: it is not key = text"),
                             ("streak.days.other = {n Tage\n", "mine/words/de.txt line 1: a { does not close")] {
            try text.write(toFile: s.folder.path("mine/words/de.txt"), atomically: true, encoding: .utf8)
            let refused = try s.run("report", "--out", "site2", "--templates", "mine")
            #expect(refused.status != 0 && refused.stderr.contains(says), "\(refused.stderr)")
            #expect(!FileManager.default.fileExists(atPath: s.folder.path("site2")))
        }
    }

    @Test func theWorkbookSheetsAreNamedInTheLanguage() throws {
        let s = Session()
        try s.ok("demo", "--store", s.store, "--habits", "3", "--years", "1", "--no-report")
        try s.ok("settings", "--language", "fr")
        try s.ok("export", "xlsx", "--out", "d.xlsx", "--as-of", "2026-11-20")
        let names = try openpyxl("result.append(book.sheetnames)\nresult.append([c.value for c in book['À propos'][1]])", workbook: "d.xlsx", in: s)
        #expect(names == "['Habitudes', 'Jours', 'Semaines', 'Mois', 'Saisies', 'Journal', 'Bien-être', 'À propos']\n['feuille', 'colonne', 'type', 'description']",
                "\(names)")
    }

    /// A backup carries the language; a store restored from it publishes in it. On both backends.
    @Test(arguments: TestBackend.available)
    func aBackupCarriesTheLanguage(_ backend: TestBackend) throws {
        let s = Session(backend)
        try s.ok("init", "--language", "es")
        try s.ok("habit", "add", "Correr")
        try s.ok("log", "correr")
        try s.ok("backup", "--out", "b.json")
        let backup = try JSONSerialization.jsonObject(with: s.folder.bytes("b.json")) as! [String: Any]
        #expect((backup["settings"] as? [String: Any])?["language"] as? String == "es")
        let restored = s.folder.path("restored.sqlite")
        try s.ok("restore", "b.json", "--store", restored)
        try s.ok("report", "--store", restored, "--out", "site")
        #expect(String(decoding: s.folder.bytes("site/index.html"), as: UTF8.self).contains("<html lang=\"es\">"))
        // English is the default, and a backup of an English store says nothing of it.
        try s.ok("settings", "--language", "en")
        try s.ok("backup", "--out", "c.json")
        let english = try JSONSerialization.jsonObject(with: s.folder.bytes("c.json")) as! [String: Any]
        #expect((english["settings"] as? [String: Any])?["language"] == nil)
    }
}
