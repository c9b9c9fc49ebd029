import AlmanacDomain
import AlmanacStorage

/// `status`: today at a glance — done of due, and each active habit's day, streaks, 30-day rate
/// and strength score. Also the `--json` shape scripts read.
public struct StatusReport: Encodable, Sendable {
    public struct Row: Encodable, Sendable {
        public var id: String
        public var name: String
        public var emoji: String
        public var today: Today
        public var habit: Habit
        /// The habit's metrics as of the day; the row's figures are read from them.
        public var metrics: HabitMetrics

        public var streak: Streak { metrics.streak }
        public var rate30: CompletionRate { metrics.rate30 }
        public var score: Double { metrics.score }
        /// Per-week and per-month habits: the period in progress.
        public var period: HabitMetrics.PeriodProgress? { metrics.period }

        enum CodingKeys: String, CodingKey { case id, name, emoji, today, streak, rate30, score, period }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)
            try container.encode(emoji, forKey: .emoji)
            try container.encode(today, forKey: .today)
            try container.encode(streak, forKey: .streak)
            try container.encode(rate30, forKey: .rate30)
            try container.encode(score, forKey: .score)
            try container.encodeIfPresent(period, forKey: .period)
        }
    }

    public struct Today: Encodable, Sendable {
        public var value: Double?
        public var target: Double
        public var unit: String
        public var state: DayState?
    }

    public var asOf: DayKey
    /// Whether the clock has passed the end of the as-of day: its figures are final.
    public var asOfIsOver: Bool
    /// The day the clock is in (not in the JSON: `asOfIsOver` says what it decides).
    public var today: DayKey
    public var done: Int
    public var total: Int
    /// The weight of the due habits done ÷ the weight of the due habits; nil when nothing is due.
    public var weightedScore: Double?
    /// XP, level and achievements as of the day (derived, docs/METRICS.md).
    public var experience: Experience
    public var habits: [Row]

    enum CodingKeys: String, CodingKey { case asOf, asOfIsOver, done, total, weightedScore, experience, habits }

    /// The status as of a day (default today in the store's calendar).
    public init(store: any AlmanacStore, asOf: DayKey?, clock: Clock) throws {
        let snapshot = try store.snapshot(through: nil)
        let today = clock.today(in: snapshot.calendar)
        self.init(snapshot: snapshot, asOf: asOf ?? today, today: today)
    }

    /// - Parameter today: the day the clock is in: the as-of day is over when it is before it.
    public init(snapshot: StoreSnapshot, asOf: DayKey, today: DayKey) {
        self.asOf = asOf
        self.today = today
        asOfIsOver = asOf < today
        let weekStart = snapshot.settings.weekStart
        // Each habit's metrics with the days its streak reached the achievements' lengths, from
        // the one fold of its days.
        let computed = snapshot.computedMetrics(asOf: asOf, today: today)
        let all = computed.map { (habit: $0.habit, series: $0.series, metrics: $0.computed.metrics) }
        let overview = DailyOverview(series: all.map { ($0.series, snapshot.archivedDay(of: $0.habit)) },
                                     asOf: asOf, weekStart: weekStart)
        let today = overview.day(asOf)
        done = today?.done ?? 0
        total = today?.due ?? 0
        weightedScore = today?.weightedScore
        experience = Experience(overview: overview, series: all.map(\.series), streakDays: computed.map(\.computed.streakDays),
                                weekStart: weekStart)
        habits = all.filter { !$0.habit.isArchived && $0.series.count > 0 }.map { habit, _, metrics in
            Row(id: habit.id.description, name: habit.name, emoji: habit.emoji,
                today: Today(value: metrics.todayValue, target: habit.target, unit: habit.displayUnit, state: metrics.todayState),
                habit: habit, metrics: metrics)
        }
    }
}
