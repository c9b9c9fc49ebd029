import AlmanacDomain
import Foundation

/// The rules a whole set of store contents must satisfy before anything is written: the same
/// rules as the store's, plus the integrity of the set itself (unique ids, references that
/// resolve). Every path into the store that brings many objects at once — restore, demo, import —
/// goes through it; a problem names its JSON path.
enum BackupValidator {
    typealias Problem = BackupDocument.Problem

    static func validate(_ contents: StoreContents) throws {
        if let storeId = contents.settings.storeId, UUID(uuidString: storeId) == nil {
            throw Problem(at: "settings.storeId", "\"\(storeId)\" is not a UUID.")
        }
        if let address = contents.settings.publicAddress, (try? Settings.checkedAddress(address)) != address {
            throw Problem(at: "settings.publicAddress", "\"\(address)\" is not a web address ending in /.")
        }
        if let plan = contents.settings.nightly {
            try rule("settings.nightly") { _ = try plan.checked() }
        }
        guard TimeZone(identifier: contents.settings.timeZone) != nil else {
            throw Problem(at: "settings.timeZone", "\"\(contents.settings.timeZone)\" is not a known time zone.")
        }
        for section in BackupFormat.Section.allCases { try unique(contents.entityIDs(of: section), section.key) }
        for (i, category) in contents.categories.enumerated() {
            try rule("categories[\(i)].name") { _ = try HabitRules.checkedName(category.name, kind: "category") }
        }
        try validateHabits(contents)
        for (i, goal) in contents.goals.enumerated() {
            try rule("goals[\(i)].name") { _ = try HabitRules.checkedName(goal.name, kind: "goal") }
        }
        try validateEntries(contents)
        try validateNotes(contents)
    }

    private static func validateHabits(_ contents: StoreContents) throws {
        let categoryIds = Set(contents.categories.map(\.id))
        for (i, source) in contents.sources.enumerated() {
            guard source.path.hasPrefix("/"), source.lastFile.hasPrefix("/") else {
                throw Problem(at: "sources[\(i)].path", "a followed source's path and last file are absolute paths.")
            }
            guard !source.format.isEmpty else { throw Problem(at: "sources[\(i)].format", "a followed source names its format.") }
        }
        let sourceIds = Set(contents.sources.map(\.id))
        var names: [String: Int] = [:], slugs: [String: Int] = [:]
        for (i, habit) in contents.habits.enumerated() {
            // A backup of an earlier version has no slugs: the store gives them.
            if !habit.slug.isEmpty {
                guard Slug.isValid(habit.slug) else {
                    throw Problem(at: "habits[\(i)].slug", "\"\(habit.slug)\" is not a slug (lower-case letters and digits in words joined by dashes).")
                }
                if let first = slugs.updateValue(i, forKey: habit.slug) {
                    throw Problem(at: "habits[\(i)].slug", "\"\(habit.slug)\" is the slug of habits[\(first)] too; no two habits share one.")
                }
            }
            try rule("habits[\(i)]") {
                guard try HabitRules.checkedName(habit.name) == habit.name else {
                    throw DomainError.invalid("the name has surrounding spaces")
                }
                try HabitRules.validate(habit)
            }
            if let category = habit.categoryId, !categoryIds.contains(category) {
                throw Problem(at: "habits[\(i)].categoryId", "\(category) names no category in this backup.")
            }
            if let source = habit.sourceId, !sourceIds.contains(source) {
                throw Problem(at: "habits[\(i)].sourceId", "\(source) names no followed source in this backup.")
            }
            if (habit.sourceId == nil) != (habit.sourceKey == nil) {
                throw Problem(at: "habits[\(i)].sourceKey", "a habit that follows a source has the source's own id of it, and only then.")
            }
            let key = NameMatcher<Habit>.fold(habit.name)
            if let first = names[key] {
                throw Problem(at: "habits[\(i)].name", "\"\(habit.name)\" is already the name of habits[\(first)] (names are unique, ignoring case).")
            }
            names[key] = i
        }
        for (i, habit) in contents.habits.enumerated() where !habit.aliases.isEmpty {
            try rule("habits[\(i)].aliases") { try HabitRules.checkAliases(of: habit, among: contents.habits.filter { $0.id != habit.id }) }
        }
        try rule("habits") { try HabitRules.checkActiveCount(contents.habits.filter { !$0.isArchived }.count, oneMore: false) }
    }

    /// Values as `log` takes them: from 0 to a billion, 0 or 1 for a yes/no habit, 0 for a skip.
    /// Soft-deleted history only needs to be a number from 0 to a billion: earlier versions of
    /// the demo wrote corrected yes/no days as 0.5, and a store must restore its own backup.
    private static func validateEntries(_ contents: StoreContents) throws {
        // Hundreds of thousands of entries: a path is only spelled out for the one that fails.
        var yesNo: [EntityID: String] = [:]
        for habit in contents.habits where habit.unit == .boolean { yesNo[habit.id] = habit.name }
        for (i, entry) in contents.habitEntries.enumerated() {
            if entry.kind == .skip {
                guard entry.value == 0 else {
                    throw Problem(at: "habitEntries[\(i)].value", "a skipped day has the value 0, not \(NumberText.plain(entry.value)).")
                }
            } else {
                // The path is spelled out only for the entry that fails.
                do {
                    try HabitRules.checkValue(entry.value, yesNo: entry.deletedAt == nil ? yesNo[entry.habitId] : nil)
                } catch {
                    try rule("habitEntries[\(i)].value") { throw error }
                }
            }
            if let note = entry.note { try rule("habitEntries[\(i)].note") { try NoteRules.checkNote(note) } }
        }
    }

    private static func validateNotes(_ contents: StoreContents) throws {
        for (i, entry) in contents.journalEntries.enumerated() {
            try rule("journalEntries[\(i)].title") { _ = try NoteRules.checkedTitle(entry.title) }
            try rule("journalEntries[\(i)].body") { try NoteRules.checkBody(entry.body) }
        }
        for (i, entry) in contents.wellbeingEntries.enumerated() {
            let path = "wellbeingEntries[\(i)]"
            try rule("\(path).metric") { _ = try NoteRules.checkedMetric(entry.metric) }
            try rule("\(path).scaleMax") { try NoteRules.checkScale(entry.scaleMax) }
            try rule("\(path).value") { try NoteRules.checkRating(entry.value, scale: entry.scaleMax, metric: entry.metric) }
            if let note = entry.note { try rule("\(path).note") { try NoteRules.checkNote(note) } }
        }
    }

    private static func unique(_ ids: [EntityID], _ array: String) throws {
        var seen: [EntityID: Int] = [:]
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

extension StoreContents {
    /// Checks the whole set against the store's rules (see `BackupValidator`); the problem names
    /// the JSON path of the first value that breaks one.
    public func validate() throws { try BackupValidator.validate(self) }
}
