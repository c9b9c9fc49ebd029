import AlmanacDomain

extension RelationalStore {
    public func reading<T>(_ body: (any StoreReading) throws -> T) throws -> T {
        try read { db in try body(SessionReading(db: db, location: location)) }
    }

    public func readingOnTwoCores<T>(_ body: (any StoreReading) throws -> T) throws -> T {
        try backend.readOnTwoConnections { db in try body(SessionReading(db: db, location: location)) }
    }
}

/// Every read of the store, inside one read transaction: everything it returns belongs to the
/// same moment of the store, even while another process writes. A command that reads once
/// (`AlmanacStore`'s single reads) and one that reads many things at one moment (report, export,
/// backup) go through these same functions.
struct SessionReading: StoreReading {
    let db: any SQLSession
    let location: String

    func settings() throws -> Settings { try RelationalStoreSettings.read(db, location: location) }

    func habits(includeArchived: Bool) throws -> [Habit] { try SessionReading.habits(db, includeArchived: includeArchived) }

    /// Every habit in display order: also what the writers check names and the cap against.
    static func habits(_ db: any SQLSession, includeArchived: Bool) throws -> [Habit] {
        try db.fetchAll(Habit.self, where: includeArchived ? "TRUE" : "archivedAt IS NULL", orderBy: "sortOrder, createdAt, id")
    }

    func habit(id: EntityID) throws -> Habit? { try db.fetchOne(Habit.self, id: id) }

    func categories() throws -> [AlmanacDomain.Category] { try db.fetchAll(AlmanacDomain.Category.self, orderBy: "name, id") }

    func goals() throws -> [Goal] { try db.fetchAll(Goal.self, orderBy: "name, id") }

    func sources() throws -> [FollowedSource] { try db.fetchAll(FollowedSource.self, orderBy: "path, id") }

    func entries(habitId: EntityID, from: DayKey?, to: DayKey?, includeDeleted: Bool) throws -> [HabitEntry] {
        var condition = "habitId = ? AND dayKey BETWEEN ? AND ?"
        if !includeDeleted { condition += " AND deletedAt IS NULL" }
        let low = from?.description ?? "0000-00-00", high = to?.description ?? "9999-99-99"
        return try db.fetchAll(HabitEntry.self, where: condition, orderBy: "dayKey, timestampUtc, id", [SQLValue(habitId), .text(low), .text(high)])
    }

    func entries(habitIds: Set<EntityID>) throws -> [HabitEntry] {
        var all: [HabitEntry] = []
        let ids = habitIds.sorted()
        for start in stride(from: 0, to: ids.count, by: 500) {
            let chunk = ids[start..<min(start + 500, ids.count)]
            let marks = chunk.map { _ in "?" }.joined(separator: ",")
            all += try db.fetchAll(HabitEntry.self, where: "habitId IN (\(marks))", chunk.map { SQLValue($0) })
        }
        return all
    }

    func existingIDs(_ ids: [EntityID], in section: BackupFormat.Section) throws -> Set<EntityID> {
        guard !ids.isEmpty else { return [] }
        let wanted = Set(ids)
        let known = try db.strings("SELECT id FROM \(StoreTable.name(of: section)) WHERE \(db.scope.rows)")
        return Set(known.compactMap(EntityID.init).filter(wanted.contains))
    }

    func journal(from: DayKey?, to: DayKey?) throws -> [JournalEntry] { try liveEntries(from: from, to: to) }

    func wellbeing(from: DayKey?, to: DayKey?) throws -> [WellbeingEntry] { try liveEntries(from: from, to: to) }

    /// The live rows of a table of dated entries between two days (inclusive), by day, time and id.
    private func liveEntries<Entry: StoredRecord>(from: DayKey?, to: DayKey?) throws -> [Entry] {
        let low = from?.description ?? "0000-00-00", high = to?.description ?? "9999-99-99"
        return try db.fetchAll(Entry.self, where: "deletedAt IS NULL AND dayKey BETWEEN ? AND ?", orderBy: "dayKey, timestampUtc, id",
                               [.text(low), .text(high)])
    }

    func habitNotes(through day: DayKey) throws -> [String: [HabitNote]] {
        var notes: [String: [HabitNote]] = [:]
        try db.forEachRow("""
            SELECT habitId, dayKey, note, kind FROM habitEntry
            WHERE \(db.scope.rows) AND deletedAt IS NULL AND note IS NOT NULL AND note <> '' AND dayKey <= ?
            ORDER BY habitId, dayKey, timestampUtc, id
            """, [SQLValue(day)]) { row in
            guard let key = row.withText(1, { DayKey(utf8: $0) }) else { return }
            notes[row.string(0), default: []].append(HabitNote(day: key, text: row.string(2), skipped: row.string(3) == "skip"))
        }
        return notes
    }

