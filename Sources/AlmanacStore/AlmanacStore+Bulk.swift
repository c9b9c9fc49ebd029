import AlmanacDomain
import GRDB

extension AlmanacStore {
    /// Writes a whole set of objects into the store in one transaction, replacing the settings.
    /// Statements are prepared once and reused: this is the path for hundreds of thousands of rows.
    public func insert(_ contents: StoreContents) throws {
        try write { db in
            try contents.settings.save(db)
            for category in contents.categories { try category.insert(db) }
            for habit in contents.habits { try habit.insert(db) }
            for goal in contents.goals { try goal.insert(db) }
            let entry = try db.makeStatement(sql: """
                INSERT INTO habitEntry (id, habitId, dayKey, timestampUtc, kind, value, note, createdAt, deletedAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            for e in contents.habitEntries {
                try entry.execute(arguments: [e.id, e.habitId, e.dayKey, e.timestampUtc, e.kind, e.value, e.note,
                                              e.createdAt, e.deletedAt])
            }
            for journal in contents.journalEntries { try journal.insert(db) }
            for rating in contents.wellbeingEntries { try rating.insert(db) }
        }
    }
}
