import AlmanacDomain
import GRDB
import GRDBSQLite

/// Inserts habit entries through one prepared statement and SQLite's C API, with no
/// `DatabaseValue` per cell: the write path for hundreds of thousands of rows (demo, restore).
/// For large batches the entry indexes (id, and habit + day) are dropped first and built again at
/// the end, inside the same transaction: one sort each instead of a random index insert per row.
struct EntryInserter {
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    private static let columns = HabitEntry.Columns.allCases
    private let statement: Statement
    private let db: Database
    private let rebuildsIndex: Bool

    /// The order rows are written in: by habit and day, the order every metric and report reads
    /// them in, so a habit's history sits on neighbouring pages.
    static func physicalOrder(_ entries: [HabitEntry]) -> [HabitEntry] {
        func before(_ a: HabitEntry, _ b: HabitEntry) -> Bool {
            if a.habitId != b.habitId { return a.habitId < b.habitId }
            if a.dayKey != b.dayKey { return a.dayKey < b.dayKey }
            return a.timestampUtc < b.timestampUtc
        }
        // A backup is written in this order already: then there is nothing to sort.
        if zip(entries, entries.dropFirst()).allSatisfy({ !before($1, $0) }) { return entries }
        return entries.sorted(by: before)
    }

    init(_ db: Database, expectedRows: Int) throws {
        self.db = db
        rebuildsIndex = expectedRows > 20_000
        if rebuildsIndex { try db.execute(sql: "DROP INDEX habitEntry_habit_day; DROP INDEX habitEntry_id") }
        let columns = Self.columns
        statement = try db.makeStatement(sql: "INSERT INTO \(HabitEntry.databaseTableName) ("
            + columns.map(\.rawValue).joined(separator: ", ") + ") VALUES ("
            + columns.map { _ in "?" }.joined(separator: ", ") + ")")
    }

    func insert(_ e: HabitEntry) throws {
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        for (position, column) in Self.columns.enumerated() {
            let index = Int32(position + 1)
            switch column {
            case .id: text(index, e.id.description)
            case .habitId: text(index, e.habitId.description)
            case .dayKey: text(index, e.dayKey.description)
            case .timestampUtc: text(index, e.timestampUtc.description)
            case .kind: text(index, e.kind.rawValue)
            case .value: sqlite3_bind_double(handle, index, e.value)
            case .note: text(index, e.note)
            case .createdAt: text(index, e.createdAt.description)
            case .deletedAt: text(index, e.deletedAt?.description)
            }
        }
        guard sqlite3_step(handle) == SQLITE_DONE else {
            throw StoreError.database(String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
    }

    /// Builds the index again when it was dropped.
    func finish() throws {
        if rebuildsIndex {
            try db.execute(sql: StoreSchema.habitEntryIdIndex)
            try db.execute(sql: StoreSchema.habitEntryIndex)
        }
    }

    private func text(_ index: Int32, _ value: String?) {
        let handle = statement.sqliteStatement
        guard var value else { sqlite3_bind_null(handle, index); return }
        value.withUTF8 { bytes in
            _ = sqlite3_bind_text(handle, index, UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self),
                                  Int32(bytes.count), Self.transient)
        }
    }
}
