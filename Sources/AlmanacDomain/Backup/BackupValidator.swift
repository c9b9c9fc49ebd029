import Foundation

/// The rules a decoded backup must satisfy before anything is written: the same rules as the
/// store's, plus the integrity of the file itself (unique ids, references that resolve).
enum BackupValidator {
    typealias Problem = BackupDocument.Problem

    static func validate(_ contents: StoreContents) throws {
        guard TimeZone(identifier: contents.settings.timeZone) != nil else {
            throw Problem(at: "settings.timeZone", "\"\(contents.settings.timeZone)\" is not a known time zone.")
        }
        for section in BackupFormat.Section.allCases { try unique(contents.ids(of: section), section.key) }

        for (i, category) in contents.categories.enumerated() {
            try rule("categories[\(i)].name") { _ = try HabitRules.checkedName(category.name, kind: "category") }
        }
        let categoryIds = Set(contents.categories.map(\.id))
        var names: [String: Int] = [:]
        for (i, habit) in contents.habits.enumerated() {
            try rule("habits[\(i)]") {
                guard try HabitRules.checkedName(habit.name) == habit.name else {
                    throw DomainError.invalid("the name has surrounding spaces")
                }
                try HabitRules.validate(habit)
            }
            if let category = habit.categoryId, !categoryIds.contains(category) {
                throw Problem(at: "habits[\(i)].categoryId", "\(category) names no category in this backup.")
            }
            let key = NameMatcher<Habit>.fold(habit.name)
            if let first = names[key] {
                throw Problem(at: "habits[\(i)].name", "\"\(habit.name)\" is already the name of habits[\(first)] (names are unique, ignoring case).")
            }
            names[key] = i
        }
        try rule("habits") { try HabitRules.checkActiveCount(contents.habits.filter { !$0.isArchived }.count) }
        for (i, goal) in contents.goals.enumerated() {
            try rule("goals[\(i)].name") { _ = try HabitRules.checkedName(goal.name, kind: "goal") }
        }
        for (i, entry) in contents.habitEntries.enumerated() where !(entry.value.isFinite && entry.value >= 0) {
            throw Problem(at: "habitEntries[\(i)].value", "\(NumberText.plain(entry.value)) is not a number of at least 0.")
        }
        for (i, entry) in contents.wellbeingEntries.enumerated() {
            guard entry.scaleMax.isFinite, entry.scaleMax > 0 else {
                throw Problem(at: "wellbeingEntries[\(i)].scaleMax", "\(NumberText.plain(entry.scaleMax)) is not a number greater than 0.")
            }
            guard entry.value.isFinite, entry.value >= 0, entry.value <= entry.scaleMax else {
                throw Problem(at: "wellbeingEntries[\(i)].value", "\(NumberText.plain(entry.value)) is not between 0 and \(NumberText.plain(entry.scaleMax)).")
            }
        }
    }

    private static func unique(_ ids: [String], _ array: String) throws {
        var seen: [String: Int] = [:]
        seen.reserveCapacity(ids.count)
        for (i, id) in ids.enumerated() {
            if let first = seen.updateValue(i, forKey: id) {
                throw Problem(at: "\(array)[\(i)].id", "\(id) is a duplicate of \(array)[\(first)].id.")
            }
        }
    }

    private static func rule(_ path: String, _ check: () throws -> Void) throws {
        do { try check() } catch let error as DomainError {
            if case .refused(let message) = error { throw Problem(at: path, message) }
            throw Problem(at: path, error.description.prefix(1).lowercased() + error.description.dropFirst())
        }
    }
}
