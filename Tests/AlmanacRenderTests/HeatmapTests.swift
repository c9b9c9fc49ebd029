@testable import AlmanacRender
@testable import AlmanacWords
import AlmanacDomain
import CPreview
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

@Suite struct HeatmapGridTests {
    @Test func yearsTakeFiftyThreeOrFiftyFourWeeks() {
        // 2012 starts on a Sunday and is a leap year: with Monday first it spans 54 weeks.
        #expect(HeatmapGrid(year: 2012, weekStart: .monday).columns == 54)
        #expect(HeatmapGrid(year: 2012, weekStart: .sunday).columns == 53)
        #expect(HeatmapGrid(year: 2026, weekStart: .monday).columns == 53)
        #expect(HeatmapGrid(year: 2026, weekStart: .monday).days.count == 365)
        #expect(HeatmapGrid(year: 2024, weekStart: .monday).days.count == 366)
    }

    @Test func rowsFollowTheWeekStart() {
        let thursday = DayKey("2026-01-01")!
        #expect(HeatmapGrid(year: 2026, weekStart: .monday).row(of: thursday) == 3)
        #expect(HeatmapGrid(year: 2026, weekStart: .sunday).row(of: thursday) == 4)
        let grid = HeatmapGrid(year: 2026, weekStart: .sunday)
        #expect(grid.origin == DayKey("2025-12-28"))
        #expect(grid.column(of: DayKey("2026-01-04")!) == 1)
        #expect(grid.rowWeekdays.first == .sunday)
        #expect(grid.monthColumns.first! == (1, 0))
    }

    @Test func levelsFollowValueOverTarget() {
        #expect(HeatmapCell.level(value: 0, target: 8, direction: .atLeast) == .level0)
        #expect(HeatmapCell.level(value: 3, target: 8, direction: .atLeast) == .level1)
        #expect(HeatmapCell.level(value: 6, target: 8, direction: .atLeast) == .level2)
        #expect(HeatmapCell.level(value: 8, target: 8, direction: .atLeast) == .level3)
        #expect(HeatmapCell.level(value: 12, target: 8, direction: .atLeast) == .level4)
        // At most 2: none is best, within the limit is done, over it is a failure of its own colour.
        #expect(HeatmapCell.level(value: 0, target: 2, direction: .atMost) == .level4)
        #expect(HeatmapCell.level(value: 2, target: 2, direction: .atMost) == .level3)
        #expect(HeatmapCell.level(value: 2.01, target: 2, direction: .atMost) == .over)
        #expect(HeatmapCell.level(value: 3.5, target: 2, direction: .atMost) == .over)
        #expect(HeatmapCell.level(value: 9, target: 2, direction: .atMost) == .over)
        #expect(HeatmapCell.level(share: 1) == .level4)
        #expect(HeatmapCell.level(share: 0.5) == .level2)
    }
}

@Suite struct HeatmapSVGTests {
    func sample(name: String = "Run <fast> & \"far\"", unitLabel: String = "km") -> String {
        var history: [HabitEntry] = []
        let habit = Habit(name: name, createdAt: Timestamp(iso8601: "2024-02-01T08:00:00Z")!) { $0.unit = .count; $0.unitLabel = unitLabel; $0.target = 5; $0.frequency = .weekdays([.monday, .wednesday, .friday]) }
        for (day, value) in [("2024-02-05", 5.0), ("2024-02-07", 2), ("2024-02-29", 8)] {
            history.append(HabitEntry(habitId: habit.id, dayKey: DayKey(day)!, timestampUtc: Timestamp(millis: 0), value: value))
        }
        history.append(HabitEntry(habitId: habit.id, dayKey: DayKey("2024-02-09")!, timestampUtc: Timestamp(millis: 0), kind: .skip, value: 0))
        let series = DaySeries(habit: habit, entries: history, createdDay: DayKey("2024-02-01")!, asOf: DayKey("2024-03-01")!, today: DayKey("2024-03-01")!)
        let grid = HeatmapGrid(year: 2024, weekStart: .monday)
        let cells = DayCells.habit(series, days: grid.days, archivedDay: nil, text: .english)
        return HeatmapSVG(grid: grid, cells: cells, title: "\(name), 2024", summary: "a summary", color: "#D1242F", idPrefix: "run-2024").render()
    }

