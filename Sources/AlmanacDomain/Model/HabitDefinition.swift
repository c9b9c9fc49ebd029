/// The part of a habit a person defines and edits: everything but its identity, its place in the
/// list, its dates and the app it follows. `fields` is the one declaration of its fields: the
/// stores' columns and the backup's keys (`keep`), an edit's patch, its changes as a person reads
/// them, what an import may say of a habit (`imported`) and the columns of `habits.csv`
/// (`export`) are made from it; a new field is added here and in the stores' migrations
/// (docs/ARCHITECTURE.md).
public struct HabitDefinition: Codable, Equatable, Sendable {
    public var name: String
    /// What the habit is about, in its person's words: shown on its page.
    public var description = ""
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

    /// A definition named `name`, its other fields as `define` sets them.
    public init(name: String, _ define: (inout HabitDefinition) -> Void) {
        self.name = name
        define(&self)
    }

    /// One field: its name (as `import --follow` lists what changed), its key (the stores'
    /// column and the backup's key), how a person reads its value, how stores keep it, what an
    /// import may say of it, and its column of `habits.csv`.
    public struct Field: Sendable {
        public let name: String
        public let key: String
        let path: PartialKeyPath<HabitDefinition> & Sendable
        let differs: @Sendable (HabitDefinition, HabitDefinition) -> Bool
        let copy: @Sendable (HabitDefinition, inout HabitDefinition) -> Void
        /// The value as a person reads it; a category by its name, from the names given.
        public let text: @Sendable (HabitDefinition, _ categoryNames: [EntityID: String]) -> String
        /// Hands the field to a store's `Keeper` as the kind of value it is.
        public let keep: @Sendable (inout any Keeper) -> Void
        public let imported: Imported
        public let export: Export?
        /// A text field's rule (`HabitRules.validate`): at most so many characters, no control
        /// characters.
        public let words: Words?

        static func of<T: Kept>(_ name: String, key: String? = nil, _ path: WritableKeyPath<HabitDefinition, T> & Sendable,
                                imported: Imported = .always, export: Export? = nil, words: Words? = nil,
                                text: @escaping @Sendable (T, [EntityID: String]) -> String) -> Field {
            let key = key ?? name
            return Field(name: name, key: key, path: path, differs: { $0[keyPath: path] != $1[keyPath: path] },
                         copy: { $1[keyPath: path] = $0[keyPath: path] }, text: { text($0[keyPath: path], $1) },
                         keep: { T.keep(key, path, in: &$0) }, imported: imported, export: export, words: words)
        }
    }

    /// A text field's rule: what a sentence calls it ("The unit label"), how many characters it
    /// holds at most, and its value.
    public struct Words: Sendable {
        public let label: String
        public let most: Int
        public let value: @Sendable (HabitDefinition) -> String

        init(_ label: String, most: Int, _ path: KeyPath<HabitDefinition, String> & Sendable) {
            self.label = label; self.most = most; value = { $0[keyPath: path] }
        }
    }

    /// What an import says of a field: always (the source's value, or the default when it has
    /// none: an app's habit is what its file says), only when the source gives it, or never.
    public enum Imported: Sendable { case always, whenGiven, never }

    /// A field's column of `habits.csv`: its name, its Table Schema type, what it holds, and its
    /// cell (a category by its name, from the names given).
    public struct Export: Sendable {
        public enum Cell: Sendable, Equatable { case text(String), number(Double) }
        public let column: String
        public let type: String
        public let description: String
        public let cell: @Sendable (HabitDefinition, _ categoryNames: [EntityID: String]) -> Cell

        init(_ column: String, _ type: String, _ description: String, cell: @escaping @Sendable (HabitDefinition) -> Cell) {
            self.column = column; self.type = type; self.description = description; self.cell = { definition, _ in cell(definition) }
        }

        init(_ column: String, _ type: String, _ description: String, named cell: @escaping @Sendable (HabitDefinition, [EntityID: String]) -> Cell) {
            self.column = column; self.type = type; self.description = description; self.cell = cell
        }
    }

