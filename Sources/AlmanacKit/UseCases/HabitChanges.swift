import AlmanacDomain
import AlmanacStorage

/// Changes to a habit's definition, as `habit add` and `habit edit` take them: each field is
/// left as it is when nil. A category is named and must exist (`category add`).
public struct HabitChanges: Sendable {
    public var name: String?
    public var emoji: String?
    public var unit: HabitUnit?
    public var unitLabel: String?
    public var target: Double?
    public var direction: Direction?
    public var frequency: Frequency?
    public var color: String?
    /// A category name; empty to leave the habit uncategorised.
    public var category: String?
    public var weight: Double?
    /// At-most habits: the usage per day before breaking it began.
    public var baseline: Double?

    public init(name: String? = nil, emoji: String? = nil, unit: HabitUnit? = nil, unitLabel: String? = nil,
                target: Double? = nil, direction: Direction? = nil, frequency: Frequency? = nil, color: String? = nil,
                category: String? = nil, weight: Double? = nil, baseline: Double? = nil) {
        self.name = name; self.emoji = emoji; self.unit = unit; self.unitLabel = unitLabel; self.target = target
        self.direction = direction; self.frequency = frequency; self.color = color; self.category = category
        self.weight = weight; self.baseline = baseline
    }

    /// Applies the changes to `habit`; a category name is looked up in `store`.
    func apply(to habit: inout Habit, store: any AlmanacStore, now: Timestamp) throws {
        if let name { habit.name = name }
        if let emoji { habit.emoji = emoji }
        if let unit {
            habit.unit = unit
            if unit == .boolean && target == nil { habit.target = 1 }
        }
        if let unitLabel { habit.unitLabel = unitLabel }
        if let target { habit.target = target }
        if let direction { habit.direction = direction }
        if let frequency { habit.frequency = frequency }
        if let color { habit.color = try HabitRules.checkedColor(color) }
        if let weight { habit.weight = try HabitRules.checkedWeight(weight) }
        if let baseline { habit.baseline = baseline }
        if let category {
            habit.categoryId = category.isEmpty ? nil : try store.category(named: category).id
        }
    }
}
