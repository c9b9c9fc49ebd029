import AlmanacDomain
import GRDB

extension HabitEntry: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "habitEntry"

    public init(row: Row) throws {
        self.init(id: row["id"], habitId: row["habitId"], dayKey: row["dayKey"], timestampUtc: row["timestampUtc"],
                  kind: row["kind"], value: row["value"], note: row["note"], createdAt: row["createdAt"],
                  deletedAt: row["deletedAt"])
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id; container["habitId"] = habitId; container["dayKey"] = dayKey
        container["timestampUtc"] = timestampUtc; container["kind"] = kind; container["value"] = value
        container["note"] = note; container["createdAt"] = createdAt; container["deletedAt"] = deletedAt
    }
}

extension JournalEntry: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "journalEntry"

    public init(row: Row) throws {
        self.init(id: row["id"], dayKey: row["dayKey"], timestampUtc: row["timestampUtc"], title: row["title"],
                  body: row["body"], createdAt: row["createdAt"], deletedAt: row["deletedAt"])
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id; container["dayKey"] = dayKey; container["timestampUtc"] = timestampUtc
        container["title"] = title; container["body"] = body; container["createdAt"] = createdAt
        container["deletedAt"] = deletedAt
    }
}

extension WellbeingEntry: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "wellbeingEntry"

    public init(row: Row) throws {
        self.init(id: row["id"], dayKey: row["dayKey"], timestampUtc: row["timestampUtc"], metric: row["metric"],
                  value: row["value"], scaleMax: row["scaleMax"], habitId: row["habitId"], note: row["note"],
                  createdAt: row["createdAt"], deletedAt: row["deletedAt"])
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id; container["dayKey"] = dayKey; container["timestampUtc"] = timestampUtc
        container["metric"] = metric; container["value"] = value; container["scaleMax"] = scaleMax
        container["habitId"] = habitId; container["note"] = note; container["createdAt"] = createdAt
        container["deletedAt"] = deletedAt
    }
}

extension Settings: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "settings"

    public init(row: Row) throws {
        self.init(timeZone: row["timeZone"], weekStart: row["weekStart"])
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container["id"] = 1; container["timeZone"] = timeZone; container["weekStart"] = weekStart
    }
}
