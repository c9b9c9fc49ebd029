import AlmanacDomain
import AlmanacWords

/// What a habit's page (`habits/<slug>.md` or `.html`) shows: its statistics, how it is being
/// broken, the current month, its charts, a heatmap per year of history and — only when the
/// report was asked for them — its notes and difficulty ratings. Values are display text, not
/// yet escaped; the renderer escapes each for Markdown.
public struct HabitPageModel: TemplatedModel, Equatable {
    public var format: PageFormat
    /// The report's day, shown by the page layout.
    public var asOf: DayKey
    /// The habit's file name stem, which its images share.
    public var slug: String
    /// What the habit's person wrote of it: its name, emoji, description.
    public var definition: HabitDefinition
    public var emoji: String { definition.emoji }
    public var name: String { definition.name }
    /// "At least 8 glasses a day".
    public var goal: String
    public var frequency: String
    public var category: String?
    public var archived: Bool
    /// The statistics, label and value.
    public var statistics: [LabelledText]
    public var reduction: ReductionText?
    /// "November 2026".
    public var monthTitle: String
    /// Completed days per weekday, Monday first.
    public var completedByWeekday: [Int]
    /// Whether the page shows the time-of-day chart.
    public var hasHourChart: Bool
    /// The mean difficulty per month, newest first (only with `--include-journal`).
    public var difficulty: [LabelledText]
    /// The years with a heatmap, newest first.
    public var years: [Int]
    /// The notes, newest first (only with `--include-notes`).
    public var notes: [DatedText]
    /// "October 2026" and its done of due, when the month before the as-of day's is in the history.
    public var lastMonth: LabelledText?
    /// The weeks, months and years views, and the table behind each picture (`SiteDerivation`'s
    /// tables), by name.
    public var tables: [PageTable]
    public var meta: PageMeta

    /// How the habit is being broken: the summary and one line per week, newest first.
    public struct ReductionText: Sendable, Equatable {
        public var summary: String
        public var weeks: [DatedText]
    }

    public func render(_ templates: TemplateSet) throws -> [UInt8] {
        let markdown = try templates.habit.render(context, words: meta.words, escape: MarkdownText.escape)
        guard format == .html else { return Array(markdown.utf8) }
        var tables = ["stats": HTMLTable(header: [], rows: statistics.map { [.text($0.label), .text($0.text)] }, rowHeadings: true)]
        for table in self.tables { tables[table.name] = table.html }
        let page = try HTMLPage(templates: templates, asOf: asOf, meta: meta)
            .render(markdown: markdown, title: name, tables: tables)
        return Array(page.utf8)
    }

