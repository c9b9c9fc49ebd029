import AlmanacDomain

/// The cells of year heatmaps, from a habit's day series or from the daily overview.
public enum HeatmapCells {
    /// One cell per day of `grid`'s year for one habit.
    public static func habit(_ series: DaySeries, grid: HeatmapGrid, archivedDay: DayKey?) -> [HeatmapCell] {
        habit(series, days: grid.days, archivedDay: archivedDay)
    }

    /// One cell per day of `days` for one habit.
    public static func habit(_ series: DaySeries, days: [DayKey], archivedDay: DayKey?) -> [HeatmapCell] {
        let habit = series.habit
        return days.map { day in
            guard let i = series.index(of: day), archivedDay.map({ day < $0 }) ?? true else {
                return HeatmapCell(kind: .outside, value: "", label: day > series.asOf ? "" : "not tracked")
            }
            switch series.state(at: i) {
            case .skipped: return HeatmapCell(kind: .skipped, value: "skip", label: "skipped")
            case .unscheduled where !series.logged[i]: return HeatmapCell(kind: .unscheduled, value: "", label: "not due")
            case .unknown:
                return HeatmapCell(kind: .level0, value: "", label: i == series.count - 1 ? "not logged yet" : "nothing logged")
            case .done where !series.logged[i]:
                // An at-most habit's day with nothing logged: 0, within the limit.
                return HeatmapCell(kind: HeatmapCell.level(value: 0, target: habit.target, direction: habit.direction),
                                   value: "0", label: "nothing logged · within the limit")
            default:
                let value = series.values[i]
                let text = habit.unit == .boolean ? (value >= 1 ? "done" : "not done")
                    : MetricText.amount(value, of: habit)
                let verdict = habit.unit == .boolean ? "" : (series.isCompleted(i) ? " · done"
                    : (habit.direction == .atMost ? " · over the limit" : " · missed"))
                return HeatmapCell(kind: HeatmapCell.level(value: value, target: habit.target, direction: habit.direction),
                                   value: NumberText.plain(value), label: text + verdict)
            }
        }
    }

    /// One cell per day for the combined view: the share of due habits done.
    public static func combined(_ overview: DailyOverview, grid: HeatmapGrid) -> [HeatmapCell] {
        combined(overview, days: grid.days)
    }

    /// One cell per day of `days` for the combined view.
    public static func combined(_ overview: DailyOverview, days: [DayKey]) -> [HeatmapCell] {
        days.map { day in
            guard day >= overview.first, day <= overview.asOf, let counts = overview.day(day) else {
                return HeatmapCell(kind: .outside, value: "", label: "")
            }
            guard let share = counts.share else { return HeatmapCell(kind: .unscheduled, value: "0/0", label: "nothing due") }
            return HeatmapCell(kind: HeatmapCell.level(share: share), value: "\(counts.done)/\(counts.due)",
                               label: "\(counts.done) of \(counts.due) done" + (counts.isPerfect ? " · perfect day" : ""))
        }
    }
}
