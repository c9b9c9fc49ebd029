import AlmanacDomain
import GRDB

extension SQLiteStore {
    /// Plans an import inside one immediate transaction and writes it there: categories, new
    /// habits, moved created days, entries (through the bulk inserter), replaced days' soft
    /// deletions and ratings. The cap and unique names are checked again before the commit.
    public func importHistory(dryRun: Bool, _ plan: (any ImportBase) throws -> ImportChanges) throws -> ImportChanges {
        if dryRun { return try read { db in try plan(ImportReading(db: db, path: path)) } }
        return try writeOrRollBack(rollBack: false) { db in
            let changes = try plan(ImportReading(db: db, path: path))
            guard !changes.isEmpty else { return changes }
            try Self.prepareForBulkWrites(db)
            for category in changes.categories { try category.insert(db) }
            for habit in changes.newHabits { try habit.insert(db) }
            for habit in changes.updatedHabits { try habit.update(db) }
            let inserter = try EntryInserter(db, expectedRows: changes.entries.count)
            for entry in EntryInserter.physicalOrder(changes.entries) { try inserter.insert(entry) }
            try inserter.finish()
            let delete = try db.makeStatement(sql: "UPDATE habitEntry SET deletedAt = ? WHERE id = ? AND deletedAt IS NULL")
            for deletion in changes.deletions { try delete.execute(arguments: [deletion.at, deletion.id]) }
            for rating in changes.wellbeing { try rating.insert(db) }
            for note in changes.journal { try note.insert(db) }
            let habits = try Self.habits(db, includeArchived: true)
            try HabitRules.checkActiveCount(habits.filter { !$0.isArchived }.count)
            try HabitRules.checkNamesAreUnique(habits)
            return changes
        }
    }
}

/// The store as an import plan reads it, inside the import's transaction.
private struct ImportReading: ImportBase {
    let db: Database
    let path: String

    func settings() throws -> Settings {
        guard let settings = try Settings.fetchOne(db) else { throw StoreError.notAnAlmanacStore(path: path) }
        return settings
    }

    func habits() throws -> [Habit] { try SQLiteStore.habits(db, includeArchived: true) }

    func categories() throws -> [AlmanacDomain.Category] { try AlmanacDomain.Category.fetchAll(db) }

    func entries(habitIds: Set<EntityID>) throws -> [HabitEntry] {
        var all: [HabitEntry] = []
        let ids = habitIds.sorted()
        for start in stride(from: 0, to: ids.count, by: 500) {
            let chunk = ids[start..<min(start + 500, ids.count)]
            let marks = chunk.map { _ in "?" }.joined(separator: ",")
            // Columns by position: a second import of a large file reads every entry of its habits.
            let rows = try Row.fetchCursor(db, sql: "SELECT id, habitId, dayKey, timestampUtc, kind, value, note, createdAt, deletedAt FROM habitEntry WHERE habitId IN (\(marks))",
                                           arguments: StatementArguments(chunk.map(\.description)))
            while let r = try rows.next() {
                all.append(HabitEntry(id: r[0], habitId: r[1], dayKey: r[2], timestampUtc: r[3], kind: r[4], value: r[5],
                                      note: r[6], createdAt: r[7], deletedAt: r[8]))
            }
        }
        return all
    }

    func existingWellbeing(_ ids: [EntityID]) throws -> Set<EntityID> { try existing(ids, in: .wellbeingEntries) }

    func existingJournal(_ ids: [EntityID]) throws -> Set<EntityID> { try existing(ids, in: .journalEntries) }

    private func existing(_ ids: [EntityID], in section: BackupFormat.Section) throws -> Set<EntityID> {
        guard !ids.isEmpty else { return [] }
        let wanted = Set(ids)
        let known = try String.fetchAll(db, sql: "SELECT id FROM \(StoreTable.name(of: section))")
        return Set(known.compactMap(EntityID.init).filter(wanted.contains))
    }
}
