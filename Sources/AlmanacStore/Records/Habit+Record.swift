import AlmanacDomain
import GRDB

extension Habit: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "habit"

    public init(row: Row) throws {
        guard let frequency = Frequency.fromDatabaseValue(row["frequency"]) else {
            throw StoreError.database("habit \(row["id"] as String? ?? "?") has an unreadable frequency")
        }
        self.init(id: row["id"], name: row["name"], emoji: row["emoji"], unit: row["unit"],
                  unitLabel: row["unitLabel"], target: row["target"], direction: row["direction"],
                  frequency: frequency, color: row["color"], categoryId: row["categoryId"],
                  weight: row["weight"], sortOrder: row["sortOrder"], createdAt: row["createdAt"],
                  updatedAt: row["updatedAt"], archivedAt: row["archivedAt"])
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id; container["name"] = name; container["emoji"] = emoji; container["unit"] = unit
        container["unitLabel"] = unitLabel; container["target"] = target; container["direction"] = direction
        container["frequency"] = frequency; container["color"] = color; container["categoryId"] = categoryId
        container["weight"] = weight; container["sortOrder"] = sortOrder; container["createdAt"] = createdAt
        container["updatedAt"] = updatedAt; container["archivedAt"] = archivedAt
    }
}

extension AlmanacDomain.Category: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "category"

    public init(row: Row) throws {
        self.init(id: row["id"], name: row["name"], createdAt: row["createdAt"], updatedAt: row["updatedAt"])
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id; container["name"] = name
        container["createdAt"] = createdAt; container["updatedAt"] = updatedAt
    }
}

extension Goal: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "goal"

    public init(row: Row) throws {
        let ids: String = row["habitIds"]
        self.init(id: row["id"], name: row["name"],
                  habitIds: ids.split(separator: ",").compactMap { EntityID(String($0)) },
                  targetDate: row["targetDate"], createdAt: row["createdAt"], updatedAt: row["updatedAt"])
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id; container["name"] = name
        container["habitIds"] = habitIds.map(\.description).joined(separator: ",")
        container["targetDate"] = targetDate; container["createdAt"] = createdAt; container["updatedAt"] = updatedAt
    }
}
