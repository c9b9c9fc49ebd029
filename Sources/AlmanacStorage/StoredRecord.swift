import AlmanacDomain

/// A record's persisted form, declared once: its table and its fields in their frozen order. A
/// field's name is both its column and its key in the backup format; its kind says how its value
/// is written. A record is read back by field name (`init(fields:)`), from a row of its table and
/// from an object of a backup alike. Adding a field is a line in `fields`, a line in
/// `init(fields:)` and a migration per backend (docs/ARCHITECTURE.md).
public protocol StoredRecord: Identifiable, Equatable, Sendable where ID == EntityID {
    static var table: String { get }
    /// Every field, in the order of the columns and of the backup format.
    static var fields: [RecordField<Self>] { get }
    /// The record from its fields, read by name.
    init(fields: some RecordReader) throws
    /// The record's cells, in the order of its fields: `Self.fields.map { $0.cell(self) }`, written
    /// in each record's own extension so that it runs specialised (as a protocol extension it ran
    /// as generic code for every row of a bulk insert).
    var cells: [SQLValue] { get }
}

extension StoredRecord {
    public static var columns: [String] { fields.map(\.name) }
    public static var types: [SQLType] { fields.map(\.sqlType) }
    static var selection: String { columns.joined(separator: ", ") }
    static var placeholders: String { fields.map { _ in "?" }.joined(separator: ", ") }

    /// Reads a row whose cells are in the order of the fields.
    public init(row: any RowCells) throws { try self.init(row: row, columns: Self.columns) }

    /// Reads a row whose cells are `columns` (`Self.columns`, taken once for a whole query: looking
    /// a name up in a plain array costs far less than in the generic `fields` for every cell).
    public init(row: any RowCells, columns: [String]) throws { try self.init(fields: RowFields(row: row, table: Self.table, columns: columns)) }
}

/// One field of a record: its name, its kind and how to take its value from the record.
public struct RecordField<Record>: Sendable {
    public let name: String
    public let kind: BackupFormat.Kind
    let sqlType: SQLType
    /// The field's cell, from the record.
    public let cell: @Sendable (Record) -> SQLValue

    /// The field as the backup format writes it.
    public var format: BackupFormat.Field { BackupFormat.Field(name: name, kind: kind) }

    public static func text(_ name: String, _ value: @escaping @Sendable (Record) -> String) -> Self {
        Self(name: name, kind: .text, sqlType: .text) { .text(value($0)) }
    }
    public static func optionalText(_ name: String, _ value: @escaping @Sendable (Record) -> String?) -> Self {
        Self(name: name, kind: .text, sqlType: .text) { SQLValue(value($0)) }
    }
    public static func id(_ name: String, _ value: @escaping @Sendable (Record) -> EntityID) -> Self {
        Self(name: name, kind: .text, sqlType: .text) { SQLValue(value($0)) }
    }
    public static func optionalID(_ name: String, _ value: @escaping @Sendable (Record) -> EntityID?) -> Self {
        Self(name: name, kind: .text, sqlType: .text) { SQLValue(value($0)) }
    }
    public static func day(_ name: String, _ value: @escaping @Sendable (Record) -> DayKey) -> Self {
        Self(name: name, kind: .text, sqlType: .text) { SQLValue(value($0)) }
    }
    public static func optionalDay(_ name: String, _ value: @escaping @Sendable (Record) -> DayKey?) -> Self {
        Self(name: name, kind: .text, sqlType: .text) { SQLValue(value($0)) }
    }
    public static func instant(_ name: String, _ value: @escaping @Sendable (Record) -> Timestamp) -> Self {
        Self(name: name, kind: .text, sqlType: .text) { SQLValue(value($0)) }
    }
    public static func optionalInstant(_ name: String, _ value: @escaping @Sendable (Record) -> Timestamp?) -> Self {
        Self(name: name, kind: .text, sqlType: .text) { SQLValue(value($0)) }
    }
    /// One of an enumeration's cases, by its raw value.
    public static func choice<Value: RawRepresentable & SendableMetatype>(_ name: String, _ value: @escaping @Sendable (Record) -> Value) -> Self
    where Value.RawValue == String {
        Self(name: name, kind: .text, sqlType: .text) { .text(value($0).rawValue) }
    }
    public static func number(_ name: String, _ value: @escaping @Sendable (Record) -> Double) -> Self {
        Self(name: name, kind: .number, sqlType: .real) { .real(value($0)) }
    }
    public static func optionalNumber(_ name: String, _ value: @escaping @Sendable (Record) -> Double?) -> Self {
        Self(name: name, kind: .number, sqlType: .real) { SQLValue(value($0)) }
    }
    public static func integer(_ name: String, _ value: @escaping @Sendable (Record) -> Int) -> Self {
        Self(name: name, kind: .integer, sqlType: .integer) { SQLValue(value($0)) }
    }
    /// A frequency, kept as its JSON text.
    public static func frequency(_ name: String, _ value: @escaping @Sendable (Record) -> Frequency) -> Self {
        Self(name: name, kind: .frequency, sqlType: .text) { .text(value($0).json) }
    }
    /// A list of ids, kept as one text joined by commas.
    public static func ids(_ name: String, _ value: @escaping @Sendable (Record) -> [EntityID]) -> Self {
        Self(name: name, kind: .idList, sqlType: .text) { .text(value($0).map(\.description).joined(separator: ",")) }
    }

