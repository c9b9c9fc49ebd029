import AlmanacDomain
import GRDB

extension AlmanacStore {
    /// Streams every live habit entry through `through` with its habit's fields, by day, habit
    /// and time. Columns: 0 dayKey, 1 habitId, 2 habit name, 3 kind, 4 value, 5 unit, 6 target,
    /// 7 direction, 8 note, 9 timestampUtc, 10 id (habit columns NULL for a deleted habit).
    /// Memory does not grow with the number of entries.
    public func forEachLiveEntry(through day: DayKey, _ body: (RawRow) throws -> Void) throws {
        try forEachRawRow("""
            SELECT e.dayKey, e.habitId, h.name, e.kind, e.value, h.unit, h.target, h.direction, e.note,
                   e.timestampUtc, e.id
            FROM habitEntry e LEFT JOIN habit h ON h.id = e.habitId
            WHERE e.deletedAt IS NULL AND e.dayKey <= ?
            ORDER BY e.dayKey, e.habitId, e.timestampUtc, e.id
            """, arguments: [day], body)
    }

    /// Streams live journal entries (day, time, id order) as `[date, timestamp_utc, title, body, id]`.
    public func forEachLiveJournalEntry(_ body: ([String]) throws -> Void) throws {
        try read { db in
            let rows = try Row.fetchCursor(db, sql: """
                SELECT dayKey, timestampUtc, title, body, id FROM journalEntry WHERE deletedAt IS NULL
                ORDER BY dayKey, timestampUtc, id
                """)
            while let row = try rows.next() { try body([row[0], row[1], row[2], row[3], row[4]]) }
        }
    }

    /// Streams live wellbeing entries as their row values.
    public func forEachLiveWellbeingEntry(_ body: (_ day: String, _ time: String, _ metric: String, _ value: Double,
                                                   _ scaleMax: Double, _ habitId: String?, _ note: String?, _ id: String) throws -> Void) throws {
        try read { db in
            let rows = try Row.fetchCursor(db, sql: """
                SELECT dayKey, timestampUtc, metric, value, scaleMax, habitId, note, id FROM wellbeingEntry
                WHERE deletedAt IS NULL ORDER BY dayKey, timestampUtc, id
                """)
            while let row = try rows.next() {
                try body(row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7])
            }
        }
    }
}
