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
            for (index, row) in try Row.fetchAll(db, sql: "SELECT * FROM tracks ORDER BY \(order)").enumerated() {
                let key: Int64 = row["_id"]
                var habit = ImportedHabit(id: .derived("tickmate|id|\(key)"), name: row["name"] ?? "Track \(index + 1)")
                habit.position = index
                habit.archived = columns.contains("enabled") && ((row["enabled"] as Int?) ?? 1) == 0
                if columns.contains("multiple_entries_per_day"), ((row["multiple_entries_per_day"] as Int?) ?? 0) != 0 {
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
            while let row = try rows.next() {
                ordinal += 1
                guard let trackKey = row[0] as Int64?, let habit = ids[trackKey] else { continue }
                let y: Int = row[1] ?? 0, m: Int = row[2] ?? -1, d: Int = row[3] ?? 0
                guard let day = DayKey(year: y, month: m + 1, day: d) else {
                    throw ImportProblem(place: "ticks of track \(trackKey)", "year \(y), month \(m) (0-based), day \(d) is not a date that exists")
                }
                let ticks: Int = row[4]
                history.entries.append(ImportedEntry(habitId: habit, day: day, value: counts[habit] == true ? Double(ticks) : 1))
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
            for row in try Row.fetchAll(db, sql: "SELECT t._track_id, g.name FROM track2groups t JOIN groups g ON g._id = t._group_id ORDER BY t._group_id") {
                let track: Int64 = row[0]
                if names[track] == nil, let name = row[1] as String? { names[track] = name }
            }
            return names
        }
    }
}
