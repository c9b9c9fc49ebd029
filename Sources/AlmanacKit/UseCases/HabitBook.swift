import AlmanacDomain
import AlmanacStorage

/// Defining and retiring habits: `habit add|edit|archive|unarchive|delete`.
public struct HabitBook {
    public let store: any AlmanacStore
    public let clock: Clock

    public init(store: any AlmanacStore, clock: Clock) { self.store = store; self.clock = clock }

    /// Every habit (archived ones on request) in display order.
    public func list(includeArchived: Bool) throws -> [Habit] { try store.habits(includeArchived: includeArchived) }

    /// The habit named `name` (any case), or an error suggesting the closest names.
    public func find(_ name: String) throws -> Habit { try store.habit(named: name) }

    /// Defines a new habit named `name` with the given fields; without a colour it gets the
    /// palette's least used one.
    public func add(_ name: String, _ changes: HabitChanges) throws -> Habit {
        let now = clock.now()
        let color = HabitPalette.next(after: try store.habits(includeArchived: true))
        var habit = Habit(name: name, createdAt: now) { $0.color = color }
        try changes.apply(to: &habit, store: store)
        return try store.addHabit(habit)
    }

    /// Changes the definition of the habit named `name` (any case).
    public func edit(_ name: String, _ changes: HabitChanges) throws -> Habit {
        let now = clock.now()
        var habit = try store.habit(named: name)
        try changes.apply(to: &habit, store: store)
        try store.updateHabit(habit, now: now)
        return habit
    }

    public func archive(_ name: String) throws -> Habit {
        let habit = try store.habit(named: name)
        try store.archiveHabit(id: habit.id, now: clock.now())
        return habit
    }

    public func unarchive(_ name: String) throws -> Habit {
        let habit = try store.habit(named: name)
        try store.unarchiveHabit(id: habit.id, now: clock.now())
        return habit
    }

    /// Deletes the definition; its entries stay as history. Refused unless `confirmed`.
    public func delete(_ name: String, confirmed: Bool) throws -> (habit: Habit, keptEntries: Int) {
        let habit = try store.habit(named: name)
        guard confirmed else {
            throw AlmanacError.needsConfirmation("Deleting removes \(habit.name)'s definition (its entries stay as history)")
        }
        return (habit, try store.deleteHabit(id: habit.id))
    }

    /// The name of a habit's category, nil when it has none.
    public func categoryName(of habit: Habit) throws -> String? {
        try habit.categoryId.flatMap { id in try store.categories().first { $0.id == id }?.name }
    }
}
