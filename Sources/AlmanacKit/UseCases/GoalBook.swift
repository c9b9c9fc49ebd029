import AlmanacDomain
import AlmanacStorage

/// Goals over habits (HabitFlow's Northstar): `goal add|list|edit|delete`. A goal stores its name, its habits
/// and a target date; its progress is computed when read. Deleting a goal deletes nothing else.
public struct GoalBook {
    public let store: any AlmanacStore
    public let clock: Clock

    public init(store: any AlmanacStore, clock: Clock) { self.store = store; self.clock = clock }

    /// Adds a goal over the habits named (any case).
    public func add(_ name: String, habits: [String], targetDate: DayKey?) throws -> Goal {
        let goal = Goal(name: name.trimmingCharacters(in: .whitespacesAndNewlines), habitIds: try ids(of: habits),
                        targetDate: targetDate, createdAt: clock.now())
        try store.saveGoal(goal, now: clock.now())
        return goal
    }

    /// Changes a goal's name, habits or target date (`clearDate` removes the date).
    public func edit(_ name: String, newName: String?, habits: [String]?, targetDate: DayKey?, clearDate: Bool) throws -> Goal {
        var goal = try store.goal(named: name)
        if let newName { goal.name = newName }
        if let habits { goal.habitIds = try ids(of: habits) }
        if let targetDate { goal.targetDate = targetDate }
        if clearDate { goal.targetDate = nil }
        try store.saveGoal(goal, now: clock.now())
        return goal
    }

    public func delete(_ name: String) throws -> Goal {
        let goal = try store.goal(named: name)
        try store.deleteGoal(id: goal.id)
        return goal
    }

    /// Every goal with its progress as of a day (default today).
    public func list(asOf: DayKey?) throws -> [GoalProgress] {
        let snapshot = try store.snapshot(through: nil)
        let today = clock.today(in: snapshot.calendar), day = asOf ?? today
        let metrics = snapshot.metrics(asOf: day, today: today).map { (habit: $0.habit, metrics: $0.metrics) }
        return try store.goals().map { GoalProgress(goal: $0, metrics: metrics, asOf: day) }
    }

    private func ids(of names: [String]) throws -> [EntityID] {
        let habits = try store.habits(includeArchived: true)
        var ids: [EntityID] = []
        for name in names where !name.trimmingCharacters(in: .whitespaces).isEmpty {
            let id = try NameMatcher(habits, name: \.name).find(name.trimmingCharacters(in: .whitespaces)).id
            if !ids.contains(id) { ids.append(id) }
        }
        guard !ids.isEmpty else { throw AlmanacError.refused("A goal needs at least one habit.") }
        return ids
    }
}