    func habitWrites(from first: DayKey, through last: DayKey) throws -> [String: [DayKey: Timestamp]] {
        var writes: [String: [DayKey: Timestamp]] = [:]
        // By habit and day (the habit-and-day index), so a feed's month is a few thousand index rows.
        try db.forEachRow("""
            SELECT habitId, dayKey, MAX(createdAt), MAX(deletedAt) FROM habitEntry
            WHERE \(db.scope.rows) AND habitId IN (SELECT id FROM habit WHERE \(db.scope.rows)) AND dayKey >= ? AND dayKey <= ?
            GROUP BY habitId, dayKey
            """, [SQLValue(first), SQLValue(last)]) { row in
            guard let day = row.withText(1, { DayKey(utf8: $0) }) else { return }
            let times = [2, 3].compactMap { row.isNull($0) ? nil : Timestamp(iso8601: row.string($0)) }
            if let latest = times.max() { writes[row.string(0), default: [:]][day] = latest }
        }
        return writes
    }

    /// One pass over the live entries, in the table's order (no sort in the store: each habit's
    /// facts are put in order as they are gathered, `HabitFactReader.facts`) — the hot path of
    /// every metric.
    func snapshot(through day: DayKey?, hours: Bool) throws -> StoreSnapshot {
        let settings = try settings()
        let calendar = try StoreCalendar(settings: settings)
        let habits = try habits(includeArchived: true)
        let tally = hours ? HourTally(calendar: calendar) : nil
        // The skips of later days come along (as planned skips) in the same pass.
        let parts = try db.forEachRowInParts(select: "habitId, dayKey, kind, value\(hours ? ", timestampUtc" : "")", from: "habitEntry",
                                             where: "\(db.scope.rows) AND deletedAt IS NULL AND (dayKey <= ? OR kind = 'skip')",
                                             [.text(day?.description ?? "9999-99-99")]) { HabitFactReader(tally: tally, through: day) }
        let (read, planned) = HabitFactReader.facts(of: parts)
        return StoreSnapshot(settings: settings, calendar: calendar, habits: habits, facts: read.mapValues(\.facts),
                             hours: hours ? read.compactMapValues(\.hourCounts) : [:], plannedSkips: planned)
    }

    func forEachLiveEntry(through day: DayKey, _ body: (any RowCells) throws -> Void) throws {
        // The columns in the order of `LiveEntryColumn`.
        try db.forEachRow("""
            SELECT e.dayKey, e.habitId, h.name, e.kind, e.value, h.unit, h.target, h.direction, e.note,
                   e.timestampUtc, e.id
            FROM habitEntry e LEFT JOIN habit h ON \(db.scope.rows(of: "h")) AND h.id = e.habitId
            WHERE \(db.scope.rows(of: "e")) AND e.deletedAt IS NULL AND e.dayKey <= ?
            ORDER BY e.dayKey, e.habitId, e.timestampUtc, e.id
            """, [SQLValue(day)], body)
    }

    func forEachRecord(of section: BackupFormat.Section, _ body: (any RowCells) throws -> Void) throws {
        try db.forEachRow(StoreTable.selectAll(section, scope: db.scope), [], body)
    }

    func newestChange() throws -> Timestamp? {
        // Timestamps are written in one fixed-width form, so the greatest text is the newest.
        let parts = BackupFormat.Section.allCases.flatMap { section in
            section.fields.filter { $0.name.hasSuffix("At") }.map { "SELECT MAX(\($0.name)) AS t FROM \(StoreTable.name(of: section)) WHERE \(db.scope.rows)" }
        }
        let newest = try db.strings("SELECT MAX(t) FROM (\(parts.joined(separator: " UNION ALL "))) AS changes").first
        return newest.flatMap { Timestamp(iso8601: $0) }
    }
}

/// Every live entry of a habit as a day fact, with the local hour of each check done on its own
/// day (-1 for none), in one order (`HabitFactReader.facts`).
struct HabitFacts: Sendable, Equatable {
    var facts: [DayFact]
    /// Per fact: the local hour (0–23) that counts for `StoreSnapshot.hours`, or -1.
    var hours: [Int8]

