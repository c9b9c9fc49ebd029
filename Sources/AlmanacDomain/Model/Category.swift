/// A group of habits, for organisation only (it owns no progress).
public struct Category: Codable, Equatable, Sendable, Identifiable {
    public var id: EntityID
    public var name: String
    public var createdAt: Timestamp
    public var updatedAt: Timestamp

    public init(id: EntityID = EntityID(), name: String, createdAt: Timestamp, updatedAt: Timestamp? = nil) {
        self.id = id; self.name = name; self.createdAt = createdAt; self.updatedAt = updatedAt ?? createdAt
    }
}
