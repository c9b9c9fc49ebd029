import AlmanacDomain

/// What the days of a year heatmap or a month grid show, as compact values: for one habit, each
/// day's state and value and how values are worded; for all habits, each day's habits due and
/// done. A model's key then costs a few bytes a day, and the words and colours of each cell
/// (`cells`) are made only when the file is rendered.
public enum DayCells: Sendable, Equatable {
    case habit(HabitDays)
    case combined(CombinedDays)

    /// One cell per day, in order.
    public func cells() -> [HeatmapCell] {
        switch self {
        case .habit(let days): return days.cells()
        case .combined(let days): return days.cells()
        }
    }

    /// Each day's kind (its colour), without its words.
    public func kinds() -> [HeatmapCell.Kind] {
        switch self {
        case .habit(let days): return days.kinds()
        case .combined(let days): return days.kinds()
        }
    }

    /// The language the cells are worded in.
    public var words: SiteLanguage {
        switch self {
        case .habit(let days): return days.text.words
        case .combined(let days): return days.words
        }
    }

    /// Whether days can be over a limit (an at-most habit): the legend then explains that colour.
    public var hasLimit: Bool {
        if case .habit(let days) = self { return days.rule.direction == .atMost }
        return false
    }

    /// How many days are drawn as done (the two darkest levels), and how many at a level (due
    /// days, done or not).
    public func counts() -> (done: Int, levels: Int) {
        var done = 0, levels = 0
        for kind in kinds() {
            switch kind {
            case .level3, .level4: done += 1; levels += 1
            case .level0, .level1, .level2, .over: levels += 1
            case .skipped, .unscheduled, .outside: break
            }
        }
        return (done, levels)
    }
}

/// One habit's days: per day a state and a value, and how values are worded and judged.
public struct HabitDays: Sendable, Equatable {
    public enum State: UInt8, Sendable {
        /// After the as-of day.
        case future
        /// Before the habit's history, or from the day it was archived.
        case untracked
        case skipped
        /// Not due, nothing logged.
        case unscheduled
        /// Due, nothing logged (the as-of day: not yet).
        case unknown, pending
        /// An at-most habit's due day with nothing logged: 0, within the limit.
        case withinLimit
        case logged
    }

    /// `State` raw values, one per day.
    public var states: [UInt8]
    /// The day's value on logged days, else 0.
    public var values: [Double]
    public var rule: ValueRule
    /// The words of the cells' labels.
    public var text: MetricText

    /// How a habit's values are worded ("8 glasses") and judged (done, missed, over the limit).
    public struct ValueRule: Sendable, Equatable {
        public var unit: HabitUnit
        /// "glasses", "min"; empty for yes/no habits.
        public var displayUnit: String
        public var target: Double
        public var direction: Direction

        public init(_ habit: Habit) {
            unit = habit.unit; displayUnit = habit.displayUnit; target = habit.target; direction = habit.direction
        }
    }

    /// The days of `days` in a habit's series; from `archivedDay` on the habit is not tracked. An
    /// as-of day still going on with nothing logged is not logged yet; a day that is over with
    /// nothing logged is nothing logged, whether it was missed or its period is judged.
    public init(_ series: DaySeries, days: [DayKey], archivedDay: DayKey?, text: MetricText) {
        rule = ValueRule(series.habit); self.text = text
        states = []; states.reserveCapacity(days.count)
        values = []; values.reserveCapacity(days.count)
        for day in days {
            var state = State.untracked, value = 0.0
            if let i = series.index(of: day), archivedDay.map({ day < $0 }) ?? true {
                switch series.state(at: i) {
                case .skipped: state = .skipped
                case .unscheduled where !series.logged[i]: state = .unscheduled
                case .unknown: state = i == series.inProgressIndex ? .pending : .unknown
                case .missed where !series.logged[i]: state = .unknown
                case .done where !series.logged[i]: state = .withinLimit
                default: state = .logged; value = series.values[i]
                }
            } else if day > series.asOf {
                state = .future
            }
            states.append(state.rawValue)
            values.append(value)
        }
    }

    public func kinds() -> [HeatmapCell.Kind] {
        zip(states, values).map { raw, value in
            switch State(rawValue: raw) ?? .untracked {
            case .future, .untracked: return .outside
            case .skipped: return .skipped
            case .unscheduled: return .unscheduled
            case .unknown, .pending: return .level0
            case .withinLimit: return HeatmapCell.level(value: 0, target: rule.target, direction: rule.direction)
            case .logged: return HeatmapCell.level(value: value, target: rule.target, direction: rule.direction)
            }
        }
    }

