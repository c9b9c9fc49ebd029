import AlmanacTestSupport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// The elements of an XML document as a tree, by a real parser.
final class XMLTree: NSObject, XMLParserDelegate {
    final class Element {
        let name: String
        let attributes: [String: String]
        var children: [Element] = []
        var text = ""
        init(name: String, attributes: [String: String]) { self.name = name; self.attributes = attributes }
        func all(_ name: String) -> [Element] { children.filter { $0.name == name } }
        func first(_ name: String) -> Element? { children.first { $0.name == name } }
    }

    private var stack: [Element] = []
    private(set) var root: Element?
    private(set) var namespaces: [String] = []

    static func parse(_ data: Data) throws -> (root: Element, namespaces: [String]) {
        let tree = XMLTree()
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.delegate = tree
        guard parser.parse(), let root = tree.root else {
            throw ParseFailure(message: parser.parserError.map { "\($0)" } ?? "no root")
        }
        return (root, tree.namespaces)
    }

    struct ParseFailure: Error { let message: String }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        let element = Element(name: name, attributes: attributes)
        if let namespaceURI, stack.isEmpty { namespaces.append(namespaceURI) }
        stack.last?.children.append(element)
        stack.append(element)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { stack.last?.text += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        let element = stack.removeLast()
        if stack.isEmpty { root = element }
    }
}

@Suite struct FeedTests {
    /// Read (daily, done 10–20 Nov: a 7-day streak on the 16th), Run (Mon/Wed/Fri) with a note,
    /// a vacation planned for December and a goal with a target date.
    func store() throws -> Session {
        var s = Session()
        s.now = "2026-11-01T08:00:00Z"
        try s.ok("init", "--timezone", "Europe/Berlin")
        try s.ok("habit", "add", "Read", "--emoji", "📚")
        try s.ok("habit", "add", "Run & <jump>", "--frequency", "weekdays:mon,wed,fri")
        s.now = "2026-11-20T18:00:00Z"
        try s.ok("log", "read", "--from", "2026-11-10", "--to", "2026-11-20")
        try s.ok("log", "Run & <jump>", "--date", "2026-11-18", "--note", "SECRET-NOTE")
        try s.ok("log", "Run & <jump>", "--date", "2026-11-20")
        try s.ok("log", "read", "--skip", "--from", "2026-12-24", "--to", "2026-12-26")
        try s.ok("log", "read", "--skip", "--date", "2026-12-31")
        try s.ok("log", "Run & <jump>", "--skip", "--date", "2026-11-19")   // not planned: already past
        try s.ok("goal", "add", "Fit, and well; really", "--habits", "Run & <jump>", "--target-date", "2027-04-10")
        return s
    }

    func file(_ s: Session, _ path: String) throws -> Data { try Data(contentsOf: s.folder.url.appendingPathComponent("site/" + path)) }

