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
    /// Input digests of the files the previous run made that are still on disk, by path.
    public var previousDigests: [String: String]

    public init(asOf: DayKey, includeNotes: Bool = false, includeJournal: Bool = false, previousDigests: [String: String] = [:]) {
        self.asOf = asOf; self.includeNotes = includeNotes; self.includeJournal = includeJournal
        self.previousDigests = previousDigests
    }
}

/// One generated file: a path relative to the output folder and its bytes — or, when the
/// inputs of a heatmap or chart are the same as in the previous run, nil: the file on disk is
/// kept as it is (rendering a thousand unchanged SVGs again was most of a re-run's time).
public struct SiteFile: Sendable, Equatable {
    public var path: String
    public var content: [UInt8]?
    /// A digest of what the file was made from (heatmaps and charts), kept in the manifest.
    public var inputDigest: String?

    public init(path: String, text: String, inputDigest: String? = nil) {
        self.path = path
        self.content = Array(text.utf8)
        self.inputDigest = inputDigest
    }

    /// A file whose inputs did not change since the previous run.
    public init(unchanged path: String, inputDigest: String) {
        self.path = path
        self.content = nil
        self.inputDigest = inputDigest
    }
}
