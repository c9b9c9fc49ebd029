/// Subjective-state truth: how the user felt (mood, energy, sleep, difficulty …) on a scale.
/// It never affects completion, streaks or goals.
public struct WellbeingEntry: Codable, Equatable, Sendable, Identifiable {
    public var id: EntityID
    public var dayKey: DayKey
    public var timestampUtc: Timestamp
    public var metric: String
    public var value: Double
    public var scaleMax: Double
    public var habitId: EntityID?
    public var note: String?
    public var createdAt: Timestamp
    public var deletedAt: Timestamp?

    public init(id: EntityID = EntityID(), dayKey: DayKey, timestampUtc: Timestamp, metric: String, value: Double,
                scaleMax: Double, habitId: EntityID? = nil, note: String? = nil, createdAt: Timestamp? = nil,
                deletedAt: Timestamp? = nil) {
        self.id = id; self.dayKey = dayKey; self.timestampUtc = timestampUtc; self.metric = metric; self.value = value
        self.scaleMax = scaleMax; self.habitId = habitId; self.note = note; self.createdAt = createdAt ?? timestampUtc
        self.deletedAt = deletedAt
    }
}
