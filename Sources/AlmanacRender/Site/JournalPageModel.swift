import AlmanacDomain
import AlmanacWords

/// What the journal page (`journal.md` or `.html`, only with `--include-journal`) shows: the
/// chart of each wellbeing metric by week (with its table), the journal entries and the wellbeing
/// ratings, newest first. Text is escaped by the renderer; a body keeps its paragraphs and lines.
public struct JournalPageModel: TemplatedModel, Equatable {
    public var format: PageFormat
    public var asOf: DayKey
    public var entries: [Entry]
    public var ratings: [Rating]
    /// One per wellbeing metric rated in the last year, by name.
    public var charts: [Chart]
    /// The weeks behind each chart, named as the chart's `table`.
    public var tables: [PageTable]
    public var meta: PageMeta

    public struct Chart: Sendable, Equatable {
        /// "Mood".
        public var title: String
        /// The chart's path in the site (`charts/wellbeing/mood.svg`).
        public var image: String
        public var alt: String
        public var table: String
    }

    public struct Entry: Sendable, Equatable {
        public var day: DayKey
        public var title: String
        public var body: String
    }

    public struct Rating: Sendable, Equatable {
        public var day: DayKey
        public var metric: String
        /// "4/5".
        public var value: String
        public var note: String?
    }

    public func render(_ templates: TemplateSet) throws -> [UInt8] {
        let md = { TemplateValue.text(MarkdownText.escape($0)) }
        let entries: [TemplateValue] = self.entries.map { entry in
            // Paragraphs stay paragraphs, and a line break inside one stays a line break (a CommonMark
            // hard break, `\` at the end of the line; each line escaped on its own, so a line that
            // starts with `-` or `#` is text, not a list or a heading).
            let paragraphs = entry.body.replacingOccurrences(of: "\r\n", with: "\n")
                .components(separatedBy: "\n\n")
                .map { paragraph in
                    paragraph.components(separatedBy: "\n").map { MarkdownText.escape($0.trimmingCharacters(in: .whitespaces)) }
                        .filter { !$0.isEmpty }.joined(separator: "\\\n")
                }
                .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            return ["date": .text(meta.words.mediumDay(entry.day)), "title": md(entry.title), "paragraphs": .texts(paragraphs)]
        }
        let ratings: [TemplateValue] = self.ratings.map { rating in
            var fields: TemplateFields = ["date": .text(meta.words.mediumDay(rating.day)), "metric": md(rating.metric), "value": .text(rating.value)]
            // No note, no "—": an empty string would still open the template's section.
            if let note = rating.note, !note.isEmpty { fields["note"] = md(note) }
            return .fields(fields)
        }
        let charts: [TemplateValue] = self.charts.map { chart in
            ["title": md(chart.title), "image": .text(chart.image), "alt": md(chart.alt), "table": .text(tables.placeholder(format, chart.table))]
        }
        let markdown = try templates.journal.render([
            "home": "index.\(format.rawValue)", "entries": .list(entries), "hasRatings": .flag(!ratings.isEmpty), "ratings": .list(ratings),
            "hasCharts": .flag(!charts.isEmpty), "charts": .list(charts),
        ], words: meta.words, escape: MarkdownText.escape)
        guard format == .html else { return Array(markdown.utf8) }
        var htmlTables: [String: HTMLTable] = [:]
        for table in tables { htmlTables[table.name] = table.html }
        return Array(try HTMLPage(templates: templates, asOf: asOf, meta: meta)
            .render(markdown: markdown, title: meta.words["journal.pageTitle"], tables: htmlTables).utf8)
    }
}

/// The site's stylesheet (`style.css`): the templates' own, as it is.
public struct StylesheetModel: TemplatedModel, Equatable {
    public init() {}

    public func render(_ templates: TemplateSet) throws -> [UInt8] { Array(templates.stylesheet.utf8) }
}
