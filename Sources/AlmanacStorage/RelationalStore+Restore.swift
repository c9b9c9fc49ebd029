import AlmanacDomain

extension RelationalStore {
    /// Applies backup contents in one transaction: all of it lands or none of it. A dry run
    /// does the same work and rolls it back.
    public func restore(_ contents: StoreContents, mode: RestoreMode, dryRun: Bool) throws -> RestoreOutcome {
        try backend.write(rollBack: dryRun) { db in
            try db.prepareForBulkWrites()
            var outcome = RestoreOutcome()
            var before: [BackupFormat.Section: Set<String>] = [:]
            let settingsBefore = try RelationalStoreSettings.read(db, location: location)
            if mode == .replace {
                for section in BackupFormat.Section.allCases {
                    let table = StoreTable.name(of: section)
                    before[section] = Set(try db.strings("SELECT id FROM \(table) WHERE \(db.scope.rows)"))
                    _ = try db.remove(from: table, ids: nil)
                }
                try Self.save(contents.settings, db)
                outcome.settingsReplaced = settingsBefore
            } else if try db.count("SELECT (SELECT COUNT(*) FROM habit WHERE \(db.scope.rows)) + (SELECT COUNT(*) FROM habitEntry WHERE \(db.scope.rows))") == 0 {
                // A store with no habits and no entries yet (just `init`ed) takes the backup's
                // time zone and week start, so backup → init → restore → backup gives the same bytes.
                try Self.save(contents.settings, db)
                outcome.settingsReplaced = settingsBefore
            }
            try Self.merge(contents.sources, .sources, into: db, outcome: &outcome, newer: { $0.syncedAt > $1.syncedAt })
            try Self.merge(contents.categories, .categories, into: db, outcome: &outcome, newer: { $0.updatedAt > $1.updatedAt })
            try Self.merge(try HabitSlugs.settled(contents.habits, db), .habits, into: db, outcome: &outcome, newer: { $0.updatedAt > $1.updatedAt })
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
            let habits = try SessionReading.habits(db, includeArchived: true)
            try HabitRules.checkActiveCount(habits.filter { !$0.isArchived }.count, oneMore: false)
            try HabitRules.checkNamesAreUnique(habits)   // a merge of two stores that each have "Gym"
            return outcome
        }
    }

    /// Upserts records by id: new ids are inserted (through the bulk path), existing ones updated
    /// when `newer(incoming, existing)` holds, and left alone otherwise.
    private static func merge<Record: StoredRecord>(
        _ records: [Record], _ section: BackupFormat.Section, into db: any SQLSession, outcome: inout RestoreOutcome,
        newer: (Record, Record) -> Bool
    ) throws {
        var counts = outcome.counts[section, default: .init()]
        var existing: [EntityID: Record] = [:]
        for record in try db.fetchAll(Record.self) { existing[record.id] = record }
        var added: [Record] = []
        for record in records {
            if let current = existing[record.id] {
                if current != record && newer(record, current) {
                    try db.update(record)
                    counts.updated += 1
                } else {
                    counts.unchanged += 1
                }
            } else {
                added.append(record)
            }
        }
        try db.insertAll(added)
        counts.added += added.count
        outcome.counts[section] = counts
    }

    /// Habit entries: the same rule as journal and wellbeing entries (only a deletion updates an
    /// entry), reading only each existing row's id and deletion, as there can be hundreds of
    /// thousands.
    private static func mergeEntries(_ entries: [HabitEntry], into db: any SQLSession, outcome: inout RestoreOutcome) throws {
        var counts = outcome.counts[.habitEntries, default: .init()]
        var existing: [String: String?] = [:]
        try db.forEachRow("SELECT id, deletedAt FROM habitEntry WHERE \(db.scope.rows)", []) { row in existing[row.string(0)] = row.optionalString(1) }
        var added: [HabitEntry] = []
        added.reserveCapacity(max(0, entries.count - existing.count))
        for entry in entries {
            let id = entry.id.description
            if let current = existing[id] {
                if current == nil, let deletedAt = entry.deletedAt {
                    try db.execute("UPDATE habitEntry SET deletedAt = ? WHERE \(db.scope.rows) AND id = ?", [SQLValue(deletedAt), .text(id)])
                    counts.updated += 1
                } else {
                    counts.unchanged += 1
                }
            } else {
                added.append(entry)
            }
        }
        try db.insertAll(Self.physicalOrder(added))
        counts.added += added.count
        outcome.counts[.habitEntries] = counts
    }

    /// The order entries are written in: by habit and day, the order every metric and report reads
    /// them in, so a habit's history sits on neighbouring pages.
    static func physicalOrder(_ entries: [HabitEntry]) -> [HabitEntry] {
        func before(_ a: HabitEntry, _ b: HabitEntry) -> Bool {
            if a.habitId != b.habitId { return a.habitId < b.habitId }
            if a.dayKey != b.dayKey { return a.dayKey < b.dayKey }
            return a.timestampUtc < b.timestampUtc
        }
        // A backup is written in this order already: then there is nothing to sort.
        if zip(entries, entries.dropFirst()).allSatisfy({ !before($1, $0) }) { return entries }
        return entries.sorted(by: before)
    }

    /// Writes a whole set of objects into the store in one transaction, replacing the settings,
    /// through the backend's bulk path (the demo's hundreds of thousands of rows).
    public func insert(_ contents: StoreContents) throws {
        try write { db in
            try db.prepareForBulkWrites()
            try Self.save(contents.settings, db)
            try db.insertAll(contents.sources)
            try db.insertAll(contents.categories)
            try db.insertAll(try HabitSlugs.settled(contents.habits, db))
            try db.insertAll(contents.goals)
            try db.insertAll(Self.physicalOrder(contents.habitEntries))
            try db.insertAll(contents.journalEntries)
            try db.insertAll(contents.wellbeingEntries)
        }
    }
}
