import AlmanacTestSupport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// The rows of the Markdown pipe table under a heading (the first table after it).
func markdownTable(_ markdown: String, under heading: String) -> [[String]] {
    let lines = markdown.components(separatedBy: "\n")
    guard let start = lines.firstIndex(of: heading) else { return [] }
    var rows: [[String]] = []
    for line in lines[(start + 1)...] {
        if line.hasPrefix("#") { break }
        guard line.hasPrefix("|") else { if rows.isEmpty { continue } else { break } }
        rows.append(line.dropFirst().dropLast().components(separatedBy: " | ").map { $0.trimmingCharacters(in: .whitespaces) })
    }
    return Array(rows.dropFirst(2))   // the header and its rule
}

@Suite struct PageForPeopleTests {
    /// Water (a count with a target) and Run (three days a week) over October and November 2026.
    func store() throws -> Session {
        var s = Session()
        s.now = "2026-10-01T08:00:00Z"
        try s.ok("init", "--timezone", "Europe/Berlin")
        try s.ok("habit", "add", "Water", "--unit", "count", "--target", "8", "--unit-label", "glasses")
        try s.ok("habit", "add", "Run", "--frequency", "weekdays:mon,wed,fri")
        s.now = "2026-11-20T18:00:00Z"
        for (offset, day) in (1...31).map({ String(format: "2026-10-%02d", $0) }).enumerated() where offset % 3 != 0 {
            try s.ok("log", "water", "\(5 + offset % 5)", "--date", day)
        }
        for day in ["2026-10-05", "2026-10-07", "2026-11-02", "2026-11-04", "2026-11-18", "2026-11-20"] {
            try s.ok("log", "run", "--date", day)
        }
        try s.ok("log", "water", "9", "--date", "2026-11-19")
        return s
    }

