import AlmanacDomain
import AlmanacWords

/// What the dashboard (`index.md` or `index.html`) shows: the as-of day's summary, a row per
/// active habit, categories, goals, achievements, this month and the year's heatmaps, the
/// archived habits, and a link to the journal page when the report has one. Values are display
/// text, not yet escaped.
public struct DashboardModel: TemplatedModel, Equatable {
    public var format: PageFormat
    public var asOf: DayKey
    /// The clock's day: the as-of day is "Today" while it is this day, else it is named by its date.
    public var today: DayKey
    /// Habits due on the as-of day, and how many of them were done.
    public var due: Int
    public var done: Int
    /// The as-of day's weighted score ("83 %"), when anything was due.
    public var weightedScore: String?
    public var perfectDays: Int
    /// "Level 3 · 1,250 XP …".
    public var level: String
    /// The active habits with history, in display order.
    public var rows: [Row]
    public var categories: [CategoryLine]
    public var goals: [GoalLine]
    /// Earned achievements, newest first.
    public var achievements: [String]
    /// Pairs of habits that go together and each habit's year against the last, as sentences,
    /// and what the pairs rest on.
    public var insights: [String]
    public var insightsNote: String
    /// The years with a year in review, newest first.
    public var years: [Int]
    /// Archived habits that have history, the most recently archived first; those without a
    /// page of their own (`SiteDerivation.archivedPages`) have no slug.
    public var archived: [ArchivedHabit]
    public var hasJournal: Bool
    /// Whether the site has a calendar (planned skips or goals' target dates).
    public var hasCalendar: Bool
    /// The habits side by side over the last 4 weeks and last month, and the tables behind the
    /// combined pictures, by name.
    public var tables: [PageTable]
    public var meta: PageMeta

    public struct Row: Sendable, Equatable {
        public var emoji, name, slug, today, streak, best, rate30, score: String
    }

    public struct ArchivedHabit: Sendable, Equatable {
        public var name: String
        public var slug: String?
        /// "2019-03-01 – archived 2021-05-02": its first day and the day it was archived.
        public var span: String
    }

    public struct CategoryLine: Sendable, Equatable {
        public var name, habits, today, rate30: String
    }

    public struct GoalLine: Sendable, Equatable {
        public var name, progress, streaks: String
    }

    public func render(_ templates: TemplateSet) throws -> [UInt8] {
        let markdown = try templates.dashboard.render(context, words: words, escape: MarkdownText.escape)
        guard format == .html else { return Array(markdown.utf8) }
        // What a phone shows: the habit, today, its streak and the month's rate; the score and the
        // best streak only on a wider screen (the stylesheet hides columns 5 and 6 of this table
        // below 40rem; both are on each habit's page, one tap away).
        let table = HTMLTable(header: [words["column.habit"], dayName, words["streak"].capitalizedFirst, words["days30"].capitalizedFirst,
                                       words["score"].capitalizedFirst, words["best"].capitalizedFirst], rows: rows.map { row in
            [.link(row.emoji.isEmpty ? row.name : "\(row.emoji) \(row.name)", href: link(row.slug)), .text(row.today),
             .text(row.streak), .text(row.rate30), .text(row.score), .text(row.best)]
        }, rowHeadings: true, id: "table-habits")
        var tables = ["habits": table]
        for table in self.tables { tables[table.name] = table.html }
        return Array(try HTMLPage(templates: templates, asOf: asOf, meta: meta)
            .render(markdown: markdown, title: words["habits"], tables: tables).utf8)
    }

    private var words: SiteLanguage { meta.words }
    private var isToday: Bool { asOf == today }
    /// What the as-of day is called: "Today", or its date once it is over.
    private var dayName: String { MetricText(words).dayName(asOf, today: today) }

    private func link(_ slug: String) -> String { SiteMap.Page.habit(slug).path(format) }

