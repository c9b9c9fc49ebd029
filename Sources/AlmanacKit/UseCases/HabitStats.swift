import AlmanacDomain

/// `stats HABIT`: every metric of one habit as of a day. Also the `--json` shape.
public struct HabitStats: Encodable, Sendable {
    public var habit: Habit
    public var asOf: DayKey
    public var metrics: HabitMetrics
    /// The first day of the habit's history (nil before it has one).
    public var since: DayKey?

    enum CodingKeys: String, CodingKey { case habit, asOf, metrics }

    public init(store: any AlmanacStore, habit name: String, asOf: DayKey?, clock: Clock) throws {
        let habit = try store.habit(named: name)
        let snapshot = try store.snapshot(through: nil)
        let asOf = asOf ?? clock.today(in: snapshot.calendar)
        let series = snapshot.series(of: habit, asOf: asOf)
        self.habit = habit
        self.asOf = asOf
        self.metrics = HabitMetrics(series: series, weekStart: snapshot.settings.weekStart)
        self.since = series.count > 0 ? series.start : nil
    }
}