    /// Every day a `<use>` of its kind's cell with its words as a tooltip, no attribute besides
    /// its place; the name and summary in the root's `<title>` and `<desc>` (SVG 1.1, as the Nu
    /// checker reads it, has no `aria-label`).
    @Test func isWellFormedXMLWithATooltipOnEveryDay() throws {
        let svg = sample()
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = CellCollector()
        parser.delegate = collector
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(collector.root?["role"] == "img")
        #expect(collector.root?["aria-label"] == nil && collector.rootTitle == "Run <fast> & \"far\", 2024")
        #expect(collector.cells.count == 366)
        #expect(collector.cells.allSatisfy { Set($0.keys) == ["href", "x", "y", "class", "title", "date"] })
        #expect(collector.titles == 366 + 1)
        let byDate = Dictionary(uniqueKeysWithValues: collector.cells.map { ($0["date"]!, $0) })
        #expect(byDate["2024-02-05"]?["class"] == "l3")
        #expect(byDate["2024-02-05"]?["title"] == "2024-02-05 · 5 km · done")
        #expect(byDate["2024-02-07"]?["class"] == "miss")    // logged short of the target, and over: missed, with its mark
        #expect(byDate["2024-02-07"]?["title"]?.contains(" km · ") == true)
        #expect(byDate["2024-02-29"]?["class"] == "l4")
        #expect(byDate["2024-02-09"]?["class"] == "skip")
        #expect(byDate["2024-02-06"]?["class"] == "off")     // a Tuesday: not due
        #expect(byDate["2024-01-15"]?["class"] == "out")     // before the habit existed
        #expect(byDate["2024-03-02"]?["class"] == "out")     // after the as-of day
        #expect(byDate["2024-02-12"]?["class"] == "miss")    // due, nothing logged, over: missed
        #expect(svg.contains("<title>2024-02-12 · nothing logged · missed</title>"))
        // The legend names every kind of cell, the missed mark among them.
        #expect(svg.contains(#"class="miss"/><text"#) && svg.contains(">missed</text>"))
        #expect(svg.contains("<title>2024-02-05 · 5 km · done</title>"))
    }

