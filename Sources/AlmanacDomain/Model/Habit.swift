/// The definition of a behaviour to track. It owns no time and no progress: both come from entries.
public struct Habit: Codable, Equatable, Sendable, Identifiable {
    public var id: EntityID
    public var name: String
    public var emoji: String
    public var unit: HabitUnit
    /// What a count is counted in, e.g. "glasses"; empty for yes/no habits.
    public var unitLabel: String
    /// A number > 0: 1 for yes/no habits, minutes for duration habits.
    public var target: Double
    public var direction: Direction
    /// At-most habits (breaking a habit, as Habitto has it): the usage per day before the user started,
    /// which their reduction is measured against. Nil when not given.
    public var baseline: Double?
    public var frequency: Frequency
    /// `#RRGGBB`.
    public var color: String
    public var categoryId: EntityID?
    public var weight: Double
    public var sortOrder: Int
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var archivedAt: Timestamp?
    /// The followed source that owns this habit (`FollowedSource`): its days mirror that app's,
    /// and it is logged there, not here. Nil for a habit made in Almanac or imported once.
    public var sourceId: EntityID?
    /// The source's own id of the habit (Loop's UUID, Tickmate's track id …), as the source writes it.
    public var sourceKey: String?

    public init(id: EntityID = EntityID(), name: String, emoji: String = "", unit: HabitUnit = .boolean,
                unitLabel: String = "", target: Double = 1, direction: Direction = .atLeast, baseline: Double? = nil,
                frequency: Frequency = .daily, color: String = Habit.defaultColor, categoryId: EntityID? = nil,
                weight: Double = 1, sortOrder: Int = 0, createdAt: Timestamp, updatedAt: Timestamp? = nil,
                archivedAt: Timestamp? = nil, sourceId: EntityID? = nil, sourceKey: String? = nil) {
        self.id = id; self.name = name; self.emoji = emoji; self.unit = unit; self.unitLabel = unitLabel
        self.target = target; self.direction = direction; self.baseline = baseline; self.frequency = frequency; self.color = color
        self.categoryId = categoryId; self.weight = weight; self.sortOrder = sortOrder
        self.createdAt = createdAt; self.updatedAt = updatedAt ?? createdAt; self.archivedAt = archivedAt
        self.sourceId = sourceId; self.sourceKey = sourceKey
    }

    public static let defaultColor = "#2DA44E"

    public var isArchived: Bool { archivedAt != nil }

    /// Whether a day's value (the sum of its live check entries) completes the habit.
    /// `atMost` days complete only when something was logged: a day with no entry is unknown.
    public func isCompleted(value: Double) -> Bool { direction.isMet(by: value, target: target) }

    /// The label a value is shown with ("glasses", "min"), or nothing for yes/no habits.
    public var displayUnit: String {
        switch unit {
        case .boolean: return ""
        case .count: return unitLabel
        case .duration: return unitLabel.isEmpty ? "min" : unitLabel
        }
    }
}
