import AlmanacDomain
import AlmanacWords

/// A year in review (`years/YYYY.md` or `.html`, for every year with history): the year's
/// combined heatmap, its perfect days against the year before, and per habit its done days or
/// total, longest streak and best month, against the year before; the year in progress says
/// "so far". Values are display text, not yet escaped.
public struct YearPageModel: TemplatedModel, Equatable {
    public var format: PageFormat
    public var asOf: DayKey
    public var year: Int
    /// The years with a page of their own before and after this one.
    public var previousYear: Int?
    public var nextYear: Int?
    /// "2026 so far: 214 perfect days (182 in 2025)".
    public var summary: String
    public var habits: [Row]
    public var meta: PageMeta

    public struct Row: Sendable, Equatable {
        public var emoji, name, slug, done: String
        /// "12 days": a daily or weekday habit's longest run within the year.
        public var streak: String?
        public var bestMonth: String?
        public var lastYear: String?
    }

    public func render(_ templates: TemplateSet) throws -> [UInt8] {
        let md = { TemplateValue.text(MarkdownText.escape($0)) }
        let words = meta.words, link = { TemplateValue.text(SiteMap.link($0, from: meta.page)) }
        var context: TemplateFields = [
            "title": md(words["year.title", ["year": "\(year)"]]), "home": link(SiteMap.Page.dashboard.path(format)), "summary": md(summary),
            "heatmap": link(SiteMap.allHabitsHeatmap(year: year)), "heatmapAlt": md(words["year.heatmapAlt", ["year": "\(year)"]]),
            "hasHabits": .flag(!habits.isEmpty),
            "habits": .list(habits.map { row in
                var fields: TemplateFields = ["name": md(row.name), "link": link(SiteMap.Page.habit(row.slug).path(format)),
                                              "done": md(row.done)]
                // Only what there is: an empty string would still open the template's section.
                if !row.emoji.isEmpty { fields["emoji"] = md(row.emoji) }
                if let streak = row.streak { fields["streak"] = md(streak) }
                if let best = row.bestMonth { fields["bestMonth"] = md(best) }
                if let last = row.lastYear { fields["lastYear"] = md(last) }
                return .fields(fields)
            }),
        ]
        if let previousYear { context["previous"] = link(SiteMap.Page.year(previousYear).path(format)); context["previousYear"] = .text("\(previousYear)") }
        if let nextYear { context["next"] = link(SiteMap.Page.year(nextYear).path(format)); context["nextYear"] = .text("\(nextYear)") }
        let markdown = try templates.year.render(context, words: words, escape: MarkdownText.escape)
        guard format == .html else { return Array(markdown.utf8) }
        return Array(try HTMLPage(templates: templates, asOf: asOf, meta: meta)
            .render(markdown: markdown, title: words["year.title", ["year": "\(year)"]]).utf8)
    }
}

extension YearPageModel: TwoFormatPage {}