    @Test func theFeedIsAtomWithOneEntryPerDayAndRelativeLinks() throws {
        let s = try store()
        try s.ok("report", "--out", "site", "--include-notes")
        let (feed, namespaces) = try XMLTree.parse(try file(s, "feed.xml"))
        #expect(feed.name == "feed" && namespaces == ["http://www.w3.org/2005/Atom"])
        for required in ["id", "title", "updated", "author"] { #expect(feed.first(required) != nil, "\(required)") }
        let entries = feed.all("entry")
        // 1–19 November, newest first: the 20th is still going on (18:00), so it has no entry yet.
        #expect(entries.count == 19)
        #expect(entries.first?.first("title")?.text == "Thursday, 19 November 2026: 1 of 1 due done · a perfect day")
        let rfc3339 = ISO8601DateFormatter()
        rfc3339.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var ids = Set<String>()
        for entry in entries {
            for required in ["id", "title", "updated", "link"] { #expect(entry.first(required) != nil, "\(required)") }
            #expect(rfc3339.date(from: entry.first("updated")!.text) != nil, "\(entry.first("updated")!.text)")
            ids.insert(entry.first("id")!.text)
            #expect(entry.first("id")!.text.hasPrefix("urn:uuid:"))
            for link in entry.all("link") { #expect(link.attributes["href"] == "index.html") }
        }
        #expect(ids.count == entries.count)
        // A day is updated when it was last written: the 19th was logged on the 20th at 18:00; the
        // 9th had nothing written after it ended (midnight in Berlin is 23:00 UTC the day before).
        #expect(entries.first?.first("updated")?.text == "2026-11-20T18:00:00.000Z")
        #expect(entries.first { $0.first("title")!.text.contains(", 9 November 2026") }?.first("updated")?.text == "2026-11-09T23:00:00.000Z")
        let sixteenth = try #require(entries.first { $0.first("title")!.text.contains("16 November 2026") })
        #expect(sixteenth.first("summary")?.text.contains("Read reached a streak of 7 days") == true)
        let wednesday = try #require(entries.first { $0.first("title")!.text.contains("18 November 2026") })
        #expect(wednesday.first("summary")?.text == "Done: Read, Run & <jump>")
        let monday = try #require(entries.first { $0.first("title")!.text.contains("16 November 2026") })
        #expect(monday.first("summary")?.text.hasPrefix("Done: Read · Not done: Run & <jump>") == true)
        // The content is HTML, escaped once: the name's "<" is text in the reader.
        #expect(wednesday.first("content")?.attributes["type"] == "html")
        #expect(wednesday.first("content")?.text.contains("Run &amp; &lt;jump&gt;") == true)
        // Notes never reach the feed, the calendar, cards or badges, even when pages show them.
        for path in ["feed.xml", "calendar.ics", "cards/read.svg", "cards/run-jump.svg", "badges/run-jump.svg"] {
            #expect(!String(decoding: try file(s, path), as: UTF8.self).contains("SECRET-NOTE"), "\(path)")
        }
        // The same store on the same day gives the same ids.
        try s.ok("report", "--out", "again", "--as-of", "2026-11-20")
        let again = try XMLTree.parse(try Data(contentsOf: s.folder.url.appendingPathComponent("again/feed.xml"))).root
        #expect(Set(again.all("entry").map { $0.first("id")!.text }) == ids)
        // Cron's run at 00:05 on the 21st (23:05 UTC), as of yesterday: the 20th is over and told.
        var night = s
        night.now = "2026-11-20T23:05:00Z"
        try night.ok("report", "-q", "--out", "night", "--as-of", "yesterday")
        let told = try XMLTree.parse(try Data(contentsOf: s.folder.url.appendingPathComponent("night/feed.xml"))).root.all("entry")
        #expect(told.count == 20)
        #expect(told.first?.first("title")?.text == "Friday, 20 November 2026: 2 of 2 due done · a perfect day")
        #expect(told.first?.first("updated")?.text == "2026-11-20T23:00:00.000Z")
    }

    /// RFC 4287: ids are permanent, one for the store's feed and one per day, whatever is logged
    /// or added later; a day whose content changes gets a later `updated`, and so does the feed.
    /// A year that ended within the feed's days has one entry of its own, linked to its review;
    /// a year still going on, or ended before those days, has none.
    @Test func aYearThatEndedHasAnEntryLinkedToItsReview() throws {
        var s = try store()
        func yearEntries(_ asOf: String) throws -> [XMLTree.Element] {
            try s.ok("report", "--out", "site", "--as-of", asOf)
            return try XMLTree.parse(try file(s, "feed.xml")).root.all("entry").filter { $0.first("title")!.text.hasSuffix("in review") }
        }
        s.now = "2026-12-31T20:00:00Z"
        #expect(try yearEntries("2026-12-31").isEmpty)   // the year's last day is still going on
        s.now = "2027-01-05T12:00:00Z"
        let entries = try yearEntries("2027-01-04")
        try #require(entries.count == 1)
        let entry = entries[0]
        #expect(entry.first("title")?.text == "2026 in review")
        #expect(entry.first("link")?.attributes["href"] == "years/2026.html")
        #expect(entry.first("updated")?.text == "2026-12-31T23:00:00.000Z")   // the year's end in Berlin
        let summary = entry.first("summary")?.text ?? ""
        #expect(summary.hasPrefix("2026: ") && summary.contains(" perfect days. · 📚 Read: 11 days done · longest streak 11 days"), "\(summary)")
        // It sits beside its last day's entry, and feed.json has it with its page's address.
        let titles = try XMLTree.parse(try file(s, "feed.xml")).root.all("entry").map { $0.first("title")!.text }
        #expect(titles.firstIndex(of: "2026 in review").map { titles[$0 + 1].contains("31 December 2026") } == true, "\(titles)")
        let json = try JSONSerialization.jsonObject(with: try file(s, "feed.json")) as! [String: Any]
        #expect((json["items"] as! [[String: Any]]).contains { $0["title"] as? String == "2026 in review" })
        #expect(try yearEntries("2027-02-15").isEmpty)   // past the feed's 30 days
    }

    @Test func idsStayAndAChangedDayIsUpdated() throws {
        var s = try store()
        func feed(_ folder: String) throws -> (id: String, updated: String, entries: [String: (id: String, updated: String, summary: String)]) {
            let root = try XMLTree.parse(try Data(contentsOf: s.folder.url.appendingPathComponent(folder + "/feed.xml"))).root
            var entries: [String: (id: String, updated: String, summary: String)] = [:]
            for entry in root.all("entry") {
                let day = try #require(FortnightTests.dayOfTitle(entry.first("title")!.text))
                entries[day] = (entry.first("id")!.text, entry.first("updated")!.text, entry.first("summary")!.text)
            }
            return (root.first("id")!.text, root.first("updated")!.text, entries)
        }
        try s.ok("report", "--out", "before", "--as-of", "2026-11-20")
        let before = try feed("before")
        // Two days later a habit is added and logged for the 19th; the 18th's Run is withdrawn.
        s.now = "2026-11-22T09:30:00Z"
        try s.ok("habit", "add", "Piano")
        try s.ok("log", "piano", "--date", "2026-11-19")
        try s.ok("unlog", "Run & <jump>", "--date", "2026-11-18")
        try s.ok("report", "--out", "after", "--as-of", "2026-11-20")
        let after = try feed("after")
        #expect(after.id == before.id)
        // The 20th, over by now, has gained its entry; every other keeps its id.
        #expect(Set(after.entries.keys) == Set(before.entries.keys).union(["2026-11-20"]))
        #expect(after.entries.filter { before.entries[$0.key] != nil }.mapValues(\.id) == before.entries.mapValues(\.id))
        #expect(after.entries["2026-11-19"]!.summary.contains("Piano"))
        #expect(after.entries["2026-11-19"]!.updated == "2026-11-22T09:30:00.000Z")
        #expect(after.entries["2026-11-18"]!.updated == "2026-11-22T09:30:00.000Z")
        #expect(after.entries["2026-11-17"]!.updated == before.entries["2026-11-17"]!.updated)
        #expect(after.updated == "2026-11-22T09:30:00.000Z" && before.updated < after.updated)
        // The same store and as-of give the same feed, whenever it is made.
        s.now = "2026-11-25T12:00:00Z"
        try s.ok("report", "--out", "again", "--as-of", "2026-11-20")
        #expect(try Data(contentsOf: s.folder.url.appendingPathComponent("again/feed.xml"))
                == Data(contentsOf: s.folder.url.appendingPathComponent("after/feed.xml")))
        // A store restored from its backup is the same store: the same ids.
        try s.ok("backup", "--out", "backup.json")
        try s.ok("restore", s.folder.path("backup.json"), "--store", s.folder.path("restored.sqlite"))
        try s.ok("report", "--store", s.folder.path("restored.sqlite"), "--out", "restored", "--as-of", "2026-11-20")
        #expect(try feed("restored").id == after.id)
    }

    /// JSON Feed 1.1 beside the Atom feed: the specification's required fields (version, title,
    /// items; each item an id and content), the Atom feed's entries with their ids and updated
    /// dates, absolute addresses under a base URL and none without one, and every page links it.
    @Test func theJSONFeedHasTheAtomFeedsEntriesAndTheRequiredFields() throws {
        let s = try store()
        for (folder, base) in [("plain", nil), ("based", "https://me.example/h/")] as [(String, String?)] {
            try s.ok(["report", "--out", folder, "--as-of", "2026-11-20"] + (base.map { ["--base-url", $0] } ?? []))
            let atom = try XMLTree.parse(try Data(contentsOf: s.folder.url.appendingPathComponent(folder + "/feed.xml"))).root
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: s.folder.url.appendingPathComponent(folder + "/feed.json"))) as! [String: Any]
            #expect(json["version"] as? String == "https://jsonfeed.org/version/1.1")
            #expect(json["title"] as? String == atom.first("title")!.text)
            let items = try #require(json["items"] as? [[String: Any]])
            #expect(items.map { $0["id"] as? String } == atom.all("entry").map { $0.first("id")!.text })
            #expect(items.map { $0["date_modified"] as? String } == atom.all("entry").map { $0.first("updated")!.text })
            #expect(items.allSatisfy { ($0["content_text"] as? String).map { !$0.isEmpty } ?? false })
            #expect(!items.isEmpty)
            if let base {
                #expect(json["feed_url"] as? String == base + "feed.json" && json["home_page_url"] as? String == base + "index.html")
            } else {
                #expect(json["feed_url"] == nil && json["home_page_url"] == nil && items.allSatisfy { $0["url"] == nil })
            }
            let page = String(decoding: s.folder.bytes(folder + "/habits/read.html"), as: UTF8.self)
            #expect(page.contains("<link rel=\"alternate\" type=\"application/feed+json\""))
        }
        // Private text never reaches it.
        #expect(!String(decoding: s.folder.bytes("plain/feed.json"), as: UTF8.self).contains("SECRET-NOTE"))
    }

