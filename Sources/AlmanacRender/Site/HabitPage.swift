import AlmanacDomain
import Foundation

/// A habit's page (`habits/<slug>.md`): its statistics, the current month as a calendar, the
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

    /// The statistics as a table, for the HTML page (`⟦table:stats⟧`).
    var table: HTMLTable {
        HTMLTable(header: [], rows: statistics.map { [.text($0.0), .text($0.1)] }, rowHeadings: true)
    }

    func markdown(_ templates: TemplateSet) throws -> String {
        let md = MarkdownText.escape
        let habit = item.habit, m = item.metrics, series = item.series
        let stats = statistics
        let category = habit.categoryId.flatMap { id in input.categories.first { $0.id == id }?.name }
        let years: [[String: Any]] = (item.years.map { Array($0.reversed()) } ?? []).map { year in
            ["year": "\(year)", "image": "../heatmaps/\(item.slug)-\(year).svg", "alt": md("\(habit.name): heatmap of \(year)")]
        }
        let notes: [[String: Any]] = options.includeNotes
            ? (input.notes[habit.id.description] ?? []).filter { $0.day <= options.asOf }.reversed()
                .map { ["date": $0.day.description, "text": md($0.text)] }
            : []
        let month = MonthCalendar(series: series, asOf: options.asOf, weekStart: weekStart)
        var context: [String: Any] = [
            "html": ext == "html",
            "emoji": md(habit.emoji), "name": md(habit.name), "goal": md(MetricText.goal(habit).capitalizedFirst),
            "frequency": md(MetricText.frequency(habit.frequency)), "archived": habit.isArchived,
            "home": "../index.\(ext)", "stats": stats.map { ["label": md($0.0), "value": md($0.1)] },
            "monthTitle": md(month.title), "calendar": month.text,
            "chart": "../charts/\(item.slug)-score.svg", "chartAlt": md("\(habit.name): strength score over time"),
            "weekdayChart": "../charts/\(item.slug)-weekdays.svg", "weekdayAlt": md("\(habit.name): days done by weekday"),
            "byWeekday": Weekday.allCases.map { "\($0.short.capitalized) \(m.completedByWeekday[$0.isoIndex])" }.joined(separator: " · "),
            "years": years, "hasNotes": !notes.isEmpty, "notes": notes,
        ]
        if let category { context["category"] = md(category) }
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

/// The as-of day's month as a monospace calendar (a code block: no user text in it):
/// "20✓", "21✗", "22–" (skipped), "23·" (nothing logged).
struct MonthCalendar {
    let title: String
    let weekdays: [String]
    let weeks: [[String]]

    var text: String {
        func cell(_ s: String) -> String { String(repeating: " ", count: max(0, 4 - s.count)) + s }
        let header = weekdays.map { cell(String($0.prefix(3))) }.joined()
        let rows = weeks.map { $0.map { cell($0.trimmingCharacters(in: .whitespaces)) }.joined() }
        return ([header] + rows).map { line in String(line.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
    }

    init(series: DaySeries, asOf: DayKey, weekStart: Weekday) {
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                      "October", "November", "December"]
        title = "\(months[asOf.month - 1]) \(asOf.year)"
        weekdays = (0..<7).map { Weekday.allCases[(weekStart.isoIndex + $0) % 7].short.capitalized }
        let first = asOf.firstOfMonth
        var rows: [[String]] = []
        var row = [String](repeating: " ", count: first.weekday.position(weekStart: weekStart))
        for offset in 0..<first.daysInMonth {
            let day = first.adding(days: offset)
            var mark = ""
            if day > asOf {
                mark = ""
            } else if let i = series.index(of: day) {
                switch series.state(at: i) {
                case .done: mark = "✓"
                case .missed: mark = "✗"
                case .skipped: mark = "–"
                case .unscheduled: mark = ""
                case .unknown: mark = "·"
                }
            }
            row.append("\(day.day)\(mark.isEmpty ? " " : mark)")
            if row.count == 7 { rows.append(row); row = [] }
        }
        if !row.isEmpty { rows.append(row + [String](repeating: " ", count: 7 - row.count)) }
        weeks = rows
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
