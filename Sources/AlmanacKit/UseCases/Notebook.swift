import AlmanacDomain

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
}