    /// Words without commas (aliases), kept as ids are: joined by commas in a column, an array of
    /// strings in a backup.
    public static func words(_ name: String, _ value: @escaping @Sendable (Record) -> [String]) -> Self {
        Self(name: name, kind: .idList, sqlType: .text) { .text(value($0).joined(separator: ",")) }
    }
}

/// Reads a record's fields by name: a row of its table (`RowFields`) or a backup object
/// (`BackupFields`). A value that is missing or does not read as its kind is an error that names
/// the field.
public protocol RecordReader {
    func string(_ name: String) throws -> String
    func optionalString(_ name: String) throws -> String?
    func number(_ name: String) throws -> Double
    func optionalNumber(_ name: String) throws -> Double?
    func integer(_ name: String) throws -> Int
    /// A whole number; missing or null reads as nil.
    func optionalInteger(_ name: String) throws -> Int?
    func id(_ name: String) throws -> EntityID
    func optionalID(_ name: String) throws -> EntityID?
    func day(_ name: String) throws -> DayKey
    func optionalDay(_ name: String) throws -> DayKey?
    func timestamp(_ name: String) throws -> Timestamp
    func optionalTimestamp(_ name: String) throws -> Timestamp?
    func choice<Value: RawRepresentable & CaseIterable>(_ name: String, _: Value.Type) throws -> Value where Value.RawValue == String
    func frequency(_ name: String) throws -> Frequency
    func ids(_ name: String) throws -> [EntityID]
    /// A list of words; missing or null reads as none.
    func words(_ name: String) throws -> [String]
}

/// A row of a record's table, read by field name: the cells are in the order of the fields.
/// Not generic over the record: a generic reader paid for looking up its type's metadata on
/// every cell of hundreds of thousands of rows.
struct RowFields: RecordReader {
    let row: any RowCells
    let table: String
    /// The record's column names, in the order of the cells.
    let columns: [String]

    /// The column of a field. Names are short, so comparing them is cheap: a linear search beats
    /// hashing for a dozen fields.
    private func column(_ name: String) -> Int {
        columns.firstIndex(of: name) ?? { preconditionFailure("\(table) has no field \(name)") }()
    }

    /// The row as a sentence names it: its table and its id ("habit 3f6c…").
    private var subject: String { row.isNull(0) ? table : table + " " + row.string(0) }

    private func unreadable(_ name: String) -> StoreError {
        StoreError.database("\(subject) has an unreadable \(name)")
    }

    private func present(_ name: String) throws -> Int {
        let index = column(name)
        if row.isNull(index) { throw unreadable(name) }
        return index
    }

    private func parsed<Value>(_ name: String, _ parse: (UnsafeBufferPointer<UInt8>) -> Value?) throws -> Value {
        guard let value = row.withText(try present(name), parse) else { throw unreadable(name) }
        return value
    }

    private func optionalParsed<Value>(_ name: String, _ parse: (UnsafeBufferPointer<UInt8>) -> Value?) throws -> Value? {
        let index = column(name)
        if row.isNull(index) { return nil }
        guard let value = row.withText(index, parse) else { throw unreadable(name) }
        return value
    }

    func string(_ name: String) throws -> String {
        let index = try present(name)
        try checkBounded(name, index)
        return row.string(index)
    }
    func optionalString(_ name: String) throws -> String? {
        let index = column(name)
        if row.isNull(index) { return nil }
        try checkBounded(name, index)
        return row.string(index)
    }

    /// Every text is bounded when it is read as when it is written — a name by a name's bytes,
    /// any other (a description, a note, a journal's body) by a text's: one put in by another
    /// program (200 MB of it) is a refused store, not gigabytes of pages.
    private func checkBounded(_ name: String, _ index: Int) throws {
        let most = name == "name" ? HabitRules.maxNameBytes : HabitRules.maxTextBytes
        let bytes = row.withText(index, { $0.count })
        guard bytes <= most else {
            throw StoreError.database("\(subject) has a \(name) of \(bytes) bytes, more than the \(most) it may have")
        }
    }
    func number(_ name: String) throws -> Double { try inRange(name, row.number(try present(name))) }
    func optionalNumber(_ name: String) throws -> Double? { row.isNull(column(name)) ? nil : try inRange(name, row.number(column(name))) }

