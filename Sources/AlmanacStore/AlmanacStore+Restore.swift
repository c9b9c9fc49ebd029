import AlmanacDomain
import Foundation
import GRDB

/// How a restore combines a backup with the store.
public enum RestoreMode: String, Sendable, CaseIterable {
    /// Upsert by id: a newer `updatedAt` wins; an entry is updated only to record its deletion.
    /// Running the same merge twice changes nothing the second time.
    case merge
    /// The store becomes exactly the backup.
    case replace
}

/// What a restore did (or, in a dry run, would do), per array of the backup.
public struct RestoreOutcome: Sendable, Equatable {
    public struct Counts: Sendable, Equatable {
        public var added = 0, updated = 0, unchanged = 0, removed = 0
        public var changed: Int { added + updated + removed }

        public init(added: Int = 0, updated: Int = 0, unchanged: Int = 0, removed: Int = 0) {
            self.added = added; self.updated = updated; self.unchanged = unchanged; self.removed = removed
        }
    }
    public var counts: [StoreTable: Counts] = [:]
    public var changed: Int { counts.values.reduce(0) { $0 + $1.changed } }

    public init() {}

    /// What restoring `contents` into an empty store does: add everything.
    public static func allAdded(_ contents: StoreContents) -> RestoreOutcome {
        var outcome = RestoreOutcome()
        outcome.counts[.category] = .init(added: contents.categories.count)
        outcome.counts[.habit] = .init(added: contents.habits.count)
        outcome.counts[.goal] = .init(added: contents.goals.count)
        outcome.counts[.habitEntry] = .init(added: contents.habitEntries.count)
        outcome.counts[.journalEntry] = .init(added: contents.journalEntries.count)
        outcome.counts[.wellbeingEntry] = .init(added: contents.wellbeingEntries.count)
        return outcome
    }
}

extension AlmanacStore {
    /// Applies backup contents in one transaction: all of it lands or none of it. A dry run
    /// does the same work and rolls it back.
    public func restore(_ contents: StoreContents, mode: RestoreMode, dryRun: Bool) throws -> RestoreOutcome {
        try writeOrRollBack(rollBack: dryRun) { db in
            try Self.prepareForBulkWrites(db)
            var outcome = RestoreOutcome()
            var before: [StoreTable: Set<String>] = [:]
            if mode == .replace {
                for table in StoreTable.allCases {
                    before[table] = Set(try String.fetchAll(db, sql: "SELECT id FROM \(table.rawValue)"))
                    try db.execute(sql: "DELETE FROM \(table.rawValue)")
                }
                try contents.settings.save(db)
            }
            try Self.merge(contents.categories, table: .category, into: db, outcome: &outcome, newer: { $0.updatedAt > $1.updatedAt })
            try Self.merge(contents.habits, table: .habit, into: db, outcome: &outcome, newer: { $0.updatedAt > $1.updatedAt })
            try Self.merge(contents.goals, table: .goal, into: db, outcome: &outcome, newer: { $0.updatedAt > $1.updatedAt })
            try Self.mergeEntries(contents.habitEntries, into: db, outcome: &outcome)
            try Self.merge(contents.journalEntries, table: .journalEntry, into: db, outcome: &outcome,
                           newer: { $0.deletedAt != nil && $1.deletedAt == nil })
            try Self.merge(contents.wellbeingEntries, table: .wellbeingEntry, into: db, outcome: &outcome,
                           newer: { $0.deletedAt != nil && $1.deletedAt == nil })
            if mode == .replace {
                // Ids that were there before and are in the backup again count as unchanged, the
                // others as added or removed.
                for table in StoreTable.allCases {
                    let old = before[table] ?? []
                    let new = Set(contents.ids(of: table))
                    let kept = old.intersection(new).count
                    outcome.counts[table] = .init(added: new.count - kept, unchanged: kept, removed: old.count - kept)
                }
            }
            let active = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM habit WHERE archivedAt IS NULL") ?? 0
            if active > HabitRules.maxActiveHabits {
                throw DomainError.refused("The restore would leave \(active) active habits, more than the \(HabitRules.maxActiveHabits) Almanac keeps; nothing was changed.")
            }
            return outcome
        }
    }

    /// A page cache large enough to hold the entry indexes while hundreds of thousands of rows
    /// go in, so pages are not evicted and written again and again.
    static func prepareForBulkWrites(_ db: Database) throws {
        try db.execute(sql: "PRAGMA cache_size = -65536")   // 64 MiB, for this connection only
    }

    /// Copies the whole store to `path` (a consistent snapshot, e.g. before a replace).
    public func copy(to path: String) throws {
        do {
            try queue.writeWithoutTransaction { db in try db.execute(sql: "VACUUM INTO ?", arguments: [path]) }
        } catch {
            throw StoreError.wrap(error, path: self.path)
        }
    }

    private func writeOrRollBack<T>(rollBack: Bool, _ body: (Database) throws -> T) throws -> T {
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
        _ records: [Record], table: StoreTable, into db: Database, outcome: inout RestoreOutcome,
        newer: (Record, Record) -> Bool
    ) throws where Record.ID == EntityID {
        var counts = outcome.counts[table, default: .init()]
        var existing: [EntityID: Record] = [:]
        for record in try Record.fetchAll(db, sql: "SELECT * FROM \(table.rawValue)") { existing[record.id] = record }
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
        outcome.counts[table] = counts
    }

    /// Habit entries: the same rule as journal and wellbeing entries (only a deletion updates an
    /// entry), with new rows inserted through one prepared statement, as there can be hundreds
    /// of thousands.
    private static func mergeEntries(_ entries: [HabitEntry], into db: Database, outcome: inout RestoreOutcome) throws {
        var counts = outcome.counts[.habitEntry, default: .init()]
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
        outcome.counts[.habitEntry] = counts
    }
}

extension StoreContents {
    /// The ids of the objects that go into a table, as text.
    func ids(of table: StoreTable) -> [String] {
        switch table {
        case .category: return categories.map(\.id.description)
        case .habit: return habits.map(\.id.description)
        case .goal: return goals.map(\.id.description)
        case .habitEntry: return habitEntries.map(\.id.description)
        case .journalEntry: return journalEntries.map(\.id.description)
        case .wellbeingEntry: return wellbeingEntries.map(\.id.description)
        }
    }
}