    /// The template's values, each escaped for Markdown.
    var context: TemplateFields {
        let md = { TemplateValue.text(MarkdownText.escape($0)) }
        let year = asOf.year, words = words
        let asOfLabel = words.longDay(asOf, withYear: true)
        let doneOfDue = Self.doneLabel(done: done, due: due, words: words)
        let doneLabel = weightedScore.map { words["weightedScore", ["done": doneOfDue, "score": $0]] } ?? doneOfDue
        var context: TemplateFields = [
            "html": .flag(format == .html),
            "done": "\(done)", "total": "\(due)",
            "asOfLabel": md(asOfLabel), "headline": md(words["headline", ["done": doneLabel, "day": asOfLabel]]),
            "perfectDays": "\(perfectDays)", "activeCount": "\(rows.count)",
            "dayLabel": md(isToday ? words["today"] : words["onDay", ["day": dayName]]),
            "doneLabel": md(doneLabel),
            "perfectDaysLabel": md(words.count(perfectDays, "perfectDay")),
            "activeLabel": md(Self.activeLabel(active: rows.count, due: due, today: isToday, words: words)),
            "hasRows": .flag(!rows.isEmpty),
            "feedLink": .text(SiteMap.atomFeed), "followLabel": md(words["labelled", ["label": words["followAlong"]]]),
            "rows": .list(rows.map { row in
                ["emoji": md(row.emoji), "name": md(row.name), "link": .text(link(row.slug)), "today": md(row.today),
                 "streak": md(row.streak), "best": md(row.best), "rate30": md(row.rate30), "score": md(row.score),
                 "strip": .text(SiteMap.strip(row.slug)), "stripAlt": md(words["lastDays14", ["name": row.name]])]
            }),
            "year": "\(year)",
            "monthImage": .text(SiteMap.allHabitsMonthChart), "monthAlt": md(words["allHabitsMonthAlt", ["month": words.month(of: asOf)]]),
            "combinedImage": .text(SiteMap.lastTwelveMonthsHeatmap), "combinedAlt": md(words["allHabitsLast12Alt"]),
            "habits": .list(rows.map { row in
                ["emoji": md(row.emoji), "name": md(row.name), "link": .text(link(row.slug)),
                 "image": .text(SiteMap.heatmap(row.slug, year: year)), "alt": md(words["heatmapOf", ["name": row.name, "year": "\(year)"]]),
                 "yearAsTable": md(words["yearAsTable", ["year": "\(year)"]]), "tableLink": .text(link(row.slug) + (format == .html ? "#table-year-\(year)" : ""))]
            }),
            "weeksTable": .text(tables.placeholder(format, "four-weeks")), "lastMonthTable": .text(tables.placeholder(format, "last-month")),
            "combinedTable": .text(tables.placeholder(format, "all-12-months")),
            "hasYearTable": .flag(tables.contains { $0.name == "year-against-year" }), "yearTable": .text(tables.placeholder(format, "year-against-year")),
            "hasLastMonth": .flag(tables.contains { $0.name == "last-month" }), "monthTable": .text(tables.placeholder(format, "this-month")),
            "hasArchived": .flag(!archived.isEmpty),
            "archived": .list(archived.map { habit in
                ["name": md(habit.name), "link": habit.slug.map { .text(link($0)) } ?? .flag(false), "span": md(habit.span)]
            }),
            "level": md(level),
            "achievements": .list(achievements.map { ["text": md($0)] }), "hasAchievements": .flag(!achievements.isEmpty),
            "insights": .list(insights.map { ["text": md($0)] }), "insightsNote": md(insightsNote), "hasInsights": .flag(!rows.isEmpty), "hasInsightLines": .flag(!insights.isEmpty),
            "yearsLine": .text(years.map { "[\($0)](\(SiteMap.Page.year($0).path(format)))" }.joined(separator: " · ")), "hasYears": .flag(!years.isEmpty),
            "yearsLabel": md(words["labelled", ["label": words["yearInReview"]]]), "streaksLabel": md(words["labelled", ["label": words["streaks"]]]),
            "categories": .list(categories.map { ["name": md($0.name), "habits": md($0.habits), "today": md($0.today), "rate30": md($0.rate30)] }),
            "hasCategories": .flag(!categories.isEmpty),
            "goals": .list(goals.map { ["name": md($0.name), "progress": md($0.progress), "streaks": md($0.streaks)] }),
            "hasGoals": .flag(!goals.isEmpty),
        ]
        if hasJournal { context["journalLink"] = .text(SiteMap.Page.journal.path(format)) }
        if hasCalendar { context["calendarLink"] = .text(SiteMap.calendar) }
        return context
    }

    /// "4 of 5 due done", "nothing due".
    public static func doneLabel(done: Int, due: Int, words: SiteLanguage) -> String {
        due == 0 ? words["nothingDue"] : words["doneOfDueDone", ["done": "\(done)", "due": "\(due)"]]
    }

    /// "11 active habits (1 not due today)": why the two numbers differ ("not due that day" of a
    /// day that is not today).
    static func activeLabel(active: Int, due: Int, today: Bool, words: SiteLanguage) -> String {
        let text = words.count(active, "activeHabit")
        return active > due ? words[today ? "notDueToday" : "notDueThatDay", ["text": text, "n": "\(active - due)"]] : text
    }
}