    /// A past day keeps the habits that were tracked on it: archiving Read — and then enough other
    /// habits that Read has no page of its own on the site any more — changes neither the words
    /// nor the `updated` of the days it was done on, its streak's milestone included.
    @Test func archivingChangesNoPastDaysEntry() throws {
        var s = try store()
        // The site gives pages to the 24 habits archived last: 24 more push Read out of them.
        let others = (1...24).map { "Other \($0)" }
        s.now = "2026-11-01T09:00:00Z"
        for name in others { try s.ok("habit", "add", name) }
        s.now = "2026-11-20T19:00:00Z"
        let logged = try s.binary.run(["log"] + others + ["--date", "2026-11-19"], environment: s.environment, in: s.folder.url)
        #expect(logged.status == 0, "\(logged.stderr)")
        s.now = "2026-11-21T08:00:00Z"
        try s.ok("report", "-q", "--out", "before", "--as-of", "2026-11-20")
        func entries(_ folder: String) throws -> [String: String] {
            let feed = try XMLTree.parse(s.folder.bytes(folder + "/feed.xml")).root
            return Dictionary(uniqueKeysWithValues: feed.all("entry").map { entry in
                (entry.first("id")!.text, [entry.first("title")!.text, entry.first("summary")!.text, entry.first("updated")!.text].joined(separator: " | "))
            })
        }
        let before = try entries("before")
        #expect(before.values.contains { $0.contains("Read reached a streak of 7 days") })
        s.now = "2026-11-21T09:00:00Z"
        try s.ok("habit", "archive", "read")
        for (i, name) in others.enumerated() {
            s.now = "2026-11-21T10:\(String(format: "%02d", i)):00Z"
            try s.ok("habit", "archive", name)
        }
        try s.ok("report", "-q", "--out", "after", "--as-of", "2026-11-20")
        #expect(!FileManager.default.fileExists(atPath: s.folder.path("after/habits/read.html")), "Read still has a page: the test does not test")
        #expect(try entries("after") == before)
    }

