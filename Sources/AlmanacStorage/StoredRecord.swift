import AlmanacDomain

/// A record as a row of its table. Each record's columns are listed once, here, in the order of
/// the backup format's fields (a test holds the two lists together); rows are read by position in
/// that order, and the bulk paths write it.
public protocol StoredRecord: Identifiable, Equatable where ID == EntityID {
    static var table: String { get }
    static var columns: [String] { get }
    static var types: [SQLType] { get }
    /// The record's cells, in the order of `columns`.
    var cells: [SQLValue] { get }
    /// Reads a row whose cells are in the order of `columns`.
    init(row: any RowCells) throws
}

extension StoredRecord {
    static var selection: String { columns.joined(separator: ", ") }
    static var placeholders: String { columns.map { _ in "?" }.joined(separator: ", ") }
}

extension Habit: StoredRecord {
    public static let table = "habit"
    public static let columns = ["id", "name", "emoji", "unit", "unitLabel", "target", "direction", "baseline", "frequency",
                                 "color", "categoryId", "weight", "sortOrder", "createdAt", "updatedAt", "archivedAt"]
    public static let types: [SQLType] = [.text, .text, .text, .text, .text, .real, .text, .real, .text,
                                          .text, .text, .real, .integer, .text, .text, .text]

    public var cells: [SQLValue] {
        [SQLValue(id), .text(name), .text(emoji), .text(unit.rawValue), .text(unitLabel), .real(target), .text(direction.rawValue),
         SQLValue(baseline), .text(frequency.json), .text(color), SQLValue(categoryId), .real(weight), SQLValue(sortOrder),
         SQLValue(createdAt), SQLValue(updatedAt), SQLValue(archivedAt)]
    }

    public init(row: any RowCells) throws {
        let id = try row.id(0, "a habit")
        guard let frequency = try? Frequency(json: row.string(8)) else {
            throw StoreError.database("habit \(id) has an unreadable frequency")
        }
        self.init(id: id, name: row.string(1), emoji: row.string(2), unit: try row.enumValue(3, "habit \(id)"),
                  unitLabel: row.string(4), target: row.number(5), direction: try row.enumValue(6, "habit \(id)"),
                  baseline: row.optionalNumber(7), frequency: frequency, color: row.string(9), categoryId: row.optionalID(10),
                  weight: row.number(11), sortOrder: Int(row.integer(12)), createdAt: try row.instant(13, "habit \(id)"),
                  updatedAt: try row.instant(14, "habit \(id)"), archivedAt: row.optionalInstant(15))
    }
}

extension AlmanacDomain.Category: StoredRecord {
    public static let table = "category"
    public static let columns = ["id", "name", "createdAt", "updatedAt"]
    public static let types: [SQLType] = [.text, .text, .text, .text]

    public var cells: [SQLValue] { [SQLValue(id), .text(name), SQLValue(createdAt), SQLValue(updatedAt)] }

    public init(row: any RowCells) throws {
        let id = try row.id(0, "a category")
        self.init(id: id, name: row.string(1), createdAt: try row.instant(2, "category \(id)"),
                  updatedAt: try row.instant(3, "category \(id)"))
    }
}

extension Goal: StoredRecord {
    public static let table = "goal"
    public static let columns = ["id", "name", "habitIds", "targetDate", "createdAt", "updatedAt"]
    public static let types: [SQLType] = [.text, .text, .text, .text, .text, .text]

    /// The habit ids of a goal are stored as one text cell, joined by commas.
    static func joined(_ ids: [EntityID]) -> String { ids.map(\.description).joined(separator: ",") }

    public var cells: [SQLValue] {
        [SQLValue(id), .text(name), .text(Self.joined(habitIds)), SQLValue(targetDate), SQLValue(createdAt), SQLValue(updatedAt)]
    }

    public init(row: any RowCells) throws {
        let id = try row.id(0, "a goal")
        self.init(id: id, name: row.string(1), habitIds: row.string(2).split(separator: ",").compactMap { EntityID(String($0)) },
                  targetDate: row.optionalDay(3), createdAt: try row.instant(4, "goal \(id)"), updatedAt: try row.instant(5, "goal \(id)"))
    }
}

extension HabitEntry: StoredRecord {
    public static let table = "habitEntry"
    public static let columns = ["id", "habitId", "dayKey", "timestampUtc", "kind", "value", "note", "createdAt", "deletedAt"]
    public static let types: [SQLType] = [.text, .text, .text, .text, .text, .real, .text, .text, .text]

