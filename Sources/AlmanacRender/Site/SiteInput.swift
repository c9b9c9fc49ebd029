import AlmanacDomain

/// Everything a site is made from, read from the store in one go. Notes, journal and wellbeing
/// are only filled in when the report asks for them (privacy first: a progress page is often
/// public).
public struct SiteInput: Sendable {
    public var snapshot: StoreSnapshot
    public var categories: [Category]
    /// Live check-entry notes per habit id (text form), oldest first.
    public var notes: [String: [(day: DayKey, text: String)]]
    public var journal: [JournalEntry]
    public var wellbeing: [WellbeingEntry]

    public init(snapshot: StoreSnapshot, categories: [Category], notes: [String: [(day: DayKey, text: String)]] = [:],
                journal: [JournalEntry] = [], wellbeing: [WellbeingEntry] = []) {
        self.snapshot = snapshot; self.categories = categories; self.notes = notes
        self.journal = journal; self.wellbeing = wellbeing
    }
}

/// What a report covers.
public struct SiteOptions: Sendable {
    public var asOf: DayKey
    public var includeNotes: Bool
    public var includeJournal: Bool

    public init(asOf: DayKey, includeNotes: Bool = false, includeJournal: Bool = false) {
        self.asOf = asOf; self.includeNotes = includeNotes; self.includeJournal = includeJournal
    }
}

/// One generated file: a path relative to the output folder and its bytes.
public struct SiteFile: Sendable, Equatable {
    public var path: String
    public var content: [UInt8]

    public init(path: String, text: String) {
        self.path = path
        self.content = Array(text.utf8)
    }
}
