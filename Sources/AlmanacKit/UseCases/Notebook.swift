import AlmanacDomain
import AlmanacStorage

/// Journal entries and wellbeing ratings: `journal add|list`, `wellbeing add|list`. Neither
/// ever affects a habit's completion.
public struct Notebook {
    public let store: any AlmanacStore
    public let clock: Clock

    public init(store: any AlmanacStore, clock: Clock) { self.store = store; self.clock = clock }

    /// Live journal entries between two days (inclusive), oldest first.
    public func journal(from: DayKey?, to: DayKey?) throws -> [JournalEntry] { try store.journal(from: from, to: to) }

    /// Live wellbeing ratings between two days (inclusive), oldest first.
    public func wellbeing(from: DayKey?, to: DayKey?) throws -> [WellbeingEntry] { try store.wellbeing(from: from, to: to) }

    /// Adds a journal entry for a day (default today).
    public func addJournal(title: String, body: String, day: DayKey?) throws -> JournalEntry {
        let now = clock.now()
        let day = try day ?? clock.today(in: store.calendar())
        return try store.addJournal(JournalEntry(dayKey: day, timestampUtc: now, title: title, body: body))
    }

    /// Records a rating for a day (default today), optionally about a habit (named, any case).
    public func addWellbeing(metric: String, value: Double, scale: Double, habit: String?, note: String?,
                             day: DayKey?) throws -> WellbeingEntry {
        let now = clock.now()
        let day = try day ?? clock.today(in: store.calendar())
        let habitId = try habit.map { try store.habit(named: $0).id }
        return try store.addWellbeing(WellbeingEntry(dayKey: day, timestampUtc: now, metric: metric, value: value,
                                                     scaleMax: scale, habitId: habitId, note: note))
    }

    /// The live journal entry whose id starts with `prefix` (as `journal list` shows it).
    public func journalEntry(_ prefix: String) throws -> JournalEntry {
        try Self.unique(try store.journal(from: nil, to: nil), prefix: prefix, kind: .journal)
    }

    /// The live rating whose id starts with `prefix` (as `wellbeing list` shows it).
    public func rating(_ prefix: String) throws -> WellbeingEntry {
        try Self.unique(try store.wellbeing(from: nil, to: nil), prefix: prefix, kind: .rating)
    }

    /// Edits a journal entry: the given fields change, the old version stays in history.
    public func editJournal(_ prefix: String, title: String?, body: String?, day: DayKey?) throws -> JournalEntry {
        let old = try journalEntry(prefix)
        let edited = JournalEntry(dayKey: day ?? old.dayKey, timestampUtc: old.timestampUtc, title: title ?? old.title,
                                  body: body ?? old.body, createdAt: clock.now())
        return try store.replaceJournal(id: old.id, with: edited, now: clock.now())
    }

    /// Edits a rating: the given fields change, the old version stays in history.
    public func editRating(_ prefix: String, value: Double?, scale: Double?, note: String?, day: DayKey?) throws -> WellbeingEntry {
        let old = try rating(prefix)
        let edited = WellbeingEntry(dayKey: day ?? old.dayKey, timestampUtc: old.timestampUtc, metric: old.metric,
                                    value: value ?? old.value, scaleMax: scale ?? old.scaleMax, habitId: old.habitId,
                                    note: note ?? old.note, createdAt: clock.now())
        return try store.replaceWellbeing(id: old.id, with: edited, now: clock.now())
    }

    /// Deletes a journal entry (softly: backups keep it).
    public func deleteJournal(_ prefix: String) throws -> JournalEntry {
        let entry = try journalEntry(prefix)
        try store.deleteJournal(id: entry.id, now: clock.now())
        return entry
    }

    /// Deletes a rating (softly: backups keep it).
    public func deleteRating(_ prefix: String) throws -> WellbeingEntry {
        let entry = try rating(prefix)
        try store.deleteWellbeing(id: entry.id, now: clock.now())
        return entry
    }

    /// The one item whose id starts with `prefix` (at least four characters, any case).
    static func unique<T: Identifiable>(_ items: [T], prefix: String, kind: NoteKind) throws -> T where T.ID == EntityID {
        let key = prefix.lowercased()
        guard key.count >= 4 else { throw AlmanacError.idPrefix(kind, prefix, matches: nil) }
        let matches = items.filter { $0.id.description.hasPrefix(key) }
        guard matches.count == 1 else { throw AlmanacError.idPrefix(kind, prefix, matches: matches.count) }
        return matches[0]
    }
}

/// What a note of the notebook is, in sentences.
public enum NoteKind: String, Sendable {
    case journal = "journal entry"
    case rating
}
