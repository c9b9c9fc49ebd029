import AlmanacDomain
import GRDB

/// Tickmate's database (as Loop's `TickmateDBImporter` reads it): `tracks`, and `ticks` with
/// year, **0-based** month and day. A track that allows several ticks a day becomes a count
/// habit (the day's ticks counted); the others yes/no. A disabled track is archived; its
/// group (`groups` through `track2groups`) becomes its category.
enum TickmateDatabase {
    static func isTickmate(_ tables: Set<String>) -> Bool { tables.contains("tracks") && tables.contains("track2groups") }

    static func read(_ source: SQLiteSource) throws -> ImportedHistory {
        var history = ImportedHistory(format: .tickmate, detail: "schema \(try source.userVersion())")
        let columns = try source.columns(of: "tracks")
        let groups = try source.tables().contains("groups") ? try groupNames(source) : [:]
        var ids: [Int64: EntityID] = [:]
        try source.read { db in
            let order = columns.contains("order") ? "\"order\", _id" : "_id"
            for (index, raw) in try Row.fetchAll(db, sql: "SELECT * FROM tracks ORDER BY \(order)").enumerated() {
                let row = SourceRow(raw, table: "tracks", number: index + 1)
                guard let key = try row.int64("_id") else { throw ImportProblem(place: row.place, "the track has no id") }
                var habit = ImportedHabit(id: .derived("tickmate|id|\(key)"), name: try row.string("name") ?? "Track \(index + 1)", sourceKey: "\(key)")
                habit.position = index
                habit.archived = try columns.contains("enabled") && (row.int("enabled") ?? 1) == 0
                if columns.contains("multiple_entries_per_day"), (try row.int("multiple_entries_per_day") ?? 0) != 0 {
                    habit.unit = .count
                    habit.unitLabel = "ticks"
                }
                habit.category = groups[key]
                ids[key] = habit.id
                history.habits.append(habit)
            }
            let counts = history.habits.reduce(into: [EntityID: Bool]()) { $0[$1.id] = $1.unit == .count }
            let rows = try Row.fetchCursor(db, sql: "SELECT _track_id, year, month, day, COUNT(*) FROM ticks GROUP BY _track_id, year, month, day ORDER BY _track_id, year, month, day")
            var ordinal = 0
            while let raw = try rows.next() {
                ordinal += 1
                let row = SourceRow(raw, table: "ticks", number: ordinal)
                guard let trackKey = try row.int64(at: 0, "_track_id"), let habit = ids[trackKey] else { continue }
                let y = try row.int(at: 1, "year") ?? 0, m = try row.int(at: 2, "month") ?? -1, d = try row.int(at: 3, "day") ?? 0
                // Range-checked before any arithmetic: a hostile file may hold Int64.max here.
                guard (0...11).contains(m), (1...31).contains(d), (1...9999).contains(y), let day = DayKey(year: y, month: m + 1, day: d) else {
                    try history.leaveOut(ImportProblem(place: "ticks of track \(trackKey)", "year \(y), month \(m) (0-based), day \(d) is not a date that exists"))
                    continue
                }
                let ticks = try row.int(at: 4, "count") ?? 1
                history.add(ImportedEntry(habitId: habit, day: day, value: counts[habit] == true ? Double(ticks) : 1))
            }
        }
        return history
    }

    /// Track id → the name of its first group.
    private static func groupNames(_ source: SQLiteSource) throws -> [Int64: String] {
        let columns = try source.columns(of: "track2groups")
        guard columns.contains("_track_id"), columns.contains("_group_id") else { return [:] }
        return try source.read { db in
            var names: [Int64: String] = [:]
            for (index, raw) in try Row.fetchAll(db, sql: "SELECT t._track_id, g.name FROM track2groups t JOIN groups g ON g._id = t._group_id ORDER BY t._group_id").enumerated() {
                let row = SourceRow(raw, table: "track2groups", number: index + 1)
                guard let track = try row.int64(at: 0, "_track_id") else { continue }
                if names[track] == nil, let name = try row.string(at: 1, "name") { names[track] = name }
            }
            return names
        }
    }
}
