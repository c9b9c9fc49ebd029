/// How `log` writes a day.
public enum LogMode: Sendable {
    /// Upsert per (habit, day): the day's live entries are soft-deleted, the new one appended.
    case replace
    /// Append to the day's value ("one more glass"); an excuse on that day is withdrawn.
    case add
    /// An excused day (sick, vacation): it replaces whatever the day had.
    case skip
}

/// A rating written with each logged entry, in the same transaction (a difficulty): a wellbeing
/// entry linked to the habit, on the entry's day and time — never a field of the entry.
public struct LogRating: Sendable, Equatable {
    public var metric: String
    public var value: Double
    public var scaleMax: Double

    public init(metric: String, value: Double, scaleMax: Double) {
        self.metric = metric; self.value = value; self.scaleMax = scaleMax
    }
}

/// What someone asks to log for one habit, before any rule is checked.
public struct LogRequest: Sendable, Equatable {
    /// The day's value; nil for the default (1 for a yes/no habit, for adding and for a skip).
    public var value: Double?
    public var days: [DayKey]
    public var note: String?
    public var mode: LogMode
    /// The local time of day it was done, in minutes after midnight (else the time it is written).
    public var minuteOfDay: Int?
    /// How hard it was, from 1 to 10.
    public var difficulty: Int?

    public init(value: Double? = nil, days: [DayKey], note: String? = nil, mode: LogMode = .replace, minuteOfDay: Int? = nil,
                difficulty: Int? = nil) {
        self.value = value; self.days = days; self.note = note; self.mode = mode
        self.minuteOfDay = minuteOfDay; self.difficulty = difficulty
    }
}

/// A log that every rule has passed: what the store writes, in one transaction. Only
/// `LogRules.plan` makes one.
public struct LogPlan: Sendable, Equatable {
    public let habit: Habit
    public let days: [DayKey]
    /// The value of each day's entry (0 for a skip).
    public let value: Double
    public let mode: LogMode
    public let note: String?
    public let minuteOfDay: Int?
    public let rating: LogRating?
}

/// The rules of logging, in one place: which days, which values, which details go together.
public enum LogRules {
    /// The most days one log or unlog covers (about ten years).
    public static let maxDays = 3_660
    /// The difficulties a log takes, and the scale they are kept on.
    public static let difficulties = 1...10

    /// The days of a log or an unlog: at least one, at most `maxDays`, all within the days
    /// Almanac keeps.
    public static func check(days: [DayKey]) throws {
        guard !days.isEmpty else { throw LogProblem.noDays }
        guard days.count <= maxDays else { throw LogProblem.tooManyDays(days.count, max: maxDays) }
        if let outside = days.first(where: { !SupportedDays.contains($0) }) { throw LogProblem.outsideKeptDays(outside) }
    }

    /// Checks `request` for `habit` against the rules (as of `now`, `today` in the store's
    /// `calendar`) and returns what to write:
    /// - at most `maxDays` days, all within the days Almanac keeps;
    /// - nothing checked after today (only skips may be planned ahead), and a time of day today
    ///   not later than now;
    /// - a measured habit needs a value; a yes/no habit takes 0 or 1, and 1 by default;
    ///   adding adds 1 by default; every value is from 0 to a billion;
    /// - a skip has no value, no time and no difficulty;
    /// - a difficulty from 1 to 10; a time of day from 00:00 to 23:59; a note is text.
    public static func plan(_ request: LogRequest, habit: Habit, today: DayKey, now: Timestamp,
                            calendar: StoreCalendar) throws -> LogPlan {
        try check(days: request.days)
        if let note = request.note { try HabitRules.checkText(note, field: "A note") }
        let skip = request.mode == .skip
        if skip {
            if request.value != nil { throw LogProblem.skipWithValue }
            if request.minuteOfDay != nil || request.difficulty != nil { throw LogProblem.skipWithDetails }
        } else if let last = request.days.max(), last > today {
            throw LogProblem.future(last, today: today)
        }
        if let minute = request.minuteOfDay {
            guard (0..<1440).contains(minute) else { throw LogProblem.timeOutOfDay(minute) }
            if request.days.max() == today, calendar.instant(of: today, minute: minute) > now { throw LogProblem.timeLaterToday(minute) }
            if let day = request.days.first(where: { !calendar.exists($0, minute: minute) }) {
                throw LogProblem.timeSkipped(minute, day: day, zone: calendar.timeZone.identifier)
            }
        }
        if let difficulty = request.difficulty, !difficulties.contains(difficulty) { throw LogProblem.difficulty(difficulty) }
        let value: Double
        if skip {
            value = 0
        } else if let given = request.value {
            try HabitRules.validate(value: given, for: habit)
            value = given
        } else if habit.unit == .boolean || request.mode == .add {
            value = 1
        } else {
            throw LogProblem.needsValue(habit: habit.name, unit: habit.displayUnit.isEmpty ? habit.unit.rawValue : habit.displayUnit,
                                        example: habit.target)
        }
        let rating = request.difficulty.map { LogRating(metric: "difficulty", value: Double($0), scaleMax: Double(difficulties.upperBound)) }
        return LogPlan(habit: habit, days: request.days, value: value, mode: request.mode, note: request.note,
                       minuteOfDay: request.minuteOfDay, rating: rating)
    }
}

/// Why a log breaks a rule: what went wrong, with the values a front end words it with.
public enum LogProblem: Error, Equatable, CustomStringConvertible, Sendable {
    case noDays
    case tooManyDays(Int, max: Int)
    case outsideKeptDays(DayKey)
    /// A check on a day after today.
    case future(DayKey, today: DayKey)
    /// A time of day today that has not come yet (minutes after midnight).
    case timeLaterToday(Int)
    /// A time of day the clocks skip on that day (a DST change).
    case timeSkipped(Int, day: DayKey, zone: String)
    case timeOutOfDay(Int)
    case difficulty(Int)
    case skipWithValue
    /// A skip with a time of day or a difficulty.
    case skipWithDetails
    /// A measured habit logged without a value: its name, its unit and its target as an example.
    case needsValue(habit: String, unit: String, example: Double)

    public var description: String {
        switch self {
        case .noDays: return "No day to log."
        case .tooManyDays(let count, let max): return "At most \(max) days go in one log; this range has \(count)."
        case .outsideKeptDays(let day): return SupportedDays.outside(day.description)
        case .future(let day, let today): return "\(day) is in the future (today is \(today)); only skips can be planned ahead."
        case .timeLaterToday(let minute): return "\(Self.clock(minute)) today is in the future; give a time that has passed."
        case .timeOutOfDay: return "A time of day is 00:00 to 23:59."
        case .timeSkipped(let minute, let day, let zone):
            return "\(Self.clock(minute)) does not exist on \(day) in \(zone): the clocks went forward over it; give a time before or after."
        case .difficulty(let value):
            return "A difficulty goes from \(LogRules.difficulties.lowerBound) (easy) to \(LogRules.difficulties.upperBound) (hardest), not \(value)."
        case .skipWithValue: return "A skipped day has no value."
        case .skipWithDetails: return "A skipped day has no time of day and no difficulty."
        case .needsValue(let habit, let unit, _): return "\(habit) is measured in \(unit): a value is needed."
        }
    }

    /// "07:30".
    public static func clock(_ minute: Int) -> String {
        let h = minute / 60, m = minute % 60
        return (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m)"
    }
}