    /// The month grid (the Habit Tracker app): one cell per day of the month in the heatmap's classes, in rows
    /// of weeks from the week start, with the same tooltips and data attributes.
    @Test func theMonthGridHasADayCellPerDayInTheHeatmapsClasses() throws {
        var habit = Habit(name: "Run <fast>", createdAt: Timestamp(millis: 0)) { $0.unit = .count; $0.unitLabel = "km"; $0.target = 5; $0.frequency = .weekdays([.monday, .wednesday, .thursday, .friday, .saturday, .sunday]) }
        habit.color = "#D1242F"
        let history = [("2024-02-05", 5.0), ("2024-02-29", 9.0)].map {
            HabitEntry(habitId: habit.id, dayKey: DayKey($0.0)!, timestampUtc: Timestamp(millis: 0), value: $0.1)
        } + [HabitEntry(habitId: habit.id, dayKey: DayKey("2024-02-09")!, timestampUtc: Timestamp(millis: 0), kind: .skip, value: 0)]
        let series = DaySeries(habit: habit, entries: history, createdDay: DayKey("2024-02-01")!, asOf: DayKey("2024-02-29")!, today: DayKey("2024-02-29")!)
        let days = MonthGridSVG.days(of: DayKey("2024-02-29")!)
        #expect(days.count == 29)   // a leap February
        let svg = MonthGridSVG(month: DayKey("2024-02-29")!, weekStart: .sunday, cells: DayCells.habit(series, days: days, archivedDay: nil, text: .english),
                               title: "Run <fast>, February 2024", summary: "2 days done", color: habit.color, idPrefix: "run-month").render()
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = CellCollector()
        parser.delegate = collector
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(collector.cells.count == 29 && collector.titles == 29 + 1)
        let byDate = Dictionary(uniqueKeysWithValues: collector.cells.map { ($0["data-date"]!, $0) })
        #expect(byDate["2024-02-05"]?["class"] == "l3" && byDate["2024-02-29"]?["class"] == "l4")
        #expect(byDate["2024-02-09"]?["class"] == "skip" && byDate["2024-02-06"]?["class"] == "off" && byDate["2024-02-12"]?["class"] == "miss")
        // Under the grid, a legend names each kind of cell the month shows, and only those.
        for (kind, label) in [("l3", "done"), ("miss", "missed"), ("skip", "skipped"), ("off", "not due")] {
            #expect(svg.contains(#"class="\#(kind)"/><text x=""#) && svg.contains(">\(label)</text>"), "\(kind)")
        }
        #expect(!svg.contains(">over the limit</text>") && !svg.contains(">partly done</text>") && !svg.contains(">not tracked</text>"))
        // Sunday weeks: 1 February 2024 is a Thursday, the fifth column; the 4th (Sunday) starts row two.
        #expect(byDate["2024-02-01"]?["x"] == "\(4 * 38)" && byDate["2024-02-04"]?["x"] == "0" && byDate["2024-02-04"]?["y"] == "\(16 + 38)")
        #expect(svg.contains("Run &lt;fast&gt;, February 2024"))
    }

    @Test func hostileTextIsEscapedEverywhere() throws {
        let svg = sample(name: "\"><svg onload=alert(1)><script>alert(2)</script>\u{FFFF}", unitLabel: "<b>km</b>\u{FFFE}")
        #expect(XMLParser(data: Data(svg.utf8)).parse())
        #expect(!svg.unicodeScalars.contains { $0.value == 0xFFFE || $0.value == 0xFFFF })
        #expect(!svg.contains("<script"))
        #expect(!svg.contains("<svg onload"))
        #expect(!svg.contains("<b>"))
        #expect(svg.contains("&lt;script&gt;"))
    }

    /// The root's attributes and title, and each day's cell: a year's `<use>` of its kind's
    /// cell (`class`: the kind it uses), a month's `<rect>` with its `data-date`; with the cell's
    /// tooltip (`title`) and the day it names (`date`).
    final class CellCollector: NSObject, XMLParserDelegate {
        var root: [String: String]?
        var rootTitle: String?
        var cells: [[String: String]] = []
        var titles = 0
        private var text: String?, inCell = false
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if name == "svg" { root = attributes }
            if name == "use" || (name == "rect" && attributes["data-date"] != nil) {
                var cell = attributes
                if let href = cell["href"] { cell["class"] = String(href.dropFirst()) }
                cells.append(cell)
                inCell = true
            }
            if name == "title" { titles += 1; text = "" }
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { text? += string }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            guard name == "title", let title = text else { return }
            if inCell {
                cells[cells.count - 1]["title"] = title
                cells[cells.count - 1]["date"] = String(title.prefix(10))
                inCell = false
            } else if rootTitle == nil { rootTitle = title }
            text = nil
        }
    }
}

@Suite struct EscapingTests {
    static let hostile = ["<script>alert(1)</script>", "\"><svg onload=alert(1)>", "[x](javascript:alert(1))",
                          "| pipes |", "*stars*", "&amp;", "💧 Wasser", "שלום עולם", "# heading", "1. list", "- item",
                          "`code`", "<http://evil.example>", "![img](x.png)", "a\nb", "\\escape"]

