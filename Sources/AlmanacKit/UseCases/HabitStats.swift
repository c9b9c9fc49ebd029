import AlmanacDomain
import AlmanacStorage

/// `stats HABIT`: every metric of one habit as of a day. Also the `--json` shape.
public struct HabitStats: Encodable, Sendable {
    public var habit: Habit
    public var asOf: DayKey
    public var metrics: HabitMetrics
    /// The first day of the habit's history (nil before it has one).
    public var since: DayKey? { series.count > 0 ? series.start : nil }
    /// Completion rates by window (`HabitMetrics.rates`: days for daily and weekday habits, periods
    /// for per-week and per-month ones), as every output shows them.
    public var rates: [HabitMetrics.WindowRate]
    /// The day series the metrics come from (for a terminal heatmap).
    public var series: DaySeries
    public var weekStart: Weekday

    enum CodingKeys: String, CodingKey { case habit, asOf, metrics, rates }

    public init(store: any AlmanacStore, habit name: String, asOf: DayKey?, clock: Clock) throws {
        let habit = try store.habit(named: name)
        let snapshot = try store.snapshot(through: nil)
        let today = clock.today(in: snapshot.calendar), asOf = asOf ?? today
        let series = snapshot.series(of: habit, asOf: asOf, today: today)
        self.habit = habit
        self.asOf = asOf
        let metrics = HabitMetrics(series: series, weekStart: snapshot.settings.weekStart)
        self.series = series
        self.weekStart = snapshot.settings.weekStart
        self.metrics = metrics
        self.rates = metrics.rates
    }
}
