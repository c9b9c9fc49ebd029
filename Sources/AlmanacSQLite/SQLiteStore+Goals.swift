import AlmanacDomain
import GRDB

extension SQLiteStore {
    public func goals() throws -> [Goal] {
        try read { db in try Goal.fetchAll(db, sql: "SELECT * FROM goal ORDER BY name, id") }
    }

    public func saveGoal(_ draft: Goal, now: Timestamp) throws {
        var goal = draft
        goal.name = try HabitRules.checkedName(goal.name, kind: "goal")
        guard !goal.habitIds.isEmpty else { throw DomainError.invalid("A goal needs at least one habit.") }
        try write { db in
            let others = try Goal.fetchAll(db).filter { $0.id != goal.id }
            if let other = NameMatcher(others, name: \.name).exact(goal.name) {
                throw DomainError.refused("A goal named \"\(other.name)\" already exists; choose another name.")
            }
            let habits = Set(try Self.habits(db, includeArchived: true).map(\.id))
            if let missing = goal.habitIds.first(where: { !habits.contains($0) }) {
                throw DomainError.refused("The habit \(missing) no longer exists; another command may have deleted it.")
            }
            goal.updatedAt = now
            if try Goal.exists(db, key: goal.id) { try goal.update(db) } else { try goal.insert(db) }
        }
    }

    public func deleteGoal(id: EntityID) throws {
        try write { db in
            guard try Goal.deleteOne(db, key: id) else {
                throw DomainError.refused("The goal \(id) no longer exists; another command may have deleted it.")
            }
        }
    }
}
