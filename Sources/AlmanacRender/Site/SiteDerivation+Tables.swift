import AlmanacDomain
import AlmanacWords

/// The tables of the site: weeks, months and years (the same totals as `stats`), and behind every
/// picture the figures it draws, so a screen reader can walk them.
extension SiteDerivation {
    /// A month grid's days through the as-of day, each with what its cell says (`column`: its
    /// heading's word).
    static func dayTable(_ grid: MonthGridSVG, name: String, column: String = "column.whatWasLogged", asOf: DayKey, words: SiteLanguage) -> PageTable {
        let days = MonthGridSVG.days(of: grid.month)
        let rows = zip(days, grid.cells.cells).filter { $0.0 <= asOf }.map { day, cell in
            [words.mediumDay(day), cell.label.isEmpty ? "–" : cell.label]
        }
        return PageTable(name: name, summary: words["table.dayByDay", ["month": words.month(of: grid.month)]],
                         header: [words["column.day"], words[column]], rows: rows)
    }

    /// The strength score at the end of each of the last 12 months (the as-of day for the
    /// current one).
    static func scoreTable(_ chart: ScoreChartSVG, words: SiteLanguage) -> PageTable {
        var rows: [[String]] = []
        var i = chart.scores.count - 1
        while i >= 0 && rows.count < 12 {
            let day = chart.start.adding(days: i)
            rows.append([words.month(of: day), words.percent(chart.scores[i])])
            i -= day.day   // to the last day of the month before
        }
        return PageTable(name: "score", summary: words["table.scoreByMonth"],
                         header: [words["column.month"], words["column.strengthScore"]], rows: rows)
    }

    /// A wellbeing metric's weeks behind its chart, newest first: the week, its mean, its ratings.
    static func wellbeingTable(_ trend: WellbeingTrend, name: String, text: MetricText) -> PageTable {
        let words = text.words
        let rows = trend.weeks.reversed().map { week in
            [words["weekFrom", ["week": week.first.isoWeekLabel, "day": text.shortDay(week.first)]],
             week.mean.map { WellbeingChartSVG.value($0, scale: trend.scaleMax, words: words) } ?? "–", "\(week.ratings)"]
        }
        return PageTable(name: name, summary: words["table.byWeek", ["metric": trend.metric]],
                         header: [words["column.week"], words["column.mean"], words["column.ratings"]], rows: rows)
    }

    static func weekdayTable(_ chart: WeekdayChartSVG, words: SiteLanguage) -> PageTable {
        let order = (0..<7).map { Weekday.allCases[(chart.weekStart.isoIndex + $0) % 7] }
        return PageTable(name: "weekdays", summary: words["table.byWeekday"], header: [words["column.weekday"], words["column.daysDone"]],
                         rows: order.map { [words.weekday($0), "\(chart.counts[$0.isoIndex])"] })
    }

    static func hourTable(_ counts: [Int], words: SiteLanguage) -> PageTable {
        let rows = counts.enumerated().filter { $0.element > 0 }.map { hour, count in
            [(hour < 10 ? "0" : "") + "\(hour):00–\(hour < 9 ? "0" : "")\(hour + 1 == 24 ? "00" : "\(hour + 1)"):00", "\(count)"]
        }
        return PageTable(name: "hours", summary: words["table.byHour"], header: [words["column.hour"], words["column.checks"]], rows: rows)
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
            var month = words.month(of: first)
            if grid.firstDay > first { month += " (" + words["fromDay", ["day": text.shortDay(grid.firstDay)]] + ")" }
            else if !options.isOver(MonthGridSVG.days(of: first).last!) { month = words["soFarAfter", ["text": month]] }
            rows.append([month, "\(perfect)", text.ofCount(done, due), text.percent(CompletionRate(completed: done, expected: due).value)])
            first = first.adding(days: first.daysInMonth)
        }
        return PageTable(name: "all-12-months", summary: words["table.last12Months"],
                         header: [words["column.month"], words["column.perfectDays"], words["column.done"], words["column.rate"]], rows: rows)
    }
}
