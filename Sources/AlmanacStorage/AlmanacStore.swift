import AlmanacDomain
/// A store of truth objects, at the level the use cases need: the store semantics of
/// docs/STORE.md (upsert per habit and day with soft-deleted history, the cap on active habits,
/// skips, unlog) and the reads that metrics, exports and reports make. `RelationalStore`
/// (`AlmanacStorage`) implements it once, over the SQLite and PostgreSQL backends; their fast
/// paths stay behind it.
///
/// Every method that changes something is one transaction and takes the current instant
/// explicitly, so behaviour never depends on a hidden clock.
public protocol AlmanacStore: AnyObject, Sendable {
    /// Where the store is, as the user named it.
    var location: String { get }
    /// Ends the connection; the store must not be used afterwards.
    func close() throws

    /// Changes the settings. Day keys already written stay as they were: they are truth.
    func updateSettings(_ settings: Settings) throws

    /// Stores a new habit after checking its fields, that its name is free and the cap.
    @discardableResult func addHabit(_ draft: Habit) throws -> Habit
    /// Saves an edited habit (same id), checking its fields and that its new name is free.
    func updateHabit(_ edited: Habit, now: Timestamp) throws
    func archiveHabit(id: EntityID, now: Timestamp) throws
    /// Makes an archived habit active again, within the cap.
    func unarchiveHabit(id: EntityID, now: Timestamp) throws
    /// Removes a habit's definition; its entries stay as history. Returns how many stay.
    @discardableResult func deleteHabit(id: EntityID) throws -> Int

    /// Stores a new category, refusing a name another category has (any case).
    @discardableResult func addCategory(named name: String, now: Timestamp) throws -> Category
    /// Renames a category, refusing a name another category has.
    func renameCategory(id: EntityID, to name: String, now: Timestamp) throws
    /// Deletes a category; its habits stay, uncategorised. Returns how many habits it had.
    @discardableResult func deleteCategory(id: EntityID, now: Timestamp) throws -> Int

    /// Stores a new goal or saves an edited one (same id), refusing a name another goal has
    /// (any case) and habits the store does not have.
    func saveGoal(_ goal: Goal, now: Timestamp) throws
    /// Deletes a goal; nothing else (its habits and their entries stay).
    func deleteGoal(id: EntityID) throws

    /// Writes checked logs (`LogRules.plan`) in one transaction: all of them or none.
    @discardableResult func log(_ plans: [LogPlan], now: Timestamp) throws -> [LogOutcome]
    /// Soft-deletes the live entries of a habit on each of `days`; returns how many.
    @discardableResult func unlog(habitId: EntityID, days: [DayKey], now: Timestamp) throws -> Int

    @discardableResult func addJournal(_ draft: JournalEntry) throws -> JournalEntry
    /// Replaces a live journal entry by an edited one, in one transaction: the old row is
    /// soft-deleted (history keeps it) and the new one gets its own id.
    @discardableResult func replaceJournal(id: EntityID, with draft: JournalEntry, now: Timestamp) throws -> JournalEntry
    /// Soft-deletes a live journal entry.
    func deleteJournal(id: EntityID, now: Timestamp) throws
    @discardableResult func addWellbeing(_ draft: WellbeingEntry) throws -> WellbeingEntry
    /// Replaces a live rating by an edited one (the old one stays as history).
    @discardableResult func replaceWellbeing(id: EntityID, with draft: WellbeingEntry, now: Timestamp) throws -> WellbeingEntry
    /// Soft-deletes a live rating.
    func deleteWellbeing(id: EntityID, now: Timestamp) throws

    /// Runs `body` over one consistent read of the whole store: everything it reads belongs to the
    /// same moment, even while another process writes. Every read goes through here; a command
    /// that writes files from the store (report, export, backup) reads in one such call.
    func reading<T>(_ body: (any StoreReading) throws -> T) throws -> T
    /// `reading`, for a read of every entry (a report's): where the backend can, the entries are
    /// read on two cores, by a second connection to the same moment (`SQLBackend.readOnTwoConnections`).
    func readingOnTwoCores<T>(_ body: (any StoreReading) throws -> T) throws -> T

    /// Applies backup contents in one transaction (a dry run rolls it back).
    func restore(_ contents: StoreContents, mode: RestoreMode, dryRun: Bool) throws -> RestoreOutcome
    /// Plans rows against the store and writes them, in one write transaction (`plan` reads the
    /// store inside it, so nothing changes in between; an import plans this way). The cap on
    /// active habits and unique names are checked again before the commit. A dry run plans and
    /// writes nothing.
    func applyPlan<Result>(dryRun: Bool, _ plan: (any StoreReading) throws -> (rows: StoreChanges, result: Result)) throws -> Result
    /// Counts of the rows of each section, soft-deleted ones included.
    func rowCounts() throws -> [BackupFormat.Section: Int]
}

