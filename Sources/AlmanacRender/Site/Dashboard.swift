import Foundation
import AlmanacDomain

/// The dashboard (`index.md`): today's summary, a row per active habit, the combined heatmap of
/// the as-of year and each active habit's heatmap.
struct Dashboard {
    let entries: [SiteBuilder.SiteHabit]
    let overview: DailyOverview
    let options: SiteOptions
    let ext: String

    func markdown(_ templates: TemplateSet) -> String {
        let md = MarkdownText.escape
        let year = options.asOf.year
        let today = overview.day(options.asOf)
        let active = entries.filter { !$0.habit.isArchived && $0.series.count > 0 }
        let rows: [[String: Any]] = active.map { entry in
            let m = entry.metrics
            return ["emoji": md(entry.habit.emoji), "name": md(entry.habit.name), "link": "habits/\(entry.slug).\(ext)",
                    "today": md(MetricText.today(value: m.todayValue, state: m.todayState, habit: entry.habit)),
                    "streak": md(m.streak.unit.describe(m.streak.current)), "best": md(m.streak.unit.describe(m.streak.best)),
                    "rate30": md(MetricText.percent(m.rate30.value)), "score": md(MetricText.percent(m.score))]
        }
        let habits: [[String: Any]] = active.map { entry in
            ["emoji": md(entry.habit.emoji), "name": md(entry.habit.name), "link": "habits/\(entry.slug).\(ext)",
             "image": "heatmaps/\(entry.slug)-\(year).svg", "alt": md("\(entry.habit.name): heatmap of \(year)")]
        }
        let archived: [[String: Any]] = entries.filter(\.habit.isArchived).map { entry in
            ["name": md(entry.habit.name), "link": "habits/\(entry.slug).\(ext)"]
        }
        var context: [String: Any] = [
            "done": "\(today?.done ?? 0)", "total": "\(today?.due ?? 0)",
            "asOfLabel": md("\(options.asOf.weekday.rawValue.capitalized) \(options.asOf)"),
            "perfectDays": "\(overview.perfectDays)", "activeCount": "\(active.count)",
            "hasRows": !rows.isEmpty, "rows": rows, "year": "\(year)",
            "combinedImage": "heatmaps/all-\(year).svg", "combinedAlt": md("All habits: share done per day in \(year)"),
            "habits": habits, "hasArchived": !archived.isEmpty, "archived": archived,
        ]
        if options.includeJournal { context["journalLink"] = "journal.\(ext)" }
        return templates.dashboard.render(context)
    }
}

/// The journal page (`journal.md`, only with `--include-journal`): entries newest first and the
/// wellbeing ratings, all text escaped (the body's paragraphs are kept).
struct JournalPage {
    let input: SiteInput
    let options: SiteOptions
    let ext: String

    func markdown(_ templates: TemplateSet) -> String {
        let md = MarkdownText.escape
        let entries: [[String: Any]] = input.journal.filter { $0.dayKey <= options.asOf }.reversed().map { entry in
            let paragraphs = entry.body.replacingOccurrences(of: "\r\n", with: "\n")
                .components(separatedBy: "\n\n").map { md($0) }.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            return ["date": entry.dayKey.description, "title": md(entry.title), "paragraphs": paragraphs]
        }
        let ratings: [[String: Any]] = input.wellbeing.filter { $0.dayKey <= options.asOf }.reversed().map { rating in
            ["date": rating.dayKey.description, "metric": md(rating.metric),
             "value": "\(NumberText.plain(rating.value))/\(NumberText.plain(rating.scaleMax))", "note": md(rating.note ?? "")]
        }
        return templates.journal.render([
            "home": "index.\(ext)", "entries": entries, "hasRatings": !ratings.isEmpty, "ratings": ratings,
        ] as [String: Any])
    }
}
