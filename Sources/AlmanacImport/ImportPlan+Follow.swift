import AlmanacDomain
import AlmanacStorage

/// Following a source: the habits it owns mirror its newest file (docs/IMPORT.md, "Following an
/// app"). Habits are matched by the source's own id of them, never by name; the source's
/// definition of each (name, unit, target, direction, frequency, archived, creation, order, and
/// colour, emoji, category and weight where the format has them) replaces the store's.
extension ImportPlanner {
    func mirrorHabits(of source: FollowedSource, base: ImportBase, calendar: StoreCalendar, firstDays: [EntityID: DayKey],
                      into changes: inout ImportChanges) throws -> ([EntityID: EntityID], [EntityID: Habit]) {
        let stored = try base.habits()
        var byId = Dictionary(stored.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        // Names are given in the source's order, as a first import gives them: of two habits the
        // app calls "Sport", the first in its order is "Sport" and the second "Sport (2)".
        let inFile = Set(history.habits.map(\.id))
        var byName = Self.namesTaken(by: stored.filter { !inFile.contains($0.id) })
        var categories = Dictionary(try base.categories().map { (NameMatcher<Habit>.fold($0.name), $0) }, uniquingKeysWith: { a, _ in a })
        changes.summary.habitsInFile = history.habits.count
        changes.summary.archivedInFile = history.habits.filter(\.archived).count
        let ordered = history.habits.sorted { $0.position < $1.position }
        for imported in ordered {
            if let match = byId[imported.id], let owner = match.sourceId, owner != source.id {
                throw DomainError.refused("\"\(match.name)\" follows another source already; a habit follows one source.")
            }
        }
        // The source's habits keep the places in the store's order they have, in the source's order;
        // new ones take places after every habit of the store.
        var next = (stored.map(\.sortOrder).max() ?? -1) + 1
        let slots = ordered.map { byId[$0.id]?.sortOrder ?? { next += 1; return next - 1 }() }.sorted()
        var targets: [EntityID: EntityID] = [:]
        for (index, imported) in ordered.enumerated() {
            let name = Self.cleanName(imported.name, fallback: "Habit \(index + 1)")
            var report = ImportSummary.HabitSync(habitId: imported.id, name: name, sourceKey: imported.sourceKey)
            targets[imported.id] = imported.id
            guard let current = byId[imported.id] else {
                let habit = try newHabit(imported, name: Self.uniqueName(name, taken: byName), sortOrder: slots[index],
                                         firstDay: firstDays[imported.id], others: Array(byId.values), categories: &categories,
                                         calendar: calendar, into: &changes)
                changes.rows.newHabits.append(habit)
                changes.summary.habitsAdded.append(habit.name)
                byName[NameMatcher<Habit>.fold(habit.name)] = habit
                byId[habit.id] = habit
                report.name = habit.name
                report.isNew = true
                changes.summary.habits.append(report)
                continue
            }
            var habit = current
            habit.name = Self.uniqueName(name, taken: byName)
            byName[NameMatcher<Habit>.fold(habit.name)] = habit
            if habit.name != current.name { report.renamedFrom = current.name }
            report.name = habit.name
            habit.definition = try imported.patch.applied(to: habit.definition)
            if let category = try categoryId(of: imported, categories: &categories, into: &changes) { habit.categoryId = category }
            habit.createdAt = createdAt(of: imported, firstDay: firstDays[imported.id], calendar: calendar)
            habit.sortOrder = slots[index]
            if imported.archived != current.isArchived {
                habit.archivedAt = imported.archived ? now : nil
                if imported.archived { report.archived = true } else { report.unarchived = true }
            }
            habit.sourceId = source.id
            habit.sourceKey = imported.sourceKey
            report.fieldsChanged = Self.definitionChanges(from: current, to: habit)
            if habit != current {
                habit.updatedAt = now
                try Self.validate(habit)
                changes.rows.updatedHabits.append(habit)
                byId[habit.id] = habit
            }
            changes.summary.habits.append(report)
        }
        // A habit the source no longer has was deleted there: archived here, its history kept.
        for habit in stored where habit.sourceId == source.id && !inFile.contains(habit.id) && !habit.isArchived {
            var gone = habit
            gone.archivedAt = now
            gone.updatedAt = now
            changes.rows.updatedHabits.append(gone)
            byId[gone.id] = gone
            var report = ImportSummary.HabitSync(habitId: habit.id, name: habit.name, sourceKey: habit.sourceKey ?? "")
            report.goneFromSource = true
            changes.summary.habits.append(report)
        }
        try checkActiveCount(byId, changes)
        return (targets, byId)
    }

    /// The fields of a habit's definition that differ, by their names (`target`, `frequency`). The
    /// creation day follows the first day of the file and is not listed.
    static func definitionChanges(from old: Habit, to new: Habit) -> [String] {
        new.definition.changedFields(from: old.definition).map(\.name).filter { $0 != "name" } + (old.sortOrder != new.sortOrder ? ["order"] : [])
    }

    /// One day of a followed habit: after the sync its live entries are exactly the file's last
    /// row for the day (earlier rows of the day are history, as on a one-time import). What the
    /// store had live is withdrawn; a row the store had and withdrew comes back under its own id,
    /// with a copy of it recording the withdrawal kept as history.
    func mirror(_ rows: [HabitEntry], current: [HabitEntry], known: (EntityID) -> HabitEntry?, report: inout ImportSummary.HabitSync,
                into changes: inout ImportChanges) {
        let last = rows[rows.count - 1]
        if current.count == 1, current[0].id == last.id {
            changes.summary.entriesAlreadyHere += rows.count
            return
        }
        // The day's last row is what the file says of it; the rows before it that one file gives
        // for the same day are not kept as history (two large same-day files once left millions).
        if known(last.id) == nil { changes.rows.entries.append(last) }
        if let old = known(last.id), let withdrawn = old.deletedAt {
            var record = old
            record.id = .derived("withdrawn|\(old.id)|\(withdrawn)")
            changes.rows.entries.append(record)
            changes.rows.revivals.append(last.id)
        }
        changes.rows.deletions += current.filter { $0.id != last.id }.map { ($0.id, now) }
        if current.isEmpty {
            changes.summary.entriesAdded += 1
            report.daysAdded += 1
        } else {
            changes.summary.daysReplaced += 1
            report.daysChanged += 1
        }
    }
}