    /// The template's values, each escaped for Markdown.
    var context: TemplateFields {
        let md = { TemplateValue.text(MarkdownText.escape($0)) }
        let words = meta.words, link = { TemplateValue.text(SiteMap.link($0, from: meta.page)) }
        var context: TemplateFields = [
            "html": .flag(format == .html),
            "emoji": md(emoji), "name": md(name), "goal": md(goal), "frequency": md(frequency), "archived": .flag(archived),
            "home": link(SiteMap.Page.dashboard.path(format)),
            "stats": .list(statistics.map { ["label": md($0.label), "labelled": md(words["labelled", ["label": $0.label]]), "value": md($0.text)] }),
            "monthTitle": md(monthTitle),
            "monthImage": link(SiteMap.monthChart(slug)), "monthAlt": md(words["monthDayByDay", ["name": name, "month": monthTitle]]),
            "chart": link(SiteMap.scoreChart(slug)), "chartAlt": md(words["strengthAlt", ["name": name]]),
            "weekdayChart": link(SiteMap.weekdayChart(slug)), "weekdayAlt": md(words["weekdaysAlt", ["name": name]]),
            "byWeekday": .text(Weekday.allCases.map { "\(words.weekdayShort($0)) \(completedByWeekday[$0.isoIndex])" }.joined(separator: " · ")),
            "years": .list(years.map { year in
                ["year": "\(year)", "image": link(SiteMap.heatmap(slug, year: year)), "alt": md(words["heatmapOf", ["name": name, "year": "\(year)"]]),
                 "table": .text(tables.placeholder(format, "year-\(year)"))]
            }),
            "weeksTable": .text(tables.placeholder(format, "weeks")), "monthsTable": .text(tables.placeholder(format, "months")),
            "yearsTable": .text(tables.placeholder(format, "years")), "monthTable": .text(tables.placeholder(format, "this-month")),
            "scoreTable": .text(tables.placeholder(format, "score")), "weekdayTable": .text(tables.placeholder(format, "weekdays")),
            "hasNotes": .flag(!notes.isEmpty),
            "notes": .list(notes.map { ["date": .text(words.mediumDay($0.day)), "text": md($0.text)] }),
        ]
        if let category { context["category"] = md(category) }
        // Its description as its person wrote it: each line escaped on its own, a line break kept
        // as one (a CommonMark hard break); none, no section.
        let description = definition.description.split(whereSeparator: \.isNewline).map { MarkdownText.escape(String($0).trimmingCharacters(in: .whitespaces)) }
            .filter { !$0.isEmpty }
        if !description.isEmpty { context["description"] = .text(description.joined(separator: "\\\n")) }
        // The card and badge, and how to show them elsewhere: absolute addresses under the
        // site's base URL, else paths from the site's folder.
        let root = meta.baseURL ?? ""
        context["share"] = [
            "card": link(SiteMap.card(slug)), "cardAlt": md(words["cardAlt", ["name": name]]), "badge": link(SiteMap.badge(slug)),
            "badgeAlt": md(words["badgeAlt", ["name": name]]), "absolute": .flag(meta.baseURL != nil),
            "note": md(words["labelled", ["label": meta.baseURL != nil ? words["shareNote"] : "\(words["shareNote"]) (\(words["shareRelative"]))"]]),
            "cardSnippet": .text(Self.picture(root, slug, SiteMap.card, alt: words["cardSnippet"])),
            "badgeSnippet": .text("<a href=\"\(root + meta.path)\">" + Self.picture(root, slug, SiteMap.badge, alt: words["badgeSnippet"]) + "</a>"),
        ]
        if hasHourChart {
            context["hours"] = ["image": link(SiteMap.hourChart(slug)), "alt": md(words["hoursAlt", ["name": name]]),
                                "table": .text(tables.placeholder(format, "hours"))]
        }
        if let lastMonth {
            context["lastMonth"] = ["title": md(lastMonth.label), "heading": md(words["labelled", ["label": words["lastMonth"]]] + " " + lastMonth.label), "summary": md(lastMonth.text), "image": link(SiteMap.lastMonthChart(slug)),
                                    "alt": md(words["monthDayByDay", ["name": name, "month": lastMonth.label]]), "table": .text(tables.placeholder(format, "last-month"))]
        }
        if !difficulty.isEmpty {
            context["difficulty"] = .list(difficulty.map {
                ["month": md($0.label), "labelled": md(words["labelled", ["label": $0.label]]), "text": md($0.text)]
            })
            context["hasDifficulty"] = true
        }
        if let reduction {
            context["reduction"] = [
                "summary": md(reduction.summary),
                "weeks": .list(reduction.weeks.map {
                    ["start": .text($0.day.description), "labelled": md(words["labelled", ["label": words["weekOfDay", ["day": words.mediumDay($0.day)]]]]),
                     "text": md($0.text)]
                }),
            ]
        }
        return context
    }
}

extension HabitPageModel {
    /// A `<picture>` of an embed that follows the theme of the page it is shown on (as GitHub
    /// READMEs do): the dark variant under `prefers-color-scheme: dark`, else the light one. The
    /// slug and the address are URL-safe; the alt text is escaped.
    static func picture(_ root: String, _ slug: String, _ path: (String, Bool) -> String, alt: String) -> String {
        "<picture><source media=\"(prefers-color-scheme: dark)\" srcset=\"\(root + path(slug, true))\">"
            + "<img alt=\"\(XMLText.escape(alt))\" src=\"\(root + path(slug, false))\"></picture>"
    }
}

/// Which of a page's two files: Markdown (for a git forge) or HTML (through libcmark).
public enum PageFormat: String, Sendable, CaseIterable {
    case markdown = "md"
    case html
}

/// A page with a Markdown and an HTML file, derived once for both.
protocol TwoFormatPage {
    var format: PageFormat { get set }
}

extension TwoFormatPage {
    /// The same page in `format`.
    func `in`(_ format: PageFormat) -> Self {
        var page = self
        page.format = format
        return page
    }
}

extension TwoFormatPage where Self: DescribedPage & TemplatedModel {
    /// The page's two files, Markdown and HTML, at its place in the site map.
    var files: [SitePage] { PageFormat.allCases.map { SitePage(path: meta.page.path($0), templated: self.in($0)) } }
}

extension HabitPageModel: TwoFormatPage {}
extension DashboardModel: TwoFormatPage {}
extension JournalPageModel: TwoFormatPage {}

/// A label and its value as text ("Current streak", "12 days").
public struct LabelledText: Sendable, Equatable {
    public var label: String
    public var text: String

    public init(_ label: String, _ text: String) { self.label = label; self.text = text }
}

/// A day and a line of text about it.
public struct DatedText: Sendable, Equatable {
    public var day: DayKey
    public var text: String

    public init(_ day: DayKey, _ text: String) { self.day = day; self.text = text }
}