    /// The declaration: the fields in the order of the stores' columns and the backup's keys.
    public static let fields: [Field] = [
        .of("name", \.name, imported: .never) { name, _ in name },
        .of("description", \.description, imported: .whenGiven, export: Export("description", "string", "What it is about, or empty.") {
            .text($0.description)
        }, words: Words("The description", most: 1_000, \.description)) { text, _ in text.isEmpty ? "none" : text },
        .of("emoji", \.emoji, imported: .whenGiven, export: Export("emoji", "string", "Its emoji, or empty.") { .text($0.emoji) },
            words: Words("The emoji", most: 8, \.emoji)) { emoji, _ in emoji.isEmpty ? "none" : emoji },
        .of("unit", \.unit, export: Export("unit", "string", "What a day's value is: \(HabitUnit.words).") { .text($0.unit.rawValue) }) {
            unit, _ in unit.rawValue
        },
        .of("unitLabel", \.unitLabel, export: Export("unit_label", "string", "What a count is counted in (\"glasses\"), or empty.") {
            .text($0.unitLabel)
        }, words: Words("The unit label", most: 40, \.unitLabel)) { label, _ in label.isEmpty ? "none" : label },
        .of("target", \.target, export: Export("target", "number", "The day's goal in the habit's unit (1 for a yes/no habit, minutes for a duration).") {
            .number($0.target)
        }) { target, _ in NumberText.plain(target) },
        .of("direction", \.direction, export: Export("direction", "string", "at-least (building a habit) or at-most (breaking one: the target is a limit).") {
            .text($0.direction.cliName)
        }) { direction, _ in direction.cliName },
        .of("baseline", \.baseline) { baseline, _ in baseline.map(NumberText.plain) ?? "none" },
        .of("frequency", \.frequency, export: Export("frequency", "string",
                                                      "When it is due: daily, weekdays:mon,wed, per-week:3, per-month:10 or per-days:2/3.") {
            .text($0.frequency.cliDescription)
        }) { frequency, _ in frequency.cliDescription },
        .of("category", key: "categoryId", \.categoryId, imported: .never, export: Export("category", "string", "Its category's name, or empty.", named: { definition, names in
            .text(definition.categoryId.flatMap { names[$0] } ?? "")
        })) { id, names in id.flatMap { names[$0] } ?? "none" },
        .of("color", \.color, imported: .whenGiven, export: Export("color", "string", "Its colour, #RRGGBB.") { .text($0.color) }) { color, _ in color },
        .of("weight", \.weight, imported: .whenGiven) { weight, _ in NumberText.plain(weight) },
        .of("unloggedMeansNone", \.unloggedMeansNone, imported: .never) { flag, _ in flag ? "yes" : "no" },
    ]

    /// How a store keeps each kind of value a definition's fields have (its column and backup
    /// value), given the field's key and key path; a store implements it to write a definition's
    /// cells and to read one back.
    public protocol Keeper {
        mutating func text(_ key: String, _ path: WritableKeyPath<HabitDefinition, String> & Sendable)
        mutating func number(_ key: String, _ path: WritableKeyPath<HabitDefinition, Double> & Sendable)
        mutating func optionalNumber(_ key: String, _ path: WritableKeyPath<HabitDefinition, Double?> & Sendable)
        /// One of an enumeration's cases, by its raw value (a unit, a direction).
        mutating func choice<Value: RawRepresentable & CaseIterable & Sendable>(_ key: String, _ path: WritableKeyPath<HabitDefinition, Value> & Sendable)
        where Value.RawValue == String
        mutating func frequency(_ key: String, _ path: WritableKeyPath<HabitDefinition, Frequency> & Sendable)
        mutating func optionalID(_ key: String, _ path: WritableKeyPath<HabitDefinition, EntityID?> & Sendable)
        mutating func flag(_ key: String, _ path: WritableKeyPath<HabitDefinition, Bool> & Sendable)
    }

