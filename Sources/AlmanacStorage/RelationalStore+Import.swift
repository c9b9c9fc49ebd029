import AlmanacDomain

extension RelationalStore {
    /// Plans rows inside one write transaction and writes them there: categories, new habits,
    /// changed habits, entries (through the bulk path), soft deletions, ratings and journal
    /// entries. The cap and unique names are checked again before the commit.
    public func applyPlan<Result>(dryRun: Bool, _ plan: (any StoreReading) throws -> (rows: StoreChanges, result: Result)) throws -> Result {
        if dryRun { return try read { db in try plan(SessionReading(db: db, location: location)).result } }
        return try write { db in
            let (changes, result) = try plan(SessionReading(db: db, location: location))
            guard !changes.isEmpty else { return result }
            try db.prepareForBulkWrites()
            let replacedSources = (changes.sources.map(\.id) + changes.forgottenSources).map(\.description)
            if !replacedSources.isEmpty { _ = try db.remove(from: FollowedSource.table, ids: replacedSources) }
            try db.insertAll(changes.sources)
            try db.insertAll(changes.categories)
            try db.insertAll(try HabitSlugs.settled(changes.newHabits, db))
            for habit in try HabitSlugs.settled(changes.updatedHabits, db) { try db.update(habit) }
            try db.insertAll(Self.physicalOrder(changes.entries))
            for deletion in changes.deletions {
                try db.execute("UPDATE habitEntry SET deletedAt = ? WHERE \(db.scope.rows) AND id = ? AND deletedAt IS NULL",
                               [SQLValue(deletion.at), SQLValue(deletion.id)])
            }
            for id in changes.revivals {
                try db.execute("UPDATE habitEntry SET deletedAt = NULL WHERE \(db.scope.rows) AND id = ?", [SQLValue(id)])
            }
            try db.insertAll(changes.wellbeing)
            try db.insertAll(changes.journal)
            let habits = try SessionReading.habits(db, includeArchived: true)
            try HabitRules.checkActiveCount(habits.filter { !$0.isArchived }.count, oneMore: false)
            try HabitRules.checkNamesAreUnique(habits)
            return result
        }
    }
}
