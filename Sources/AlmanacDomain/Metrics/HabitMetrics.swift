/// Every metric of one habit as of a day, computed from its day series and never stored.
public struct HabitMetrics: Sendable, Encodable, Equatable {
    /// The windows completion rates are reported over (nil = all time).
    public static let rateWindows: [Int?] = [7, 30, 90, 365, nil]

    public var asOf: DayKey
    /// Whether the clock has passed the end of the as-of day: its figures are final, and a due
    /// day without its target met is missed.
    public var asOfIsOver: Bool
    /// The as-of day's value and state.
    public var todayValue: Double?
    public var todayState: DayState?
    public var streak: Streak
    public var rate7: CompletionRate
    public var rate30: CompletionRate
    public var rate90: CompletionRate
    public var rate365: CompletionRate
    public var rateAll: CompletionRate
    /// The strength score as of the as-of day.
    public var score: Double
    /// Live check entries, and the sum of their values.
    public var totalCheckins: Int
    public var totalValue: Double
    /// Completed days per weekday, Monday first.
    public var completedByWeekday: [Int]
    /// Done of due and the values per week (by the store's week start), calendar month and year,
    /// oldest first: the one computation behind `stats`, the site's tables and the weekly and
    /// monthly exports.
    public var weeks: [CalendarTotal]
    public var months: [CalendarTotal]
    public var years: [CalendarTotal]
    /// For per-week and per-month habits: the period in progress ("2 of 3 this week").
    public var period: PeriodProgress?
    /// For at-most habits with a baseline: the reduction against it.
    public var reduction: Reduction?
    /// The completion rates a person reads, by window, the one list that `stats`, its JSON and the
    /// habit's page show: days (7, 30, 90, 365, all) for daily and weekday habits; the last 4, 12
    /// and 52 weeks for per-week habits and the last 3 and 12 months for per-month ones (all time
    /// last), since such a habit is done per period, not per day.
    public var rates: [WindowRate]

    /// A completion rate over a window, named for people ("30 days", "4 weeks", "all time").
    public struct WindowRate: Sendable, Encodable, Equatable {
        /// The window's length in `unit`s; nil for all time (a page words it in its language).
        public var length: Int?
        public var unit: StreakUnit
        public var rate: CompletionRate

        public init(length: Int?, unit: StreakUnit, rate: CompletionRate) {
            self.length = length; self.unit = unit; self.rate = rate
        }

        /// The window in the English of the command line and the files: "30 days", "all time".
        public var window: String { length.map { "\($0) \(unit.rawValue)" } ?? "all time" }