    /// The field of a key path.
    public static func field(_ path: AnyKeyPath) -> Field? { fields.first { $0.path as AnyKeyPath == path } }

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
            guard let value else { return }
            take(path, value)
        }

        /// Sets a field to `value`, nil included (a field that may have no value).
        public mutating func take<T>(_ path: WritableKeyPath<HabitDefinition, T>, _ value: T) {
            guard let field = HabitDefinition.field(path) else { return }
            values[keyPath: path] = value
            names.insert(field.name)
        }

        /// Sets a field to its value in `definition`.
        public mutating func take(_ field: Field, from definition: HabitDefinition) {
            field.copy(definition, &values)
            names.insert(field.name)
        }

        /// No longer sets a field.
        public mutating func drop<T>(_ path: WritableKeyPath<HabitDefinition, T>) {
            if let field = HabitDefinition.field(path) { names.remove(field.name) }
        }

        /// The value the patch sets for a field, if it sets it.
        public func value<T>(_ path: WritableKeyPath<HabitDefinition, T>) -> T? {
            HabitDefinition.field(path).map { names.contains($0.name) } == true ? values[keyPath: path] : nil
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

/// A kind of value a definition's field may have: it names the `Keeper` method that keeps it.
public protocol Kept: Equatable, Sendable {
    static func keep(_ key: String, _ path: WritableKeyPath<HabitDefinition, Self> & Sendable, in keeper: inout any HabitDefinition.Keeper)
}

/// A kind of value a field may have or not (`Double?`, `EntityID?`).
public protocol OptionallyKept: Equatable, Sendable {
    static func keepOptional(_ key: String, _ path: WritableKeyPath<HabitDefinition, Self?> & Sendable, in keeper: inout any HabitDefinition.Keeper)
}

extension String: Kept {
    public static func keep(_ key: String, _ path: WritableKeyPath<HabitDefinition, Self> & Sendable, in keeper: inout any HabitDefinition.Keeper) {
        keeper.text(key, path)
    }
}

extension Double: Kept, OptionallyKept {
    public static func keep(_ key: String, _ path: WritableKeyPath<HabitDefinition, Self> & Sendable, in keeper: inout any HabitDefinition.Keeper) {
        keeper.number(key, path)
    }
    public static func keepOptional(_ key: String, _ path: WritableKeyPath<HabitDefinition, Self?> & Sendable, in keeper: inout any HabitDefinition.Keeper) {
        keeper.optionalNumber(key, path)
    }
}

extension EntityID: OptionallyKept {
    public static func keepOptional(_ key: String, _ path: WritableKeyPath<HabitDefinition, Self?> & Sendable, in keeper: inout any HabitDefinition.Keeper) {
        keeper.optionalID(key, path)
    }
}

extension Optional: Kept where Wrapped: OptionallyKept {
    public static func keep(_ key: String, _ path: WritableKeyPath<HabitDefinition, Self> & Sendable, in keeper: inout any HabitDefinition.Keeper) {
        Wrapped.keepOptional(key, path, in: &keeper)
    }
}

extension Kept where Self: RawRepresentable & CaseIterable, RawValue == String {
    public static func keep(_ key: String, _ path: WritableKeyPath<HabitDefinition, Self> & Sendable, in keeper: inout any HabitDefinition.Keeper) {
        keeper.choice(key, path)
    }
}

extension HabitUnit: Kept {}
extension Direction: Kept {}

extension Frequency: Kept {
    public static func keep(_ key: String, _ path: WritableKeyPath<HabitDefinition, Self> & Sendable, in keeper: inout any HabitDefinition.Keeper) {
        keeper.frequency(key, path)
    }
}

extension Bool: Kept {
    public static func keep(_ key: String, _ path: WritableKeyPath<HabitDefinition, Self> & Sendable, in keeper: inout any HabitDefinition.Keeper) {
        keeper.flag(key, path)
    }
}