    @Test func weeksMonthsAndYearsShowTheFiguresOfStats() throws {
        let s = try store()
        try s.ok("report", "--out", "site")
        for slug in ["water", "run"] {
            let markdown = try String(contentsOf: s.folder.url.appendingPathComponent("site/habits/\(slug).md"), encoding: .utf8)
            let stats = try JSONSerialization.jsonObject(with: Data(try s.ok("stats", slug, "--json").utf8)) as! [String: Any]
            let metrics = stats["metrics"] as! [String: Any]
            for (heading, key, count) in [("### The last 8 weeks", "weeks", 8), ("### The last 12 months", "months", 12),
                                          ("### Every year", "years", 99)] {
                let rows = markdownTable(markdown, under: heading)
                let totals = (metrics[key] as! [[String: Any]]).suffix(count).reversed()
                #expect(rows.count == totals.count, "\(slug) \(key)")
                for (row, total) in zip(rows, totals) {
                    #expect(row[1] == "\(total["done"]!) of \(total["due"]!)", "\(slug) \(key) \(row)")
                    if slug == "water" { #expect(row[3] == "\(total["value"]!) glasses", "\(slug) \(key) \(row)") }
                }
            }
        }
        // Hand-counted: October's water: 20 days logged of 31, 8 or 9 glasses on 8 of them (done).
        let water = try String(contentsOf: s.folder.url.appendingPathComponent("site/habits/water.md"), encoding: .utf8)
        let october = markdownTable(water, under: "### The last 12 months").first { $0[0] == "October 2026" }
        #expect(october == ["October 2026", "8 of 31", "26%", "140 glasses"])
        #expect(markdownTable(water, under: "### The last 12 months").first?[0] == "November 2026 (so far)")
        let run = try String(contentsOf: s.folder.url.appendingPathComponent("site/habits/run.md"), encoding: .utf8)
        #expect(markdownTable(run, under: "### The last 8 weeks").first == ["2026-W47 from 16 Nov (so far)", "2 of 3", "67%"])
        #expect(run.contains("## Last month: October 2026") && run.contains("2 of 13 done (15%)"))
    }

    @Test func theDashboardComparesTheLastFourWeeksAndLastMonth() throws {
        let s = try store()
        try s.ok("report", "--out", "site")
        let markdown = try String(contentsOf: s.folder.url.appendingPathComponent("site/index.md"), encoding: .utf8)
        #expect(markdown.contains("| Habit | Week of 26 Oct | Week of 2 Nov | Week of 9 Nov | Week of 16 Nov (so far) |"))
        let weeks = markdownTable(markdown, under: "## The last 4 weeks")
        #expect(weeks.map(\.first) == ["[Water](habits/water.md)", "[Run](habits/run.md)"])
        #expect(weeks.last == ["[Run](habits/run.md)", "0 of 3", "2 of 3", "0 of 3", "2 of 3"])
        let lastMonth = markdownTable(markdown, under: "## Last month")
        #expect(lastMonth.first == ["[Water](habits/water.md)", "8 of 31", "26%", "140 glasses"])
    }

    @Test func everyPictureHasATableUnderItOrALinkToOne() throws {
        let s = try store()
        try s.ok("report", "--out", "site")
        let site = s.folder.url.appendingPathComponent("site")
        for page in ["index.html", "habits/water.html", "habits/run.html"] {
            let html = try String(contentsOf: site.appendingPathComponent(page), encoding: .utf8)
            let pictures = html.components(separatedBy: "<object ").dropFirst()
            #expect(!pictures.isEmpty)
            for picture in pictures {
                let next = picture.components(separatedBy: "<object ")[0]
                let section = next.components(separatedBy: "<h2").first!.components(separatedBy: "<h3").first!
                let tableHere = section.contains("<details class=\"table\" id=\"table-")
                let link = section.range(of: #"href="[^"]*#table-[a-z0-9-]+""#, options: .regularExpression)
                #expect(tableHere || link != nil, "\(page): \(picture.prefix(120))")
                if let link {
                    // The linked table exists where the link points.
                    let target = section[link].dropFirst(6).dropLast()
                    let parts = target.components(separatedBy: "#")
                    let linked = try String(contentsOf: site.appendingPathComponent(parts[0]), encoding: .utf8)
                    #expect(linked.contains("id=\"\(parts[1])\""), "\(target)")
                }
            }
        }
    }

    @Test func wellbeingIsChartedByWeekOnlyWithTheJournal() throws {
        let s = try store()
        try s.ok("wellbeing", "add", "mood", "6", "--scale", "10", "--date", "2026-11-03")
        try s.ok("wellbeing", "add", "mood", "4", "--date", "2026-11-16")
        try s.ok("wellbeing", "add", "mood", "2", "--date", "2026-11-19", "--note", "private words")
        try s.ok("wellbeing", "add", "difficulty", "7", "--scale", "10", "--habit", "run", "--date", "2026-11-18")
        let site = s.folder.url.appendingPathComponent("site")
        let charts = site.appendingPathComponent("charts/wellbeing")
        try s.ok("report", "--out", "site")
        #expect(!FileManager.default.fileExists(atPath: charts.path))

        try s.ok("report", "--out", "site", "--include-journal")
        // Mood on its largest scale (10): 6 in the week of 2 Nov, none the next, (8 + 4) / 2 in the
        // as-of week. A habit's difficulty is not a day's wellbeing: no chart.
        #expect(try FileManager.default.contentsOfDirectory(atPath: charts.path) == ["mood.svg"])
        let svg = try Data(contentsOf: charts.appendingPathComponent("mood.svg"))
        #expect(XMLParser(data: svg).parse())
        #expect(!String(decoding: svg, as: UTF8.self).contains("private words"))
        let markdown = try String(contentsOf: site.appendingPathComponent("journal.md"), encoding: .utf8)
        #expect(markdown.contains("![Mood by week: "), "\(markdown)")
        #expect(markdownTable(markdown, under: "### Mood") == [["2026-W47 from 16 Nov", "6 of 10", "2"],
                                                               ["2026-W46 from 9 Nov", "–", "0"],
                                                               ["2026-W45 from 2 Nov", "6 of 10", "1"]])
        let html = try String(contentsOf: site.appendingPathComponent("journal.html"), encoding: .utf8)
        #expect(html.contains("<object") && html.contains("charts/wellbeing/mood.svg"))
        #expect(html.contains("<details class=\"table\" id=\"table-wellbeing-mood\">"))

        // The public run that follows takes the charts down with the journal.
        try s.ok("report", "--out", "site")
        #expect(!FileManager.default.fileExists(atPath: charts.path))
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("journal.html").path))
    }
}
