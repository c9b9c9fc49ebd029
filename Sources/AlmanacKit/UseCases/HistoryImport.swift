import AlmanacDomain
import AlmanacImport

/// `import PATH`: another app's history into the store. The file is read and checked whole
/// first; the plan (new habits, habits merged by id or name, new days, days already here, days
/// that replace what the store has) is made and written in one transaction, so a file is never
/// half-imported and a second import of the same file changes nothing. A store that does not
/// exist yet is created (with the default settings, as `init` would) only when there is
/// something to write.
public struct HistoryImport {
    public struct Outcome: Sendable {
        /// "Loop Habit Tracker database (schema 22)".
        public var source: String
        public var format: ImportFormat
        public var warnings: [String]
        public var summary: ImportSummary
        public var createdStore: Bool
    }

    public let location: StoreLocation
    public let file: String
    public let format: ImportFormat?
    public let dryRun: Bool
    public let clock: Clock
    /// Leave out the rows that cannot be read or kept, and list them, instead of refusing the file.
    public let leavingOutBadRows: Bool

    /// Habits of the store (by name) that take in the file's habit of the same name.
    public let mergeInto: [String]

    public init(location: StoreLocation, file: String, format: ImportFormat?, dryRun: Bool, clock: Clock, leavingOutBadRows: Bool = false,
                mergeInto: [String] = []) {
        self.location = location; self.file = file; self.format = format; self.dryRun = dryRun; self.clock = clock
        self.leavingOutBadRows = leavingOutBadRows; self.mergeInto = mergeInto
    }

    public func run() throws -> Outcome {
        let store = try location.openIfPresent()
        let settings = try store?.settings() ?? Settings.systemDefault
        let history: ImportedHistory
        do {
            history = try ImportSource.read(file, format: format, calendar: StoreCalendar(settings: settings), leavingOutBadRows: leavingOutBadRows)
        } catch let problem as ImportProblem {
            throw AlmanacError.importFile(file: file, problem: problem)
        }
        let planner = ImportPlanner(history: history, now: clock.now(), leavingOutBadRows: leavingOutBadRows, mergeInto: mergeInto)
        let plan = { (base: any ImportBase) throws -> ImportChanges in try planner.plan(against: base) }
        func outcome(_ changes: ImportChanges, created: Bool) -> Outcome {
            Outcome(source: history.sourceTitle, format: history.format, warnings: history.warnings, summary: changes.summary, createdStore: created)
        }
        if let store {
            let changes = try store.applyPlan(dryRun: dryRun) { view in
                let changes = try planner.plan(against: StoreImportBase(view))
                return (changes.rows, changes)
            }
            return outcome(changes, created: false)
        }
        let preview = try plan(EmptyImportBase(given: settings))
        if dryRun || preview.isEmpty { return outcome(preview, created: false) }
        // The new store is empty, as the plan assumed: it is written as planned, not planned again.
        let changes = try location.buildNew(settings: settings) { fresh in try fresh.applyPlan(dryRun: false) { _ in (preview.rows, preview) } }
        return outcome(changes, created: true)
    }
}

/// A store that does not exist yet, as an import plan sees it.
struct EmptyImportBase: ImportBase {
    let given: Settings
    func settings() throws -> Settings { given }
    func habits() throws -> [Habit] { [] }
    func categories() throws -> [Category] { [] }
    func entries(habitIds: Set<EntityID>) throws -> [HabitEntry] { [] }
    func existingWellbeing(_ ids: [EntityID]) throws -> Set<EntityID> { [] }
    func existingJournal(_ ids: [EntityID]) throws -> Set<EntityID> { [] }
    func existingEntries(_ ids: [EntityID]) throws -> Set<EntityID> { [] }
}
