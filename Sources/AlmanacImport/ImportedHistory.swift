import AlmanacDomain
/// The apps whose histories Almanac imports, by the name `import --format` takes.
public enum ImportFormat: String, CaseIterable, Sendable, Codable {
    case loopDatabase = "loop-db"
    case loopCSV = "loop-csv"
    case habitBull = "habitbull"
    case rewire
    case tickmate
    case harsh
    case lucidPal = "lucidpal"
    case habitto
    case habitat
    case habitTracker = "habit-tracker"

    /// Whether the format names its habits by an id of their own that stays when a habit is
    /// renamed, so that the app can be followed (`import --follow`). harsh's log names habits by
    /// name: there the name is the app's own id. Formats whose exports carry only names cannot be
    /// followed: a renamed habit would look like a new one.
    public var canBeFollowed: Bool {
        switch self {
        case .loopCSV, .habitBull, .habitat: return false
        default: return true
        }
    }

    /// What the source is, for people: "Loop Habit Tracker database".
    public var title: String {
        switch self {
        case .loopDatabase: return "Loop Habit Tracker database"
        case .loopCSV: return "Loop Habit Tracker CSV export"
        case .habitBull: return "HabitBull CSV export"
        case .rewire: return "Rewire database"
        case .tickmate: return "Tickmate database"
        case .harsh: return "harsh habits and log"
        case .lucidPal: return "LucidPal documents"
        case .habitto: return "Habitto habits"
        case .habitat: return "Habitat storage"
        case .habitTracker: return "Habit Tracker JSON export"
        }
    }
}

/// A habit as another app defines it, already in Almanac's terms: its definition (whose fields
/// read as its own, `habit.unit`) and where it comes from. `id` is derived from the source's own
/// identity of the habit, so the same habit gets the same id on every import.
@dynamicMemberLookup
public struct ImportedHabit: Sendable, Equatable {
    public var id: EntityID
    public private(set) var definition: HabitDefinition
    /// The fields the source set of those an import takes only when given.
    private var given: Set<String> = []
    /// Its category, by name.
    public var category: String?
    public var archived = false
    /// When the source says the habit was created; otherwise its first imported day counts.
    public var createdAt: Timestamp?
    /// Position in the source's own order.
    public var position = 0
    /// The source's own id of the habit, as the source writes it (Loop's UUID or row id, a
    /// Tickmate track id; the name, for formats that have nothing else).
    public var sourceKey: String

    public init(id: EntityID, name: String, sourceKey: String) {
        self.id = id; definition = HabitDefinition(name: name); self.sourceKey = sourceKey
    }

    public subscript<T>(dynamicMember path: WritableKeyPath<HabitDefinition, T>) -> T {
        get { definition[keyPath: path] }
        set {
            definition[keyPath: path] = newValue
            if let field = HabitDefinition.field(path) { given.insert(field.name) }
        }
    }

    /// What the source says of the definition, as each field's declaration says an import takes
    /// it (`HabitDefinition.Field.imported`); a colour only when it is one, an emoji only when
    /// there is one, a baseline only for an at-most habit.
    var patch: HabitDefinition.Patch {
        var patch = HabitDefinition.Patch()
        for field in HabitDefinition.fields where field.imported == .always || (field.imported == .whenGiven && given.contains(field.name)) {
            patch.take(field, from: definition)
        }
        if patch.value(\.color) != nil && (try? HabitRules.checkedColor(definition.color)) == nil { patch.drop(\.color) }
        if definition.emoji.isEmpty { patch.drop(\.emoji) }
        if definition.direction != .atMost { patch.take(\.baseline, nil) }
        return patch
    }
}

/// One fact of a day: a value (a check) or a skip, for one imported habit.
public struct ImportedEntry: Sendable, Equatable {
    public var habitId: EntityID
    public var day: DayKey
    public var kind: EntryKind
    public var value: Double
    public var note: String?
    /// When it happened, if the source knows; otherwise noon of the day in the store's zone.
    public var timestamp: Timestamp?
    /// How many entries of the same habit and day came before it in the file (and were left
    /// out for it, `ImportedHistory.add`).
    public var earlier = 0

    public init(habitId: EntityID, day: DayKey, kind: EntryKind = .check, value: Double, note: String? = nil,
                timestamp: Timestamp? = nil) {
        self.habitId = habitId; self.day = day; self.kind = kind; self.value = value; self.note = note
        self.timestamp = timestamp
    }
}

/// A rating of a day (Habitto's difficulty of a habit), with an id derived from the source.
public struct ImportedWellbeing: Sendable, Equatable {
    public var id: EntityID
    public var habitId: EntityID?
    public var day: DayKey
    public var metric: String
    public var value: Double
    public var scaleMax: Double
    public var timestamp: Timestamp?

    public init(id: EntityID, habitId: EntityID?, day: DayKey, metric: String, value: Double, scaleMax: Double,
                timestamp: Timestamp? = nil) {
        self.id = id; self.habitId = habitId; self.day = day; self.metric = metric; self.value = value
        self.scaleMax = scaleMax; self.timestamp = timestamp
    }
}

/// A note the source keeps on a day without a check (Loop lets a note stand alone): kept as a
/// journal entry titled with the habit's name, so it is not lost.
public struct ImportedJournal: Sendable, Equatable {
    public var id: EntityID
    public var day: DayKey
    public var title: String
    public var body: String
    public var timestamp: Timestamp?