    public var cells: [SQLValue] {
        [SQLValue(id), SQLValue(habitId), SQLValue(dayKey), SQLValue(timestampUtc), .text(kind.rawValue), .real(value),
         SQLValue(note), SQLValue(createdAt), SQLValue(deletedAt)]
    }

    public init(row: any RowCells) throws {
        let id = try row.id(0, "a habit entry")
        let what = "habit entry \(id)"
        self.init(id: id, habitId: try row.id(1, what), dayKey: try row.day(2, what), timestampUtc: try row.instant(3, what),
                  kind: try row.enumValue(4, what), value: row.number(5), note: row.optionalString(6),
                  createdAt: try row.instant(7, what), deletedAt: row.optionalInstant(8))
    }
}

extension JournalEntry: StoredRecord {
    public static let table = "journalEntry"
    public static let columns = ["id", "dayKey", "timestampUtc", "title", "body", "createdAt", "deletedAt"]
    public static let types: [SQLType] = [.text, .text, .text, .text, .text, .text, .text]

    public var cells: [SQLValue] {
        [SQLValue(id), SQLValue(dayKey), SQLValue(timestampUtc), .text(title), .text(body), SQLValue(createdAt), SQLValue(deletedAt)]
    }

    public init(row: any RowCells) throws {
        let id = try row.id(0, "a journal entry")
        let what = "journal entry \(id)"
        self.init(id: id, dayKey: try row.day(1, what), timestampUtc: try row.instant(2, what), title: row.string(3),
                  body: row.string(4), createdAt: try row.instant(5, what), deletedAt: row.optionalInstant(6))
    }
}

extension WellbeingEntry: StoredRecord {
    public static let table = "wellbeingEntry"
    public static let columns = ["id", "dayKey", "timestampUtc", "metric", "value", "scaleMax", "habitId", "note", "createdAt", "deletedAt"]
    public static let types: [SQLType] = [.text, .text, .text, .text, .real, .real, .text, .text, .text, .text]

    public var cells: [SQLValue] {
        [SQLValue(id), SQLValue(dayKey), SQLValue(timestampUtc), .text(metric), .real(value), .real(scaleMax),
         SQLValue(habitId), SQLValue(note), SQLValue(createdAt), SQLValue(deletedAt)]
    }

    public init(row: any RowCells) throws {
        let id = try row.id(0, "a rating")
        let what = "rating \(id)"
        self.init(id: id, dayKey: try row.day(1, what), timestampUtc: try row.instant(2, what), metric: row.string(3),
                  value: row.number(4), scaleMax: row.number(5), habitId: row.optionalID(6), note: row.optionalString(7),
                  createdAt: try row.instant(8, what), deletedAt: row.optionalInstant(9))
    }
}

/// Where each section of the backup format lives: its table and columns. Column names are the
/// format's field names (a test holds the two lists together).
public enum StoreTable {
    public static func name(of section: BackupFormat.Section) -> String {
        switch section {
        case .categories: return AlmanacDomain.Category.table
        case .habits: return Habit.table
        case .goals: return Goal.table
        case .habitEntries: return HabitEntry.table
        case .journalEntries: return JournalEntry.table
        case .wellbeingEntries: return WellbeingEntry.table
        }
    }

    public static func columns(of section: BackupFormat.Section) -> [String] {
        switch section {
        case .categories: return AlmanacDomain.Category.columns
        case .habits: return Habit.columns
        case .goals: return Goal.columns
        case .habitEntries: return HabitEntry.columns
        case .journalEntries: return JournalEntry.columns
        case .wellbeingEntries: return WellbeingEntry.columns
        }
    }

    /// `SELECT <the section's fields> FROM <table> ORDER BY <the section's order>`.
    static func selectAll(_ section: BackupFormat.Section) -> String {
        let columns = section.fields.map(\.name).joined(separator: ", ")
        return "SELECT \(columns) FROM \(name(of: section)) ORDER BY \(section.order.joined(separator: ", "))"
    }
}

extension StoreContents {
    /// Every object of a store, soft-deleted ones included, from one consistent read: the rows of
    /// each section come in the order of the backup format's fields, which is each record's
    /// column order, so they are read as records directly.
    public init(reading: any StoreReading) throws {
        self.init(settings: try reading.settings())
        func read<Record: StoredRecord>(_ section: BackupFormat.Section, into records: inout [Record]) throws {
            try reading.forEachRecord(of: section) { row in records.append(try Record(row: row)) }
        }
        try read(.categories, into: &categories)
        try read(.habits, into: &habits)
        try read(.goals, into: &goals)
        try read(.habitEntries, into: &habitEntries)
        try read(.journalEntries, into: &journalEntries)
        try read(.wellbeingEntries, into: &wellbeingEntries)
    }
}
