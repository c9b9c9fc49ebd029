import Foundation

/// How often a habit is due: every day, on chosen weekdays, or a number of times per week or month.
public enum Frequency: Hashable, Sendable {
    case daily
    case weekdays(Set<Weekday>)
    case perWeek(Int)
    case perMonth(Int)

    /// Parses the command-line form: `daily`, `weekdays:mon,wed,fri`, `per-week:3`, `per-month:10`.
    public init(cli text: String) throws {
        let lower = text.lowercased().trimmingCharacters(in: .whitespaces)
        let parts = lower.split(separator: ":", maxSplits: 1).map(String.init)
        let usage = "use daily, weekdays:mon,wed,fri, per-week:3 or per-month:10"
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
        default:
            throw DomainError.invalid("\"\(text)\" is not a frequency; \(usage)")
        }
        try validate()
    }

    /// Checks the numbers: at least one weekday, 1–7 times a week, 1–31 times a month.
    public func validate() throws {
        switch self {
        case .daily: break
        case .weekdays(let days):
            if days.isEmpty { throw DomainError.invalid("A weekdays frequency needs at least one day.") }
        case .perWeek(let n):
            if !(1...7).contains(n) { throw DomainError.invalid("per-week needs 1 to 7 times a week, not \(n).") }
        case .perMonth(let n):
            if !(1...31).contains(n) { throw DomainError.invalid("per-month needs 1 to 31 times a month, not \(n).") }
        }
    }

    /// The command-line form, days in week order.
    public var cliDescription: String {
        switch self {
        case .daily: return "daily"
        case .weekdays(let days): return "weekdays:" + days.sorted().map(\.short).joined(separator: ",")
        case .perWeek(let n): return "per-week:\(n)"
        case .perMonth(let n): return "per-month:\(n)"
        }
    }

    /// Whether a day is one the habit is due on (every day for daily and per-period habits).
    public func isScheduled(_ day: DayKey) -> Bool {
        if case .weekdays(let days) = self { return days.contains(day.weekday) }
        return true
    }
}

extension Frequency: Codable {
    private enum CodingKeys: String, CodingKey { case type, days, times }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .type) {
        case "daily": self = .daily
        case "weekdays":
            let names = try container.decode([String].self, forKey: .days)
            var days = Set<Weekday>()
            for name in names {
                guard let day = Weekday(name: name) else {
                    throw DecodingError.dataCorruptedError(forKey: .days, in: container, debugDescription: "\"\(name)\" is not a weekday")
                }
                days.insert(day)
            }
            self = .weekdays(days)
        case "perWeek": self = .perWeek(try container.decode(Int.self, forKey: .times))
        case "perMonth": self = .perMonth(try container.decode(Int.self, forKey: .times))
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "\"\(other)\" is not a frequency type")
        }
        do { try validate() } catch {
            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "\(error)")
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .daily: try container.encode("daily", forKey: .type)
        case .weekdays(let days):
            try container.encode("weekdays", forKey: .type)
            try container.encode(days.sorted().map(\.short), forKey: .days)
        case .perWeek(let n):
            try container.encode("perWeek", forKey: .type)
            try container.encode(n, forKey: .times)
        case .perMonth(let n):
            try container.encode("perMonth", forKey: .type)
            try container.encode(n, forKey: .times)
        }
    }

    /// The frozen JSON text (`{"type":"weekdays","days":["mon","fri"]}`) stored in the database.
    public var json: String {
        switch self {
        case .daily: return #"{"type":"daily"}"#
        case .weekdays(let days): return #"{"type":"weekdays","days":["# + days.sorted().map { "\"\($0.short)\"" }.joined(separator: ",") + "]}"
        case .perWeek(let n): return #"{"type":"perWeek","times":"# + "\(n)}"
        case .perMonth(let n): return #"{"type":"perMonth","times":"# + "\(n)}"
        }
    }
}