    @Test(arguments: hostile)
    func markdownEscapingKeepsTheTextLiteral(_ text: String) {
        let html = CommonMark.html(from: "Before " + MarkdownText.escape(text) + " after")
        #expect(html.hasPrefix("<p>Before "), "\(html)")
        #expect(!html.contains("<script"), "\(html)")
        #expect(!html.contains("<svg"), "\(html)")
        #expect(!html.contains("<a "), "\(html)")
        #expect(!html.contains("<em>") && !html.contains("<code>") && !html.contains("<img"), "\(html)")
        let expected = XMLText.escape(text.replacingOccurrences(of: "\n", with: " "))
        #expect(html == "<p>Before \(expected) after</p>\n", "\(html)")
    }

    @Test(arguments: hostile)
    func markdownEscapingAlsoHoldsAtTheStartOfALine(_ text: String) {
        let html = CommonMark.html(from: MarkdownText.escape(text))
        #expect(html == "<p>\(XMLText.escape(text.replacingOccurrences(of: "\n", with: " ")))</p>\n", "\(html)")
    }

    /// A table's cells are escaped straight into the page's bytes: the bytes `escape` gives, for
    /// hostile text, direction controls, control characters, leading digits and plain figures.
    @Test func markdownEscapingIntoBytesIsEscaping() {
        for text in Self.hostile + ["2026-W47 from Nov 16", "12 of 30", "40%", "3.", "12)", "\u{202E}evil", "a\u{0}b\tc", "", "—"] {
            var out: [UInt8] = Array("x".utf8)
            MarkdownText.append(text, to: &out)
            #expect(out == Array(("x" + MarkdownText.escape(text)).utf8), "\(text)")
        }
    }

    @Test func xmlEscapingCoversTextAndAttributes() {
        #expect(XMLText.escape("<a href=\"x\">'&'</a>") == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
        #expect(XMLText.escape("bell\u{7}") == "bell\u{FFFD}")
        #expect(XMLText.escape("cups\u{FFFE}\u{FFFF}\u{FFFD}\u{FFEF}") == "cups\u{FFFD}\u{FFFD}\u{FFFD}\u{FFEF}")
        #expect(XMLText.escape("tab\tline\nreturn\r") == "tab\tline\nreturn\r")
        #expect(XMLText.escape("💧 שלום") == "💧 שלום")
    }

