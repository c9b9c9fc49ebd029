import AlmanacDomain
import GRDB

extension SQLiteStore {
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
            for entry in EntryInserter.physicalOrder(contents.habitEntries) { try inserter.insert(entry) }
            try inserter.finish()
            for journal in contents.journalEntries { try journal.insert(db) }
            for rating in contents.wellbeingEntries { try rating.insert(db) }
        }
    }
}

extension SQLiteStore {
    /// For a store file that nobody else can see yet (built beside its final path and renamed
    /// into place): no journal and no syncs while it is filled, which halves the bytes written.
    /// A failure leaves a file that is thrown away, so nothing needs rolling back.
    public func beginBulkLoad() throws {
        try pragmas("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF")
    }

    /// Back to WAL mode with normal syncs, as every store is; then the file can be renamed.
    public func endBulkLoad() throws {
        try pragmas("PRAGMA synchronous = FULL; PRAGMA journal_mode = WAL")
    }

    private func pragmas(_ sql: String) throws {
        do { try queue.writeWithoutTransaction { db in try db.execute(sql: sql) } } catch { throw StoreError.wrap(error, path: path) }
    }
}
