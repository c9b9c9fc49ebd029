/// Behavioural truth: what the user did on a day (or that the day was excused).
public struct HabitEntry: Codable, Hashable, Sendable, Identifiable {
    public var id: EntityID
    public var habitId: EntityID
    /// The local day, computed when the entry was written and never again.
    public var dayKey: DayKey
    public var timestampUtc: Timestamp
    public var kind: EntryKind
    public var value: Double
    public var note: String?
    public var createdAt: Timestamp
    public var deletedAt: Timestamp?

    public init(id: EntityID = EntityID(), habitId: EntityID, dayKey: DayKey, timestampUtc: Timestamp,
                kind: EntryKind = .check, value: Double, note: String? = nil, createdAt: Timestamp? = nil,
                deletedAt: Timestamp? = nil) {
        self.id = id; self.habitId = habitId; self.dayKey = dayKey; self.timestampUtc = timestampUtc
        self.kind = kind; self.value = value; self.note = note; self.createdAt = createdAt ?? timestampUtc
        self.deletedAt = deletedAt
    }

    public var isLive: Bool { deletedAt == nil }
}

/// A live entry's note as a habit's page lists it: its day, and whether the day was excused.
public struct HabitNote: Sendable, Equatable {
    public var day: DayKey
    public var text: String
    /// The note of a skip (an excused day), not of a check.
    public var skipped: Bool

    public init(day: DayKey, text: String, skipped: Bool = false) { self.day = day; self.text = text; self.skipped = skipped }
}
