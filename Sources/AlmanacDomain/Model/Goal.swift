/// A commitment over some habits: a view over their entries that stores no progress.
public struct Goal: Codable, Equatable, Sendable, Identifiable {
    public var id: EntityID
    public var name: String
    public var habitIds: [EntityID]
    /// Informational only; never part of any aggregation.
    public var targetDate: DayKey?
    public var createdAt: Timestamp
    public var updatedAt: Timestamp

    public init(id: EntityID = EntityID(), name: String, habitIds: [EntityID], targetDate: DayKey? = nil,
                createdAt: Timestamp, updatedAt: Timestamp? = nil) {
        self.id = id; self.name = name; self.habitIds = habitIds; self.targetDate = targetDate
        self.createdAt = createdAt; self.updatedAt = updatedAt ?? createdAt
    }
}
