import AlmanacDomain

/// The tables of the site: weeks, months and years (the same totals as `stats`), and behind every
/// picture the figures it draws, so a screen reader can walk them.
extension SiteDerivation {
    /// A month grid's days through the as-of day, each with what its cell says.
    static func dayTable(_ grid: MonthGridSVG, name: String, asOf: DayKey) -> PageTable {
        let days = MonthGridSVG.days(of: grid.month)
        let rows = zip(days, grid.cells.cells()).filter { $0.0 <= asOf }.map { day, cell in
            [day.description, cell.label.isEmpty ? "–" : cell.label]
        }
        return PageTable(name: name, summary: "Table: \(MonthGridSVG.title(of: grid.month)) day by day",
                         header: ["Day", "What was logged"], rows: rows)
    }

    /// The strength score at the end of each of the last 12 months (the as-of day for the
    /// current one).
    static func scoreTable(_ chart: ScoreChartSVG) -> PageTable {
        var rows: [[String]] = []
        var i = chart.scores.count - 1
        while i >= 0 && rows.count < 12 {
            let day = chart.start.adding(days: i)
            rows.append([String(day.description.prefix(7)), MetricText.percent(chart.scores[i])])
            i -= day.day   // to the last day of the month before
        }
        return PageTable(name: "score", summary: "Table: strength score at the end of each month",
                         header: ["Month", "Strength score"], rows: rows)
    }

    /// A wellbeing metric's weeks behind its chart, newest first: the week, its mean, its ratings.
    static func wellbeingTable(_ trend: WellbeingTrend, name: String) -> PageTable {
        let rows = trend.weeks.reversed().map { week in
            ["\(week.first.isoWeekLabel) from \(MetricText.shortDay(week.first))",
             week.mean.map { WellbeingChartSVG.value($0, scale: trend.scaleMax) } ?? "–", "\(week.ratings)"]
        }
        return PageTable(name: name, summary: "Table: \(trend.metric) by week", header: ["Week", "Mean", "Ratings"], rows: rows)
    }

    static func weekdayTable(_ chart: WeekdayChartSVG) -> PageTable {
        let order = (0..<7).map { Weekday.allCases[(chart.weekStart.isoIndex + $0) % 7] }
        return PageTable(name: "weekdays", summary: "Table: days done by weekday", header: ["Weekday", "Days done"],
                         rows: order.map { [$0.title, "\(chart.counts[$0.isoIndex])"] })
    }

    static func hourTable(_ counts: [Int]) -> PageTable {
        let rows = counts.enumerated().filter { $0.element > 0 }.map { hour, count in
            [(hour < 10 ? "0" : "") + "\(hour):00–\(hour < 9 ? "0" : "")\(hour + 1 == 24 ? "00" : "\(hour + 1)"):00", "\(count)"]
        }
        return PageTable(name: "hours", summary: "Table: checks by hour of the day", header: ["Hour", "Checks"], rows: rows)
    }

    /// The table behind the dashboard's heatmap of the last twelve months: per month, perfect
    /// days and habits done of due summed over the days (the first month from the grid's first
    /// day, which its label says).
    func lastYearTable(_ overview: DailyOverview) -> PageTable {
        let grid = HeatmapGrid(lastYearThrough: options.asOf, weekStart: input.snapshot.settings.weekStart)
        let from = max(overview.first, grid.firstDay)
        var rows: [[String]] = []
        var first = grid.firstDay.firstOfMonth
        while first <= options.asOf {
            var perfect = 0, done = 0, due = 0
            for day in MonthGridSVG.days(of: first) where day >= from && day <= options.asOf {
                guard let counts = overview.day(day) else { continue }
                done += counts.done; due += counts.due
                if counts.isPerfect { perfect += 1 }
            }
            // A month with nothing due (before the first habit, or all skipped) is left out: no "0 of 0".
            guard due > 0 else { first = first.adding(days: first.daysInMonth); continue }
            var soFar = options.isOver(MonthGridSVG.days(of: first).last!) ? "" : " (so far)"
            if grid.firstDay > first { soFar = " (from \(MetricText.shortDay(grid.firstDay)))" }
            rows.append([String(first.description.prefix(7)) + soFar, "\(perfect)", "\(done) of \(due)",
                         MetricText.percent(CompletionRate(completed: done, expected: due).value)])
            first = first.adding(days: first.daysInMonth)
        }
        return PageTable(name: "all-12-months", summary: "Table: the last 12 months by month", header: ["Month", "Perfect days", "Done", "Rate"],
                         rows: rows)
    }
}
