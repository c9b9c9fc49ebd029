import AlmanacDomain
import GRDB

// Each record's columns are listed once, in its `Columns` enum (GRDB's style), in the order of
// the backup format's fields; `StoreTable` and the bulk inserter are built from these lists.

extension HabitEntry: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "habitEntry"

    public enum Columns: String, CaseIterable, ColumnExpression, Sendable {
        case id, habitId, dayKey, timestampUtc, kind, value, note, createdAt, deletedAt
    }

    public init(row: Row) throws {
        self.init(id: row[Columns.id], habitId: row[Columns.habitId], dayKey: row[Columns.dayKey],
                  timestampUtc: row[Columns.timestampUtc], kind: row[Columns.kind], value: row[Columns.value],
                  note: row[Columns.note], createdAt: row[Columns.createdAt], deletedAt: row[Columns.deletedAt])
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container[Columns.id] = id; container[Columns.habitId] = habitId; container[Columns.dayKey] = dayKey
        container[Columns.timestampUtc] = timestampUtc; container[Columns.kind] = kind; container[Columns.value] = value
        container[Columns.note] = note; container[Columns.createdAt] = createdAt; container[Columns.deletedAt] = deletedAt
    }
}

extension JournalEntry: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "journalEntry"

    public enum Columns: String, CaseIterable, ColumnExpression, Sendable {
        case id, dayKey, timestampUtc, title, body, createdAt, deletedAt
    }

    public init(row: Row) throws {
        self.init(id: row[Columns.id], dayKey: row[Columns.dayKey], timestampUtc: row[Columns.timestampUtc],
                  title: row[Columns.title], body: row[Columns.body], createdAt: row[Columns.createdAt],
                  deletedAt: row[Columns.deletedAt])
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container[Columns.id] = id; container[Columns.dayKey] = dayKey; container[Columns.timestampUtc] = timestampUtc
        container[Columns.title] = title; container[Columns.body] = body; container[Columns.createdAt] = createdAt
        container[Columns.deletedAt] = deletedAt
    }
}

extension WellbeingEntry: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "wellbeingEntry"

    public enum Columns: String, CaseIterable, ColumnExpression, Sendable {
        case id, dayKey, timestampUtc, metric, value, scaleMax, habitId, note, createdAt, deletedAt
    }

    public init(row: Row) throws {
        self.init(id: row[Columns.id], dayKey: row[Columns.dayKey], timestampUtc: row[Columns.timestampUtc],
                  metric: row[Columns.metric], value: row[Columns.value], scaleMax: row[Columns.scaleMax],
                  habitId: row[Columns.habitId], note: row[Columns.note], createdAt: row[Columns.createdAt],
                  deletedAt: row[Columns.deletedAt])
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container[Columns.id] = id; container[Columns.dayKey] = dayKey; container[Columns.timestampUtc] = timestampUtc
        container[Columns.metric] = metric; container[Columns.value] = value; container[Columns.scaleMax] = scaleMax
        container[Columns.habitId] = habitId; container[Columns.note] = note; container[Columns.createdAt] = createdAt
        container[Columns.deletedAt] = deletedAt
    }
}

extension Settings: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "settings"

    public enum Columns: String, CaseIterable, ColumnExpression, Sendable { case id, timeZone, weekStart }

    public init(row: Row) throws {
        self.init(timeZone: row[Columns.timeZone], weekStart: row[Columns.weekStart])
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container[Columns.id] = 1; container[Columns.timeZone] = timeZone; container[Columns.weekStart] = weekStart
    }
}
