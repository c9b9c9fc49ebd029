import AlmanacDomain

extension RelationalStore {
    /// Stores a new habit after checking its fields, that its name is free, and the cap of 100
    /// active habits.
    @discardableResult
    public func addHabit(_ draft: Habit) throws -> Habit {
        var habit = draft
        habit.name = try HabitRules.checkedName(habit.name)
        habit.color = try HabitRules.checkedColor(habit.color)
        try HabitRules.validate(habit)
        return try write { db in
            let existing = try SessionReading.habits(db, includeArchived: true)
            try Self.checkNameIsFree(habit.name, among: existing, except: nil)
            if habit.archivedAt == nil { try HabitRules.checkActiveCount(existing.filter { !$0.isArchived }.count + 1) }
            habit.sortOrder = (existing.map(\.sortOrder).max() ?? -1) + 1
            try db.insert(habit)
            return habit
        }
    }

    /// Saves an edited habit (same id), checking its fields and that its new name is free.
    public func updateHabit(_ edited: Habit, now: Timestamp) throws {
        var habit = edited
        habit.name = try HabitRules.checkedName(habit.name)
        habit.color = try HabitRules.checkedColor(habit.color)
        try HabitRules.validate(habit)
        habit.updatedAt = now
        try write { db in
            let existing = try SessionReading.habits(db, includeArchived: true)
            try Self.checkNameIsFree(habit.name, among: existing, except: habit.id)
            try db.update(habit)
        }
    }

    /// Hides a habit from "today" while keeping it and its history in every report.
    public func archiveHabit(id: EntityID, now: Timestamp) throws {
        try write { db in
            guard var habit = try db.fetchOne(Habit.self, id: id) else { throw Self.gone(id) }
            guard habit.archivedAt == nil else { throw DomainError.refused("\(habit.name) is already archived.") }
            habit.archivedAt = now
            habit.updatedAt = now
            try db.update(habit)
        }
    }

    /// Makes an archived habit active again, within the cap of 100 active habits.
    public func unarchiveHabit(id: EntityID, now: Timestamp) throws {
        try write { db in
            guard var habit = try db.fetchOne(Habit.self, id: id) else { throw Self.gone(id) }
            guard habit.archivedAt != nil else { throw DomainError.refused("\(habit.name) is not archived.") }
            try HabitRules.checkActiveCount(try SessionReading.habits(db, includeArchived: false).count + 1)
            habit.archivedAt = nil
            habit.updatedAt = now
            try db.update(habit)
        }
    }

    /// Removes a habit's definition. Its entries stay in the store and in backups as history;
    /// returns how many entries were kept.
    @discardableResult
    public func deleteHabit(id: EntityID) throws -> Int {
        try write { db in
            guard try db.delete(Habit.self, id: id) else { throw Self.gone(id) }
            return try db.count("SELECT COUNT(*) FROM habitEntry WHERE habitId = ?", [SQLValue(id)])
        }
    }

    // MARK: - Categories

    public func addCategory(named rawName: String, now: Timestamp) throws -> AlmanacDomain.Category {
        let name = try HabitRules.checkedName(rawName, kind: "category")
        return try write { db in
            try Self.checkCategoryNameIsFree(name, in: db, except: nil)
            let category = AlmanacDomain.Category(name: name, createdAt: now)
            try db.insert(category)
            return category
        }
    }

    public func renameCategory(id: EntityID, to rawName: String, now: Timestamp) throws {
        let name = try HabitRules.checkedName(rawName, kind: "category")
        try write { db in
            guard var category = try db.fetchOne(AlmanacDomain.Category.self, id: id) else { throw Self.goneCategory(id) }
            try Self.checkCategoryNameIsFree(name, in: db, except: id)
            category.name = name
            category.updatedAt = now
            try db.update(category)
        }
    }

    public func deleteCategory(id: EntityID, now: Timestamp) throws -> Int {
        try write { db in
            guard try db.fetchOne(AlmanacDomain.Category.self, id: id) != nil else { throw Self.goneCategory(id) }
            let habits = try db.execute("UPDATE habit SET categoryId = NULL, updatedAt = ? WHERE categoryId = ?",
                                        [SQLValue(now), SQLValue(id)])
            _ = try db.delete(AlmanacDomain.Category.self, id: id)
            return habits
        }
    }

    private static func checkCategoryNameIsFree(_ name: String, in db: any SQLSession, except id: EntityID?) throws {
        let others = try db.fetchAll(AlmanacDomain.Category.self).filter { $0.id != id }
        if let other = NameMatcher(others, name: \.name).exact(name) {
            throw DomainError.refused("A category named \"\(other.name)\" already exists; choose another name.")
        }
    }

    private static func goneCategory(_ id: EntityID) -> DomainError {
        DomainError.refused("The category \(id) no longer exists; another command may have deleted it.")
    }

    // MARK: - Goals

    public func saveGoal(_ draft: Goal, now: Timestamp) throws {
        var goal = draft
        goal.name = try HabitRules.checkedName(goal.name, kind: "goal")
        guard !goal.habitIds.isEmpty else { throw DomainError.invalid("A goal needs at least one habit.") }
        try write { db in
            let all = try db.fetchAll(Goal.self)
            if let other = NameMatcher(all.filter { $0.id != goal.id }, name: \.name).exact(goal.name) {
                throw DomainError.refused("A goal named \"\(other.name)\" already exists; choose another name.")
            }
            let habits = Set(try SessionReading.habits(db, includeArchived: true).map(\.id))
            if let missing = goal.habitIds.first(where: { !habits.contains($0) }) {
                throw DomainError.refused("The habit \(missing) no longer exists; another command may have deleted it.")
            }
            goal.updatedAt = now
            if all.contains(where: { $0.id == goal.id }) { try db.update(goal) } else { try db.insert(goal) }
        }
    }

    public func deleteGoal(id: EntityID) throws {
        try write { db in
            guard try db.delete(Goal.self, id: id) else {
                throw DomainError.refused("The goal \(id) no longer exists; another command may have deleted it.")
            }
        }
    }

    // MARK: - Rules

    static func checkNameIsFree(_ name: String, among habits: [Habit], except id: EntityID?) throws {
        try HabitRules.checkNameIsFree(name, among: habits.filter { $0.id != id })
    }

    static func gone(_ id: EntityID) -> DomainError {
        DomainError.refused("The habit \(id) no longer exists; another command may have deleted it.")
    }
}
