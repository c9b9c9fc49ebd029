import AlmanacDomain

// The persisted form of every record — the one list of each record's fields, by name: the
// columns of its table, the fields of its backup objects, and how both are read back.

extension Habit: StoredRecord {
    public static let table = "habit"
    public static let fields: [RecordField<Habit>] = [
        .id("id", \.id), .text("name", \.name), .text("emoji", \.emoji), .choice("unit", \.unit), .text("unitLabel", \.unitLabel),
        .number("target", \.target), .choice("direction", \.direction), .optionalNumber("baseline", \.baseline),
        .frequency("frequency", \.frequency), .text("color", \.color), .optionalID("categoryId", \.categoryId),
        .number("weight", \.weight), .integer("sortOrder", \.sortOrder), .instant("createdAt", \.createdAt),
        .instant("updatedAt", \.updatedAt), .optionalInstant("archivedAt", \.archivedAt),
        .optionalID("sourceId", \.sourceId), .optionalText("sourceKey", \.sourceKey), .text("slug", \.slug),
        .words("aliases", \.aliases), .integer("unloggedMeansNone", { $0.unloggedMeansNone ? 1 : 0 }),
    ]
    public var cells: [SQLValue] { Self.fields.map { $0.cell(self) } }

    public init(fields f: some RecordReader) throws {
        self.init(id: try f.id("id"), name: try f.string("name"), emoji: try f.string("emoji"), unit: try f.choice("unit", HabitUnit.self),
                  unitLabel: try f.string("unitLabel"), target: try f.number("target"), direction: try f.choice("direction", Direction.self),
                  baseline: try f.optionalNumber("baseline"), frequency: try f.frequency("frequency"), color: try f.string("color"),
                  categoryId: try f.optionalID("categoryId"), weight: try f.number("weight"), sortOrder: try f.integer("sortOrder"),
                  createdAt: try f.timestamp("createdAt"), updatedAt: try f.timestamp("updatedAt"),
                  archivedAt: try f.optionalTimestamp("archivedAt"), sourceId: try f.optionalID("sourceId"),
                  sourceKey: try f.optionalString("sourceKey"), slug: try f.optionalString("slug") ?? "",
                  aliases: try f.words("aliases"))
        // A backup of version 7 or before has no such field: its at-most habits counted a day with
        // nothing logged as none, and keep doing so.
        definition.unloggedMeansNone = try f.optionalInteger("unloggedMeansNone").map { $0 != 0 } ?? (definition.direction == .atMost)
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