    /// The day cells' writers give what the text writers give: numbers as `NumberText`, days as
    /// `DayKey.description`, text escaped as `XMLText.escape`.
    @Test func theCellWritersWriteWhatTheTextWritersDo() {
        let texts = Self.hostile + ["bell\u{7}", "cups\u{FFFE}\u{FFFF}", "8 glasses · done", ""]
        let numbers = [0, 7, 10, 99, 734, -12, Int(Int32.max)]
        let days = ["2024-02-29", "0999-01-01", "2026-11-20", "9999-12-31"].map { DayKey($0)! }
        var out: [UInt8] = []
        for text in texts { out.append(escaped: text) }
        for number in numbers { out.append(number: number) }
        for day in days { out.append(year: day.year, month: day.month, day: day.day) }
        #expect(String(decoding: out, as: UTF8.self)
                == texts.map(XMLText.escape).joined() + numbers.map { NumberText.plain(Double($0)) }.joined() + days.map(\.description).joined())
    }

    @Test func slugsAreSafeUniqueASCII() {
        #expect(Slug.make(["../../etc", "CON", "Run", "run", "RUN!", "💧", "Café au lait", "Straße", "all", "   "]) ==
                ["etc", "con-habit", "run", "run-2", "run-3", "habit", "cafe-au-lait", "strasse", "all-habit", "habit-2"])
        #expect(Slug.make([String(repeating: "long ", count: 30)])[0].count <= 48)
        // A long name is cut at the end of a word (48 bytes at most); a single word longer than
        // that inside it; before slugs were kept, always at 48 bytes.
        let long = "Bouldern mit der Klettergruppe im Zentrum (Überhang-Training)"
        #expect(Slug.make([long]) == ["bouldern-mit-der-klettergruppe-im-zentrum"])
        #expect(Slug.make([long], wordCut: false) == ["bouldern-mit-der-klettergruppe-im-zentrum-uberha"])
        #expect(Slug.make([String(repeating: "x", count: 60)]) == [String(repeating: "x", count: 48)])
        #expect(Slug.make(["Run the 10 k", "Run the 10 k"], taken: ["run-the-10-k"]) == ["run-the-10-k-2", "run-the-10-k-3"])
        #expect(Slug.isValid("run-2") && !Slug.isValid("Run") && !Slug.isValid("run--2") && !Slug.isValid("-run") && !Slug.isValid("con") && !Slug.isValid(""))
    }

    @Test func ownSVGImagesBecomeObjectsAndNothingElseDoes() {
        let out = HTMLPage.body("![Run](heatmaps/run-2026.svg)\n\n![x](https://x.example/a.svg)\n\n⟦table:none⟧\n", tables: [:])
        // Named by the image's text for assistive technology, which does not reach the fallback.
        #expect(out.contains("<object class=\"heatmap\" data=\"heatmaps/run-2026.svg\" type=\"image/svg+xml\" role=\"img\" aria-label=\"Run\">"
                             + "<img src=\"heatmaps/run-2026.svg\" alt=\"Run\" /></object>"))
        let quoted = HTMLPage.body("![Tea \"&\" <cake>](charts/tea-month.svg)\n", tables: [:])
        #expect(quoted.contains("aria-label=\"Tea &quot;&amp;&quot; &lt;cake&gt;\""), "\(quoted)")
        #expect(out.contains("<p><img src=\"https://x.example/a.svg\" alt=\"x\" /></p>"))
        #expect(out.contains("<p>⟦table:none⟧</p>"))   // a marker of no table stays text
        #expect(!SiteMap.isOwnSVG("../heatmaps/../../x.svg"))
        for own in ["heatmaps/run-2026.svg", "../heatmaps/all-2026.svg", "charts/Run-2-month.svg", "../charts/wellbeing/mood.svg"] {
            #expect(SiteMap.isOwnSVG(own), "\(own)")
        }
        for other in ["charts/.svg", "heatmaps/.svg", "charts/wellbeing/.svg", "charts/a/b.svg", "heatmaps/run.svg.png", "heatmapsrun.svg",
                      "../../heatmaps/run.svg", "heatmaps/run 2.svg", "heatmaps/caf\u{E9}.svg", "https://x.example/charts/a.svg", ""] {
            #expect(!SiteMap.isOwnSVG(other), "\(other)")
        }
    }
}

@Suite struct MetricTextTests {
    @Test(arguments: [("glasses", "glass"), ("cups", "cup"), ("pastries", "pastry"), ("cigarettes", "cigarette"),
                      ("boxes", "box"), ("min", "min"), ("km", "km"), ("kcal", "kcal"), ("class", "class"), ("Pages", "Page")])
    func unitLabelsForOne(_ plural: String, _ singular: String) {
        #expect(MetricText.english.singular(plural) == singular)
    }

    @Test func amountsAndCountsReadAsEnglish() {
        let cups = Habit(name: "Tea", createdAt: Timestamp(millis: 0)) { $0.unit = .count; $0.unitLabel = "cups"; $0.target = 3 }
        #expect(MetricText.english.amount(1, of: cups) == "1 cup")
        #expect(MetricText.english.amount(2, of: cups) == "2 cups")
        #expect(MetricText.english.count(1, "perfectDay") == "1 perfect day")
        #expect(MetricText.english.count(0, "perfectDay") == "0 perfect days")
        let screen = Habit(name: "Screen", createdAt: Timestamp(millis: 0)) { $0.unit = .duration; $0.target = 120; $0.direction = .atMost }
        #expect(MetricText.english.today(value: 218, state: .missed, habit: screen) == "✗ 218 min, over the limit of 120")
        #expect(MetricText.english.today(value: nil, state: .done, habit: screen) == "✓ none, limit 120")
    }
}

@Suite struct ScoreChartTests {
    func chart(days: Int, from start: String = "2026-11-02") -> ScoreChartSVG {
        ScoreChartSVG(start: DayKey(start)!, scores: [Double](repeating: 0.5, count: days), title: "Run", color: "#2DA44E", words: .english)
    }

