import AlmanacDomain
import GRDB

/// One live habit entry with what the CSV shows of its habit (nil fields for a deleted habit).
public struct ExportedEntry: Sendable {
    public var dayKey: String
    public var habitId: String
    public var habitName: String?
    public var kind: String
    public var value: Double
    public var unit: String?
    public var target: Double?
    public var direction: String?
    public var note: String?
    public var timestampUtc: String
    public var id: String
}

extension AlmanacStore {
    /// Streams every live habit entry, by day, habit and time, with its habit's fields. Rows are
    /// read one at a time: memory does not grow with the number of entries.
    public func forEachLiveEntry(_ body: (ExportedEntry) throws -> Void) throws {
        try read { db in
            let rows = try Row.fetchCursor(db, sql: """
                SELECT e.dayKey, e.habitId, h.name, e.kind, e.value, h.unit, h.target, h.direction, e.note,
                       e.timestampUtc, e.id
                FROM habitEntry e LEFT JOIN habit h ON h.id = e.habitId
                WHERE e.deletedAt IS NULL
                ORDER BY e.dayKey, e.habitId, e.timestampUtc, e.id
                """)
            while let row = try rows.next() {
                try body(ExportedEntry(dayKey: row[0], habitId: row[1], habitName: row[2], kind: row[3], value: row[4],
                                       unit: row[5], target: row[6], direction: row[7], note: row[8],
                                       timestampUtc: row[9], id: row[10]))
            }
        }
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
