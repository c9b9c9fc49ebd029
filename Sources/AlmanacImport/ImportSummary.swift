import AlmanacDomain
import AlmanacStorage

/// What an import reads of the store it goes into, inside the transaction that writes it (a
/// `StoreReading`, or nothing for a store that does not exist yet).
public protocol ImportBase {
    func settings() throws -> Settings
    /// Every habit, archived ones included.
    func habits() throws -> [Habit]
    func categories() throws -> [Category]
    /// Every entry of these habits, soft-deleted ones included.
    func entries(habitIds: Set<EntityID>) throws -> [HabitEntry]
    /// Which of these wellbeing ids the store has (live or deleted).
    func existingWellbeing(_ ids: [EntityID]) throws -> Set<EntityID>
    /// Which of these journal ids the store has (live or deleted).
    func existingJournal(_ ids: [EntityID]) throws -> Set<EntityID>
    /// Which of these habit entry ids the store has (live or deleted), whatever their habit.
    func existingEntries(_ ids: [EntityID]) throws -> Set<EntityID>
}

/// The rows an import writes, and what it amounts to for the preview.
public struct ImportChanges: Sendable {
    public var rows = StoreChanges()
    public var summary = ImportSummary()

    public init() {}

    public var isEmpty: Bool { rows.isEmpty }
}

/// The figures of an import, as the preview and `--json` give them.
public struct ImportSummary: Sendable, Equatable, Codable {
    /// A habit of the file that goes into a habit the store has.
    public struct Merge: Sendable, Equatable, Codable {
        public var source: String
        public var into: String
        /// Matched by the id of an earlier import rather than by name.
        public var earlierImport: Bool
    }
    public var habitsInFile = 0
    public var archivedInFile = 0
    public var entriesInFile = 0
    public var notesInFile = 0
    public var ratingsInFile = 0
    public var habitsAdded: [String] = []
    /// New habits whose name in the file another habit has: "Vegan" comes in as "Vegan (2)".
    public var habitsRenamed: [Merge] = []
    public var habitsMerged: [Merge] = []
    public var categoriesAdded: [String] = []
    /// Days (or entries) new to the store.
    public var entriesAdded = 0
    /// Days the store had with another value: the imported one is now live, the old one history.
    public var daysReplaced = 0
    /// Entries the store has already (same id, or the same value on that day).
    public var entriesAlreadyHere = 0
    public var ratingsAdded = 0
    public var ratingsAlreadyHere = 0
    /// Notes on days without a check, kept as journal entries.
    public var journalInFile = 0
    public var journalAdded = 0
    /// Following a source: live days of its habits that the file no longer has (now history).
    public var daysWithdrawn = 0
    /// Rows of the file left out (`--skip-bad-rows`), each with where it is and why.
    public var rowsLeftOut: [String] = []
    /// Following a source: what changes for each of its habits, in the source's order (only
    /// the habits that change).
    public var habits: [HabitSync] = []

    public init() {}

    public var changesNothing: Bool {
        habitsAdded.isEmpty && categoriesAdded.isEmpty && entriesAdded == 0 && daysReplaced == 0 && ratingsAdded == 0 && journalAdded == 0
            && daysWithdrawn == 0 && habits.isEmpty
    }

    /// What a sync changes for one habit of the followed source.
    public struct HabitSync: Sendable, Equatable, Codable {
        public var habitId: EntityID
        public var name: String
        /// The source's own id of the habit.
        public var sourceKey: String
        public var isNew = false
        /// The name it had before the source renamed it.
        public var renamedFrom: String?
        /// Fields of its definition the source changed (`target`, `frequency`, …).
        public var fieldsChanged: [String] = []
        public var archived = false
        public var unarchived = false
        /// The source no longer has it: archived here, its history kept.
        public var goneFromSource = false
        public var daysAdded = 0
        public var daysChanged = 0
        public var daysWithdrawn = 0

        var changesSomething: Bool {
            isNew || renamedFrom != nil || !fieldsChanged.isEmpty || archived || unarchived || goneFromSource
                || daysAdded + daysChanged + daysWithdrawn > 0
        }
    }
}

/// The store an import goes into, read inside the import's write transaction.
public struct StoreImportBase: ImportBase {
    let view: any StoreReading

    public init(_ view: any StoreReading) { self.view = view }

    public func settings() throws -> Settings { try view.settings() }
    public func habits() throws -> [Habit] { try view.habits(includeArchived: true) }
    public func categories() throws -> [Category] { try view.categories() }
    public func entries(habitIds: Set<EntityID>) throws -> [HabitEntry] { try view.entries(habitIds: habitIds) }
    public func existingWellbeing(_ ids: [EntityID]) throws -> Set<EntityID> { try view.existingIDs(ids, in: .wellbeingEntries) }
    public func existingJournal(_ ids: [EntityID]) throws -> Set<EntityID> { try view.existingIDs(ids, in: .journalEntries) }
    public func existingEntries(_ ids: [EntityID]) throws -> Set<EntityID> { try view.existingIDs(ids, in: .habitEntries) }
}
