import AlmanacDomain
import GRDB

extension SQLiteStore {
    /// Every habit, active and archived, in display order.
    public func habits(includeArchived: Bool = true) throws -> [Habit] {
        try read { db in try Self.habits(db, includeArchived: includeArchived) }
    }

    static func habits(_ db: Database, includeArchived: Bool) throws -> [Habit] {
        let filter = includeArchived ? "" : "WHERE archivedAt IS NULL"
        return try Habit.fetchAll(db, sql: "SELECT * FROM habit \(filter) ORDER BY sortOrder, createdAt, id")
    }

    public func habit(id: EntityID) throws -> Habit? {
        try read { db in try Habit.fetchOne(db, key: id.description) }
    }

    /// Stores a new habit after checking its fields, that its name is free, and the cap of 100
    /// active habits.
    @discardableResult
    public func addHabit(_ draft: Habit) throws -> Habit {
        var habit = draft
        habit.name = try HabitRules.checkedName(habit.name)
        habit.color = try HabitRules.checkedColor(habit.color)
        try HabitRules.validate(habit)
        return try write { db in
            let existing = try Self.habits(db, includeArchived: true)
            try Self.checkNameIsFree(habit.name, among: existing, except: nil)
            if habit.archivedAt == nil { try HabitRules.checkActiveCount(existing.filter { !$0.isArchived }.count + 1) }
            habit.sortOrder = (existing.map(\.sortOrder).max() ?? -1) + 1
            try habit.insert(db)
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
            let existing = try Self.habits(db, includeArchived: true)
            try Self.checkNameIsFree(habit.name, among: existing, except: habit.id)
            try habit.update(db)
        }
    }

    /// Hides a habit from "today" while keeping it and its history in every report.
    public func archiveHabit(id: EntityID, now: Timestamp) throws {
        try write { db in
            guard var habit = try Habit.fetchOne(db, key: id.description) else { throw Self.gone(id) }
            guard habit.archivedAt == nil else { throw DomainError.refused("\(habit.name) is already archived.") }
            habit.archivedAt = now
            habit.updatedAt = now
            try habit.update(db)
        }
    }

    /// Makes an archived habit active again, within the cap of 100 active habits.
    public func unarchiveHabit(id: EntityID, now: Timestamp) throws {
        try write { db in
            guard var habit = try Habit.fetchOne(db, key: id.description) else { throw Self.gone(id) }
            guard habit.archivedAt != nil else { throw DomainError.refused("\(habit.name) is not archived.") }
            try HabitRules.checkActiveCount(try Self.habits(db, includeArchived: false).count + 1)
            habit.archivedAt = nil
            habit.updatedAt = now
            try habit.update(db)
        }
    }

    /// Removes a habit's definition. Its entries stay in the store and in backups as history;
    /// returns how many entries were kept.
    @discardableResult
    public func deleteHabit(id: EntityID) throws -> Int {
        try write { db in
            guard try Habit.deleteOne(db, key: id.description) else { throw Self.gone(id) }
            return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM habitEntry WHERE habitId = ?", arguments: [id]) ?? 0
        }
    }

    // MARK: - Categories

    public func categories() throws -> [AlmanacDomain.Category] {
        try read { db in try AlmanacDomain.Category.fetchAll(db, sql: "SELECT * FROM category ORDER BY name, id") }
    }

    public func addCategory(named rawName: String, now: Timestamp) throws -> AlmanacDomain.Category {
        let name = try HabitRules.checkedName(rawName, kind: "category")
        return try write { db in
            try Self.checkCategoryNameIsFree(name, in: db, except: nil)
            let category = AlmanacDomain.Category(name: name, createdAt: now)
            try category.insert(db)
            return category
        }
    }

    public func renameCategory(id: EntityID, to rawName: String, now: Timestamp) throws {
        let name = try HabitRules.checkedName(rawName, kind: "category")
        try write { db in
            guard var category = try AlmanacDomain.Category.fetchOne(db, key: id) else { throw Self.goneCategory(id) }
            try Self.checkCategoryNameIsFree(name, in: db, except: id)
            category.name = name
            category.updatedAt = now
            try category.update(db)
        }
    }

    public func deleteCategory(id: EntityID, now: Timestamp) throws -> Int {
        try write { db in
            guard try AlmanacDomain.Category.fetchOne(db, key: id) != nil else { throw Self.goneCategory(id) }
            try db.execute(sql: "UPDATE habit SET categoryId = NULL, updatedAt = ? WHERE categoryId = ?", arguments: [now, id])
            let habits = db.changesCount
            _ = try AlmanacDomain.Category.deleteOne(db, key: id)
            return habits
        }
    }

    private static func checkCategoryNameIsFree(_ name: String, in db: Database, except id: EntityID?) throws {
        let others = try AlmanacDomain.Category.fetchAll(db).filter { $0.id != id }
        if let other = NameMatcher(others, name: \.name).exact(name) {
            throw DomainError.refused("A category named \"\(other.name)\" already exists; choose another name.")
        }
    }

    private static func goneCategory(_ id: EntityID) -> DomainError {
        DomainError.refused("The category \(id) no longer exists; another command may have deleted it.")
    }

    // MARK: - Rules

    static func checkNameIsFree(_ name: String, among habits: [Habit], except id: EntityID?) throws {
        try HabitRules.checkNameIsFree(name, among: habits.filter { $0.id != id })
    }

    static func gone(_ id: EntityID) -> DomainError {
        DomainError.refused("The habit \(id) no longer exists; another command may have deleted it.")
    }
}
