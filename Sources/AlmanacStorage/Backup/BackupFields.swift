import AlmanacDomain
/// The fields of one backup object, read with the JSON path they are reported under
/// (`habitEntries[1042].dayKey`). Every conversion failure is a sentence naming that path.
struct BackupFields: RecordReader {
    typealias Value = JSONReader.Value
    typealias Problem = BackupDocument.Problem

    let members: [(String, Value)]
    private let base: String
    private let index: Int?
    /// The object's JSON path, spelled out only when a problem names it (a restore reads
    /// hundreds of thousands of objects, and formatting each one's path cost more than its ids).
    var path: String { Self.path(base, index) }

    private static func path(_ base: String, _ index: Int?) -> String { index.map { "\(base)[\($0)]" } ?? base }

    init(_ value: Value, path: String) throws {
        try self.init(value, base: path, index: nil)
    }

    /// The object at `index` of the array `section`.
    init(_ value: Value, in section: String, at index: Int) throws {
        try self.init(value, base: section, index: index)
    }

    private init(_ value: Value, base: String, index: Int?) throws {
        self.base = base
        self.index = index
        guard case .object(let members) = value else {
            throw Problem(at: Self.path(base, index), " has the wrong type (expected an object, found \(value.typeName)).")
        }
        self.members = members
    }

    private func lookup(_ key: String) -> Value? { members.first { $0.0 == key }?.1 }

    private func required(_ key: String) throws -> Value {
        guard let value = lookup(key) else { throw Problem(at: "\(path).\(key)", " is missing.") }
        if case .null = value { throw Problem(at: "\(path).\(key)", " is null but needs a value.") }
        return value
    }

    private func wrongType(_ key: String, _ expected: String, _ value: Value) -> Problem {
        Problem(at: "\(path).\(key)", " has the wrong type (expected \(expected), found \(value.typeName)).")
    }

    func string(_ key: String) throws -> String {
        let value = try required(key)
        guard case .string(let text) = value else { throw wrongType(key, "a string", value) }
        return text
    }

    func optionalString(_ key: String) throws -> String? {
        guard let value = lookup(key) else { return nil }
        switch value {
        case .null: return nil
        case .string(let text): return text
        default: throw wrongType(key, "a string or null", value)
        }
    }

    func optionalBool(_ key: String) throws -> Bool? {
        guard let value = lookup(key) else { return nil }
        switch value {
        case .null: return nil
        case .bool(let flag): return flag
        default: throw wrongType(key, "true, false or null", value)
        }
    }

    /// A nested object, or nil when missing or null.
    func optionalObject(_ key: String) throws -> BackupFields? {
        guard let value = lookup(key) else { return nil }
        if case .null = value { return nil }
        return try BackupFields(value, path: "\(path).\(key)")
    }

    func number(_ key: String) throws -> Double {
        let value = try required(key)
        guard case .number(let number) = value else { throw wrongType(key, "a number", value) }
        return number
    }

    /// A number, or nil when missing (a version-1 backup has no baselines) or null.
    func optionalNumber(_ key: String) throws -> Double? {
        guard let value = lookup(key) else { return nil }
        switch value {
        case .null: return nil
        case .number(let number): return number
        default: throw wrongType(key, "a number or null", value)
        }
    }

    func integer(_ key: String) throws -> Int {
        let number = try number(key)
        guard number == number.rounded(), abs(number) < 1e15 else {
            throw Problem(at: "\(path).\(key)", "\(NumberText.plain(number)) is not a whole number.")
        }
        return Int(number)
    }

    func optionalInteger(_ key: String) throws -> Int? {
        guard try optionalNumber(key) != nil else { return nil }
        return try integer(key)
    }

    private func parsed<T>(_ key: String, _ text: String?, _ parse: (String) -> T?, _ what: String) throws -> T? {
        guard let text else { return nil }
        guard let value = parse(text) else { throw Problem(at: "\(path).\(key)", "\"\(text)\" is not \(what).") }
        return value
    }

    func id(_ key: String) throws -> EntityID { try parsed(key, try string(key), EntityID.init, "a UUID")! }
    func optionalID(_ key: String) throws -> EntityID? { try parsed(key, try optionalString(key), EntityID.init, "a UUID") }
    func day(_ key: String) throws -> DayKey { try supported(key, try parsed(key, try string(key), { DayKey($0) }, "a calendar day (YYYY-MM-DD)"))! }
    func optionalDay(_ key: String) throws -> DayKey? {
        try supported(key, try parsed(key, try optionalString(key), { DayKey($0) }, "a calendar day (YYYY-MM-DD)"))
    }
    func timestamp(_ key: String) throws -> Timestamp {
        try supported(key, try parsed(key, try string(key), { Timestamp(iso8601: $0) }, "an ISO 8601 timestamp"))!
    }
    func optionalTimestamp(_ key: String) throws -> Timestamp? {
        try supported(key, try parsed(key, try optionalString(key), { Timestamp(iso8601: $0) }, "an ISO 8601 timestamp"))
    }

    /// Days and instants outside `SupportedDays` are refused with their path.
    private func supported(_ key: String, _ day: DayKey?) throws -> DayKey? {
        if let day, !SupportedDays.contains(day) { throw Problem(at: "\(path).\(key)", SupportedDays.outside(day.description)) }
        return day
    }

    private func supported(_ key: String, _ instant: Timestamp?) throws -> Timestamp? {
        if let instant, !SupportedDays.contains(instant) { throw Problem(at: "\(path).\(key)", SupportedDays.outside(instant.description)) }
        return instant
    }

    func choice<T: RawRepresentable & CaseIterable>(_ key: String, _: T.Type) throws -> T where T.RawValue == String {
        let text = try string(key)
        guard let value = T(rawValue: text) else {
            throw Problem(at: "\(path).\(key)", "\"\(text)\" is not one of \(T.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        return value
    }

    func frequency(_ key: String) throws -> Frequency {
        let fields = try BackupFields(try required(key), path: "\(path).\(key)")
        var days: [String]?
        if let value = fields.lookup("days") {
            guard case .array(let names) = value else { throw fields.wrongType("days", "an array of weekdays", value) }
            days = try names.enumerated().map { i, name in
                guard case .string(let text) = name else { throw Problem(at: "\(path).\(key).days[\(i)]", " is not a weekday (mon … sun).") }
                return text
            }
        }
        let times = fields.lookup("times") == nil ? nil : try fields.integer("times")
        let period = fields.lookup("period") == nil ? nil : try fields.integer("period")
        do {
            return try Frequency(Frequency.Fields(type: try fields.string("type"), days: days, times: times, period: period))
        } catch let problem as Frequency.FieldProblem {
            throw Problem(at: "\(path).\(key).\(problem.field)", problem.message)
        }
    }

    func words(_ key: String) throws -> [String] {
        guard let value = lookup(key) else { return [] }
        switch value {
        case .null: return []
        case .array(let elements):
            return try elements.enumerated().map { i, element in
                guard case .string(let text) = element else { throw Problem(at: "\(path).\(key)[\(i)]", " is not a string.") }
                return text
            }
        default: throw wrongType(key, "an array of strings", value)
        }
    }

    func ids(_ key: String) throws -> [EntityID] {
        let value = try required(key)
        guard case .array(let elements) = value else { throw wrongType(key, "an array of UUIDs", value) }
        return try elements.enumerated().map { i, element in
            guard case .string(let text) = element, let id = EntityID(text) else {
                throw Problem(at: "\(path).\(key)[\(i)]", " is not a UUID.")
            }
            return id
        }
    }
}