    @Test func theTimeAxisFitsTheLengthOfTheHistory() {
        #expect(chart(days: 19).timeTicks().map(\.label) == ["2 Nov", "9 Nov", "16 Nov"])
        #expect(chart(days: 120, from: "2026-10-15").timeTicks().map(\.label) == ["Nov", "Dec", "Jan 2027", "Feb"])
        #expect(chart(days: 1000, from: "2024-03-01").timeTicks().map(\.label) == ["2025", "2026"])
        #expect(chart(days: 1).timeTicks().map(\.label) == ["2 Nov"])
    }
}

@Suite struct WeekdayChartTests {
    @Test func barsFollowTheWeekStartAndTheTitleIsEscaped() {
        let svg = WeekdayChartSVG(counts: [5, 0, 3, 0, 0, 1, 2], weekStart: .sunday, title: "<b>Run</b> & more",
                                  color: "#2DA44E", words: .english).render()
        #expect(XMLParser(data: Data(svg.utf8)).parse())
        #expect(!svg.contains("<b>") && svg.contains("&lt;b&gt;Run&lt;/b&gt; &amp; more"))
        let order = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].map { svg.range(of: "<title>\($0):")!.lowerBound }
        #expect(order == order.sorted())
        #expect(svg.contains("<title>Mon: 5 days done</title>") && svg.contains("<title>Sun: 2 days done</title>"))
    }
}

@Suite struct YoungHabitGridTests {
    /// The dashboard's last twelve months start at the history's first week, four weeks at least.
    @Test func aYoungStoresLastTwelveMonthsStartAtItsFirstWeek() {
        let asOf = DayKey("2026-11-28")!   // a Saturday; Monday first: its week began on the 23rd
        let young = HeatmapGrid(lastYearThrough: asOf, weekStart: .monday, historyFrom: DayKey("2026-11-25")!)
        #expect(young.origin == DayKey("2026-11-02")! && young.columns == 4)   // four weeks: 2, 9, 16 and 23 November
        #expect(young.monthColumns.map(\.month) == [11] && young.monthColumns.map(\.column) == [0])   // labelled though the 1st is not shown
        let sixWeeks = HeatmapGrid(lastYearThrough: asOf, weekStart: .monday, historyFrom: DayKey("2026-10-14")!)
        #expect(sixWeeks.origin == DayKey("2026-10-12")! && sixWeeks.columns == 7 && sixWeeks.monthColumns.map(\.month) == [11])
        let sunday = HeatmapGrid(lastYearThrough: asOf, weekStart: .sunday, historyFrom: DayKey("2026-10-14")!)
        #expect(sunday.origin == DayKey("2026-10-11")! && sunday.lastDay == DayKey("2026-11-28")!)
        for old in [DayKey("2016-01-01")!, nil] {
            let year = HeatmapGrid(lastYearThrough: asOf, weekStart: .monday, historyFrom: old)
            #expect(year.columns == 53 && year.origin == DayKey("2025-11-24")!)
        }
    }

    @Test func aHabitsFirstYearStartsAtItsFirstMonth() {
        let grid = HeatmapGrid(year: 2026, weekStart: .monday, firstMonth: 11)
        #expect(grid.firstDay == DayKey("2026-11-01")! && grid.days.count == 61)
        #expect(grid.monthColumns.map(\.month) == [11, 12])
        #expect(grid.columns == 10)   // 27 Oct … 31 Dec, Monday first
        let whole = HeatmapGrid(year: 2026, weekStart: .monday)
        #expect(whole.days.count == 365 && whole.columns == 53)
    }

