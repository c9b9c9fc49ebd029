import AlmanacDomain
import AlmanacWords

/// Everything a site is made from: what the report's one read of the store returned. Notes,
/// journal and wellbeing are only there when the report asks for them (privacy first: a progress
/// page is often public) — what is not read cannot be published.
public struct SiteInput: Sendable {
    /// Settings, habits, their day facts, when in the day they are done and the skips planned.
    public var snapshot: StoreSnapshot
    public var categories: [Category]
    public var goals: [Goal]
    /// Live entries' notes (of checks and skips) per habit id (text form), oldest first.
    public var notes: [String: [HabitNote]]
    public var journal: [JournalEntry]
    public var wellbeing: [WellbeingEntry]
    /// When each habit's entries of each day were last written or withdrawn, by habit id (text
    /// form), over the feed's days and the periods they fall in (`StoreReading.habitWrites`):
    /// what the feed's `updated` dates are made from.
    public var habitWrites: [String: [DayKey: Timestamp]]

    public init(snapshot: StoreSnapshot, categories: [Category], goals: [Goal] = [], notes: [String: [HabitNote]] = [:],
                journal: [JournalEntry] = [], wellbeing: [WellbeingEntry] = [], habitWrites: [String: [DayKey: Timestamp]] = [:]) {
        self.snapshot = snapshot; self.categories = categories; self.goals = goals; self.notes = notes
        self.journal = journal; self.wellbeing = wellbeing; self.habitWrites = habitWrites
    }
}

/// What a report covers.
public struct SiteOptions: Sendable {
    public var asOf: DayKey
    /// The day the clock is in, in the store's calendar: the as-of day is over when it is before
    /// it (its figures are final, and the site names it by its date).
    public var today: DayKey
    public var includeNotes: Bool
    public var includeJournal: Bool
    /// The address the site is published at, ending in "/": links in the feed, the calendar and
    /// the Open Graph tags are absolute under it. Nil: relative links, and no Open Graph image.
    public var baseURL: String?
    /// Whether search engines may index the site (`report --public`, which needs `baseURL`): its
    /// `robots.txt` then allows crawling and names its `sitemap.xml`. Else every page says
    /// `noindex` and `robots.txt` disallows everything.
    public var isPublic: Bool
    /// The name-based UUID of a text (8-4-4-4-12, lowercase): the feed's and the calendar's
    /// permanent ids are made by it from the store's identity.
    public var uuid: @Sendable (String) -> String
    /// The site's words, when they are not the built-in ones of the store's language (a template
    /// folder's words file, `TemplateSet.words(for:)`).
    public var words: SiteLanguage?

    /// Whether a day is over as of the report's day (the rule of `DaySeries.isOver`).
    public func isOver(_ day: DayKey) -> Bool { day < asOf || (day == asOf && asOf < today) }

    public init(asOf: DayKey, today: DayKey, includeNotes: Bool = false, includeJournal: Bool = false, baseURL: String? = nil,
                isPublic: Bool = false, uuid: @escaping @Sendable (String) -> String) {
        self.isPublic = isPublic && baseURL != nil
        self.asOf = asOf; self.today = today; self.includeNotes = includeNotes; self.includeJournal = includeJournal; self.baseURL = baseURL
        self.uuid = uuid
    }
}
