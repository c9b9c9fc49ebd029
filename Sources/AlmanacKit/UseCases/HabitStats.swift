import AlmanacDomain
import AlmanacStorage

/// `stats HABIT`: every metric of one habit as of a day. Also the `--json` shape.
public struct HabitStats: Encodable, Sendable {
    public var habit: Habit
    public var asOf: DayKey
    public var metrics: HabitMetrics
    /// The first day of the habit's history (nil before it has one).
    public var since: DayKey? { series.count > 0 ? series.start : nil }
    /// Completion rates by window: days ("7d", "30d" …) for daily and weekdays habits, periods
    /// ("4 weeks", "12 months" …) for per-week and per-month ones.
    public var rates: [WindowRate]
    /// The day series the metrics come from (for a terminal heatmap).
    public var series: DaySeries
    public var weekStart: Weekday

    public struct WindowRate: Encodable, Sendable {
        public var window: String
        public var rate: CompletionRate
    }

    enum CodingKeys: String, CodingKey { case habit, asOf, metrics, rates }

    public init(store: any AlmanacStore, habit name: String, asOf: DayKey?, clock: Clock) throws {
        let habit = try store.habit(named: name)
        let snapshot = try store.snapshot(through: nil)
        let asOf = asOf ?? clock.today(in: snapshot.calendar)
        let series = snapshot.series(of: habit, asOf: asOf)
        self.habit = habit
        self.asOf = asOf
        let metrics = HabitMetrics(series: series, weekStart: snapshot.settings.weekStart)
        self.series = series
        self.weekStart = snapshot.settings.weekStart
        self.metrics = metrics
        let weekStart = snapshot.settings.weekStart
        if let rule = series.periodRule {
            let windows: [Int?] = rule.kind == .month ? [3, 12, nil] : [4, 12, 52, nil]
            rates = windows.map { n in
                WindowRate(window: n.map { "\($0) \(rule.kind.rawValue)s" } ?? "all", rate: series.completionRate(lastPeriods: n, weekStart: weekStart))
            }
        } else {
            rates = HabitMetrics.rateWindows.map { window in WindowRate(window: window.map { "\($0)d" } ?? "all", rate: metrics.rate(window)) }
        }
    }
}
