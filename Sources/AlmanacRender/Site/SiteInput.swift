import AlmanacDomain

/// Everything a site is made from: what the report's one read of the store returned. Notes,
/// journal and wellbeing are only there when the report asks for them (privacy first: a progress
/// page is often public) — what is not read cannot be published.
public struct SiteInput: Sendable {
    /// Settings, habits, their day facts and when in the day they are done.
    public var snapshot: StoreSnapshot
    public var categories: [Category]
    public var goals: [Goal]
    /// Days excused ahead of time (skips after the as-of day), per habit id (text form).
    public var plannedSkips: [String: [DayKey]]
    /// Live entries' notes (of checks and skips) per habit id (text form), oldest first.
    public var notes: [String: [HabitNote]]
    public var journal: [JournalEntry]
    public var wellbeing: [WellbeingEntry]
    /// When what each day of the feed says last changed (`StoreReading.dayWrites`): its entries'
    /// `updated`.
    public var dayWrites: [DayKey: Timestamp]

    public init(snapshot: StoreSnapshot, categories: [Category], goals: [Goal] = [], plannedSkips: [String: [DayKey]] = [:], notes: [String: [HabitNote]] = [:],
                journal: [JournalEntry] = [], wellbeing: [WellbeingEntry] = [], dayWrites: [DayKey: Timestamp] = [:]) {
        self.snapshot = snapshot; self.categories = categories; self.goals = goals; self.plannedSkips = plannedSkips; self.notes = notes
        self.journal = journal; self.wellbeing = wellbeing; self.dayWrites = dayWrites
    }
}

/// What a report covers.
public struct SiteOptions: Sendable {
    public var asOf: DayKey
    public var includeNotes: Bool
    public var includeJournal: Bool
    /// The address the site is published at, ending in "/": links in the feed, the calendar and
    /// the Open Graph tags are absolute under it. Nil: relative links, and no Open Graph image.
    public var baseURL: String?

    public init(asOf: DayKey, includeNotes: Bool = false, includeJournal: Bool = false, baseURL: String? = nil) {
        self.asOf = asOf; self.includeNotes = includeNotes; self.includeJournal = includeJournal; self.baseURL = baseURL
    }
}
