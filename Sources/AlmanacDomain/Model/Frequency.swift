import Foundation

/// How often a habit is due: every day, on chosen weekdays, or a number of times per week, per
/// month, or per period of some days (Loop Habit Tracker's "2 times in 3 days").
public enum Frequency: Hashable, Sendable {
    case daily
    case weekdays(Set<Weekday>)
    case perWeek(Int)
    case perMonth(Int)
    /// `times` in each period of `period` days, the periods counted from the habit's first day.
    case perDays(times: Int, period: Int)

    /// Parses the command-line form: `daily`, `weekdays:mon,wed,fri`, `per-week:3`, `per-month:10`,
    /// `per-days:2/3`.
    public init(cli text: String) throws {
        let lower = text.lowercased().trimmingCharacters(in: .whitespaces)
        let parts = lower.split(separator: ":", maxSplits: 1).map(String.init)
        let usage = "use daily, weekdays:mon,wed,fri, per-week:3, per-month:10 or per-days:2/3"
        switch parts.first ?? "" {
        case "daily" where parts.count == 1:
            self = .daily
        case "weekdays" where parts.count == 2:
            var days = Set<Weekday>()
            for name in parts[1].split(separator: ",", omittingEmptySubsequences: false) {
                guard let day = Weekday(name: name.trimmingCharacters(in: .whitespaces)) else {
                    throw DomainError.invalid("\"\(name)\" in \"\(text)\" is not a weekday; use mon, tue, wed, thu, fri, sat or sun")
                }
                days.insert(day)
            }
            self = .weekdays(days)
        case "per-week" where parts.count == 2, "perweek" where parts.count == 2:
            guard let n = Int(parts[1]) else { throw DomainError.invalid("\"\(text)\" is not a frequency; \(usage)") }
            self = .perWeek(n)
        case "per-month" where parts.count == 2, "permonth" where parts.count == 2:
            guard let n = Int(parts[1]) else { throw DomainError.invalid("\"\(text)\" is not a frequency; \(usage)") }
            self = .perMonth(n)
        case "per-days" where parts.count == 2, "perdays" where parts.count == 2:
            let numbers = parts[1].split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
            guard numbers.count == 2, let times = numbers[0], let period = numbers[1] else {
                throw DomainError.invalid("\"\(text)\" is not a frequency; per-days takes times/days, e.g. per-days:2/3")
            }
            self = .perDays(times: times, period: period)
        default:
            throw DomainError.invalid("\"\(text)\" is not a frequency; \(usage)")
        }
        try validate()
    }

    /// Checks the numbers: at least one weekday, 1–7 times a week, 1–31 times a month, and for
    /// per-days at least once in 2 to 365 days and fewer times than days (as many is daily).
    public func validate() throws {
        if let problem { throw DomainError.invalid(problem.message) }
    }

    /// The field whose number is out of range (`days`, `times`, `period`) and why, or nil.
    private var problem: (field: String, message: String)? {
        switch self {
        case .daily: return nil
        case .weekdays(let days):
            return days.isEmpty ? ("days", "A weekdays frequency needs at least one day.") : nil
        case .perWeek(let n):
            return (1...7).contains(n) ? nil : ("times", "per-week needs 1 to 7 times a week, not \(n).")
        case .perMonth(let n):
            return (1...31).contains(n) ? nil : ("times", "per-month needs 1 to 31 times a month, not \(n).")
        case .perDays(let times, let period):
            if !(2...365).contains(period) { return ("period", "per-days needs a period of 2 to 365 days, not \(period).") }
            if !(1..<period).contains(times) {
                return ("times", "per-days needs 1 to \(period - 1) times in \(period) days, not \(times) (as many times as days is daily).")
            }
            return nil
        }
    }

    /// The command-line form, days in week order.
    public var cliDescription: String {
        switch self {
        case .daily: return "daily"
        case .weekdays(let days): return "weekdays:" + days.sorted().map(\.short).joined(separator: ",")
        case .perWeek(let n): return "per-week:\(n)"
        case .perMonth(let n): return "per-month:\(n)"
        case .perDays(let times, let period): return "per-days:\(times)/\(period)"
        }
    }

    /// Whether a day is one the habit is due on (every day for daily and per-period habits).
    public func isScheduled(_ day: DayKey) -> Bool {
        if case .weekdays(let days) = self { return days.contains(day.weekday) }
        return true
    }

