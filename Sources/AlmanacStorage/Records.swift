import AlmanacDomain

// The persisted form of every record — the one list of each record's fields, by name: the
// columns of its table, the fields of its backup objects, and how both are read back.

extension Habit: StoredRecord {
    public static let table = "habit"
    /// Its identity, its definition's fields as their declaration says (`HabitDefinition.fields`),
    /// its place, dates and source.
    public static let fields: [RecordField<Habit>] = [.id("id", \.id)] + DefinitionColumns.of(HabitDefinition.fields) + [
        .integer("sortOrder", \.sortOrder), .instant("createdAt", \.createdAt),
        .instant("updatedAt", \.updatedAt), .optionalInstant("archivedAt", \.archivedAt),
        .optionalID("sourceId", \.sourceId), .optionalText("sourceKey", \.sourceKey), .text("slug", \.slug),
        .words("aliases", \.aliases),
    ]
    public var cells: [SQLValue] { Self.fields.map { $0.cell(self) } }

    public init(fields f: some RecordReader) throws {
        let id = try f.id("id")
        let (definition, missing) = try DefinitionReader.read(HabitDefinition.fields, from: f)
        self.init(id: id, definition: definition, sortOrder: try f.integer("sortOrder"),
                  createdAt: try f.timestamp("createdAt"), updatedAt: try f.timestamp("updatedAt"),
                  archivedAt: try f.optionalTimestamp("archivedAt"), sourceId: try f.optionalID("sourceId"),
                  sourceKey: try f.optionalString("sourceKey"), slug: try f.optionalString("slug") ?? "",
                  aliases: try f.words("aliases"))
        // A backup of version 7 or before has no such field: its at-most habits counted a day with
        // nothing logged as none, and keep doing so.
        if missing.contains("unloggedMeansNone") { self.definition.unloggedMeansNone = definition.direction == .atMost }
    }
}

/// The columns of a habit's definition, each the kind its declaration says.
private struct DefinitionColumns: HabitDefinition.Keeper {
    var columns: [RecordField<Habit>] = []

    static func of(_ fields: [HabitDefinition.Field]) -> [RecordField<Habit>] {
        var keeper: any HabitDefinition.Keeper = DefinitionColumns()
        for field in fields { field.keep(&keeper) }
        return (keeper as! DefinitionColumns).columns
    }

    mutating func text(_ key: String, _ path: WritableKeyPath<HabitDefinition, String> & Sendable) {
        columns.append(.text(key) { $0.definition[keyPath: path] })
    }
    mutating func number(_ key: String, _ path: WritableKeyPath<HabitDefinition, Double> & Sendable) {
        columns.append(.number(key) { $0.definition[keyPath: path] })
    }
    mutating func optionalNumber(_ key: String, _ path: WritableKeyPath<HabitDefinition, Double?> & Sendable) {
        columns.append(.optionalNumber(key) { $0.definition[keyPath: path] })
    }
    mutating func choice<Value: RawRepresentable & CaseIterable & Sendable>(_ key: String, _ path: WritableKeyPath<HabitDefinition, Value> & Sendable)
    where Value.RawValue == String {
        columns.append(.choice(key) { $0.definition[keyPath: path] })
    }
    mutating func frequency(_ key: String, _ path: WritableKeyPath<HabitDefinition, Frequency> & Sendable) {
        columns.append(.frequency(key) { $0.definition[keyPath: path] })
    }
    mutating func optionalID(_ key: String, _ path: WritableKeyPath<HabitDefinition, EntityID?> & Sendable) {
        columns.append(.optionalID(key) { $0.definition[keyPath: path] })
    }
    mutating func flag(_ key: String, _ path: WritableKeyPath<HabitDefinition, Bool> & Sendable) {
        columns.append(.integer(key) { $0.definition[keyPath: path] ? 1 : 0 })
    }
}

