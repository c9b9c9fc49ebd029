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
    /// The pace: at the 30-day rate and the last 30 days' due days a day, the due days between
    /// the as-of day and the target date and how many of them would be done. Nil without a
    /// target date ahead, without due days in the last 30, or while a habit's history is shorter
    /// than those 30 days (its whole history's due days no more than the window's).
    public var pace: Pace?

    public struct Pace: Sendable, Equatable, Encodable {
        public var done: Int
        public var due: Int
    }

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
        if let left = daysLeft, left > 0, rate30.expected > 0, mine.allSatisfy({ $0.metrics.rateAll.expected > $0.metrics.rate30.expected }) {
            let due = Int((Double(rate30.expected) / 30 * Double(left)).rounded())
            pace = Pace(done: Int((Double(due) * Double(rate30.completed) / Double(rate30.expected)).rounded()), due: due)
        }
    }
}
