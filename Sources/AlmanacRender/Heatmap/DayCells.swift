import AlmanacDomain
import AlmanacWords

/// What the days of a year heatmap, a month grid or a day strip show: a cell a day, in order —
/// its colour, its `data-value` and its words — for one habit (each day's state and value, worded
/// as the habit's values are) or for all habits (each day's habits due and done).
public struct DayCells: Sendable, Equatable {
    public let cells: [HeatmapCell]
    /// The language the cells are worded in.
    public let words: SiteLanguage
    /// Whether days can be over a limit (an at-most habit): the legend then explains that colour.
    public let hasLimit: Bool
    /// Whether the cells are all habits' (the share of due habits done), not one habit's.
    public var allHabits = false

    /// How many days are drawn as done (the two darkest levels), and how many at a level (due
    /// days, done or not).
    public func counts() -> (done: Int, levels: Int) {
        var done = 0, levels = 0
        for cell in cells {
            switch cell.kind {
            case .level3, .level4: done += 1; levels += 1
            case .level0, .level1, .level2, .over, .missed: levels += 1
            case .skipped, .unscheduled, .outside: break
            }
        }
        return (done, levels)
    }

    /// Every day of `days` for one habit; from `archivedDay` on the habit is not tracked. A day
    /// that is over and missed carries the missed mark (`HeatmapCell.Kind.missed`: a day over an
    /// at-most limit has its own colour instead), whatever was logged; the as-of day still going
    /// on is drawn by what was logged so far, worded as not over yet; a per-period habit's day
    /// without a check is nothing logged.
    public static func habit(_ series: DaySeries, days: [DayKey], archivedDay: DayKey?, text: MetricText) -> DayCells {
        let words = text.words, habit = series.habit
        let untracked = words["notTracked"], skipped = words["skipped"], notDue = words["notDue"], nothing = words["nothingLogged"]
        let pending = words["notLoggedYet"], within = words["nothingLogged"] + " · " + words["withinLimit"]
        let missedWord = " · " + words["missed"], soFar = " · " + words["today.notOver"]
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
            let state = series.state(at: i)
            switch state {
            case .skipped: return HeatmapCell(kind: .skipped, value: "skip", label: skipped)
            case .unscheduled where !series.logged[i]: return HeatmapCell(kind: .unscheduled, value: "", label: notDue)
            case .missed where !series.logged[i]: return HeatmapCell(kind: .missed, value: "", label: nothing + missedWord)
            case .missed:
                let cell = loggedCell(series.values[i])
                return cell.kind == .over ? cell : HeatmapCell(kind: .missed, value: cell.value, label: cell.label)
            case .done where !series.logged[i]:
                return HeatmapCell(kind: HeatmapCell.level(value: 0, target: habit.target, direction: habit.direction), value: "0", label: within)
            case .unknown where i == series.inProgressIndex:
                guard series.logged[i] else { return HeatmapCell(kind: .level0, value: "", label: pending) }
                // Logged so far on a day still going on: drawn by its value, but not done and not
                // over a limit yet (an at-most day is decided when it is over).
                let cell = loggedCell(series.values[i]), value = series.values[i]
                let amount = habit.unit == .boolean ? words["done"] : text.amount(value, unit: habit.displayUnit)
                let kind = habit.direction == .atMost ? (cell.kind == .over ? .over : .level0) : cell.kind
                return HeatmapCell(kind: kind, value: cell.value, label: amount + soFar)
            case .unknown: return HeatmapCell(kind: .level0, value: "", label: nothing)
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
        var all = DayCells(cells: cells, words: words, hasLimit: false)
        all.allHabits = true
        return all
    }
}
