import AlmanacDomain

/// What a store says about changes to its entries: a token per habit that every change to that
/// habit's entries replaces with a new random one, by whichever program writes (the SQLite
/// store's triggers), and the version of the schema they were read under (dropping or making a
/// trigger changes it).
public struct EntryChanges: Sendable, Equatable {
    public var schema: Int64
    /// Per habit id (text form): the token of its entries as they are now.
    public var tokens: [String: [UInt8]]

    public init(schema: Int64, tokens: [String: [UInt8]]) { self.schema = schema; self.tokens = tokens }
}

/// Every live entry of a habit as a day fact, with the local hour of each check done on its own
/// day (-1 for none), in the store's row order — and the change token they were read under.
/// A report keeps these beside its site (`FactCache`), never in the store.
public struct HabitFacts: Sendable, Equatable {
    public var token: [UInt8]
    public var facts: [DayFact]
    /// Per fact: the local hour (0–23) that counts for `StoreSnapshot.hours`, or -1.
    public var hours: [Int8]

    public init(token: [UInt8], facts: [DayFact], hours: [Int8]) { self.token = token; self.facts = facts; self.hours = hours }

    /// The facts through a day, as a read through that day gives them (in the same order), and
    /// the days excused ahead of time after it, by day.
    func through(_ day: DayKey) -> (facts: HabitFacts, laterSkips: [DayKey]) {
        // Most often every fact is through the day: the same arrays, not a copy.
        if !facts.contains(where: { $0.day > day }) { return (self, []) }
        var through = HabitFacts(token: token, facts: [], hours: []), later: [DayKey] = []
        through.facts.reserveCapacity(facts.count); through.hours.reserveCapacity(facts.count)
        for (fact, hour) in zip(facts, hours) {
            if fact.day <= day {
                through.facts.append(fact)
                through.hours.append(hour)
            } else if fact.kind == .skip {
                later.append(fact.day)
            }
        }
        return (through, later.sorted())
    }

    /// The checks per local hour (24 counts), or nil when no check has an hour.
    var hourCounts: [Int]? {
        var counts = [Int](repeating: 0, count: 24), any = false
        counts.withUnsafeMutableBufferPointer { counts in
            hours.withUnsafeBufferPointer { hours in
                for hour in hours where hour >= 0 && hour < 24 { counts[Int(hour)] &+= 1; any = true }
            }
        }
        return any ? counts : nil
    }
}

/// The day facts a report kept from its previous read: valid for a habit while the store's
/// token for it is the one they were read under, and only for the store schema and time zone
/// they were read with (the hours depend on the zone).
public struct FactCache: Sendable, Equatable {
    public var schema: Int64
    public var timeZone: String
    /// Per habit id (text form).
    public var habits: [String: HabitFacts]

    public init(schema: Int64, timeZone: String, habits: [String: HabitFacts]) {
        self.schema = schema; self.timeZone = timeZone; self.habits = habits
    }
}

extension FactCache {
    /// What decides which habits a read takes from these facts.
    public var tokens: FactTokens { FactTokens(schema: schema, timeZone: timeZone, tokens: habits.mapValues(\.token)) }
}

/// What decides which habits a report's read takes from kept facts (`FactCache`) instead of the
/// store: the schema and time zone they were read with, and each habit's token. At hand before
/// the facts themselves are decoded.
public struct FactTokens: Sendable, Equatable {
    public var schema: Int64
    public var timeZone: String
    /// Per habit id (text form).
    public var tokens: [String: [UInt8]]

    public init(schema: Int64, timeZone: String, tokens: [String: [UInt8]]) {
        self.schema = schema; self.timeZone = timeZone; self.tokens = tokens
    }
}

/// A report's read of the entries through the facts it kept (`StoreReading.siteFacts`).
public struct SiteFacts: Sendable {
    public var snapshot: StoreSnapshot
    /// Days excused ahead of time: live skips after the day, per habit id (text form), by day.
    public var plannedSkips: [String: [DayKey]]
    /// The facts to keep for the next read.
    public var cache: FactCache
    /// How many habits' entries were read from the store (the others came from `kept`).
    public var habitsRead: Int
}