/// A habit's definition read back from its row or backup object, field by field as declared.
private struct DefinitionReader<Reader: RecordReader>: HabitDefinition.Keeper {
    let reader: Reader
    var definition = HabitDefinition(name: "")
    /// The first field that could not be read; the reader's sentence names it.
    var problem: (any Error)?
    /// The keys of the flags the row or backup lacks (an earlier version's).
    var missing: Set<String> = []

    static func read(_ fields: [HabitDefinition.Field], from reader: Reader) throws -> (HabitDefinition, missing: Set<String>) {
        var keeper: any HabitDefinition.Keeper = DefinitionReader(reader: reader)
        for field in fields { field.keep(&keeper) }
        let done = keeper as! DefinitionReader
        if let problem = done.problem { throw problem }
        return (done.definition, done.missing)
    }

    private mutating func set<T>(_ path: WritableKeyPath<HabitDefinition, T>, _ value: (Reader) throws -> T) {
        guard problem == nil else { return }
        let reader = reader
        do { definition[keyPath: path] = try value(reader) } catch { problem = error }
    }

    /// A text a row or backup may lack (added in a later version) is empty; the name, which a
    /// definition cannot be without, is required.
    mutating func text(_ key: String, _ path: WritableKeyPath<HabitDefinition, String> & Sendable) {
        set(path) { path == \HabitDefinition.name ? try $0.string(key) : try $0.optionalString(key) ?? "" }
    }
    mutating func number(_ key: String, _ path: WritableKeyPath<HabitDefinition, Double> & Sendable) { set(path) { try $0.number(key) } }
    mutating func optionalNumber(_ key: String, _ path: WritableKeyPath<HabitDefinition, Double?> & Sendable) {
        set(path) { try $0.optionalNumber(key) }
    }
    mutating func choice<Value: RawRepresentable & CaseIterable & Sendable>(_ key: String, _ path: WritableKeyPath<HabitDefinition, Value> & Sendable)
    where Value.RawValue == String {
        set(path) { try $0.choice(key, Value.self) }
    }
    mutating func frequency(_ key: String, _ path: WritableKeyPath<HabitDefinition, Frequency> & Sendable) { set(path) { try $0.frequency(key) } }
    mutating func optionalID(_ key: String, _ path: WritableKeyPath<HabitDefinition, EntityID?> & Sendable) { set(path) { try $0.optionalID(key) } }
    /// A flag a row or backup may lack (an earlier version's) keeps its default.
    mutating func flag(_ key: String, _ path: WritableKeyPath<HabitDefinition, Bool> & Sendable) {
        guard problem == nil else { return }
        do {
            if let value = try reader.optionalInteger(key) { definition[keyPath: path] = value != 0 } else { missing.insert(key) }
        } catch { problem = error }
    }
}

extension AlmanacDomain.Category: StoredRecord {
    public static let table = "category"
    public static let fields: [RecordField<AlmanacDomain.Category>] = [
        .id("id", \.id), .text("name", \.name), .instant("createdAt", \.createdAt), .instant("updatedAt", \.updatedAt),
    ]
    public var cells: [SQLValue] { Self.fields.map { $0.cell(self) } }

    public init(fields f: some RecordReader) throws {
        self.init(id: try f.id("id"), name: try f.string("name"), createdAt: try f.timestamp("createdAt"),
                  updatedAt: try f.timestamp("updatedAt"))
    }
}

extension Goal: StoredRecord {
    public static let table = "goal"
    public static let fields: [RecordField<Goal>] = [
        .id("id", \.id), .text("name", \.name), .ids("habitIds", \.habitIds), .optionalDay("targetDate", \.targetDate),
        .instant("createdAt", \.createdAt), .instant("updatedAt", \.updatedAt),
    ]
    public var cells: [SQLValue] { Self.fields.map { $0.cell(self) } }

    public init(fields f: some RecordReader) throws {
        self.init(id: try f.id("id"), name: try f.string("name"), habitIds: try f.ids("habitIds"), targetDate: try f.optionalDay("targetDate"),
                  createdAt: try f.timestamp("createdAt"), updatedAt: try f.timestamp("updatedAt"))
    }
}

