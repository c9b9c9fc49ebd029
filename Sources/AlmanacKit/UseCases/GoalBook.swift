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

    /// The habits named, each value one habit (any case). A value with commas that names no habit
    /// is a list (`--habits run,stretch`) when no habit's name has a comma; no value is ever
    /// dropped.
    private func ids(of values: [String]) throws -> [EntityID] {
        let habits = try store.habits(includeArchived: true)
        let matcher = NameMatcher(habits, name: \.name, aliases: \.aliases), namesHaveCommas = habits.contains { $0.name.contains(",") }
        var ids: [EntityID] = []
        for value in values {
            let name = value.trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { continue }
            var names = [name]
            if name.contains(","), (try? matcher.find(name)) == nil {
                guard !namesHaveCommas else {
                    throw AlmanacError.refused("No habit named \"\(name)\"; a habit's name has a comma, so commas do not separate habits here: name each habit on its own.")
                }
                let parts = name.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                // A list when some part names a habit (a part that names none is then said).
                if parts.isEmpty || parts.contains(where: { (try? matcher.find($0)) != nil }) { names = parts }
            }
            for name in names {
                let id = try matcher.find(name).id
                if !ids.contains(id) { ids.append(id) }
            }
        }
        guard !ids.isEmpty else { throw AlmanacError.refused("A goal needs at least one habit.") }
        return ids
    }
}
