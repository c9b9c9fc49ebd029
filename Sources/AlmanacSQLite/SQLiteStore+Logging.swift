import AlmanacDomain
import Foundation
import GRDB

extension SQLiteStore {
    /// The most days one `log` or `unlog` covers (about ten years).
    public static let maxDaysPerCommand = 3_660

    /// Logs `value` (or a skip) for a habit on each of `days`, all in one transaction.
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
            guard let habit = try Habit.fetchOne(db, key: habitId.description) else { throw Self.gone(habitId) }
            if mode != .skip { try HabitRules.validate(value: value, for: habit) }
            let calendar = try minuteOfDay.map { _ in try StoreCalendar(settings: SQLiteReading(db: db, path: path).settings()) }
            var outcome = LogOutcome()
            for day in days {
                let retire = mode == .add ? "AND kind = 'skip'" : ""
                try db.execute(
                    sql: "UPDATE habitEntry SET deletedAt = ? WHERE habitId = ? AND dayKey = ? AND deletedAt IS NULL \(retire)",
                    arguments: [now, habitId, day])
                outcome.replaced += db.changesCount
                let time = minuteOfDay.flatMap { minute in calendar?.instant(of: day, minute: minute) } ?? now
                let entry = HabitEntry(habitId: habitId, dayKey: day, timestampUtc: time,
                                       kind: mode == .skip ? .skip : .check, value: mode == .skip ? 0 : value,
                                       note: note, createdAt: now)
                try entry.insert(db)
                outcome.written.append(entry)
                if let rating {
                    try WellbeingEntry(dayKey: day, timestampUtc: time, metric: rating.metric, value: rating.value,
                                       scaleMax: rating.scaleMax, habitId: habitId, createdAt: now).insert(db)
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
                try db.execute(
                    sql: "UPDATE habitEntry SET deletedAt = ? WHERE habitId = ? AND dayKey = ? AND deletedAt IS NULL",
                    arguments: [now, habitId, day])
                removed += db.changesCount
            }
            return removed
        }
    }

    /// A habit's entries between two days (inclusive), oldest first; soft-deleted ones on request.
    public func entries(habitId: EntityID, from: DayKey? = nil, to: DayKey? = nil,
                        includeDeleted: Bool = false) throws -> [HabitEntry] {
        var sql = "SELECT * FROM habitEntry WHERE habitId = ? AND dayKey BETWEEN ? AND ?"
        if !includeDeleted { sql += " AND deletedAt IS NULL" }
        sql += " ORDER BY dayKey, timestampUtc, id"
        let low = from?.description ?? "0000-00-00", high = to?.description ?? "9999-99-99"
        return try read { db in try HabitEntry.fetchAll(db, sql: sql, arguments: [habitId, low, high]) }
    }

    public func rowCounts() throws -> [BackupFormat.Section: Int] {
        try read { db in
            var counts: [BackupFormat.Section: Int] = [:]
            for section in BackupFormat.Section.allCases {
                counts[section] = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(StoreTable.name(of: section))") ?? 0
            }
            return counts
        }
    }
}

extension SQLiteStore {
    /// Settings, habits and every live entry as day facts, in one read transaction. Columns are
    /// read by position: this is the hot path of every metric and report.
    public func snapshot(through day: DayKey? = nil) throws -> StoreSnapshot {
        let high = day?.description ?? "9999-99-99"
        return try read { db in
            guard let settings = try Settings.fetchOne(db) else { throw StoreError.notAnAlmanacStore(path: path) }
            let calendar = try StoreCalendar(settings: settings)
            let habits = try Self.habits(db, includeArchived: true)
            // Read straight from SQLite's buffers: the hot path of status, stats, exports and reports.
            var facts: [String: [DayFact]] = [:]
            var currentId: [UInt8] = [], current: [DayFact] = []
            func flush() {
                guard !current.isEmpty else { return }
                facts[String(decoding: currentId, as: UTF8.self), default: []].append(contentsOf: current)
                current.removeAll(keepingCapacity: true)
            }
            try Self.forEachRawRow(db, """
                SELECT habitId, dayKey, kind, value FROM habitEntry
                WHERE deletedAt IS NULL AND dayKey <= ? ORDER BY habitId, dayKey
                """, arguments: [high]) { row in
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
}