    /// Whether each weekday is a due day, by ISO index (Monday 0), for a `weekdays` frequency;
    /// nil when every day is (`isScheduled` for a day-by-day pass: one lookup per day instead of
    /// a set's).
    public var weekdayMask: [Bool]? {
        guard case .weekdays(let days) = self else { return nil }
        return Weekday.allCases.map { days.contains($0) }
    }
}

/// The frozen field form of a frequency — `type`, with `days` for weekdays and `times` for per-week
/// and per-month — used by the store, the backup and `--json` alike: the only place the type
/// names are mapped.
extension Frequency {
    public struct Fields: Equatable, Sendable {
        public var type: String
        public var days: [String]?
        public var times: Int?
        /// The days of a per-days period.
        public var period: Int?

        public init(type: String, days: [String]? = nil, times: Int? = nil, period: Int? = nil) {
            self.type = type; self.days = days; self.times = times; self.period = period
        }
    }

    public var fields: Fields {
        switch self {
        case .daily: return Fields(type: "daily")
        case .weekdays(let days): return Fields(type: "weekdays", days: days.sorted().map(\.short))
        case .perWeek(let n): return Fields(type: "perWeek", times: n)
        case .perMonth(let n): return Fields(type: "perMonth", times: n)
        case .perDays(let times, let period): return Fields(type: "perDays", times: times, period: period)
        }
    }

    /// What is wrong with one field of a frequency (`days[2]`, `times`), and why.
    public struct FieldProblem: Error, CustomStringConvertible, Sendable {
        public let field: String
        public let message: String
        public var description: String { "\(field): \(message)" }
    }

    /// A frequency from its fields, validated; a `FieldProblem` names the field that is wrong.
    public init(_ fields: Fields) throws {
        func required<T>(_ value: T?, _ name: String) throws -> T {
            guard let value else { throw FieldProblem(field: name, message: "missing for a \(fields.type) frequency.") }
            return value
        }
        switch fields.type {
        case "daily": self = .daily
        case "weekdays":
            var days = Set<Weekday>()
            for (i, name) in try required(fields.days, "days").enumerated() {
                guard let day = Weekday(name: name) else { throw FieldProblem(field: "days[\(i)]", message: "\"\(name)\" is not a weekday (mon … sun).") }
                days.insert(day)
            }
            self = .weekdays(days)
        case "perWeek": self = .perWeek(try required(fields.times, "times"))
        case "perMonth": self = .perMonth(try required(fields.times, "times"))
        case "perDays": self = .perDays(times: try required(fields.times, "times"), period: try required(fields.period, "period"))
        case let other: throw FieldProblem(field: "type", message: "\"\(other)\" is not daily, weekdays, perWeek, perMonth or perDays.")
        }
        if let problem { throw FieldProblem(field: problem.field, message: problem.message) }
    }

    /// The frozen JSON text (`{"type":"weekdays","days":["mon","fri"]}`) stored in the database.
    public var json: String {
        let f = fields
        var text = #"{"type":""# + f.type + "\""
        if let days = f.days { text += #","days":["# + days.map { "\"\($0)\"" }.joined(separator: ",") + "]" }
        if let times = f.times { text += #","times":"# + "\(times)" }
        if let period = f.period { text += #","period":"# + "\(period)" }
        return text + "}"
    }

    /// Reads the JSON text of `json` back.
    public init(json text: String) throws {
        self = try JSONDecoder().decode(Frequency.self, from: Data(text.utf8))
    }
}

extension Frequency: Codable {
    private enum CodingKeys: String, CodingKey { case type, days, times, period }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let fields = Fields(type: try container.decode(String.self, forKey: .type),
                            days: try container.decodeIfPresent([String].self, forKey: .days),
                            times: try container.decodeIfPresent(Int.self, forKey: .times),
                            period: try container.decodeIfPresent(Int.self, forKey: .period))
        do { try self.init(fields) } catch {
            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "\(error)")
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let f = fields
        try container.encode(f.type, forKey: .type)
        try container.encodeIfPresent(f.days, forKey: .days)
        try container.encodeIfPresent(f.times, forKey: .times)
        try container.encodeIfPresent(f.period, forKey: .period)
    }
}
