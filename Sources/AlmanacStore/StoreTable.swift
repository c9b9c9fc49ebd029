import AlmanacDomain
import GRDB

/// The store's tables of objects, with their columns in the order of the backup format
/// (SPEC section 2). Column names are the JSON field names.
public enum StoreTable: String, CaseIterable, Sendable {
    case category, habit, goal, habitEntry, journalEntry, wellbeingEntry

    public var columns: [String] {
        switch self {
        case .category: return ["id", "name", "createdAt", "updatedAt"]
        case .habit: return ["id", "name", "emoji", "unit", "unitLabel", "target", "direction", "frequency", "color",
                             "categoryId", "weight", "sortOrder", "createdAt", "updatedAt", "archivedAt"]
        case .goal: return ["id", "name", "habitIds", "targetDate", "createdAt", "updatedAt"]
        case .habitEntry: return ["id", "habitId", "dayKey", "timestampUtc", "kind", "value", "note", "createdAt", "deletedAt"]
        case .journalEntry: return ["id", "dayKey", "timestampUtc", "title", "body", "createdAt", "deletedAt"]
        case .wellbeingEntry: return ["id", "dayKey", "timestampUtc", "metric", "value", "scaleMax", "habitId", "note",
                                      "createdAt", "deletedAt"]
        }
    }

    /// The backup's fixed order of the rows: entries by habit and time (the order they are stored
    /// and read in), journal and wellbeing by time, the rest by id; ties broken by id.
    public var order: String {
        switch self {
        case .habitEntry: return "habitId, dayKey, timestampUtc, id"
        case .journalEntry, .wellbeingEntry: return "dayKey, timestampUtc, id"
        default: return "id"
        }
    }

    /// The array this table is in the backup (`habitEntries`).
    public var backupKey: String {
        switch self {
        case .category: return "categories"
        case .habit: return "habits"
        case .goal: return "goals"
        case .habitEntry: return "habitEntries"
        case .journalEntry: return "journalEntries"
        case .wellbeingEntry: return "wellbeingEntries"
        }
    }
}

/// Reads inside one read transaction: everything it returns belongs to the same moment of the
/// store, even while another process writes.
public struct StoreReader {
    let db: Database
    let path: String

    public func settings() throws -> Settings {
        guard let settings = try Settings.fetchOne(db) else { throw StoreError.notAnAlmanacStore(path: path) }
        return settings
    }

    /// Streams every row of a table, soft-deleted ones included, in `table.order`, with the
    /// columns of `table.columns`.
    public func forEachRow(of table: StoreTable, _ body: (RawRow) throws -> Void) throws {
        let columns = table.columns.map { "\"\($0)\"" }.joined(separator: ", ")
        try AlmanacStore.forEachRawRow(db, "SELECT \(columns) FROM \(table.rawValue) ORDER BY \(table.order)", body)
    }
}

extension AlmanacStore {
    /// Runs `body` with a reader over one consistent snapshot of the store.
    public func reading<T>(_ body: (StoreReader) throws -> T) throws -> T {
        try read { db in try body(StoreReader(db: db, path: path)) }
    }
}
