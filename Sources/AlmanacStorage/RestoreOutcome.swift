import AlmanacDomain
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
    public var counts: [BackupFormat.Section: Counts] = [:]
    public var changed: Int { counts.values.reduce(0) { $0 + $1.changed } }
    /// The store's settings before, when the restore gave it the backup's settings (a replace, or
    /// a store with no habits and no entries yet); nil when it kept its own.
    public var settingsReplaced: Settings?

    public init() {}

    /// What restoring `contents` into an empty store does: add everything.
    public static func allAdded(_ contents: StoreContents) -> RestoreOutcome {
        var outcome = RestoreOutcome()
        for section in BackupFormat.Section.allCases { outcome.counts[section] = .init(added: contents.entityIDs(of: section).count) }
        return outcome
    }
}

extension StoreContents {
    /// The ids of the objects of one section, as text.
    public func ids(of section: BackupFormat.Section) -> [String] { entityIDs(of: section).map(\.description) }

    /// The ids of the objects of one section.
    public func entityIDs(of section: BackupFormat.Section) -> [EntityID] {
        switch section {
        case .categories: return categories.map(\.id)
        case .habits: return habits.map(\.id)
        case .goals: return goals.map(\.id)
        case .habitEntries: return habitEntries.map(\.id)
        case .journalEntries: return journalEntries.map(\.id)
        case .wellbeingEntries: return wellbeingEntries.map(\.id)
        case .sources: return sources.map(\.id)
        }
    }
}
