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
    public var goals: [Goal]
    /// When in the day each habit is done (`AlmanacStore.habitHours`), by habit id.
    public var hours: [String: [Int]]

    public init(snapshot: StoreSnapshot, categories: [Category], notes: [String: [(day: DayKey, text: String)]] = [:],
                journal: [JournalEntry] = [], wellbeing: [WellbeingEntry] = [], goals: [Goal] = [], hours: [String: [Int]] = [:]) {
        self.snapshot = snapshot; self.categories = categories; self.notes = notes
        self.journal = journal; self.wellbeing = wellbeing; self.goals = goals; self.hours = hours
    }
}

/// What a report covers.
public struct SiteOptions: Sendable {
    public var asOf: DayKey
    public var includeNotes: Bool
    public var includeJournal: Bool
    /// The files of the previous run that are still on disk as it left them, by path: a file
    /// whose inputs did not change is kept instead of rendered again.
    public var previousFiles: [String: KeptFile]

    public init(asOf: DayKey, includeNotes: Bool = false, includeJournal: Bool = false, previousFiles: [String: KeptFile] = [:]) {
        self.asOf = asOf; self.includeNotes = includeNotes; self.includeJournal = includeJournal
        self.previousFiles = previousFiles
    }
}

/// A file of the previous run: what it was made from, and its size and SHA-256 as the manifest
/// recorded them.
public struct KeptFile: Sendable, Equatable {
    public var inputDigest: String
    public var size: Int
    public var sha256: String

    public init(inputDigest: String, size: Int, sha256: String) {
        self.inputDigest = inputDigest; self.size = size; self.sha256 = sha256
    }
}

/// One generated file: a path relative to the output folder and its bytes — or, when the inputs
/// of a heatmap, chart or habit page are the same as in the previous run, the previous file,
/// kept as it is on disk (rendering a thousand unchanged SVGs again was most of a re-run's time).
public struct SiteFile: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        case rendered([UInt8])
        case kept(KeptFile)
    }

    public var path: String
    public var content: Content
    /// A digest of what the file was made from (heatmaps, charts, habit pages), kept in the manifest.
    public var inputDigest: String?

    public init(path: String, text: String, inputDigest: String? = nil) {
        self.path = path
        self.content = .rendered(Array(text.utf8))
        self.inputDigest = inputDigest
    }

    /// The previous run's file, whose inputs did not change.
    public init(path: String, kept: KeptFile) {
        self.path = path
        self.content = .kept(kept)
        self.inputDigest = kept.inputDigest
    }

    /// The bytes, when the file was rendered in this run.
    public var rendered: [UInt8]? {
        if case .rendered(let bytes) = content { return bytes }
        return nil
    }
}
