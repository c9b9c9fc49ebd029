/// What the metrics and reports read from the store, taken in one consistent read: the settings,
/// every habit, and the live entries of each habit as day facts.
public struct StoreSnapshot: Sendable {
    public var settings: Settings
    public var calendar: StoreCalendar
    public var habits: [Habit]
    /// Live entries per habit id (its text form), through the day the snapshot was taken for.
    public var facts: [String: [DayFact]]
    /// When in the day each habit is done (`HourTally`), by habit id; empty unless the snapshot
    /// was read with the hours.
    public var hours: [String: [Int]]
    /// Days excused ahead of time: the live skips of days after the snapshot's day, by habit id
    /// (text form), in day order.
    public var plannedSkips: [String: [DayKey]]

    public init(settings: Settings, calendar: StoreCalendar, habits: [Habit], facts: [String: [DayFact]],
                hours: [String: [Int]] = [:], plannedSkips: [String: [DayKey]] = [:]) {
        self.settings = settings; self.calendar = calendar; self.habits = habits; self.facts = facts; self.hours = hours
        self.plannedSkips = plannedSkips
    }

    /// The habit's day series as of a day, with `today` the day the clock is in (the as-of day is
    /// over when it is before it).
    public func series(of habit: Habit, asOf: DayKey, today: DayKey) -> DaySeries {
        DaySeries(habit: habit, facts: facts[habit.id.description] ?? [],
                  createdDay: calendar.dayKey(for: habit.createdAt), asOf: asOf, today: today)
    }

    /// What another program wrote outside the days Almanac keeps (`SupportedDays`), which the
    /// metrics leave out (`DaySeries`): one sentence per habit, naming it and the first such day.
    public var daysOutsideRange: [String] {
        habits.compactMap { habit in
            // One pass over the habit's facts on every report: nothing is copied.
            var outside = 0, first: DayKey?
            for fact in facts[habit.id.description] ?? [] where !SupportedDays.contains(fact.day) {
                outside += 1
                if first.map({ fact.day < $0 }) ?? true { first = fact.day }
            }
            let created = calendar.dayKey(for: habit.createdAt)
            if let first {
                return "\(habit.name) has \(outside == 1 ? "an entry" : "\(outside) entries") on days outside the days Almanac keeps "
                    + "(\(SupportedDays.first) to \(SupportedDays.last)), the first on \(first); \(outside == 1 ? "it is" : "they are") left out."
            }
            if !SupportedDays.contains(created) {
                return "\(habit.name) was created on \(created), outside the days Almanac keeps; its history is counted from its first entry."
            }
            return nil
        }
    }

    /// The day a habit was archived on, in the store's calendar (nil while active).
    public func archivedDay(of habit: Habit) -> DayKey? {
        habit.archivedAt.map { calendar.dayKey(for: $0) }
    }

    /// Every habit's metrics as of a day, in display order, with `today` the day the clock is in.
    public func metrics(asOf: DayKey, today: DayKey) -> [(habit: Habit, series: DaySeries, metrics: HabitMetrics)] {
        computedMetrics(asOf: asOf, today: today).map { ($0.habit, $0.series, $0.computed.metrics) }
    }

    /// Every habit's metrics as of a day, in display order, with what computing them gave on the
    /// way (`HabitMetrics.Computed`: the milestones, the achievements' streak days, the scores).
    public func computedMetrics(asOf: DayKey, today: DayKey) -> [(habit: Habit, series: DaySeries, computed: HabitMetrics.Computed)] {
        habits.map { habit in
            let series = series(of: habit, asOf: asOf, today: today)
            return (habit, series, HabitMetrics.computed(series: series, weekStart: settings.weekStart))
        }
    }
}
