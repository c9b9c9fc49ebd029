import AlmanacDomain

extension RelationalStore {
    /// Adds a journal entry (checked by `NoteRules`); it is independent of every habit.
    @discardableResult
    public func addJournal(_ draft: JournalEntry) throws -> JournalEntry { try added(NoteRules.checked(draft)) }

    /// Adds a wellbeing rating (checked by `NoteRules`); it never affects completion, streaks or goals.
    @discardableResult
    public func addWellbeing(_ draft: WellbeingEntry) throws -> WellbeingEntry { try added(NoteRules.checked(draft)) }

    /// Inserts a checked entry in its own transaction.
    private func added<Entry: StoredRecord>(_ entry: Entry) throws -> Entry {
        try write { db in try db.insert(entry) }
        return entry
    }

    public func replaceJournal(id: EntityID, with draft: JournalEntry, now: Timestamp) throws -> JournalEntry {
        try replace(id: id, with: try NoteRules.checked(draft), now: now, kind: "journal entry")
    }

    public func deleteJournal(id: EntityID, now: Timestamp) throws {
        try write { db in try Self.softDelete(JournalEntry.table, id: id, now: now, db, kind: "journal entry") }
    }

    public func replaceWellbeing(id: EntityID, with draft: WellbeingEntry, now: Timestamp) throws -> WellbeingEntry {
        try replace(id: id, with: try NoteRules.checked(draft), now: now, kind: "rating")
    }

    public func deleteWellbeing(id: EntityID, now: Timestamp) throws {
        try write { db in try Self.softDelete(WellbeingEntry.table, id: id, now: now, db, kind: "rating") }
    }

    /// In one transaction: the live row `id` is marked deleted (history keeps it) and `entry`,
    /// the edited version with its own id, is inserted.
    private func replace<Entry: StoredRecord>(id: EntityID, with entry: Entry, now: Timestamp, kind: String) throws -> Entry {
        try write { db in
            try Self.softDelete(Entry.table, id: id, now: now, db, kind: kind)
            try db.insert(entry)
            return entry
        }
    }

    /// Marks a live row deleted (history keeps it); refuses a row that is gone or deleted.
    private static func softDelete(_ table: String, id: EntityID, now: Timestamp, _ db: any SQLSession, kind: String) throws {
        let changed = try db.execute("UPDATE \(table) SET deletedAt = ? WHERE \(db.scope.rows) AND id = ? AND deletedAt IS NULL", [SQLValue(now), SQLValue(id)])
        guard changed == 1 else { throw DomainError.refused("The \(kind) \(id) no longer exists; another command may have deleted it.") }
    }
}
