import AlmanacDomain

/// The last weeks of a habit as a grid of characters, harsh's core view: weeks as columns,
/// weekdays as rows from the week start. `█` done, `▒` logged but not done, `x` missed with
/// nothing logged, `·` nothing logged on a day still open (today, or a per-period habit's day),
/// `s` skipped, ` ` not due or outside the habit's history.
enum TerminalHeatmap {
    static func lines(_ series: DaySeries, weekStart: Weekday, weeks: Int = 12) -> [String] {
        guard series.count > 0 else { return [] }
        let lastWeek = series.asOf.startOfWeek(weekStart)
        let firstWeek = lastWeek.adding(days: -7 * (weeks - 1))
        var lines: [String] = []
        for row in 0..<7 {
            let weekday = firstWeek.adding(days: row).weekday
            var line = weekday.shortTitle + " "
            for week in 0..<weeks {
                line += symbol(series, day: firstWeek.adding(days: 7 * week + row))
            }
            while line.last == " " { line.removeLast() }
            lines.append(line)
        }
        return lines
    }

    private static func symbol(_ series: DaySeries, day: DayKey) -> String {
        guard let i = series.index(of: day) else { return " " }
        switch series.state(at: i) {
        case .done: return "█"
        case .missed: return series.logged[i] ? "▒" : "x"
        case .unknown: return series.logged[i] ? "▒" : "·"
        case .skipped: return "s"
        case .unscheduled: return series.logged[i] ? "█" : " "
        }
    }
}
