import AlmanacDomain
import Foundation
import GRDB

extension SQLiteStore {
    /// Applies backup contents in one transaction: all of it lands or none of it. A dry run
    /// does the same work and rolls it back.
    public func restore(_ contents: StoreContents, mode: RestoreMode, dryRun: Bool) throws -> RestoreOutcome {
        try writeOrRollBack(rollBack: dryRun) { db in
            try Self.prepareForBulkWrites(db)
            var outcome = RestoreOutcome()
            var before: [BackupFormat.Section: Set<String>] = [:]
            if mode == .replace {
                for section in BackupFormat.Section.allCases {
                    let table = StoreTable.name(of: section)
                    before[section] = Set(try String.fetchAll(db, sql: "SELECT id FROM \(table)"))
                    try db.execute(sql: "DELETE FROM \(table)")
                }
                try contents.settings.save(db)
            } else if try Self.holdsNoHistory(db) {
                // A store with no habits and no entries yet (just `init`ed) takes the backup's
                // time zone and week start, so backup → init → restore → backup gives the same bytes.
                try contents.settings.save(db)
            }
            try Self.merge(contents.categories, .categories, into: db, outcome: &outcome, newer: { $0.updatedAt > $1.updatedAt })
            try Self.merge(contents.habits, .habits, into: db, outcome: &outcome, newer: { $0.updatedAt > $1.updatedAt })
            try Self.merge(contents.goals, .goals, into: db, outcome: &outcome, newer: { $0.updatedAt > $1.updatedAt })
            try Self.mergeEntries(contents.habitEntries, into: db, outcome: &outcome)
            try Self.merge(contents.journalEntries, .journalEntries, into: db, outcome: &outcome,
                           newer: { $0.deletedAt != nil && $1.deletedAt == nil })
            try Self.merge(contents.wellbeingEntries, .wellbeingEntries, into: db, outcome: &outcome,
                           newer: { $0.deletedAt != nil && $1.deletedAt == nil })
            if mode == .replace {
                // Ids that were there before and are in the backup again count as unchanged, the
                // others as added or removed.
                for section in BackupFormat.Section.allCases {
                    let old = before[section] ?? []
                    let new = Set(contents.ids(of: section))
                    let kept = old.intersection(new).count
                    outcome.counts[section] = .init(added: new.count - kept, unchanged: kept, removed: old.count - kept)
                }
            }
            let habits = try Self.habits(db, includeArchived: true)
            try HabitRules.checkActiveCount(habits.filter { !$0.isArchived }.count)
            try HabitRules.checkNamesAreUnique(habits)   // a merge of two stores that each have "Gym"
            return outcome
        }
    }

    private static func holdsNoHistory(_ db: Database) throws -> Bool {
        try Int.fetchOne(db, sql: "SELECT (SELECT COUNT(*) FROM habit) + (SELECT COUNT(*) FROM habitEntry)") == 0
    }

    /// A page cache large enough to hold the entry indexes while hundreds of thousands of rows
    /// go in, so pages are not evicted and written again and again.
    static func prepareForBulkWrites(_ db: Database) throws {
        try db.execute(sql: "PRAGMA cache_size = -65536")   // 64 MiB, for this connection only
    }

    /// Whether SQLite finds the file intact (`PRAGMA integrity_check`).
    public func isIntact() throws -> Bool {
        try read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok" }
    }

    /// Copies the whole store to `path` (a consistent snapshot, e.g. before a replace).
    public func copy(to path: String) throws {
        do {
            try queue.writeWithoutTransaction { db in try db.execute(sql: "VACUUM INTO ?", arguments: [path]) }
        } catch {
            throw StoreError.wrap(error, path: self.path)
        }
    }

    func writeOrRollBack<T>(rollBack: Bool, _ body: (Database) throws -> T) throws -> T {
        do {
            var result: T?
            try queue.inTransaction(.immediate) { db in
                result = try body(db)
                return rollBack ? .rollback : .commit
            }
            return result!
        } catch {
            throw StoreError.wrap(error, path: path)
        }
    }

    /// Upserts records by id: new ids are inserted, existing ones updated when `newer(incoming,
    /// existing)` holds, and left alone otherwise.
    private static func merge<Record: FetchableRecord & PersistableRecord & Identifiable & Equatable>(
        _ records: [Record], _ section: BackupFormat.Section, into db: Database, outcome: inout RestoreOutcome,
        newer: (Record, Record) -> Bool
    ) throws where Record.ID == EntityID {
        var counts = outcome.counts[section, default: .init()]
        var existing: [EntityID: Record] = [:]
        for record in try Record.fetchAll(db) { existing[record.id] = record }
        for record in records {
            if let current = existing[record.id] {
                if current != record && newer(record, current) {
                    try record.update(db)
                    counts.updated += 1
                } else {
                    counts.unchanged += 1
                }
            } else {
                try record.insert(db)
                counts.added += 1
            }
        }
        outcome.counts[section] = counts
    }

    /// Habit entries: the same rule as journal and wellbeing entries (only a deletion updates an
    /// entry), with new rows inserted through one prepared statement, as there can be hundreds
    /// of thousands.
    private static func mergeEntries(_ entries: [HabitEntry], into db: Database, outcome: inout RestoreOutcome) throws {
        var counts = outcome.counts[.habitEntries, default: .init()]
        var existing: [String: String?] = [:]
        let rows = try Row.fetchCursor(db, sql: "SELECT id, deletedAt FROM habitEntry")
        while let row = try rows.next() { existing[row[0]] = row[1] as String? }
        let inserter = try EntryInserter(db, expectedRows: entries.count - existing.count)
        for entry in EntryInserter.physicalOrder(entries) {
            let id = entry.id.description
            if let current = existing[id] {
                if current == nil, let deletedAt = entry.deletedAt {
                    try db.execute(sql: "UPDATE habitEntry SET deletedAt = ? WHERE id = ?", arguments: [deletedAt, id])
                    counts.updated += 1
                } else {
                    counts.unchanged += 1
                }
            } else {
                try inserter.insert(entry)
                counts.added += 1
            }
        }
        try inserter.finish()
        outcome.counts[.habitEntries] = counts
    }
}
