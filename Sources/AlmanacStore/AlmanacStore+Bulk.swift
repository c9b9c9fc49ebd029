import AlmanacDomain
import GRDB

extension AlmanacStore {
    /// Writes a whole set of objects into the store in one transaction, replacing the settings.
    /// Statements are prepared once and reused: this is the path for hundreds of thousands of rows.
    public func insert(_ contents: StoreContents) throws {
        try write { db in
            try Self.prepareForBulkWrites(db)
            try contents.settings.save(db)
            for category in contents.categories { try category.insert(db) }
            for habit in contents.habits { try habit.insert(db) }
            for goal in contents.goals { try goal.insert(db) }
            let inserter = try EntryInserter(db, expectedRows: contents.habitEntries.count)
            for entry in contents.habitEntries.sorted(by: { $0.id < $1.id }) { try inserter.insert(entry) }
            try inserter.finish()
            for journal in contents.journalEntries { try journal.insert(db) }
            for rating in contents.wellbeingEntries { try rating.insert(db) }
        }
    }
}