    /// The checks per local hour (24 counts), or nil when no check has an hour.
    var hourCounts: [Int]? {
        var counts = [Int](repeating: 0, count: 24), any = false
        for hour in hours where hour >= 0 && hour < 24 { counts[Int(hour)] += 1; any = true }
        return any ? counts : nil
    }
}

/// Every live entry through a day as day facts, with the local hour of each check done on its
/// own day when there is a tally (`HourTally`; else -1), and the skips of later days as planned
/// ones, from rows of `habitId, dayKey, kind, value[, timestampUtc]` in whatever order they come
/// (a habit's rows may come back later, or in another reader's part of them). Cells
/// are read from the backend's buffers, and a habit's id becomes a `String` only where the rows
/// change habit.
struct HabitFactReader: RowReader {
    private var read: [String: HabitFacts] = [:]
    private var tally: HourTally?
    private let through: DayKey?
    private var planned: [String: [DayKey]] = [:]
    private var currentId: [UInt8] = [], currentKey = ""
    private var current = HabitFacts(facts: [], hours: [])

    init(tally: HourTally?, through: DayKey?) { self.tally = tally; self.through = through }

    /// Adds a row; a value Almanac could not have written (not a number from 0 to a billion: one
    /// another program put in) is refused, naming its habit and day, before any figure is made.
    mutating func add(_ row: any RowCells) throws {
        if !row.text(0, equals: currentId) {
            flush()
            currentId = row.bytes(0)
            currentKey = String(decoding: currentId, as: UTF8.self)
        }
        guard let day = row.withText(1, { DayKey(utf8: $0) }) else { return }
        let kind: EntryKind = row.withText(2) { $0.first == UInt8(ascii: "s") } ? .skip : .check
        if let through, day > through {
            if kind == .skip { planned[currentKey, default: []].append(day) }
            return
        }
        let value = row.number(3)
        guard value.isFinite, value >= 0, value <= HabitRules.maxValue else {
            throw StoreError.database("An entry of the habit \(String(decoding: row.bytes(0), as: UTF8.self)) on \(day) has the value "
                                      + "\(NumberText.plain(value)), outside the 0 to a billion Almanac keeps")
        }
        var hour: Int8 = -1
        if tally != nil, kind == .check, value > 0, let instant = row.withText(4, { Timestamp(iso8601: $0) }),
           let local = tally!.hour(of: instant, on: day) {
            hour = Int8(local)
        }
        current.facts.append(DayFact(day: day, kind: kind, value: value))
        current.hours.append(hour)
    }

    /// The rows of the habit read so far go to its facts (a habit's rows may come back later).
    private mutating func flush() {
        guard !current.facts.isEmpty else { return }
        read[currentKey, default: HabitFacts(facts: [], hours: [])].facts += current.facts
        read[currentKey]!.hours += current.hours
        current.facts.removeAll(keepingCapacity: true)
        current.hours.removeAll(keepingCapacity: true)
    }

    /// The facts per habit id of readers that read parts of the rows, once every row is added;
    /// each habit's in one order — by day, kind, value and hour — whatever order the rows came
    /// in and whichever part they were in: a day's values add up to the same number whichever
    /// way the store was read (by the habits' index, in one pass or two, on SQLite or
    /// PostgreSQL, before or after its rows moved).
    static func facts(of parts: [HabitFactReader]) -> (facts: [String: HabitFacts], planned: [String: [DayKey]]) {
        var read: [String: HabitFacts] = [:], planned: [String: [DayKey]] = [:]
        for var part in parts {
            part.flush()
            read.merge(part.read) { HabitFacts(facts: $0.facts + $1.facts, hours: $0.hours + $1.hours) }
            planned.merge(part.planned, uniquingKeysWith: +)
        }
        for key in read.keys { read[key]!.putInOrder() }
        return (read, planned.mapValues { $0.sorted() })
    }
}

private extension HabitFacts {
    mutating func putInOrder() {
        func before(_ a: Int, _ b: Int) -> Bool {
            let x = facts[a], y = facts[b]
            if x.day != y.day { return x.day < y.day }
            if x.kind != y.kind { return x.kind == .check }
            if x.value != y.value { return x.value < y.value }
            return hours[a] < hours[b]
        }
        guard facts.indices.dropFirst().contains(where: { before($0, $0 - 1) }) else { return }
        let order = facts.indices.sorted(by: before)
        let (unordered, unorderedHours) = (facts, hours)
        facts = order.map { unordered[$0] }
        hours = order.map { unorderedHours[$0] }
    }
}