    public func cells() -> [HeatmapCell] {
        // A logged day's cell depends on its value alone, and a habit logs few different values:
        // each is worded once.
        var logged: [UInt64: HeatmapCell] = [:]
        let words = text.words
        let untracked = words["notTracked"], skipped = words["skipped"], notDue = words["notDue"], nothing = words["nothingLogged"]
        let pending = words["notLoggedYet"], within = words["nothingLogged"] + " · " + words["withinLimit"]
        return zip(states, values).map { raw, value in
            switch State(rawValue: raw) ?? .untracked {
            case .future: return HeatmapCell(kind: .outside, value: "", label: "")
            case .untracked: return HeatmapCell(kind: .outside, value: "", label: untracked)
            case .skipped: return HeatmapCell(kind: .skipped, value: "skip", label: skipped)
            case .unscheduled: return HeatmapCell(kind: .unscheduled, value: "", label: notDue)
            case .unknown: return HeatmapCell(kind: .level0, value: "", label: nothing)
            case .pending: return HeatmapCell(kind: .level0, value: "", label: pending)
            case .withinLimit:
                return HeatmapCell(kind: HeatmapCell.level(value: 0, target: rule.target, direction: rule.direction),
                                   value: "0", label: within)
            case .logged:
                if let cell = logged[value.bitPattern] { return cell }
                let cell = loggedCell(value)
                logged[value.bitPattern] = cell
                return cell
            }
        }
    }

    /// The cell of a day with a value logged.
    private func loggedCell(_ value: Double) -> HeatmapCell {
        let boolean = rule.unit == .boolean
        let words = self.text.words
        let text = boolean ? (value >= 1 ? words["done"] : words["notDone"]) : self.text.amount(value, unit: rule.displayUnit)
        let verdict = boolean ? "" : " · " + (rule.direction.isMet(by: value, target: rule.target) ? words["done"]
            : (rule.direction == .atMost ? words["overLimit"] : words["missed"]))
        return HeatmapCell(kind: HeatmapCell.level(value: value, target: rule.target, direction: rule.direction),
                           value: NumberText.plain(value), label: text + verdict)
    }
}

/// All habits' days: per day the habits due and done (`due` −1: outside the history).
public struct CombinedDays: Sendable, Equatable {
    public var due: [Int]
    public var done: [Int]
    public var words: SiteLanguage

    public init(_ overview: DailyOverview, days: [DayKey], words: SiteLanguage) {
        due = []; done = []; self.words = words
        for day in days {
            if day >= overview.first, day <= overview.asOf, let counts = overview.day(day) {
                due.append(counts.due); done.append(counts.done)
            } else {
                due.append(-1); done.append(0)
            }
        }
    }

    public func kinds() -> [HeatmapCell.Kind] {
        zip(due, done).map { due, done in
            due < 0 ? .outside : due == 0 ? .unscheduled : HeatmapCell.level(share: Double(done) / Double(due))
        }
    }

    /// How many days every due habit was done.
    public var perfectDays: Int { zip(due, done).filter { $0.0 > 0 && $0.0 == $0.1 }.count }

    public func cells() -> [HeatmapCell] {
        let nothingDue = words["nothingDue"], perfect = " · " + words["perfectDay"]
        return zip(due, done).map { due, done in
            guard due >= 0 else { return HeatmapCell(kind: .outside, value: "", label: "") }
            guard due > 0 else { return HeatmapCell(kind: .unscheduled, value: "0/0", label: nothingDue) }
            return HeatmapCell(kind: HeatmapCell.level(share: Double(done) / Double(due)), value: "\(done)/\(due)",
                               label: words["ofDone", ["done": "\(done)", "due": "\(due)"]] + (done == due ? perfect : ""))
        }
    }
}

/// The day cells of heatmaps and month grids, from a habit's day series or from the daily overview.
public enum HeatmapCells {
    /// Every day of `grid`'s year for one habit.
    public static func habit(_ series: DaySeries, grid: HeatmapGrid, archivedDay: DayKey?, text: MetricText) -> DayCells {
        .habit(HabitDays(series, days: grid.days, archivedDay: archivedDay, text: text))
    }

    /// Every day of `days` for one habit.
    public static func habit(_ series: DaySeries, days: [DayKey], archivedDay: DayKey?, text: MetricText) -> DayCells {
        .habit(HabitDays(series, days: days, archivedDay: archivedDay, text: text))
    }

    /// Every day of `grid`'s year for all habits: the share of due habits done.
    public static func combined(_ overview: DailyOverview, grid: HeatmapGrid, words: SiteLanguage) -> DayCells {
        .combined(CombinedDays(overview, days: grid.days, words: words))
    }

    /// Every day of `days` for all habits.
    public static func combined(_ overview: DailyOverview, days: [DayKey], words: SiteLanguage) -> DayCells {
        .combined(CombinedDays(overview, days: days, words: words))
    }
}