    /// Every number Almanac writes — a value, a target, a weight, a baseline, a rating — is from 0
    /// to a billion, a target or a weight above 0: one outside (put in by another program) is
    /// refused where it is read, before any figure is made of it.
    private func inRange(_ name: String, _ value: Double) throws -> Double {
        // The name is looked up only for a 0 or a number out of range: every row's value is read here.
        guard value.isFinite, value >= 0, value <= HabitRules.maxValue, value > 0 || !Self.positiveFields.contains(name) else {
            let positive = Self.positiveFields.contains(name)
            throw StoreError.database("\(subject) has the \(name) \(NumberText.plain(value)), outside the range Almanac keeps "
                                      + "(\(positive ? "above 0" : "from 0") to a billion)")
        }
        return value
    }

    /// The numbers that are above 0, never 0: a target, a weight, a rating's scale.
    private static let positiveFields: Set<String> = ["target", "weight", "scaleMax"]
    func integer(_ name: String) throws -> Int { Int(row.integer(try present(name))) }
    func optionalInteger(_ name: String) throws -> Int? { row.isNull(column(name)) ? nil : Int(row.integer(column(name))) }
    func id(_ name: String) throws -> EntityID { try parsed(name) { EntityID(utf8: $0) } }
    func optionalID(_ name: String) throws -> EntityID? { try optionalParsed(name) { EntityID(utf8: $0) } }
    func day(_ name: String) throws -> DayKey { try parsed(name) { DayKey(utf8: $0) } }
    func optionalDay(_ name: String) throws -> DayKey? { try optionalParsed(name) { DayKey(utf8: $0) } }
    func timestamp(_ name: String) throws -> Timestamp { try parsed(name) { Timestamp(iso8601: $0) } }
    func optionalTimestamp(_ name: String) throws -> Timestamp? { try optionalParsed(name) { Timestamp(iso8601: $0) } }

    func choice<Value: RawRepresentable & CaseIterable>(_ name: String, _: Value.Type) throws -> Value where Value.RawValue == String {
        try parsed(name) { Value(rawValue: String(decoding: $0, as: UTF8.self)) }
    }

    func frequency(_ name: String) throws -> Frequency {
        try parsed(name) { try? Frequency(json: String(decoding: $0, as: UTF8.self)) }
    }

    func words(_ name: String) throws -> [String] {
        (try optionalString(name) ?? "").split(separator: ",").map(String.init)
    }

    func ids(_ name: String) throws -> [EntityID] {
        try string(name).split(separator: ",").map { text in
            guard let id = EntityID(String(text)) else { throw unreadable(name) }
            return id
        }
    }
}

/// Where each section of the backup format lives: its table and its record's fields.
public enum StoreTable {
    public static func name(of section: BackupFormat.Section) -> String {
        switch section {
        case .categories: return AlmanacDomain.Category.table
        case .habits: return Habit.table
        case .goals: return Goal.table
        case .habitEntries: return HabitEntry.table
        case .journalEntries: return JournalEntry.table
        case .wellbeingEntries: return WellbeingEntry.table
        case .sources: return FollowedSource.table
        }
    }

    /// `SELECT <the section's fields> FROM <table> WHERE <the store's rows> ORDER BY <the section's order>`.
    static func selectAll(_ section: BackupFormat.Section, scope: StoreScope) -> String {
        let columns = section.fields.map(\.name).joined(separator: ", ")
        return "SELECT \(columns) FROM \(name(of: section)) WHERE \(scope.rows) ORDER BY \(section.order.joined(separator: ", "))"
    }
}

extension StoreContents {
    /// Every object of a store, soft-deleted ones included, from one consistent read: the rows of
    /// each section come in the order of its record's fields, so they are read as records directly.
    public init(reading: any StoreReading) throws {
        self.init(settings: try reading.settings())
        func read<Record: StoredRecord>(_ section: BackupFormat.Section, into records: inout [Record]) throws {
            let columns = Record.columns
            try reading.forEachRecord(of: section) { row in records.append(try Record(row: row, columns: columns)) }
        }
        try read(.categories, into: &categories)
        try read(.habits, into: &habits)
        try read(.goals, into: &goals)
        try read(.habitEntries, into: &habitEntries)
        try read(.journalEntries, into: &journalEntries)
        try read(.wellbeingEntries, into: &wellbeingEntries)
        try read(.sources, into: &sources)
    }
}
