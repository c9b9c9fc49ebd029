import AlmanacDomain

/// What a store says about changes to its entries: a token per habit that every change to that
/// habit's entries replaces with a new random one, by whichever program writes (the SQLite
/// store's triggers, on SQLite and PostgreSQL), and the version of the schema they were read
/// under (dropping or making a trigger changes it).
public struct EntryChanges: Sendable, Equatable {
    public var schema: Int64
    /// Per habit id (text form): the token of its entries as they are now.
    public var tokens: [String: [UInt8]]

    public init(schema: Int64, tokens: [String: [UInt8]]) { self.schema = schema; self.tokens = tokens }
}

/// Every live entry of a habit as a day fact, with the local hour of each check done on its own
/// day (-1 for none), in the store's row order.
public struct HabitFacts: Sendable, Equatable {
    public var facts: [DayFact]
    /// Per fact: the local hour (0–23) that counts for `StoreSnapshot.hours`, or -1.
    public var hours: [Int8]

    public init(facts: [DayFact], hours: [Int8]) { self.facts = facts; self.hours = hours }

    /// The facts through a day, as a read through that day gives them (in the same order), and
    /// the days excused ahead of time after it, by day.
    public func through(_ day: DayKey) -> (facts: HabitFacts, laterSkips: [DayKey]) {
        // Most often every fact is through the day: the same arrays, not a copy.
        if !facts.contains(where: { $0.day > day }) { return (self, []) }
        var through = HabitFacts(facts: [], hours: []), later: [DayKey] = []
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
    public var hourCounts: [Int]? {
        var counts = [Int](repeating: 0, count: 24), any = false
        for hour in hours where hour >= 0 && hour < 24 { counts[Int(hour)] += 1; any = true }
        return any ? counts : nil
    }
}
