/// Reflective truth: a note the user wrote about a day. It never affects habits.
public struct JournalEntry: Codable, Equatable, Sendable, Identifiable {
    public var id: EntityID
    public var dayKey: DayKey
    public var timestampUtc: Timestamp
    public var title: String
    /// Markdown.
    public var body: String
    public var createdAt: Timestamp
    public var deletedAt: Timestamp?

    public init(id: EntityID = EntityID(), dayKey: DayKey, timestampUtc: Timestamp, title: String, body: String,
                createdAt: Timestamp? = nil, deletedAt: Timestamp? = nil) {
        self.id = id; self.dayKey = dayKey; self.timestampUtc = timestampUtc; self.title = title; self.body = body
        self.createdAt = createdAt ?? timestampUtc; self.deletedAt = deletedAt
    }
}
