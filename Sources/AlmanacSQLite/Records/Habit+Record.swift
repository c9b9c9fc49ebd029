import AlmanacDomain
import GRDB

extension Habit: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "habit"

    public enum Columns: String, CaseIterable, ColumnExpression, Sendable {
        case id, name, emoji, unit, unitLabel, target, direction, baseline, frequency, color, categoryId, weight, sortOrder,
             createdAt, updatedAt, archivedAt
    }

    public init(row: Row) throws {
        guard let frequency = Frequency.fromDatabaseValue(row[Columns.frequency]) else {
            throw StoreError.database("habit \(row[Columns.id] as String? ?? "?") has an unreadable frequency")
        }
        self.init(id: row[Columns.id], name: row[Columns.name], emoji: row[Columns.emoji], unit: row[Columns.unit],
                  unitLabel: row[Columns.unitLabel], target: row[Columns.target], direction: row[Columns.direction],
                  baseline: row[Columns.baseline], frequency: frequency, color: row[Columns.color], categoryId: row[Columns.categoryId],
                  weight: row[Columns.weight], sortOrder: row[Columns.sortOrder], createdAt: row[Columns.createdAt],
                  updatedAt: row[Columns.updatedAt], archivedAt: row[Columns.archivedAt])
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container[Columns.id] = id; container[Columns.name] = name; container[Columns.emoji] = emoji
        container[Columns.unit] = unit; container[Columns.unitLabel] = unitLabel; container[Columns.target] = target
        container[Columns.direction] = direction; container[Columns.baseline] = baseline; container[Columns.frequency] = frequency; container[Columns.color] = color
        container[Columns.categoryId] = categoryId; container[Columns.weight] = weight
        container[Columns.sortOrder] = sortOrder; container[Columns.createdAt] = createdAt
        container[Columns.updatedAt] = updatedAt; container[Columns.archivedAt] = archivedAt
    }
}

extension AlmanacDomain.Category: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "category"

    public enum Columns: String, CaseIterable, ColumnExpression, Sendable { case id, name, createdAt, updatedAt }

    public init(row: Row) throws {
        self.init(id: row[Columns.id], name: row[Columns.name], createdAt: row[Columns.createdAt],
                  updatedAt: row[Columns.updatedAt])
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container[Columns.id] = id; container[Columns.name] = name
        container[Columns.createdAt] = createdAt; container[Columns.updatedAt] = updatedAt
    }
}

extension Goal: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "goal"

    public enum Columns: String, CaseIterable, ColumnExpression, Sendable { case id, name, habitIds, targetDate, createdAt, updatedAt }

    /// The habit ids of a goal are stored as one text cell, joined by commas.
    static func joined(_ ids: [EntityID]) -> String { ids.map(\.description).joined(separator: ",") }

    public init(row: Row) throws {
        let ids: String = row[Columns.habitIds]
        self.init(id: row[Columns.id], name: row[Columns.name],
                  habitIds: ids.split(separator: ",").compactMap { EntityID(String($0)) },
                  targetDate: row[Columns.targetDate], createdAt: row[Columns.createdAt], updatedAt: row[Columns.updatedAt])
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container[Columns.id] = id; container[Columns.name] = name; container[Columns.habitIds] = Self.joined(habitIds)
        container[Columns.targetDate] = targetDate; container[Columns.createdAt] = createdAt
        container[Columns.updatedAt] = updatedAt
    }
}
