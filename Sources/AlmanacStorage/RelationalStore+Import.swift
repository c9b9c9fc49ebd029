import AlmanacDomain

extension RelationalStore {
    /// Plans an import inside one write transaction and writes it there: categories, new habits,
    /// moved created days, entries (through the bulk path), replaced days' soft deletions and
    /// ratings. The cap and unique names are checked again before the commit.
    public func importHistory(dryRun: Bool, _ plan: (any ImportBase) throws -> ImportChanges) throws -> ImportChanges {
        if dryRun { return try read { db in try plan(SessionImportBase(db: db, location: location)) } }
        return try write { db in
            let changes = try plan(SessionImportBase(db: db, location: location))
            guard !changes.isEmpty else { return changes }
            try db.prepareForBulkWrites()
            try db.insertAll(changes.categories)
            try db.insertAll(changes.newHabits)
            for habit in changes.updatedHabits { try db.update(habit) }
            try db.insertAll(Self.physicalOrder(changes.entries))
            for deletion in changes.deletions {
                try db.execute("UPDATE habitEntry SET deletedAt = ? WHERE id = ? AND deletedAt IS NULL",
                               [SQLValue(deletion.at), SQLValue(deletion.id)])
            }
            try db.insertAll(changes.wellbeing)
            try db.insertAll(changes.journal)
            let habits = try SessionReading.habits(db, includeArchived: true)
            try HabitRules.checkActiveCount(habits.filter { !$0.isArchived }.count)
            try HabitRules.checkNamesAreUnique(habits)
            return changes
        }
    }
}

/// The store as an import plan reads it, inside the import's transaction.
private struct SessionImportBase: ImportBase {
    let db: any SQLSession
    let location: String

    func settings() throws -> Settings { try RelationalStoreSettings.read(db, location: location) }

    func habits() throws -> [Habit] { try db.fetchAll(Habit.self, where: "ORDER BY sortOrder, createdAt, id") }

    func categories() throws -> [AlmanacDomain.Category] { try db.fetchAll(AlmanacDomain.Category.self) }

    func entries(habitIds: Set<EntityID>) throws -> [HabitEntry] {
        var all: [HabitEntry] = []
        let ids = habitIds.sorted()
        for start in stride(from: 0, to: ids.count, by: 500) {
            let chunk = ids[start..<min(start + 500, ids.count)]
            let marks = chunk.map { _ in "?" }.joined(separator: ",")
            all += try db.fetchAll(HabitEntry.self, where: "WHERE habitId IN (\(marks))", chunk.map { SQLValue($0) })
        }
        return all
    }

    func existingWellbeing(_ ids: [EntityID]) throws -> Set<EntityID> { try existing(ids, in: .wellbeingEntries) }

    func existingJournal(_ ids: [EntityID]) throws -> Set<EntityID> { try existing(ids, in: .journalEntries) }

    private func existing(_ ids: [EntityID], in section: BackupFormat.Section) throws -> Set<EntityID> {
        guard !ids.isEmpty else { return [] }
        let wanted = Set(ids)
        let known = try db.strings("SELECT id FROM \(StoreTable.name(of: section))")
        return Set(known.compactMap(EntityID.init).filter(wanted.contains))
    }
}
