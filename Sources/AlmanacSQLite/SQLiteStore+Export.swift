import AlmanacDomain
import GRDB

extension SQLiteStore {
    public func forEachLiveEntry(through day: DayKey, _ body: (any RowCells) throws -> Void) throws {
        // The columns in the order of `LiveEntryColumn`.
        try forEachRawRow("""
            SELECT e.dayKey, e.habitId, h.name, e.kind, e.value, h.unit, h.target, h.direction, e.note,
                   e.timestampUtc, e.id
            FROM habitEntry e LEFT JOIN habit h ON h.id = e.habitId
            WHERE e.deletedAt IS NULL AND e.dayKey <= ?
            ORDER BY e.dayKey, e.habitId, e.timestampUtc, e.id
            """, arguments: [day]) { row in try body(row) }
    }
}
