import AlmanacDomain
import Foundation

/// A habit's page (`habits/<slug>.md`): its statistics, the current month as a grid of days, the
/// strength score over time, a heatmap per year of history and, with `--include-notes`, notes.
struct HabitPage {
    let item: SiteBuilder.SiteHabit
    let input: SiteInput
    let options: SiteOptions
    let ext: String
    let weekStart: Weekday

    /// The statistics, label and value.
    var statistics: [(String, String)] {
        let habit = item.habit, m = item.metrics, series = item.series
        var stats: [(String, String)] = [
            ("Today", MetricText.today(m, habit: habit)),
            ("Current streak", m.streak.unit.describe(m.streak.current)),
            ("Best streak", m.streak.unit.describe(m.streak.best)),
            ("Strength score", MetricText.percent(m.score)),
        ]
        for window in HabitMetrics.rateWindows {
            stats.append(("Completion, " + (window.map { "\($0) days" } ?? "all time"), MetricText.rate(m.rate(window))))
        }
        stats.append(("Check-ins", "\(m.totalCheckins)"))
        if habit.unit != .boolean {
            stats.append(("Total", MetricText.amount(m.totalValue, of: habit)))
        }
        if series.count > 0 { stats.append(("Tracked since", series.start.description)) }
        return stats
    }

    /// The mean difficulty rating of the habit per month, the last 12 months with ratings, newest
    /// first: ("2026-11", "6.5 of 10 (4 ratings)").
    static func monthlyDifficulty(_ ratings: [WellbeingEntry], habit: EntityID, through day: DayKey) -> [(month: String, text: String)] {
        var months: [String: (sum: Double, count: Int, scale: Double)] = [:]
        for rating in ratings where rating.metric == "difficulty" && rating.habitId == habit && rating.dayKey <= day && rating.deletedAt == nil {
            let month = String(rating.dayKey.description.prefix(7))
            let slot = months[month] ?? (0, 0, rating.scaleMax)
            months[month] = (slot.sum + rating.value, slot.count + 1, slot.scale)
        }
        return months.keys.sorted(by: >).prefix(12).map { month in
            let m = months[month]!
            return (month, "\(NumberText.rounded(m.sum / Double(m.count), digits: 1)) of \(NumberText.plain(m.scale)) (\(MetricText.count(m.count, "rating")))")
        }
    }

    /// The statistics as a table, for the HTML page (`⟦table:stats⟧`).
    var table: HTMLTable {
        HTMLTable(header: [], rows: statistics.map { [.text($0.0), .text($0.1)] }, rowHeadings: true)
    }

    func markdown(_ templates: TemplateSet) throws -> String {
        let md = MarkdownText.escape
        let habit = item.habit, m = item.metrics
        let stats = statistics
        let category = habit.categoryId.flatMap { id in input.categories.first { $0.id == id }?.name }
        let years: [[String: Any]] = (item.years.map { Array($0.reversed()) } ?? []).map { year in
            ["year": "\(year)", "image": "../heatmaps/\(item.slug)-\(year).svg", "alt": md("\(habit.name): heatmap of \(year)")]
        }
        let notes: [[String: Any]] = options.includeNotes
            ? (input.notes[habit.id.description] ?? []).filter { $0.day <= options.asOf }.reversed()
                .map { ["date": $0.day.description, "text": md($0.text)] }
            : []
        let monthTitle = MonthGridSVG.title(of: options.asOf)
        var context: [String: Any] = [
            "html": ext == "html",
            "emoji": md(habit.emoji), "name": md(habit.name), "goal": md(MetricText.goal(habit).capitalizedFirst),
            "frequency": md(MetricText.frequency(habit.frequency)), "archived": habit.isArchived,
            "home": "../index.\(ext)", "stats": stats.map { ["label": md($0.0), "value": md($0.1)] },
            "monthTitle": md(monthTitle),
            "monthImage": "../charts/\(item.slug)-month.svg", "monthAlt": md("\(habit.name): \(monthTitle), day by day"),
            "chart": "../charts/\(item.slug)-score.svg", "chartAlt": md("\(habit.name): strength score over time"),
            "weekdayChart": "../charts/\(item.slug)-weekdays.svg", "weekdayAlt": md("\(habit.name): days done by weekday"),
            "byWeekday": Weekday.allCases.map { "\($0.short.capitalized) \(m.completedByWeekday[$0.isoIndex])" }.joined(separator: " · "),
            "years": years, "hasNotes": !notes.isEmpty, "notes": notes,
        ]
        if let category { context["category"] = md(category) }
        if let hours = input.hours[habit.id.description], hours.contains(where: { $0 > 0 }) {
            context["hours"] = ["image": "../charts/\(item.slug)-hours.svg", "alt": md("\(habit.name): checks by hour of the day")]
        }
        // Difficulty ratings (seed 001) are wellbeing: published only with --include-journal.
        let difficulty = options.includeJournal ? Self.monthlyDifficulty(input.wellbeing, habit: habit.id, through: options.asOf) : []
        if !difficulty.isEmpty {
            context["difficulty"] = difficulty.map { ["month": $0.month, "text": md($0.text)] }
            context["hasDifficulty"] = true
        }
        if let reduction = m.reduction {
            context["reduction"] = [
                "summary": md(MetricText.reduction(reduction, of: habit)),
                "weeks": reduction.weeks.reversed().map { week in
                    ["start": week.start.description, "text": md(MetricText.reductionWeek(week, baseline: reduction.baseline, of: habit))]
                },
            ] as [String: Any]
        }
        return try templates.habit.render(context)
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