    public init(id: EntityID, day: DayKey, title: String, body: String, timestamp: Timestamp? = nil) {
        self.id = id; self.day = day; self.title = title; self.body = body; self.timestamp = timestamp
    }
}

/// Everything read from another app's files, in Almanac's terms but not yet in any store: the
/// truth of it only (entries, notes, ratings), never a streak, a score or a completion flag.
public struct ImportedHistory: Sendable {
    public var format: ImportFormat
    /// What was read, for the preview: "schema 22", "3 month files".
    public var detail: String
    public var habits: [ImportedHabit] = []
    /// Entries, one per habit and day (`add`): of two for one habit and day the later wins, and
    /// the earlier is left out as it is read, so a file of one day repeated a million times holds
    /// one entry, not a million.
    public var entries: [ImportedEntry] = []
    /// The entry rows the file had (`add`), before the later of a day replaced the earlier.
    public private(set) var entryRows = 0
    private var entryOfDay: [DaySlot: Int] = [:]
    private struct DaySlot: Hashable { var habit: EntityID; var day: DayKey }

    /// Adds an entry as the reader meets it: it replaces an earlier one of the same habit and day
    /// (counting it in `earlier`, so that its id is the one it has always been derived with).
    public mutating func add(_ entry: ImportedEntry) {
        entryRows += 1
        let slot = DaySlot(habit: entry.habitId, day: entry.day)
        if let index = entryOfDay[slot] {
            var later = entry
            later.earlier = entries[index].earlier + 1
            entries[index] = later
        } else {
            entryOfDay[slot] = entries.count
            entries.append(entry)
        }
    }
    public var wellbeing: [ImportedWellbeing] = []
    public var journal: [ImportedJournal] = []
    /// What was read but could not be kept exactly, one sentence each.
    public var warnings: [String] = []
    /// Rows that could not be read and were left out (`ImportSource.read(leavingOutBadRows:)`),
    /// each with where it is and why: "line 3: the value …".
    public var leftOut: [String] = []

    /// Whether the reading under way leaves a bad row out (and lists it) rather than refusing the
    /// file. Set by `ImportSource.read` for the readers it calls.
    @TaskLocal static var leavesOutBadRows = false

    /// A row that cannot be read: the file is refused, or with `leavesOutBadRows` the row is
    /// listed as left out and the caller goes on with the next one.
    mutating func leaveOut(_ problem: ImportProblem) throws {
        guard Self.leavesOutBadRows else { throw problem }
        leftOut.append(problem.description)
    }

    /// The value of reading one part of a row, or nil when it cannot be read and the row is left out.
    mutating func tolerating<T>(_ read: () throws -> T) throws -> T? {
        do { return try read() } catch let problem as ImportProblem {
            try leaveOut(problem)
            return nil
        }
    }

    public init(format: ImportFormat, detail: String = "") { self.format = format; self.detail = detail }

    /// "Loop Habit Tracker database (schema 22)".
    public var sourceTitle: String { detail.isEmpty ? format.title : "\(format.title) (\(detail))" }
}

extension ImportedHistory {
    /// Cuts every note and journal text over what a store keeps (`HabitRules.maxTextBytes`, 1 MB)
    /// to its first megabyte, at a character's end, and says so: the same limit holds on every
    /// way into a store, so a store always restores its own backup. Every format is cut, none
    /// refused (another app's long note is still worth its first megabyte).
    mutating func cutLongTexts() {
        var cut = 0
        func fitted(_ text: String) -> String {
            guard text.utf8.count > HabitRules.maxTextBytes else { return text }
            cut += 1
            var bytes = 0, end = text.startIndex
            for index in text.indices {
                bytes += text[index].utf8.count
                guard bytes <= HabitRules.maxTextBytes else { break }
                end = text.index(after: index)
            }
            return String(text[..<end])
        }
        for i in entries.indices { entries[i].note = entries[i].note.map(fitted) }
        for i in journal.indices { journal[i].body = fitted(journal[i].body) }
        if cut > 0 {
            warnings.append("\(cut == 1 ? "A note was" : "\(cut) notes were") over \(HabitRules.maxTextBytes / 1_000_000) MB, the most a store keeps, and "
                + "\(cut == 1 ? "was" : "were") cut to their first megabyte.")
        }
    }
}

extension ImportedHistory {
    /// Refuses a file that gives two habits the same id of the app's own (a Loop database with a
    /// `uuid` twice): taken as one habit, the second's days would go into the first and the
    /// second would be gone. Formats that name habits by their names only (`canBeFollowed` is
    /// false, and harsh) number a repeated name instead (`ImportPlanner.uniqueName`).
    func checkDistinctHabitIDs() throws {
        guard format.canBeFollowed, format != .harsh else { return }
        var seen: [EntityID: ImportedHabit] = [:]
        for habit in habits {
            if let first = seen[habit.id] {
                throw ImportProblem("it gives two habits the same id (\"\(first.name)\" and \"\(habit.name)\", both \(habit.sourceKey)); "
                    + "importing them would merge their days, so nothing was imported")
            }
            seen[habit.id] = habit
        }
    }
}
