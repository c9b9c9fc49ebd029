import AlmanacDomain

/// What the days of a year heatmap, a month grid or a day strip show: a cell a day, in order —
/// its colour, its `data-value` and its words — for one habit (each day's state and value, worded
/// as the habit's values are) or for all habits (each day's habits due and done).
public struct DayCells: Sendable, Equatable {
    public let cells: [HeatmapCell]
    /// The language the cells are worded in.
    public let words: SiteLanguage
    /// Whether days can be over a limit (an at-most habit): the legend then explains that colour.
    public let hasLimit: Bool

    /// How many days are drawn as done (the two darkest levels), and how many at a level (due
    /// days, done or not).
    public func counts() -> (done: Int, levels: Int) {
        var done = 0, levels = 0
        for cell in cells {
            switch cell.kind {
            case .level3, .level4: done += 1; levels += 1
            case .level0, .level1, .level2, .over: levels += 1
            case .skipped, .unscheduled, .outside: break
            }
        }
        return (done, levels)
    }

    /// Every day of `days` for one habit; from `archivedDay` on the habit is not tracked. An
    /// as-of day still going on with nothing logged is not logged yet; a day that is over with
    /// nothing logged is nothing logged, whether it was missed or its period is judged.
    public static func habit(_ series: DaySeries, days: [DayKey], archivedDay: DayKey?, text: MetricText) -> DayCells {
        let words = text.words, habit = series.habit
        let untracked = words["notTracked"], skipped = words["skipped"], notDue = words["notDue"], nothing = words["nothingLogged"]
        let pending = words["notLoggedYet"], within = words["nothingLogged"] + " · " + words["withinLimit"]
        // A logged day's cell depends on its value alone, and a habit logs few different values:
        // each is worded once.
        var logged: [UInt64: HeatmapCell] = [:]
        func loggedCell(_ value: Double) -> HeatmapCell {
            if let cell = logged[value.bitPattern] { return cell }
            let boolean = habit.unit == .boolean
            let amount = boolean ? (value >= 1 ? words["done"] : words["notDone"]) : text.amount(value, unit: habit.displayUnit)
            let verdict = boolean ? "" : " · " + (habit.direction.isMet(by: value, target: habit.target) ? words["done"]
                : (habit.direction == .atMost ? words["overLimit"] : words["missed"]))
            let cell = HeatmapCell(kind: HeatmapCell.level(value: value, target: habit.target, direction: habit.direction),
                                   value: NumberText.plain(value), label: amount + verdict)
            logged[value.bitPattern] = cell
            return cell
        }
        let cells = days.map { day -> HeatmapCell in
            guard let i = series.index(of: day), archivedDay.map({ day < $0 }) ?? true else {
                return day > series.asOf ? HeatmapCell(kind: .outside, value: "", label: "") : HeatmapCell(kind: .outside, value: "", label: untracked)
            }
            switch series.state(at: i) {
            case .skipped: return HeatmapCell(kind: .skipped, value: "skip", label: skipped)
            case .unscheduled where !series.logged[i]: return HeatmapCell(kind: .unscheduled, value: "", label: notDue)
            case .unknown: return HeatmapCell(kind: .level0, value: "", label: i == series.inProgressIndex ? pending : nothing)
            case .missed where !series.logged[i]: return HeatmapCell(kind: .level0, value: "", label: nothing)
            case .done where !series.logged[i]:
                return HeatmapCell(kind: HeatmapCell.level(value: 0, target: habit.target, direction: habit.direction), value: "0", label: within)
            default: return loggedCell(series.values[i])
            }
        }
        return DayCells(cells: cells, words: words, hasLimit: habit.direction == .atMost)
    }

    /// Every day of `days` for all habits: the share of due habits done.
    public static func combined(_ overview: DailyOverview, days: [DayKey], words: SiteLanguage) -> DayCells {
        let nothingDue = words["nothingDue"], perfect = " · " + words["perfectDay"]
        let cells = days.map { day -> HeatmapCell in
            guard day >= overview.first, day <= overview.asOf, let counts = overview.day(day) else {
                return HeatmapCell(kind: .outside, value: "", label: "")
            }
            let (due, done) = (counts.due, counts.done)
            guard due > 0 else { return HeatmapCell(kind: .unscheduled, value: "0/0", label: nothingDue) }
            return HeatmapCell(kind: HeatmapCell.level(share: Double(done) / Double(due)), value: "\(done)/\(due)",
                               label: words["ofDone", ["done": "\(done)", "due": "\(due)"]] + (done == due ? perfect : ""))
        }
        return DayCells(cells: cells, words: words, hasLimit: false)
    }
}