extension HabitEntry: StoredRecord {
    public static let table = "habitEntry"
    public static let fields: [RecordField<HabitEntry>] = [
        .id("id", \.id), .id("habitId", \.habitId), .day("dayKey", \.dayKey), .instant("timestampUtc", \.timestampUtc),
        .choice("kind", \.kind), .number("value", \.value), .optionalText("note", \.note), .instant("createdAt", \.createdAt),
        .optionalInstant("deletedAt", \.deletedAt),
    ]
    public var cells: [SQLValue] { Self.fields.map { $0.cell(self) } }

    public init(fields f: some RecordReader) throws {
        self.init(id: try f.id("id"), habitId: try f.id("habitId"), dayKey: try f.day("dayKey"), timestampUtc: try f.timestamp("timestampUtc"),
                  kind: try f.choice("kind", EntryKind.self), value: try f.number("value"), note: try f.optionalString("note"),
                  createdAt: try f.timestamp("createdAt"), deletedAt: try f.optionalTimestamp("deletedAt"))
    }
}

extension JournalEntry: StoredRecord {
    public static let table = "journalEntry"
    public static let fields: [RecordField<JournalEntry>] = [
        .id("id", \.id), .day("dayKey", \.dayKey), .instant("timestampUtc", \.timestampUtc), .text("title", \.title),
        .text("body", \.body), .instant("createdAt", \.createdAt), .optionalInstant("deletedAt", \.deletedAt),
    ]
    public var cells: [SQLValue] { Self.fields.map { $0.cell(self) } }

    public init(fields f: some RecordReader) throws {
        self.init(id: try f.id("id"), dayKey: try f.day("dayKey"), timestampUtc: try f.timestamp("timestampUtc"),
                  title: try f.string("title"), body: try f.string("body"), createdAt: try f.timestamp("createdAt"),
                  deletedAt: try f.optionalTimestamp("deletedAt"))
    }
}

extension WellbeingEntry: StoredRecord {
    public static let table = "wellbeingEntry"
    public static let fields: [RecordField<WellbeingEntry>] = [
        .id("id", \.id), .day("dayKey", \.dayKey), .instant("timestampUtc", \.timestampUtc), .text("metric", \.metric),
        .number("value", \.value), .number("scaleMax", \.scaleMax), .optionalID("habitId", \.habitId),
        .optionalText("note", \.note), .instant("createdAt", \.createdAt), .optionalInstant("deletedAt", \.deletedAt),
    ]
    public var cells: [SQLValue] { Self.fields.map { $0.cell(self) } }

    public init(fields f: some RecordReader) throws {
        self.init(id: try f.id("id"), dayKey: try f.day("dayKey"), timestampUtc: try f.timestamp("timestampUtc"),
                  metric: try f.string("metric"), value: try f.number("value"), scaleMax: try f.number("scaleMax"),
                  habitId: try f.optionalID("habitId"), note: try f.optionalString("note"), createdAt: try f.timestamp("createdAt"),
                  deletedAt: try f.optionalTimestamp("deletedAt"))
    }
}

extension FollowedSource: StoredRecord {
    public static let table = "followedSource"
    public static let fields: [RecordField<FollowedSource>] = [
        .id("id", \.id), .text("format", \.format), .text("path", \.path), .text("lastFile", \.lastFile),
        .instant("lastModified", \.lastModified), .text("lastDigest", \.lastDigest), .instant("syncedAt", \.syncedAt),
        .instant("createdAt", \.createdAt),
    ]
    public var cells: [SQLValue] { Self.fields.map { $0.cell(self) } }

    public init(fields f: some RecordReader) throws {
        self.init(id: try f.id("id"), format: try f.string("format"), path: try f.string("path"), lastFile: try f.string("lastFile"),
                  lastModified: try f.timestamp("lastModified"), lastDigest: try f.string("lastDigest"),
                  syncedAt: try f.timestamp("syncedAt"), createdAt: try f.timestamp("createdAt"))
    }
}
