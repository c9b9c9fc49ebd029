import AlmanacDomain

extension RelationalStore {
    /// Adds a journal entry; it is independent of every habit.
    @discardableResult
    public func addJournal(_ draft: JournalEntry) throws -> JournalEntry { try added(Self.checked(draft)) }

    /// Inserts a checked entry in its own transaction.
    private func added<Entry: StoredRecord>(_ entry: Entry) throws -> Entry {
        try write { db in try db.insert(entry) }
        return entry
    }

    static func checked(_ draft: JournalEntry) throws -> JournalEntry {
        var entry = draft
        entry.title = try HabitRules.checkedName(entry.title, kind: "journal title")
        try HabitRules.checkText(entry.body, field: "A journal entry's text")
        return entry
    }

    /// Live journal entries between two days (inclusive), oldest first.
    public func journal(from: DayKey? = nil, to: DayKey? = nil) throws -> [JournalEntry] {
        try liveEntries(from: from, to: to)
    }

    /// Adds a wellbeing rating; it never affects completion, streaks or goals.
    @discardableResult
    public func addWellbeing(_ draft: WellbeingEntry) throws -> WellbeingEntry { try added(Self.checked(draft)) }

    static func checked(_ draft: WellbeingEntry) throws -> WellbeingEntry {
        var entry = draft
        entry.metric = try HabitRules.checkedName(entry.metric, kind: "metric").lowercased()
        if let note = entry.note { try HabitRules.checkText(note, field: "A note") }
        guard entry.scaleMax.isFinite, entry.scaleMax > 0 else {
            throw DomainError.invalid("The scale must be a number greater than 0.")
        }
        guard entry.value.isFinite, entry.value >= 0, entry.value <= entry.scaleMax else {
            throw DomainError.invalid("A \(entry.metric) rating must be between 0 and \(NumberText.plain(entry.scaleMax)), not \(NumberText.plain(entry.value)).")
        }
        return entry
    }

    /// Live wellbeing entries between two days (inclusive), oldest first.
    public func wellbeing(from: DayKey? = nil, to: DayKey? = nil) throws -> [WellbeingEntry] {
        try liveEntries(from: from, to: to)
    }

    /// The live rows of a table of dated entries between two days (inclusive), by day, time and id.
    private func liveEntries<Entry: StoredRecord>(from: DayKey?, to: DayKey?) throws -> [Entry] {
        let low = from?.description ?? "0000-00-00", high = to?.description ?? "9999-99-99"
        return try read { db in
            try db.fetchAll(Entry.self, where: "WHERE deletedAt IS NULL AND dayKey BETWEEN ? AND ? ORDER BY dayKey, timestampUtc, id",
                            [.text(low), .text(high)])
        }
    }

    public func replaceJournal(id: EntityID, with draft: JournalEntry, now: Timestamp) throws -> JournalEntry {
        try replace(id: id, with: try Self.checked(draft), now: now, kind: "journal entry")
    }

    public func deleteJournal(id: EntityID, now: Timestamp) throws {
        try write { db in try Self.softDelete(JournalEntry.table, id: id, now: now, db, kind: "journal entry") }
    }

    public func replaceWellbeing(id: EntityID, with draft: WellbeingEntry, now: Timestamp) throws -> WellbeingEntry {
        try replace(id: id, with: try Self.checked(draft), now: now, kind: "rating")
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
        let changed = try db.execute("UPDATE \(table) SET deletedAt = ? WHERE id = ? AND deletedAt IS NULL", [SQLValue(now), SQLValue(id)])
        guard changed == 1 else { throw DomainError.refused("The \(kind) \(id) no longer exists; another command may have deleted it.") }
    }

    /// The notes of live check entries, per habit id (text form), oldest first.
    public func habitNotes(through day: DayKey) throws -> [String: [(day: DayKey, text: String)]] {
        try read { db in
            var notes: [String: [(day: DayKey, text: String)]] = [:]
            try db.forEachRow("""
                SELECT habitId, dayKey, note FROM habitEntry
                WHERE deletedAt IS NULL AND kind = 'check' AND note IS NOT NULL AND note <> '' AND dayKey <= ?
                ORDER BY habitId, dayKey, timestampUtc, id
                """, [SQLValue(day)]) { row in
                guard let key = DayKey(utf8: row.text(1)) else { return }
                notes[row.string(0), default: []].append((key, row.string(2)))
            }
            return notes
        }
    }

    public func habitHours(through day: DayKey) throws -> [String: [Int]] {
        try read { db in
            let calendar = try StoreCalendar(settings: Self.settings(db, location: location))
            var hours: [String: [Int]] = [:]
            var offsets: [Int: Int64] = [:]   // per UTC hour: one zone lookup per hour, not per entry
            // Read from the backend's buffers, habit by habit (the index's order): every report
            // reads the time of every live check.
            var currentId: [UInt8] = [], current = [Int](repeating: 0, count: 24)
            func flush() {
                guard current.contains(where: { $0 > 0 }) else { return }
                hours[String(decoding: currentId, as: UTF8.self)] = current
                current = [Int](repeating: 0, count: 24)
            }
            try db.forEachRow("""
                SELECT habitId, dayKey, timestampUtc FROM habitEntry
                WHERE deletedAt IS NULL AND kind = 'check' AND value > 0 AND dayKey <= ? ORDER BY habitId, dayKey
                """, [SQLValue(day)]) { row in
                let habitId = row.text(0)
                if !habitId.elementsEqual(currentId) {
                    flush()
                    currentId = Array(habitId)
                }
                guard let key = DayKey(utf8: row.text(1)), let instant = Timestamp(iso8601: row.text(2)) else { return }
                let utcHour = Int(instant.millis >= 0 ? instant.millis / 3_600_000 : instant.millis / 3_600_000 - 1)
                let offset = offsets[utcHour] ?? {
                    let o = Int64(calendar.timeZone.secondsFromGMT(for: instant.date)) * 1000
                    offsets[utcHour] = o
                    return o
                }()
                let local = instant.millis + offset
                let localDay = Int(local >= 0 ? local / 86_400_000 : (local - 86_399_999) / 86_400_000)
                guard localDay == key.ordinal else { return }   // logged on another day: its time says nothing
                current[Int((local - Int64(localDay) * 86_400_000) / 3_600_000)] += 1
            }
            flush()
            return hours
        }
    }
}
