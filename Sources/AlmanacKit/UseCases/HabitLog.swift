import AlmanacDomain
import AlmanacStorage

/// `log` and `unlog`: what someone did on a day. The rules are `LogRules`'; this use case finds
/// the habits, resolves the days, and writes every habit of one command in one transaction.
public struct HabitLog {
    public struct Request: Sendable {
        public var habit: String
        public var value: Double?
        public var days: DaySelection
        public var note: String?
        public var mode: LogMode
        /// The local time of day the entry was done, in minutes after midnight (else the time it
        /// is written).
        public var minuteOfDay: Int?
        /// How hard it was, 1–10: a wellbeing entry linked to the habit.
        public var difficulty: Int?

        public init(habit: String, value: Double? = nil, days: DaySelection = .today, note: String? = nil, mode: LogMode = .replace,
                    minuteOfDay: Int? = nil, difficulty: Int? = nil) {
            self.habit = habit; self.value = value; self.days = days; self.note = note; self.mode = mode
            self.minuteOfDay = minuteOfDay; self.difficulty = difficulty
        }
    }

    public struct Outcome: Sendable {
        public var habit: Habit
        public var days: [DayKey]
        /// The value logged on each day.
        public var amount: Double
        /// The day's value after logging, when one day was logged.
        public var dayTotal: Double?
        /// Live entries that were replaced (they stay in history).
        public var replaced: Int
        /// Of those, the skips (a planned day off that was done after all).
        public var replacedSkips = 0
    }

    public let store: any AlmanacStore
    public let clock: Clock

    public init(store: any AlmanacStore, clock: Clock) { self.store = store; self.clock = clock }

    public func log(_ request: Request) throws -> Outcome {
        try log([request])[0]
    }

    /// Logs several habits (`log meditate run`) as one change: every name and every rule is
    /// checked before anything is written, and all of it is written in one transaction.
    public func log(_ requests: [Request]) throws -> [Outcome] {
        let now = clock.now()
        let (habits, calendar, sources) = try store.reading { view in
            (try view.habits(includeArchived: true), try StoreCalendar(settings: view.settings()), try view.sources())
        }
        let today = clock.today(in: calendar)
        let plans = try requests.map { request in
            let habit = try NameMatcher(habits, name: \.name, aliases: \.aliases).find(request.habit)
            if habit.sourceId != nil { throw SourceBook.refusal(habit, sources: sources) }
            let logged = LogRequest(value: request.value, days: try request.days.days(today: today), note: request.note, mode: request.mode,
                                    minuteOfDay: request.minuteOfDay, difficulty: request.difficulty)
            return try LogRules.plan(logged, habit: habit, today: today, now: now, calendar: calendar)
        }
        let outcomes = try store.log(plans, now: now)
        let totals = try store.reading { view in
            try plans.map { plan -> Double? in
                guard plan.days.count == 1, plan.mode != .skip else { return nil }
                let day = plan.days[0]
                return try view.entries(habitId: plan.habit.id, from: day, to: day, includeDeleted: false)
                    .filter { $0.kind == .check }.reduce(0) { $0 + $1.value }
            }
        }
        return zip(plans, zip(outcomes, totals)).map { plan, result in
            Outcome(habit: plan.habit, days: plan.days, amount: plan.mode == .skip ? 1 : plan.value, dayTotal: result.1,
                    replaced: result.0.replaced, replacedSkips: result.0.replacedSkips)
        }
    }

    /// Withdraws what was logged on the days (a soft delete); refuses when there was nothing.
    public func unlog(habit name: String, days selection: DaySelection) throws -> (habit: Habit, removed: Int) {
        let habit = try store.habit(named: name)
        if habit.sourceId != nil { throw SourceBook.refusal(habit, sources: try store.reading { try $0.sources() }) }
        let days = try selection.days(today: clock.today(in: try store.calendar()))
        try LogRules.check(days: days)
        let removed = try store.unlog(habitId: habit.id, days: days, now: clock.now())
        guard removed > 0 else { throw AlmanacError.refused("\(habit.name) has nothing logged \(selection.label).") }
        return (habit, removed)
    }
}
