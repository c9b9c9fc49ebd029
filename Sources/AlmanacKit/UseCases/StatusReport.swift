import AlmanacDomain

/// `status`: today at a glance — done of due, and each active habit's day, streaks, 30-day rate
/// and strength score. Also the `--json` shape scripts read.
public struct StatusReport: Encodable, Sendable {
    public struct Row: Encodable, Sendable {
        public var id: String
        public var name: String
        public var emoji: String
        public var today: Today
        public var streak: Streak
        public var rate30: CompletionRate
        public var score: Double
        /// Per-week and per-month habits: the period in progress.
        public var period: HabitMetrics.PeriodProgress?
        public var habit: Habit
        /// The day's metrics, for the text of the row.
        public var metrics: HabitMetrics
        enum CodingKeys: String, CodingKey { case id, name, emoji, today, streak, rate30, score, period }
    }

    public struct Today: Encodable, Sendable {
        public var value: Double?
        public var target: Double
        public var unit: String
        public var state: DayState?
    }

    public var asOf: DayKey
    public var done: Int
    public var total: Int
    public var habits: [Row]

    /// The status as of a day (default today in the store's calendar).
    public init(store: any AlmanacStore, asOf: DayKey?, clock: Clock) throws {
        let snapshot = try store.snapshot(through: nil)
        self.init(snapshot: snapshot, asOf: asOf ?? clock.today(in: snapshot.calendar))
    }

    public init(snapshot: StoreSnapshot, asOf: DayKey) {
        self.asOf = asOf
        let all = snapshot.metrics(asOf: asOf)
        let overview = DailyOverview(series: all.map { ($0.series, snapshot.archivedDay(of: $0.habit)) },
                                     asOf: asOf, weekStart: snapshot.settings.weekStart)
        let today = overview.day(asOf)
        done = today?.done ?? 0
        total = today?.due ?? 0
        habits = all.filter { !$0.habit.isArchived && $0.series.count > 0 }.map { habit, _, metrics in
            Row(id: habit.id.description, name: habit.name, emoji: habit.emoji,
                today: Today(value: metrics.todayValue, target: habit.target, unit: habit.displayUnit, state: metrics.todayState),
                streak: metrics.streak, rate30: metrics.rate30, score: metrics.score, period: metrics.period,
                habit: habit, metrics: metrics)
        }
    }
}
