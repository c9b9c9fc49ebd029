import Foundation
import AlmanacDomain

/// The dashboard (`index.md`): today's summary, a row per active habit, the combined heatmap of
/// the as-of year and each active habit's heatmap.
struct Dashboard {
    let shown: [SiteBuilder.SiteHabit]
    let overview: DailyOverview
    let categories: [Category]
    let goals: [Goal]
    let options: SiteOptions
    let ext: String
    let weekStart: Weekday

    /// Each category's habits with the group's done of due today and combined 30-day rate.
    func categoryGroups(_ active: [SiteBuilder.SiteHabit]) -> [[String: Any]] {
        let md = MarkdownText.escape
        return categories.compactMap { category -> [String: Any]? in
            let members = active.filter { $0.habit.categoryId == category.id }
            guard !members.isEmpty else { return nil }
            let series: [(DaySeries, archivedDay: DayKey?)] = members.map { member in (member.series, archivedDay: member.archivedDay) }
            let overview = DailyOverview(series: series, asOf: options.asOf, weekStart: weekStart)
            let day = overview.day(options.asOf)
            let rate = CompletionRate(completed: members.reduce(0) { $0 + $1.metrics.rate30.completed },
                                      expected: members.reduce(0) { $0 + $1.metrics.rate30.expected })
            return ["name": md(category.name), "habits": md(members.map(\.habit.name).joined(separator: ", ")),
                    "today": md(Self.doneLabel(done: day?.done ?? 0, due: day?.due ?? 0)), "rate30": md(MetricText.rate(rate))]
        }
    }

    /// Each goal's progress: combined 30-day rate, days left, its habits' streaks.
    func goalLines() -> [[String: Any]] {
        let md = MarkdownText.escape
        let metrics = shown.map { (habit: $0.habit, metrics: $0.metrics) }
        return goals.map { goal in
            let progress = GoalProgress(goal: goal, metrics: metrics, asOf: options.asOf)
            let streaks = progress.habits.map { "\($0.name) \($0.streak.unit.describe($0.streak.current))" }.joined(separator: ", ")
            return ["name": md(goal.name), "progress": md(MetricText.goalProgress(progress)), "streaks": md(streaks)]
        }
    }

    func markdown(_ templates: TemplateSet) throws -> String {
        let md = MarkdownText.escape
        let year = options.asOf.year
        let today = overview.day(options.asOf)
        let active = shown.filter { !$0.habit.isArchived && $0.series.count > 0 }
        let rows: [[String: Any]] = active.map { item in
            let m = item.metrics
            return ["emoji": md(item.habit.emoji), "name": md(item.habit.name), "link": "habits/\(item.slug).\(ext)",
                    "today": md(MetricText.today(m, habit: item.habit)),
                    "streak": md(m.streak.unit.describe(m.streak.current)), "best": md(m.streak.unit.describe(m.streak.best)),
                    "rate30": md(MetricText.percent(m.rate30.value)), "score": md(MetricText.percent(m.score))]
        }
        let habits: [[String: Any]] = active.map { item in
            ["emoji": md(item.habit.emoji), "name": md(item.habit.name), "link": "habits/\(item.slug).\(ext)",
             "image": "heatmaps/\(item.slug)-\(year).svg", "alt": md("\(item.habit.name): heatmap of \(year)")]
        }
        let archived: [[String: Any]] = shown.filter(\.habit.isArchived).map { item in
            ["name": md(item.habit.name), "link": "habits/\(item.slug).\(ext)"]
        }
        var context: [String: Any] = [
            "html": ext == "html",
            "done": "\(today?.done ?? 0)", "total": "\(today?.due ?? 0)",
            "asOfLabel": md("\(options.asOf.weekday.rawValue.capitalized) \(options.asOf)"),
            "perfectDays": "\(overview.perfectDays)", "activeCount": "\(active.count)",
            "doneLabel": md(Self.doneLabel(done: today?.done ?? 0, due: today?.due ?? 0)
                + (today?.weightedScore.map { ", weighted score \(MetricText.percent($0))" } ?? "")),
            "perfectDaysLabel": md(MetricText.count(overview.perfectDays, "perfect day")),
            "activeLabel": md(Self.activeLabel(active: active.count, due: today?.due ?? 0)),
            "hasRows": !rows.isEmpty, "rows": rows, "year": "\(year)",
            "monthImage": "charts/all-month.svg", "monthAlt": md("All habits: \(MonthGridSVG.title(of: options.asOf)), share done per day"),
            "combinedImage": "heatmaps/all-\(year).svg", "combinedAlt": md("All habits: share done per day in \(year)"),
            "habits": habits, "hasArchived": !archived.isEmpty, "archived": archived,
        ]
        let progress = Experience(overview: overview, series: shown.map(\.series), weekStart: weekStart)
        context["level"] = md(MetricText.level(progress))
        context["achievements"] = progress.achievements.reversed().map { ["text": md(MetricText.achievement($0))] }
        context["hasAchievements"] = !progress.achievements.isEmpty
        let groups = categoryGroups(active), goalRows = goalLines()
        context["categories"] = groups; context["hasCategories"] = !groups.isEmpty
        context["goals"] = goalRows; context["hasGoals"] = !goalRows.isEmpty
        if options.includeJournal { context["journalLink"] = "journal.\(ext)" }
        return try templates.dashboard.render(context)
    }

    /// The habits as a table, for the HTML page (`⟦table:habits⟧`).
    var table: HTMLTable {
        let active = shown.filter { !$0.habit.isArchived && $0.series.count > 0 }
        return HTMLTable(header: ["", "Habit", "Today", "Streak", "Best", "30 days", "Score"], rows: active.map { item in
            let m = item.metrics
            return [.text(item.habit.emoji), .link(item.habit.name, href: "habits/\(item.slug).\(ext)"),
                    .text(MetricText.today(m, habit: item.habit)), .text(m.streak.unit.describe(m.streak.current)),
                    .text(m.streak.unit.describe(m.streak.best)), .text(MetricText.percent(m.rate30.value)),
                    .text(MetricText.percent(m.score))]
        })
    }

    /// "4 of 5 due done", "nothing due".
    static func doneLabel(done: Int, due: Int) -> String { due == 0 ? "nothing due" : "\(done) of \(due) due done" }

    /// "11 active habits (1 not due today)": why the two numbers differ.
    static func activeLabel(active: Int, due: Int) -> String {
        let text = MetricText.count(active, "active habit")
        return active > due ? text + " (\(active - due) not due today)" : text
    }
}
