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
            try HabitRules.checkAliases(of: habit, among: existing)
            try HabitRules.checkLooksUnlike([habit.name] + habit.aliases, among: existing)
            if habit.archivedAt == nil { try HabitRules.checkActiveCount(existing.filter { !$0.isArchived }.count + 1) }
            habit.sortOrder = (existing.map(\.sortOrder).max() ?? -1) + 1
            habit = try HabitSlugs.settled([habit], db)[0]
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
            try HabitRules.checkAliases(of: habit, among: existing.filter { $0.id != habit.id })
            let before = existing.first { $0.id == habit.id }
            let new = (before?.name == habit.name ? [] : [habit.name]) + habit.aliases.filter { !(before?.aliases.contains($0) ?? false) }
            try HabitRules.checkLooksUnlike(new, among: existing.filter { $0.id != habit.id })
            try db.update(try HabitSlugs.settled([habit], db)[0])
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
            return try db.count("SELECT COUNT(*) FROM habitEntry WHERE \(db.scope.rows) AND habitId = ?", [SQLValue(id)])
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
            let habits = try db.execute("UPDATE habit SET categoryId = NULL, updatedAt = ? WHERE \(db.scope.rows) AND categoryId = ?",
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

/// The habits' slugs (`Habit.slug`), kept by the store: unique, given once, never changed by an
/// edit, an import or a merge.
public enum HabitSlugs {
    /// The habits with the slugs they are stored with: a habit the store has keeps its own; a new
    /// one keeps the slug it brings (a backup's) when it is valid and no other habit has it, else
    /// gets one made from its name.
    static func settled(_ habits: [Habit], _ db: any SQLSession) throws -> [Habit] {
        var stored: [String: String] = [:]
        try db.forEachRow("SELECT id, slug FROM habit WHERE \(db.scope.rows)", []) { row in stored[row.string(0)] = row.isNull(1) ? "" : row.string(1) }
        var taken = Set(stored.values)
        return habits.map { habit in
            var habit = habit
            if let own = stored[habit.id.description], !own.isEmpty {
                habit.slug = own
            } else {
                if !Slug.isValid(habit.slug) || taken.contains(habit.slug) { habit.slug = Slug.unique(Slug.base(habit.name), taken: taken) }
                taken.insert(habit.slug)
            }
            return habit
        }
    }

    /// Gives every habit of an existing store the slug its site has used: the habits the site
    /// shows (active ones, archived ones with history) in the site's order, each from its name as
    /// the site made it (cut at 48 bytes), then the others. Run by the migration that adds slugs;
    /// it reads the columns by name, not through `Habit`, which may have later columns.
    public static func assignToExisting(_ db: any SQLSession) throws {
        var shown: [(id: String, name: String)] = [], hidden: [(id: String, name: String)] = []
        try db.forEachRow("""
            SELECT id, name, CASE WHEN archivedAt IS NULL OR EXISTS (SELECT 1 FROM habitEntry e WHERE \(db.scope.rows(of: "e")) AND e.habitId = habit.id AND e.deletedAt IS NULL)
                THEN 1 ELSE 0 END
            FROM habit WHERE \(db.scope.rows) ORDER BY sortOrder, createdAt, id
            """, []) { row in
            if row.integer(2) != 0 { shown.append((row.string(0), row.string(1))) } else { hidden.append((row.string(0), row.string(1))) }
        }
        let shownSlugs = Slug.make(shown.map(\.name), wordCut: false)
        let hiddenSlugs = Slug.make(hidden.map(\.name), taken: Set(shownSlugs), wordCut: false)
        for (habit, slug) in zip(shown + hidden, shownSlugs + hiddenSlugs) {
            try db.execute("UPDATE habit SET slug = ? WHERE \(db.scope.rows) AND id = ?", [.text(slug), .text(habit.id)])
        }
    }
}