    @Test func theYearOfTheReportEndsWithTheWeekOfItsDay() {
        // Friday 20 Nov 2026: Monday-first, its week runs to Sunday 22 Nov.
        let grid = HeatmapGrid(year: 2026, weekStart: .monday, through: DayKey("2026-11-20")!)
        #expect(grid.lastDay == DayKey("2026-11-22")! && grid.days.count == 326)
        #expect(grid.monthColumns.map(\.month) == Array(1...11))
        #expect(grid.columns == 47)   // 29 Dec 2025 … 22 Nov 2026
        // Sunday-first, the same day's week ends on Saturday 21 Nov.
        #expect(HeatmapGrid(year: 2026, weekStart: .sunday, through: DayKey("2026-11-20")!).lastDay == DayKey("2026-11-21")!)
        // A week running into the next year stops at 31 December; earlier years are whole.
        #expect(HeatmapGrid(year: 2026, weekStart: .monday, through: DayKey("2026-12-30")!).lastDay == DayKey("2026-12-31")!)
        #expect(HeatmapGrid(year: 2025, weekStart: .monday, through: DayKey("2026-11-20")!).days.count == 365)
    }

    /// A habit's link preview: its name without emoji (its text is painted in one colour) on two
    /// lines cut after a whole word; three weeks of days drawn as rows of seven large cells, a year
    /// as weeks across, every cell inside the canvas's margins.
    @Test func aPreviewWrapsTheNameAndFillsThePictureWithItsDays() throws {
        let name = "🎻 Practise the cello scales and arpeggios before breakfast every single day"
        func card(days: Int) -> HabitCardSVG {
            let habit = Habit(name: name, createdAt: Timestamp(iso8601: "2026-11-01T08:00:00Z")!)
            let asOf = DayKey("2026-11-21")!
            let entries = (0..<days).map { HabitEntry(habitId: habit.id, dayKey: asOf.adding(days: -$0), timestampUtc: Timestamp(millis: 0), value: 1) }
            let series = DaySeries(habit: habit, entries: entries, createdDay: asOf.adding(days: -(days - 1)), asOf: asOf, today: asOf.adding(days: 1))
            let grid = HeatmapGrid(year: 2026, weekStart: .monday, firstMonth: days < 100 ? 11 : 1, through: asOf)
            return HabitCardSVG(name: name, streak: "Streak 3 days", figures: "Strength 41%", footer: "2026 · as of 2026-11-21", color: "#1A7F37",
                                grid: grid, cells: DayCells.habit(series, days: grid.days, archivedDay: nil, text: .english), idPrefix: "cello-card")
        }
        for days in [21, 325] {
            let canvas = PreviewPNG.canvas(card: card(days: days))
            #expect(!canvas.texts.contains { $0.text.contains("🎻") || $0.text.contains("\u{FE0F}") })
            let lines = canvas.texts.filter { $0.size == 56 }.map(\.text)
            #expect(lines == ["Practise the cello scales and", "arpeggios before breakfast…"], "\(lines)")
            let sizes = canvas.cells.map(\.size)
            #expect(sizes.count >= days && sizes.min()! >= (days < 100 ? 40 : 15), "\(days): \(sizes.prefix(3))")
            #expect(canvas.cells.allSatisfy { $0.x >= 48 && $0.x + $0.size <= 1152 && $0.y > 200 && $0.y + $0.size <= 630 - 48 - 44 })
        }
        #expect(PreviewPNG.withoutEmoji("📓 🌞 Morning pages ✍️🔥 ≤ 2 #1 🇩🇪") == "Morning pages ≤ 2 #1")
    }