    /// The feed's ids are standard name-based UUIDs (RFC 9562 version 5, the same function as an
    /// import's ids): Python's `uuid.uuid5` of the site's namespace and the store's identity with
    /// the thing's name gives the same.
    @Test func theFeedsIdsAreVersionFiveUUIDsOfTheStoresIdentity() throws {
        let s = try store()
        try s.ok("report", "--out", "site")
        let feed = try XMLTree.parse(try file(s, "feed.xml")).root
        try s.ok("backup", "--out", "b.json")
        let backup = try JSONSerialization.jsonObject(with: s.folder.bytes("b.json")) as! [String: Any]
        let storeId = try #require((backup["settings"] as? [String: Any])?["storeId"] as? String)
        let entry = try #require(feed.all("entry").first { $0.first("title")?.text.contains("19 November 2026") == true })
        let script = s.folder.path("ids.py"), out = s.folder.path("ids.txt")
        try """
            import sys, uuid
            site = uuid.UUID("629e1d35-94b7-49a0-9607-12a2353337da")
            open(sys.argv[2], "w").write(" ".join("urn:uuid:%s" % uuid.uuid5(site, sys.argv[1] + "/" + name) for name in ["feed", "day-2026-11-19"]))
            """.write(toFile: script, atomically: true, encoding: .utf8)
        #expect(TestPostgres.spawnAndWait("/usr/bin/python3", [script, storeId, out]) == 0)
        let expected = try String(contentsOfFile: out, encoding: .utf8).split(separator: " ").map(String.init)
        #expect([feed.first("id")?.text, entry.first("id")?.text] == expected)
    }

