import AlmanacDomain
import Foundation

extension RelationalStore {
    /// The most days one `log` or `unlog` covers (about ten years).
    public static var maxDaysPerCommand: Int { 3_660 }

    /// Logs `value` (or a skip) for a habit on each of `days`, all in one transaction. Writers are
    /// serialised by the backend, so two `log`s of the same habit and day racing each other leave
    /// exactly one live entry, and `--add` from many processes loses nothing.
    @discardableResult
    public func log(habitId: EntityID, days: [DayKey], value: Double, mode: LogMode, note: String?,
                    minuteOfDay: Int? = nil, rating: LogRating? = nil, now: Timestamp) throws -> LogOutcome {
        guard days.count <= Self.maxDaysPerCommand else {
            throw DomainError.invalid("One command logs at most \(Self.maxDaysPerCommand) days; this range has \(days.count).")
        }
        if let note { try HabitRules.checkText(note, field: "A note") }
        if let outside = days.first(where: { !SupportedDays.contains($0) }) {
            throw DomainError.invalid(SupportedDays.outside(outside.description))
        }
        if let minuteOfDay, !(0..<1440).contains(minuteOfDay) { throw DomainError.invalid("A time of day is 00:00 to 23:59.") }
        return try write { db in
            guard let habit = try db.fetchOne(Habit.self, id: habitId) else { throw Self.gone(habitId) }
            if mode != .skip { try HabitRules.validate(value: value, for: habit) }
            let calendar = try minuteOfDay.map { _ in try StoreCalendar(settings: Self.settings(db, location: location)) }
            var outcome = LogOutcome()
            for day in days {
                let retire = mode == .add ? "AND kind = 'skip'" : ""
                outcome.replaced += try db.execute(
                    "UPDATE habitEntry SET deletedAt = ? WHERE habitId = ? AND dayKey = ? AND deletedAt IS NULL \(retire)",
                    [SQLValue(now), SQLValue(habitId), SQLValue(day)])
                let time = minuteOfDay.flatMap { minute in calendar?.instant(of: day, minute: minute) } ?? now
                let entry = HabitEntry(habitId: habitId, dayKey: day, timestampUtc: time,
                                       kind: mode == .skip ? .skip : .check, value: mode == .skip ? 0 : value,
                                       note: note, createdAt: now)
                try db.insert(entry)
                outcome.written.append(entry)
                if let rating {
                    try db.insert(WellbeingEntry(dayKey: day, timestampUtc: time, metric: rating.metric, value: rating.value,
                                                 scaleMax: rating.scaleMax, habitId: habitId, createdAt: now))
                }
            }
            return outcome
        }
    }

    /// Soft-deletes the live entries of a habit on each of `days`; returns how many.
    @discardableResult
    public func unlog(habitId: EntityID, days: [DayKey], now: Timestamp) throws -> Int {
        guard days.count <= Self.maxDaysPerCommand else {
            throw DomainError.invalid("One command unlogs at most \(Self.maxDaysPerCommand) days; this range has \(days.count).")
        }
        return try write { db in
            var removed = 0
            for day in days {
                removed += try db.execute(
                    "UPDATE habitEntry SET deletedAt = ? WHERE habitId = ? AND dayKey = ? AND deletedAt IS NULL",
                    [SQLValue(now), SQLValue(habitId), SQLValue(day)])
            }
            return removed
        }
    }

    /// A habit's entries between two days (inclusive), oldest first; soft-deleted ones on request.
    public func entries(habitId: EntityID, from: DayKey? = nil, to: DayKey? = nil,
                        includeDeleted: Bool = false) throws -> [HabitEntry] {
        var clause = "WHERE habitId = ? AND dayKey BETWEEN ? AND ?"
        if !includeDeleted { clause += " AND deletedAt IS NULL" }
        clause += " ORDER BY dayKey, timestampUtc, id"
        let low = from?.description ?? "0000-00-00", high = to?.description ?? "9999-99-99"
        return try read { db in try db.fetchAll(HabitEntry.self, where: clause, [SQLValue(habitId), .text(low), .text(high)]) }
    }

    /// Settings, habits and every live entry as day facts, in one read transaction. Columns are
    /// read by position: this is the hot path of every metric and report.
    public func snapshot(through day: DayKey? = nil) throws -> StoreSnapshot {
        let high = day?.description ?? "9999-99-99"
        return try read { db in
            let settings = try Self.settings(db, location: location)
            let calendar = try StoreCalendar(settings: settings)
            let habits = try Self.habits(db, includeArchived: true)
            // Cells are read from the backend's buffers: the hot path of status, stats, exports and reports.
            var facts: [String: [DayFact]] = [:]
            var currentId: [UInt8] = [], current: [DayFact] = []
            func flush() {
                guard !current.isEmpty else { return }
                facts[String(decoding: currentId, as: UTF8.self), default: []].append(contentsOf: current)
                current.removeAll(keepingCapacity: true)
            }
            try db.forEachRow("""
                SELECT habitId, dayKey, kind, value FROM habitEntry
                WHERE deletedAt IS NULL AND dayKey <= ? ORDER BY habitId, dayKey
                """, [.text(high)]) { row in
                let habitId = row.text(0)
                let same = habitId.count == currentId.count && (habitId.isEmpty || currentId.withUnsafeBytes {
                    memcmp($0.baseAddress!, habitId.baseAddress!, habitId.count) == 0
                })
                if !same {
                    flush()
                    currentId.removeAll(keepingCapacity: true)
                    currentId.append(contentsOf: habitId)
                }
                guard let day = DayKey(utf8: row.text(1)) else { return }
                let kind: EntryKind = row.text(2).first == UInt8(ascii: "s") ? .skip : .check
                current.append(DayFact(day: day, kind: kind, value: row.number(3)))
            }
            flush()
            return StoreSnapshot(settings: settings, calendar: calendar, habits: habits, facts: facts)
        }
    }

    public func forEachLiveEntry(through day: DayKey, _ body: (any RowCells) throws -> Void) throws {
        // The columns in the order of `LiveEntryColumn`.
        try read { db in
            try db.forEachRow("""
                SELECT e.dayKey, e.habitId, h.name, e.kind, e.value, h.unit, h.target, h.direction, e.note,
                       e.timestampUtc, e.id
                FROM habitEntry e LEFT JOIN habit h ON h.id = e.habitId
                WHERE e.deletedAt IS NULL AND e.dayKey <= ?
                ORDER BY e.dayKey, e.habitId, e.timestampUtc, e.id
                """, [SQLValue(day)], body)
        }
    }
}
