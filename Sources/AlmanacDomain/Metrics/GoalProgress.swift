/// A goal as of a day (HabitFlow's Northstar): a view over its habits' entries — their combined 30-day rate,
/// each habit's streaks and the days left to the target date. Nothing of it is stored.
public struct GoalProgress: Sendable, Equatable, Encodable {
    public struct HabitStreak: Sendable, Equatable, Encodable {
        public var name: String
        public var streak: Streak
    }

    public var id: EntityID
    public var name: String
    public var asOf: DayKey
    public var targetDate: DayKey?
    /// Days from the as-of day to the target date (negative once it has passed).
    public var daysLeft: Int?
    /// The habits' 30-day completions over their expectations, added up.
    public var rate30: CompletionRate
    public var habits: [HabitStreak]

    /// - Parameter metrics: the metrics of the store's habits as of `asOf`; the goal's habits
    ///   that the store no longer has (deleted) are left out.
    public init(goal: Goal, metrics: [(habit: Habit, metrics: HabitMetrics)], asOf: DayKey) {
        id = goal.id
        name = goal.name
        self.asOf = asOf
        targetDate = goal.targetDate
        daysLeft = goal.targetDate.map { asOf.days(to: $0) }
        let mine = goal.habitIds.compactMap { id in metrics.first { $0.habit.id == id } }
        rate30 = CompletionRate(completed: mine.reduce(0) { $0 + $1.metrics.rate30.completed },
                                expected: mine.reduce(0) { $0 + $1.metrics.rate30.expected })
        habits = mine.map { HabitStreak(name: $0.habit.name, streak: $0.metrics.streak) }
    }
}
