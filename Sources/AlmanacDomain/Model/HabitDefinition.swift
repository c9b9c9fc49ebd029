/// The part of a habit a person defines and edits: everything but its identity, its place in the
/// list, its dates and the app it follows. `fields` is the one table of its fields, from which an
/// edit's patch, an edit's changes as a person reads them and a followed app's changes are made;
/// a new field is added here, in the stores' migrations and in `HabitRules.validate`.
public struct HabitDefinition: Codable, Equatable, Sendable {
    public var name: String
    public var emoji = ""
    public var unit: HabitUnit = .boolean
    /// What a count is counted in, e.g. "glasses"; empty for yes/no habits.
    public var unitLabel = ""
    /// A number > 0: 1 for yes/no habits, minutes for duration habits.
    public var target = 1.0
    public var direction: Direction = .atLeast
    /// At-most habits: the usage per day before breaking it began.
    public var baseline: Double?
    public var frequency: Frequency = .daily
    /// `#RRGGBB`.
    public var color = Habit.defaultColor
    public var categoryId: EntityID?
    public var weight = 1.0
    /// At-most habits: whether a finished day with nothing logged counts as 0, within the limit
    /// (for a person who logs only the slips), instead of missed (docs/METRICS.md).
    public var unloggedMeansNone = false

    public init(name: String) { self.name = name }

    /// One field: its name (as `import --follow` lists what changed), how a person reads its
    /// value, and its key path.
    public struct Field: Sendable {
        public let name: String
        let path: PartialKeyPath<HabitDefinition> & Sendable
        let differs: @Sendable (HabitDefinition, HabitDefinition) -> Bool
        let copy: @Sendable (HabitDefinition, inout HabitDefinition) -> Void
        /// The value as a person reads it; a category by its name, from the names given.
        public let text: @Sendable (HabitDefinition, _ categoryNames: [EntityID: String]) -> String

        static func of<T: Equatable & Sendable>(_ name: String, _ path: WritableKeyPath<HabitDefinition, T> & Sendable,
                                                text: @escaping @Sendable (T, [EntityID: String]) -> String) -> Field {
            Field(name: name, path: path, differs: { $0[keyPath: path] != $1[keyPath: path] },
                  copy: { $1[keyPath: path] = $0[keyPath: path] }, text: { text($0[keyPath: path], $1) })
        }
    }

    public static let fields: [Field] = [
        .of("name", \.name) { name, _ in name },
        .of("emoji", \.emoji) { emoji, _ in emoji.isEmpty ? "none" : emoji },
        .of("unit", \.unit) { unit, _ in unit.rawValue },
        .of("unitLabel", \.unitLabel) { label, _ in label.isEmpty ? "none" : label },
        .of("target", \.target) { target, _ in NumberText.plain(target) },
        .of("direction", \.direction) { direction, _ in direction.cliName },
        .of("baseline", \.baseline) { baseline, _ in baseline.map(NumberText.plain) ?? "none" },
        .of("frequency", \.frequency) { frequency, _ in frequency.cliDescription },
        .of("color", \.color) { color, _ in color },
        .of("category", \.categoryId) { id, names in id.flatMap { names[$0] } ?? "none" },
        .of("weight", \.weight) { weight, _ in NumberText.plain(weight) },
        .of("unloggedMeansNone", \.unloggedMeansNone) { flag, _ in flag ? "yes" : "no" },
    ]

    /// The fields that differ from `other`.
    public func changedFields(from other: HabitDefinition) -> [Field] { Self.fields.filter { $0.differs(other, self) } }

    /// "unit: count → duration", one per field that differs from `old`.
    public func changes(from old: HabitDefinition, categoryNames: [EntityID: String]) -> [String] {
        changedFields(from: old).map { "\($0.name): \($0.text(old, categoryNames)) → \($0.text(self, categoryNames))" }
    }

    /// Some fields of a definition and their new values: an edit, or what an app's file says.
    public struct Patch: Sendable, Equatable {
        private var values = HabitDefinition(name: "")
        private var names: Set<String> = []

        public init() {}

        /// Sets a field, unless `value` is nil.
        public mutating func set<T>(_ path: WritableKeyPath<HabitDefinition, T>, _ value: T?) {
            guard let value, let field = HabitDefinition.fields.first(where: { $0.path as AnyKeyPath == path as AnyKeyPath }) else { return }
            values[keyPath: path] = value
            names.insert(field.name)
        }

        /// The value the patch sets for a field, if it sets it.
        public func value<T>(_ path: WritableKeyPath<HabitDefinition, T>) -> T? {
            HabitDefinition.fields.contains { $0.path as AnyKeyPath == path as AnyKeyPath && names.contains($0.name) } ? values[keyPath: path] : nil
        }

        /// `definition` with the patch's fields set. A unit changed to yes/no without a target
        /// gets the target 1; a unit label stays only while the unit does, or is given again; an
        /// at-most habit made at-least no longer counts a day with nothing logged as none.
        public func applied(to definition: HabitDefinition) throws -> HabitDefinition {
            var new = definition
            for field in HabitDefinition.fields where names.contains(field.name) { field.copy(values, &new) }
            if new.direction == .atLeast && value(\.unloggedMeansNone) == nil { new.unloggedMeansNone = false }
            guard new.unit != definition.unit else { return new }
            if value(\.unitLabel) == nil { new.unitLabel = "" }
            if value(\.target) == nil {
                guard new.unit == .boolean else {
                    throw DomainError.invalid("Changing the unit from \(definition.unit.rawValue) to \(new.unit.rawValue) needs a new target"
                                              + (new.unit == .duration ? " (in minutes)." : "."))
                }
                new.target = 1
            }
            return new
        }
    }
}
