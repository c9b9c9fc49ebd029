/// A behaviour to track: its definition (`HabitDefinition`, whose fields read as the habit's own,
/// `habit.name`), its place in the list, its dates and the app it follows. It owns no time and no
/// progress: both come from entries.
@dynamicMemberLookup
public struct Habit: Codable, Equatable, Sendable, Identifiable {
    public var id: EntityID
    public var definition: HabitDefinition
    public var sortOrder: Int
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var archivedAt: Timestamp?
    /// The followed source that owns this habit (`FollowedSource`): its days mirror that app's,
    /// and it is logged there, not here. Nil for a habit made in Almanac or imported once.
    public var sourceId: EntityID?
    /// The source's own id of the habit (Loop's UUID, Tickmate's track id …), as the source writes it.
    public var sourceKey: String?
    /// The name of its page, card and badge files (`Slug`): given by the store when the habit is
    /// stored first, kept through renames. Empty until then.
    public var slug: String
    /// Short names a person gave the habit to type (`habit edit NAME --alias WORD`): unique among
    /// the store's names and aliases, found as the name is.
    public var aliases: [String]

    public init(id: EntityID = EntityID(), definition: HabitDefinition, sortOrder: Int = 0, createdAt: Timestamp,
                updatedAt: Timestamp? = nil, archivedAt: Timestamp? = nil, sourceId: EntityID? = nil, sourceKey: String? = nil,
                slug: String = "", aliases: [String] = []) {
        self.id = id; self.definition = definition; self.sortOrder = sortOrder
        self.createdAt = createdAt; self.updatedAt = updatedAt ?? createdAt; self.archivedAt = archivedAt
        self.sourceId = sourceId; self.sourceKey = sourceKey; self.slug = slug; self.aliases = aliases
    }

    /// A new habit named `name`, the rest of its definition as `define` sets it (the defaults of
    /// `HabitDefinition` otherwise): `Habit(name: "Water", createdAt: now) { $0.unit = .count }`.
    public init(id: EntityID = EntityID(), name: String, createdAt: Timestamp, _ define: (inout HabitDefinition) -> Void = { _ in }) {
        self.init(id: id, definition: HabitDefinition(name: name, define), createdAt: createdAt)
    }

    public subscript<T>(dynamicMember path: WritableKeyPath<HabitDefinition, T>) -> T {
        get { definition[keyPath: path] }
        set { definition[keyPath: path] = newValue }
    }

    // In JSON the definition's fields are the habit's own, as they are in the stores.
    private enum CodingKeys: String, CodingKey { case id, sortOrder, createdAt, updatedAt, archivedAt, sourceId, sourceKey, slug, aliases }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(EntityID.self, forKey: .id); definition = try HabitDefinition(from: decoder)
        sortOrder = try c.decode(Int.self, forKey: .sortOrder); createdAt = try c.decode(Timestamp.self, forKey: .createdAt)
        updatedAt = try c.decode(Timestamp.self, forKey: .updatedAt); archivedAt = try c.decodeIfPresent(Timestamp.self, forKey: .archivedAt)
        sourceId = try c.decodeIfPresent(EntityID.self, forKey: .sourceId); sourceKey = try c.decodeIfPresent(String.self, forKey: .sourceKey)
        slug = try c.decodeIfPresent(String.self, forKey: .slug) ?? ""
        aliases = try c.decodeIfPresent([String].self, forKey: .aliases) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        try definition.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id); try c.encode(sortOrder, forKey: .sortOrder); try c.encode(createdAt, forKey: .createdAt)
        try c.encode(updatedAt, forKey: .updatedAt); try c.encodeIfPresent(archivedAt, forKey: .archivedAt)
        try c.encodeIfPresent(sourceId, forKey: .sourceId); try c.encodeIfPresent(sourceKey, forKey: .sourceKey)
        if !slug.isEmpty { try c.encode(slug, forKey: .slug) }
        if !aliases.isEmpty { try c.encode(aliases, forKey: .aliases) }
    }

    public static let defaultColor = "#2DA44E"

    public var isArchived: Bool { archivedAt != nil }

    /// Whether a finished day with nothing logged counts as a value of 0: an at-most habit whose
    /// person logs only the slips (`unloggedMeansNone`). Otherwise such a day is missed.
    public var countsUnloggedAsNone: Bool { definition.direction == .atMost && definition.unloggedMeansNone }

    /// Whether a day's value (the sum of its live check entries) completes the habit.
    public func isCompleted(value: Double) -> Bool { definition.direction.isMet(by: value, target: definition.target) }

    /// The label a value is shown with ("glasses", "min"), or nothing for yes/no habits.
    public var displayUnit: String {
        switch definition.unit {
        case .boolean: return ""
        case .count: return definition.unitLabel
        case .duration: return definition.unitLabel.isEmpty ? "min" : definition.unitLabel
        }
    }
}