    /// A preview's rows are packed with as few bits a pixel as its colours need (1, 2, 4 or 8), a
    /// run of one colour a byte at a time where it covers whole bytes: cells of odd sizes at odd
    /// places, each of its own colour, come back pixel for pixel through a second decoder
    /// (Python's zlib and its own unpacking).
    @Test func aPreviewsRowsArePackedAtEveryDepth() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("preview-depths-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("decode.py")
        try """
            import sys, zlib, struct
            data = open(sys.argv[1], 'rb').read()
            pos, idat = 8, b''
            while pos < len(data):
                n, kind = struct.unpack('>I4s', data[pos:pos + 8])
                body = data[pos + 8:pos + 8 + n]
                if kind == b'IHDR': w, h, depth, color = struct.unpack('>IIBB', body[:10])
                if kind == b'PLTE': palette = ['%02x%02x%02x' % tuple(body[i:i + 3]) for i in range(0, n, 3)]
                if kind == b'IDAT': idat += body
                pos += 12 + n
            raw, width, per = zlib.decompress(idat), (w * depth + 7) // 8, 8 // depth
            def pixel(x, y):
                line = raw[y * (width + 1) + 1:(y + 1) * (width + 1)]
                assert raw[y * (width + 1)] == 0
                return palette[(line[x // per] >> (8 - depth * (x % per + 1))) & ((1 << depth) - 1)]
            cells = [tuple(map(int, cell.split(','))) for cell in sys.argv[2:]]
            print(depth, ' '.join(pixel(x + dx, y + size // 2) for x, y, size in cells for dx in (-1, 0, size - 1, size)))
            """.write(to: script, atomically: true, encoding: .utf8)
        for (colours, depth) in [(1, 1), (3, 2), (14, 4), (40, 8)] {
            var canvas = PreviewPNG.Canvas()
            for i in 0..<colours {
                let x = 13 + i * 29, y = 7 + i % 5 * 31, size = 5 + i % 7, fill = 0x102030 + i * 0x010305
                canvas.cells.append(almanac_cell(x: Double(x), y: Double(y), size: Double(size), fill: UInt32(fill), mark: 0, kind: Int32(ALMANAC_CELL_FILL)))
            }
            let png = folder.appendingPathComponent("\(colours).png")
            try Data(try canvas.png()).write(to: png)
            let python = Process(), out = Pipe()
            python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            python.arguments = [script.path, png.path] + canvas.cells.map { "\(Int($0.x)),\(Int($0.y)),\(Int($0.size))" }
            python.standardOutput = out
            try python.run()
            let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            python.waitUntilExit()
            let background = String(PreviewPNG.background, radix: 16)
            let expected = "\(depth) " + canvas.cells.map { cell in
                let fill = String(format: "%06x", cell.fill)
                return [background, fill, fill, background].joined(separator: " ")
            }.joined(separator: " ")
            #expect(printed.trimmingCharacters(in: .whitespacesAndNewlines) == expected, "\(colours) colours")
        }
    }

    /// A preview's cells in the site's light colours: a level is the habit's colour at the level's
    /// opacity over the background (#F6F8FA): black at .3 is 0.7 of the background.
    @Test func aPreviewsLevelsAreTheHabitsColourOverTheBackground() {
        let paints = PreviewPNG.Canvas.paints(color: "#000000")
        #expect(paints[.level1]!.fill == 0xACAEAF && paints[.level4]!.fill == 0 && paints[.level0]!.fill == 0xEBEDF0)
        #expect(PreviewPNG.Canvas.paints(color: "#1A7F37")[.level4]!.fill == 0x1A7F37)
        #expect(paints[.missed]!.mark == 0xCF222E && paints[.skipped]!.fill == 0xDDF4FF)
    }

    /// A card's name is cut with an ellipsis at the end it reads to: a right-to-left name's is
    /// held on its left by a right-to-left mark (a card's text runs left to right); a cut at a
    /// space leaves no space before the ellipsis.
    @Test func aCutNamesEllipsisIsAtTheEndItReadsTo() {
        let hebrew = "קריאה בספר טוב כל ערב לפני השינה במיטה"
        #expect(HabitCardSVG.shortened(hebrew, to: 34) == "קריאה בספר טוב כל ערב לפני השינה…\u{200F}")
        #expect(HabitCardSVG.shortened("Read a good book every evening before bed", to: 34) == "Read a good book every evening be…")
        #expect(HabitCardSVG.shortened("📚 קריאה", to: 34) == "📚 קריאה")
        #expect(TextDirection.isRightToLeft("📚 قراءة كتاب") && !TextDirection.isRightToLeft("📚 Read קריאה"))
    }
}