    @Test func aBaseURLMakesEveryLinkAbsolute() throws {
        let s = try store()
        try s.ok("report", "--out", "site", "--base-url", "https://example.org/habits")
        let feed = try XMLTree.parse(try file(s, "feed.xml")).root
        // The feed's and its entries' ids are the store's, with or without a web address: a site
        // made public later keeps them, and feed readers show nothing again (links change, ids not).
        try s.ok("report", "--out", "private")
        let privateFeed = try XMLTree.parse(s.folder.bytes("private/feed.xml")).root
        #expect(feed.first("id")?.text.hasPrefix("urn:uuid:") == true && feed.first("id")?.text == privateFeed.first("id")?.text)
        #expect(feed.all("entry").compactMap { $0.first("id")?.text } == privateFeed.all("entry").compactMap { $0.first("id")?.text })
        #expect(!feed.all("entry").isEmpty)
        for link in feed.all("link") + feed.all("entry").flatMap({ $0.all("link") }) {
            #expect(link.attributes["href"]?.hasPrefix("https://example.org/habits/") == true)
        }
        let html = String(decoding: try file(s, "habits/read.html"), as: UTF8.self)
        #expect(html.contains(#"<meta property="og:image" content="https://example.org/habits/previews/habits/read.png">"#))
        #expect(html.contains(#"<meta property="og:url" content="https://example.org/habits/habits/read.html">"#))
        // The embed snippets: a <picture> that shows the dark variant in a dark theme (as GitHub READMEs do).
        let markdown = String(decoding: try file(s, "habits/read.md"), as: UTF8.self)
        #expect(markdown.contains("    <a href=\"https://example.org/habits/habits/read.html\"><picture><source media=\"(prefers-color-scheme: dark)\" "
                                  + "srcset=\"https://example.org/habits/badges/dark/read.svg\"><img alt=\"streak\" src=\"https://example.org/habits/badges/read.svg\"></picture></a>\n"))
        #expect(markdown.contains("    <picture><source media=\"(prefers-color-scheme: dark)\" srcset=\"https://example.org/habits/cards/dark/read.svg\">"
                                  + "<img alt=\"habit card\" src=\"https://example.org/habits/cards/read.svg\"></picture>\n"))
        // In the page, the snippet is text to copy.
        #expect(html.contains("&lt;picture&gt;&lt;source media=&quot;(prefers-color-scheme: dark)&quot; srcset=&quot;https://example.org/habits/cards/dark/read.svg&quot;&gt;"))
        let bad = try s.run("report", "--out", "site2", "--base-url", "ftp://example.org")
        #expect(bad.status == 2 && bad.stderr.contains("ftp://example.org is not a web address"))
        #expect(!FileManager.default.fileExists(atPath: s.folder.path("site2")))
    }

    @Test func pagesHaveADescriptionAnIconAndOpenGraphTags() throws {
        let s = try store()
        try s.ok("report", "--out", "site", "--as-of", "2026-11-20")
        let index = String(decoding: try file(s, "index.html"), as: UTF8.self)
        #expect(index.contains(#"<meta name="description" content="Habit progress as of 20 Nov 2026: 2 of 2 due done · 2 active habits · "#))
        #expect(index.contains(#"<link rel="icon" href="favicon.svg" type="image/svg+xml">"#))
        #expect(index.contains(#"<link rel="alternate" type="application/atom+xml" title="Habit progress, day by day" href="feed.xml">"#))
        #expect(index.contains(#"<meta property="og:title" content="Habits">"#))
        // Without a base URL there is no absolute address to give a preview picture.
        #expect(!index.contains("og:image") && !index.contains("og:url"))
        let page = String(decoding: try file(s, "habits/run-jump.html"), as: UTF8.self)
        #expect(page.contains(#"<meta property="og:title" content="Run &amp; &lt;jump&gt;">"#))
        #expect(page.contains(#"<link rel="icon" href="../favicon.svg""#))
        _ = try XMLTree.parse(try file(s, "favicon.svg"))
        #expect(index.contains(#"<a href="feed.xml">Atom feed</a> · <a href="calendar.ics">calendar of planned skips and goals</a>"#))
    }

    @Test func cardsAndBadgesAreSelfContainedSVG() throws {
        let s = try store()
        try s.ok("report", "--out", "site", "--as-of", "2026-11-20")
        let card = try XMLTree.parse(try file(s, "cards/read.svg")).root
        #expect(card.name == "svg" && card.first("title")?.text == "📚 Read")
        let texts = card.all("text").map(\.text)
        #expect(texts.contains("Streak 11 days · best 11 days"))
        // This year's grid through the week of the as-of day, a cell per day (1 Nov–22 Nov): each
        // a `<use>` of a cell the card defines itself, beside the card's own rectangle.
        let defined = Set(card.first("defs")?.all("rect").compactMap { $0.attributes["id"] } ?? [])
        #expect(card.all("rect").count == 1 && card.all("use").count == 22 && !defined.isEmpty)
        #expect(card.all("use").allSatisfy { defined.contains(String(($0.attributes["href"] ?? "").dropFirst())) })
        let badge = try XMLTree.parse(try file(s, "badges/run-jump.svg")).root
        #expect(badge.first("title")?.text == "streak: 2 days")
        // The dark variants: the same card and badge, dark whatever the reader's preference.
        let dark = String(decoding: try file(s, "cards/dark/read.svg"), as: UTF8.self)
        #expect(dark.contains(".card{fill:#0d1117;stroke:#3d444d}.name,.big{fill:#e6edf3}text{fill:#8b949e}.l0,.missbg{fill:#161b22}"))
        #expect(String(decoding: try file(s, "cards/read.svg"), as: UTF8.self).contains("@media (prefers-color-scheme: dark){.card{fill:#0d1117"))
        #expect(try XMLTree.parse(try file(s, "cards/dark/read.svg")).root.all("use").count == 22)
        #expect(try XMLTree.parse(try file(s, "badges/dark/run-jump.svg")).root.first("title")?.text == "streak: 2 days")
        #expect(String(decoding: try file(s, "badges/dark/run-jump.svg"), as: UTF8.self).contains("fill=\"#6e7681\""))
        for path in ["cards/read.svg", "cards/run-jump.svg", "badges/read.svg", "badges/run-jump.svg", "cards/dark/read.svg", "badges/dark/read.svg"] {
            let text = String(decoding: try file(s, path), as: UTF8.self)
            // Nothing from elsewhere: no links, images, fonts or scripts.
            #expect(!text.contains("href=\"http") && !text.contains("<image") && !text.contains("@import") && !text.contains("<script"), "\(path)")
        }
        #expect(String(decoding: try file(s, "cards/run-jump.svg"), as: UTF8.self).contains("Run &amp; &lt;jump&gt;"))
    }

    @Test func theCalendarHasPlannedSkipsAndGoalDatesAndParses() throws {
        let s = try store()
        try s.ok("report", "--out", "site", "--as-of", "2026-11-20")
        let data = try file(s, "calendar.ics")
        let text = String(decoding: data, as: UTF8.self)
        // Strict lines: CRLF only, at most 75 octets, BEGIN and END balanced.
        #expect(text.hasSuffix("\r\n") && !text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        let lines = text.components(separatedBy: "\r\n").dropLast()
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        #expect(lines.filter { $0 == "BEGIN:VEVENT" }.count == lines.filter { $0 == "END:VEVENT" }.count)
        #expect(text.contains("SUMMARY:Goal: Fit\\, and well\\; really\r\n"))
        // Python's icalendar reads it back.
        let script = s.folder.path("read.py"), out = s.folder.path("events.json")
        try """
            import icalendar, json, sys
            cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
            events = [[str(e['SUMMARY']), e.decoded('DTSTART').isoformat(), e.decoded('DTEND').isoformat()] for e in cal.walk('VEVENT')]
            json.dump(events, open(sys.argv[2], 'w'))
            """.write(toFile: script, atomically: true, encoding: .utf8)
        #expect(TestPostgres.spawnAndWait("/usr/bin/python3", [script, s.folder.path("site/calendar.ics"), out]) == 0)
        let events = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [[String]]
        #expect(events == [
            ["Read: excused", "2026-12-24", "2026-12-27"],
            ["Read: excused", "2026-12-31", "2027-01-01"],
            ["Goal: Fit, and well; really", "2027-04-10", "2027-04-11"],
        ])
        // Nothing planned and no goal dates: no calendar, and no link to one.
        var empty = Session()
        try empty.ok("init")
        try empty.ok("habit", "add", "Read")
        empty.now = "2026-11-20T18:00:00Z"
        try empty.ok("report", "--out", "site")
        #expect(!FileManager.default.fileExists(atPath: empty.folder.path("site/calendar.ics")))
        #expect(!String(decoding: try Data(contentsOf: empty.folder.url.appendingPathComponent("site/index.md")), as: UTF8.self).contains("calendar"))
    }
}
