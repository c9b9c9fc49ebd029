import AlmanacDomain
import AlmanacStorage

/// Changes to a habit's definition, as `habit add` and `habit edit` take them: the fields set in
/// `patch`, and a category by its name (it must exist, `category add`; empty for none).
public struct HabitChanges: Sendable {
    public var patch = HabitDefinition.Patch()
    public var category: String?
    /// Aliases to add and to take away (`habit edit --alias`).
    public var addAliases: [String] = []
    public var removeAliases: [String] = []

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
        for alias in removeAliases {
            let key = NameMatcher<Habit>.fold(alias)
            guard habit.aliases.contains(where: { NameMatcher<Habit>.fold($0) == key }) else {
                throw DomainError.refused("\"\(alias)\" is not an alias of \"\(habit.name)\".")
            }
            habit.aliases.removeAll { NameMatcher<Habit>.fold($0) == key }
        }
        for alias in addAliases {
            let checked = try HabitRules.checkedAlias(alias)
            if !habit.aliases.contains(where: { NameMatcher<Habit>.fold($0) == NameMatcher<Habit>.fold(checked) }) { habit.aliases.append(checked) }
        }
    }
}