        private enum CodingKeys: String, CodingKey { case window, rate }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(window, forKey: .window)
            try container.encode(rate, forKey: .rate)
        }
    }

    /// The rate of the window a list of habits shows: 30 days, or the last 4 weeks or 3 months.
    public var recentRate: WindowRate { rates.count > 1 && rates[0].length == 7 && rates[0].unit == .days ? rates[1] : rates[0] }

    /// The period of the as-of day: its done days toward what it requires, capped at it as its
    /// row in the weeks' and months' tables is ("2 of 3 so far" while it is in progress, "2 of 3"
    /// once its last day is over).
    public struct PeriodProgress: Sendable, Codable, Equatable {
        public var kind: PeriodKind
        public var done: Int
        /// What the period requires: the habit's times, or fewer when the period has fewer days
        /// to give (the habit began in it, or days were skipped).
        public var times: Int
        public var inProgress: Bool

        public init(kind: PeriodKind, done: Int, times: Int, inProgress: Bool) {
            self.kind = kind; self.done = done; self.times = times; self.inProgress = inProgress
        }
    }

    public init(series: DaySeries, weekStart: Weekday) {
        self = Self.computed(series: series, weekStart: weekStart).metrics
    }

    /// The metrics with what computing them gave on the way (`HabitMetrics.computed`).
    public struct Computed: Sendable {
        public var metrics: HabitMetrics
        /// Every day a streak reached a milestone, oldest first (`DaySeries.streakMilestones`).
        public var milestones: [StreakMilestone]
        /// The strength score of every day (`DaySeries.strengthScores`); the metrics' is the last.
        public var scores: [Double]
        /// The first day the streak reached each of `Experience.streakMilestones`
        /// (`DaySeries.streakAchievementDays`).
        public var streakDays: [DayKey?]
    }

    /// The metrics and every day a streak reached a milestone, the strength score of every day
    /// and the achievements' streak days, from one fold of the series' days (`DayFold`).
    public static func computed(series: DaySeries, weekStart: Weekday) -> Computed {
        let fold = DayFold(series, weekStart: weekStart)
        let scores = series.strengthScores()
        // A per-period habit's streak is one of its periods, not its days.
        let walk = fold.byDay ? nil : series.streakWalk(weekStart: weekStart, milestones: true)
        let streak = walk?.streak ?? Streak(current: fold.run, best: fold.best, unit: .days)
        let milestones = walk?.milestones.map { StreakMilestone(day: $0.day, length: $0.length, unit: $0.unit) } ?? fold.milestones
        return Computed(metrics: HabitMetrics(series: series, weekStart: weekStart, fold: fold, streak: streak, scores: scores),
                        milestones: milestones, scores: scores, streakDays: fold.achievementDays)
    }

    /// `fold`: every day of the series folded; `streak`: the series' streak; `scores`: its
    /// strength scores.
    private init(series: DaySeries, weekStart: Weekday, fold: DayFold, streak: Streak, scores: [Double]) {
        asOf = series.asOf
        asOfIsOver = series.asOfIsOver
        let last = series.count - 1
        todayValue = last >= 0 && series.logged[last] ? series.values[last] : nil
        todayState = last >= 0 ? series.state(at: last) : nil
        self.streak = streak
        rate7 = series.completionRate(lastDays: 7, weekStart: weekStart)
        rate30 = series.completionRate(lastDays: 30, weekStart: weekStart)
        rate90 = series.completionRate(lastDays: 90, weekStart: weekStart)
        rate365 = series.completionRate(lastDays: 365, weekStart: weekStart)
        score = scores.last ?? 0
        totalCheckins = series.checkins
        totalValue = fold.totalValue
        completedByWeekday = fold.completedByWeekday
        let totals = series.calendarTotals(of: fold)
        weeks = totals[0]; months = totals[1]; years = totals[2]
        // A day-counted habit's years add up to its all-time rate (`CalendarTotal`): no pass of
        // its own. A per-period habit's year in progress owes its period's full target, which its
        // rate counts only once met.
        rateAll = series.periodRule == nil
            ? CompletionRate(completed: years.reduce(0) { $0 + $1.done }, expected: years.reduce(0) { $0 + $1.due })
            : series.completionRate(lastPeriods: nil, weekStart: weekStart)
        reduction = series.reduction(weekStart: weekStart)
        if let rule = series.periodRule {
            let windows: [Int?] = rule.kind == .month ? [3, 12, nil] : [4, 12, 52, nil]
            rates = windows.map { n in
                WindowRate(length: n, unit: StreakUnit(rawValue: rule.kind.rawValue + "s")!, rate: series.completionRate(lastPeriods: n, weekStart: weekStart))
            }
        } else {
            let byDay = [rate7, rate30, rate90, rate365, rateAll]
            rates = zip(Self.rateWindows, byDay).map { WindowRate(length: $0, unit: .days, rate: $1) }
        }
        if let rule = series.periodRule, let current = series.periods(from: series.asOf, weekStart: weekStart).last {
            period = PeriodProgress(kind: rule.kind, done: min(current.completed, current.required), times: current.required,
                                    inProgress: current.inProgress)
            // A period that ended on the as-of day without its target met is missed that day.
            if !current.inProgress, !current.succeeded, current.required > 0, todayState == .unknown { todayState = .missed }
        }
    }

    /// The rate for one of `rateWindows`.
    public func rate(_ window: Int?) -> CompletionRate {
        switch window {
        case 7: return rate7
        case 30: return rate30
        case 90: return rate90
        case 365: return rate365
        default: return rateAll
        }
    }
}

