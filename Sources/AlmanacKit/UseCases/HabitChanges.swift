import AlmanacDomain
import AlmanacStorage

/// Changes to a habit's definition, as `habit add` and `habit edit` take them: the fields set in
/// `patch`, and a category by its name (it must exist, `category add`; empty for none).
public struct HabitChanges: Sendable {
    public var patch = HabitDefinition.Patch()
    public var category: String?

    public init(category: String? = nil, _ set: (inout HabitDefinition.Patch) -> Void = { _ in }) {
        self.category = category
        set(&patch)
    }

    /// Applies the changes to `habit`; a category name is looked up in `store`.
    func apply(to habit: inout Habit, store: any AlmanacStore) throws {
        var patch = self.patch
        patch.set(\.color, try patch.value(\.color).map(HabitRules.checkedColor))
        patch.set(\.weight, try patch.value(\.weight).map(HabitRules.checkedWeight))
        if let category { patch.set(\.categoryId, .some(category.isEmpty ? nil : try store.category(named: category).id)) }
        habit.definition = try patch.applied(to: habit.definition)
    }
}
