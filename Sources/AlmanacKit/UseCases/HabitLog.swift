import AlmanacDomain
import AlmanacStorage

/// `log` and `unlog`: what someone did on a day, with the rules of SPEC section 3 and the ones a
/// person needs: no check in the future (only skips can be planned), a measured habit needs a
/// value, a yes/no habit is done by default.
public struct HabitLog {
    public struct Request: Sendable {
        public var habit: String
        public var value: Double?
        public var days: DaySelection
        public var note: String?
        public var mode: LogMode
        /// `HH:MM`: the local time of day the entry was done (else the time it is written).
        public var at: String?
        /// How hard it was, 1–10 (Habitto's difficulty): a wellbeing entry linked to the habit.
        public var difficulty: Int?

        public init(habit: String, value: Double? = nil, days: DaySelection = .today, note: String? = nil, mode: LogMode = .replace,
                    at: String? = nil, difficulty: Int? = nil) {
            self.habit = habit; self.value = value; self.days = days; self.note = note; self.mode = mode
            self.at = at; self.difficulty = difficulty
        }
    }

    /// The difficulties `--difficulty` takes, and the scale they are stored on.
    public static let difficulties = 1...10

    public struct Outcome: Sendable {
        public var habit: Habit
        public var days: [DayKey]
        /// The value logged on each day (1 for a skip).
        public var amount: Double
        /// The day's value after logging, when one day was logged.
        public var dayTotal: Double?
        /// Live entries that were replaced (they stay in history).
        public var replaced: Int
    }

    public let store: any AlmanacStore
    public let clock: Clock

    public init(store: any AlmanacStore, clock: Clock) { self.store = store; self.clock = clock }

    public func log(_ request: Request) throws -> Outcome {
        try log(request, habit: try store.habit(named: request.habit))
    }

    private func log(_ request: Request, habit: Habit) throws -> Outcome {
        let now = clock.now()
        let today = clock.today(in: try store.calendar())
        let days = try request.days.days(today: today)
        if request.mode != .skip, let last = days.last, last > today {
            throw AlmanacError.refused("\(last) is in the future (today is \(today)); only skips can be planned ahead.")
        }
        let amount = try Self.amount(request, habit: habit)
        let minute = try request.at.map(Self.minuteOfDay)
        if let difficulty = request.difficulty, !Self.difficulties.contains(difficulty) {
            throw AlmanacError.refused("A difficulty goes from \(Self.difficulties.lowerBound) (easy) to \(Self.difficulties.upperBound) (hardest), not \(difficulty).")
        }
        if request.mode == .skip, request.at != nil || request.difficulty != nil {
            throw AlmanacError.refused("A skipped day has no time or difficulty; leave --at and --difficulty out.")
        }
        let calendar = try store.calendar()
        if let minute, let last = days.last, last == today, calendar.instant(of: last, minute: minute) > now {
            throw AlmanacError.refused("\(request.at!) today is in the future; give a time that has passed.")
        }
        let rating = request.difficulty.map {
            LogRating(metric: "difficulty", value: Double($0), scaleMax: Double(Self.difficulties.upperBound))
        }
        let outcome = try store.log(habitId: habit.id, days: days, value: amount, mode: request.mode, note: request.note,
                                    minuteOfDay: minute, rating: rating, now: now)
        var total: Double?
        if days.count == 1 && request.mode != .skip {
            total = try store.entries(habitId: habit.id, from: days[0], to: days[0]).filter { $0.kind == .check }.reduce(0) { $0 + $1.value }
        }
        return Outcome(habit: habit, days: days, amount: amount, dayTotal: total, replaced: outcome.replaced)
    }

    /// Logs several requests (`log meditate run`): every habit name is checked before anything is
    /// written, so a typo in the last name logs nothing.
    public func log(_ requests: [Request]) throws -> [Outcome] {
        let habits = try store.habits(includeArchived: true)
        let found = try requests.map { try NameMatcher(habits, name: \.name).find($0.habit) }
        return try zip(requests, found).map { try log($0, habit: $1) }
    }

    /// Withdraws what was logged on the days (a soft delete); refuses when there was nothing.
    public func unlog(habit name: String, days selection: DaySelection) throws -> (habit: Habit, removed: Int) {
        let habit = try store.habit(named: name)
        let days = try selection.days(today: clock.today(in: try store.calendar()))
        let removed = try store.unlog(habitId: habit.id, days: days, now: clock.now())
        guard removed > 0 else { throw AlmanacError.refused("\(habit.name) has nothing logged \(selection.label).") }
        return (habit, removed)
    }

    /// `HH:MM` (or `H:MM`) as minutes after midnight.
    static func minuteOfDay(_ text: String) throws -> Int {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let hour = Int(parts[0]), let minute = Int(parts[1]), hour < 24, minute < 60 else {
            throw AlmanacError.refused("\"\(text)\" is not a time of day; use HH:MM from 00:00 to 23:59, e.g. --at 07:30.")
        }
        return hour * 60 + minute
    }

    /// The value to log: the one given, else 1 for a yes/no habit, `--add` and skips.
    static func amount(_ request: Request, habit: Habit) throws -> Double {
        if let value = request.value { return value }
        if habit.unit == .boolean || request.mode != .replace { return 1 }
        let unit = habit.displayUnit.isEmpty ? habit.unit.rawValue : habit.displayUnit
        throw AlmanacError.refused("\(habit.name) is measured in \(unit): give a value, e.g. `almanac log \"\(habit.name)\" \(NumberText.plain(habit.target))`.")
    }
}