/// Reads inside one read transaction: everything belongs to the same moment of the store.
public protocol StoreReading {
    func settings() throws -> Settings
    /// Every habit (archived ones on request) in display order.
    func habits(includeArchived: Bool) throws -> [Habit]
    func habit(id: EntityID) throws -> Habit?
    /// Every category, by name.
    func categories() throws -> [Category]
    /// Every goal, by name.
    func goals() throws -> [Goal]
    /// Every followed source, by path.
    func sources() throws -> [FollowedSource]
    /// Settings, habits and every live entry through a day as day facts, in one pass over the
    /// entries; with `hours`, the same pass also counts when in the day each habit is done
    /// (`StoreSnapshot.hours`, `HourTally`).
    func snapshot(through day: DayKey?, hours: Bool) throws -> StoreSnapshot
    /// A habit's entries between two days (inclusive), oldest first; soft-deleted ones on request.
    func entries(habitId: EntityID, from: DayKey?, to: DayKey?, includeDeleted: Bool) throws -> [HabitEntry]
    /// Every entry of these habits, soft-deleted ones included.
    func entries(habitIds: Set<EntityID>) throws -> [HabitEntry]
    /// Which of these ids the store has in a section (live or deleted).
    func existingIDs(_ ids: [EntityID], in section: BackupFormat.Section) throws -> Set<EntityID>
    /// The notes of live check entries through a day, per habit id (text form), oldest first.
    func habitNotes(through day: DayKey) throws -> [String: [HabitNote]]
    /// The last time each habit's entries of each day from `first` through `last` were written
    /// or withdrawn (of habits the store defines), by habit id (text form) and day.
    func habitWrites(from first: DayKey, through last: DayKey) throws -> [String: [DayKey: Timestamp]]
    /// Live journal entries between two days (inclusive), by day, time and id.
    func journal(from: DayKey?, to: DayKey?) throws -> [JournalEntry]
    /// Live wellbeing entries between two days (inclusive), by day, time and id.
    func wellbeing(from: DayKey?, to: DayKey?) throws -> [WellbeingEntry]
    /// Streams every live habit entry through a day with its habit's fields (`LiveEntryColumn`),
    /// by day, habit, time and id. Memory does not grow with the number of entries.
    func forEachLiveEntry(through day: DayKey, _ body: (any RowCells) throws -> Void) throws
    /// Streams every object of a section, soft-deleted ones included, in `section.order`, with
    /// the cells of `section.fields` (a frequency as its JSON text, an id list joined by commas).
    func forEachRecord(of section: BackupFormat.Section, _ body: (any RowCells) throws -> Void) throws
    /// The newest instant any record was created, changed, archived, withdrawn or synced at
    /// (every instant field named `…At`); nil for a store with no records.
    func newestChange() throws -> Timestamp?
}

/// Single reads, each in a read transaction of its own: for commands that read one thing.
extension AlmanacStore {
    public func settings() throws -> Settings { try reading { try $0.settings() } }

    public func habits(includeArchived: Bool = true) throws -> [Habit] { try reading { try $0.habits(includeArchived: includeArchived) } }

    public func habit(id: EntityID) throws -> Habit? { try reading { try $0.habit(id: id) } }

    public func categories() throws -> [Category] { try reading { try $0.categories() } }

    public func goals() throws -> [Goal] { try reading { try $0.goals() } }

    public func snapshot(through day: DayKey? = nil) throws -> StoreSnapshot { try readingOnTwoCores { try $0.snapshot(through: day, hours: false) } }

    public func entries(habitId: EntityID, from: DayKey? = nil, to: DayKey? = nil, includeDeleted: Bool = false) throws -> [HabitEntry] {
        try reading { try $0.entries(habitId: habitId, from: from, to: to, includeDeleted: includeDeleted) }
    }

    public func journal(from: DayKey? = nil, to: DayKey? = nil) throws -> [JournalEntry] { try reading { try $0.journal(from: from, to: to) } }

    public func wellbeing(from: DayKey? = nil, to: DayKey? = nil) throws -> [WellbeingEntry] {
        try reading { try $0.wellbeing(from: from, to: to) }
    }

    public func calendar() throws -> StoreCalendar { try StoreCalendar(settings: settings()) }

    /// The habit with this name (any case), or an error suggesting the closest names.
    public func habit(named name: String) throws -> Habit {
        try NameMatcher(habits(includeArchived: true), name: \.name, aliases: \.aliases).find(name)
    }

    /// The goal with this name (any case), or an error suggesting the closest names.
    public func goal(named name: String) throws -> Goal {
        try NameMatcher(goals(), name: \.name).find(name, kind: "goal")
    }

    /// The category with this name (any case), or an error suggesting the closest names.
    public func category(named name: String) throws -> Category {
        try NameMatcher(categories(), name: \.name).find(name, kind: "category")
    }
}

/// What a `log` changed.
public struct LogOutcome: Equatable, Sendable {
    public var written: [HabitEntry]
    /// Live entries that were soft-deleted (they stay in history).
    public var replaced: Int
    /// Of those, the skips a check replaced (a planned day off done after all).
    public var replacedSkips = 0

    public init(written: [HabitEntry] = [], replaced: Int = 0) {
        self.written = written; self.replaced = replaced
    }
}

/// Rows written together by a planned change (`AlmanacStore.applyPlan`): new categories and
/// habits, habits whose fields change, new entries, soft deletions of live entries, new wellbeing
/// and journal entries.
public struct StoreChanges: Sendable {
    public var categories: [Category] = []
    public var newHabits: [Habit] = []
    public var updatedHabits: [Habit] = []
    /// New entry rows (ones already soft-deleted included).
    public var entries: [HabitEntry] = []
    /// Live entries that become history: soft-deleted, never removed.
    public var deletions: [(id: EntityID, at: Timestamp)] = []
    /// Soft-deleted entries that are live again (a followed app ticked a day it had un-ticked); the
    /// plan keeps a copy of each, deleted, as the history of its withdrawal.
    public var revivals: [EntityID] = []
    /// Followed sources, new or changed (upserted by id).
    public var sources: [FollowedSource] = []
    /// Followed sources no longer followed (removed: a source is where data came from, not data).
    public var forgottenSources: [EntityID] = []
    public var wellbeing: [WellbeingEntry] = []
    public var journal: [JournalEntry] = []

    public init() {}

    public var isEmpty: Bool {
        categories.isEmpty && newHabits.isEmpty && updatedHabits.isEmpty && entries.isEmpty && deletions.isEmpty && wellbeing.isEmpty && journal.isEmpty
            && revivals.isEmpty && sources.isEmpty && forgottenSources.isEmpty
    }
}
