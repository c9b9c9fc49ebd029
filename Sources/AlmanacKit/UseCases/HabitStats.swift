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
    /// This year against the last, its best and worst month and weekday, as the habit's page shows them.
    public var insights: HabitInsights
    /// The pairs with the other active habits that hold (as the site shows them), with how many
    /// were tried; `names` gives the habits' names by id.
    public var pairs: PairInsights
    public var names: [String: String]

    enum CodingKeys: String, CodingKey { case habit, asOf, metrics, rates, insights, pairs, names }

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
        insights = HabitInsights(series: series, metrics: metrics, habitsTested: snapshot.habits.filter { !$0.isArchived }.count)
        let active = snapshot.habits.filter { !$0.isArchived }.map { snapshot.series(of: $0, asOf: asOf, today: today) }.filter { $0.count > 0 }
        var pairs = PairInsights(series: active, asOf: asOf, asOfIsOver: asOf < today)
        pairs.shown = pairs.shown.filter { $0.condition == habit.id || $0.outcome == habit.id }
        self.pairs = pairs
        names = Dictionary(active.map { ($0.habit.id.description, $0.habit.name) }, uniquingKeysWith: { a, _ in a })
    }
}
