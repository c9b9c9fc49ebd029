import AlmanacDomain
import GRDB

/// Where each section of the backup format lives: its table and columns. Column names are the
/// format's field names (a test holds the two lists together); the lists come from the records'
/// `Columns` enums.
enum StoreTable {
    static func name(of section: BackupFormat.Section) -> String {
        switch section {
        case .categories: return AlmanacDomain.Category.databaseTableName
        case .habits: return Habit.databaseTableName
        case .goals: return Goal.databaseTableName
        case .habitEntries: return HabitEntry.databaseTableName
        case .journalEntries: return JournalEntry.databaseTableName
        case .wellbeingEntries: return WellbeingEntry.databaseTableName
        }
    }

    static func columns(of section: BackupFormat.Section) -> [String] {
        switch section {
        case .categories: return AlmanacDomain.Category.Columns.allCases.map(\.rawValue)
        case .habits: return Habit.Columns.allCases.map(\.rawValue)
        case .goals: return Goal.Columns.allCases.map(\.rawValue)
        case .habitEntries: return HabitEntry.Columns.allCases.map(\.rawValue)
        case .journalEntries: return JournalEntry.Columns.allCases.map(\.rawValue)
        case .wellbeingEntries: return WellbeingEntry.Columns.allCases.map(\.rawValue)
        }
    }

    /// `SELECT <the section's fields> FROM <table> ORDER BY <the section's order>`.
    static func selectAll(_ section: BackupFormat.Section) -> String {
        let columns = section.fields.map { "\"\($0.name)\"" }.joined(separator: ", ")
        return "SELECT \(columns) FROM \(name(of: section)) ORDER BY \(section.order.joined(separator: ", "))"
    }
}

/// Reads inside one read transaction: everything it returns belongs to the same moment of the
/// store, even while another process writes.
struct SQLiteReading: StoreReading {
    let db: Database
    let path: String

    func settings() throws -> Settings {
        guard let settings = try Settings.fetchOne(db) else { throw StoreError.notAnAlmanacStore(path: path) }
        return settings
    }

    func forEachRecord(of section: BackupFormat.Section, _ body: (any RowCells) throws -> Void) throws {
        try SQLiteStore.forEachRawRow(db, StoreTable.selectAll(section)) { row in try body(row) }
    }
}

extension SQLiteStore {
    public func reading<T>(_ body: (any StoreReading) throws -> T) throws -> T {
        try read { db in try body(SQLiteReading(db: db, path: path)) }
    }
}
