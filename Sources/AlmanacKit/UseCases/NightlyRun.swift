import AlmanacDomain
import AlmanacStorage
import Foundation

/// The nightly job (`almanac nightly`): what the store's plan (`Settings.nightly`) asks for, in
/// order and as one job — sync when the store follows an app, that day's dated backup, the site
/// as of the day that just ended, and the CSV files and the workbook as of that day. The backup,
/// which makes no figures, comes before the steps that do: nothing they meet can keep the night's
/// backup from being written. Each step
/// is the command's own code path (`SourceSync`, `SiteReport`, `CSVExport`, `XLSXExport`,
/// `DatedBackups`), run here or, as the command line does for the steps that make figures, in a
/// process of its own (`step(_:day:)`), so that a crash stops only its step. No step needs another to have succeeded: a sync that fails leaves the store
/// as it was, and the outputs still show what it holds. Every output is written whole or not at
/// all, and bytes already in place are left as they were, so a second run the same night changes
/// nothing and a run killed at any step is completed by the next.
///
/// One run per store at a time on a machine: a second one waits for the first (or refuses,
/// when asked not to wait), on a lock named by the store's identity in the user's runtime folder.
public struct NightlyRun {
    public enum Step: String, CaseIterable, Sendable {
        case sync, backup, report, csv, xlsx
    }

    /// What a step did.
    public enum Done: Sendable {
        case sync([Result<SourceSync.Outcome, SourceSync.Failure>])
        case report(SiteReport.Outcome)
        case csv(CSVExport.Outcome)
        case xlsx(XLSXExport.Outcome)
        case backup(DatedBackups.Outcome)
    }

    public struct StepResult: Sendable {
        public var step: Step
        /// Where the step wrote (the followed files for a sync: nil).
        public var place: String?
        public var result: Result<Done, any Error>

        /// Whether the step failed, or (a sync) any of its sources did.
        public var failed: Bool {
            switch result {
            case .failure: return true
            case .success(.sync(let results)): return results.contains { if case .failure = $0 { true } else { false } }
            case .success: return false
            }
        }
    }

    public let location: StoreLocation
    public let clock: Clock
    public let wait: Bool
    public let environment: [String: String]

    public init(location: StoreLocation, clock: Clock, wait: Bool = true, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.location = location; self.clock = clock; self.wait = wait; self.environment = environment
    }

    /// The day that just ended in the store's time zone, and what each step the store is set up
    /// for gave, in order. `perform` runs a step: it is given the step, where it writes, and the
    /// step's own code in this process (`inProcess`), which it may call or hand to another process
    /// (`step(_:day:)` there), so that a crash in one step cannot stop the next.
    public func run<Report>(_ perform: (_ step: Step, _ place: String?, _ day: DayKey, _ inProcess: () -> StepResult) -> Report) throws -> (day: DayKey, steps: [Report]) {
        let store = try location.open()
        defer { try? store.close() }
        let settings = try store.settings()
        let follows = try !store.reading { try $0.sources() }.isEmpty
        guard let plan = settings.nightly, plan.hasOutputs || follows else {
            throw NightlyProblem.nothingSetUp
        }
        guard !plan.isHeld else { throw NightlyProblem.held(places: plan.places) }
        let lockFolder = try Self.lockFolder(of: settings, environment: environment)
        let lock: FolderLock
        do { lock = try FolderLock(for: lockFolder, wait: wait, busy: .folderBusy(lockFolder)) } catch AlmanacError.folderBusy { throw NightlyProblem.busy }
        defer { withExtendedLifetime(lock) {} }
        let day = clock.today(in: try StoreCalendar(settings: settings)).adding(days: -1)
        let steps = Self.steps(of: plan, follows: follows).map { step, place in
            perform(step, place, day) { run(step, place: place, day: day, store: store, settings: settings) }
        }
        return (day, steps)
    }

    /// One step of the store's plan as of `day`, alone (the process that runs the night holds its
    /// lock); nil when the plan has no such step.
    public func step(_ step: Step, day: DayKey) throws -> StepResult? {
        let store = try location.open()
        defer { try? store.close() }
        let settings = try store.settings()
        guard let plan = settings.nightly, !plan.isHeld,
              let (_, place) = Self.steps(of: plan, follows: true).first(where: { $0.step == step }) else { return nil }
        return run(step, place: place, day: day, store: store, settings: settings)
    }

    /// The steps a plan asks for, in order, each with where it writes.
    private static func steps(of plan: NightlyPlan, follows: Bool) -> [(step: Step, place: String?)] {
        var steps: [(Step, String?)] = []
        if follows { steps.append((.sync, nil)) }
        if let backups = plan.backups { steps.append((.backup, backups)) }
        if let site = plan.site { steps.append((.report, site)) }
        if let csv = plan.csv { steps.append((.csv, csv)) }
        if let xlsx = plan.xlsx { steps.append((.xlsx, xlsx)) }
        return steps
    }

    private func run(_ step: Step, place: String?, day: DayKey, store: AlmanacStore, settings: Settings) -> StepResult {
        let plan = settings.nightly!
        return StepResult(step: step, place: place, result: Result {
            switch step {
            case .sync:
                return .sync(try SourceSync(location: location, clock: clock, dryRun: false, force: false).syncAll())
            case .backup:
                return .backup(try DatedBackups(folder: place!).write(store, day: day, retention: BackupRetention(plan, weekStart: settings.weekStart)))
            case .report:
                let request = SiteReport.Request(out: place!, asOf: .day(day), templates: plan.templates, includeNotes: plan.includeNotes,
                                                 includeJournal: plan.includeJournal, wait: wait)
                return .report(try SiteReport(store: store, request: request, clock: clock).run())
            case .csv:
                return .csv(try CSVExport(store: store, out: place!, asOf: day, clock: clock, byteOrderMark: false).run())
            case .xlsx:
                return .xlsx(try XLSXExport(store: store, out: place!, asOf: day, clock: clock).run())
            }
        })
    }

    /// Where the run's lock is kept: the user's runtime folder (`XDG_RUNTIME_DIR`), else their
    /// cache folder, in an `almanac` folder made for it; the lock is named by the store's identity.
    static func lockFolder(of settings: Settings, environment: [String: String]) throws -> String {
        let base = environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"].map { $0 + "/.cache" } ?? NSTemporaryDirectory())
        let folder = (base as NSString).appendingPathComponent("almanac")
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw AlmanacError.cannotWrite(path: folder, reason: "the folder for the nightly job's lock cannot be made")
        }
        // The folder is the job's own: a symbolic link in its place (to /etc) is not followed.
        var info = stat()
        guard lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw AlmanacError.cannotWrite(path: folder, reason: "it is not a folder but a symbolic link or another file; the nightly job keeps its lock only in a folder of its own")
        }
        return (folder as NSString).appendingPathComponent("nightly-\(settings.storeId ?? "store")")
    }
}

/// Why the nightly job or its timer cannot do what it was asked; the command line words them
/// with the commands that mend them.
public enum NightlyProblem: Error, Equatable, CustomStringConvertible {
    /// The store has no plan with an output and follows no app.
    case nothingSetUp
    /// Another nightly run of the store holds its lock.
    case busy
    /// The timer is enabled: removing its units would leave its link pointing at nothing.
    case timerEnabled(unit: String)
    /// The installed service runs another job (another store's).
    case otherJob(path: String, command: String)
    /// A file of the timer's name that Almanac did not write.
    case notOurs(path: String)
    /// The store is a restored copy whose plan, carried from the store it came from, is held.
    case held(places: [String])

    public var description: String {
        switch self {
        case .nothingSetUp: return "Nothing is set up for the night yet: the store has no place for a site, exports or backups, and follows no app."
        case .busy: return "Another nightly run of this store is going on; try again when it is done."
        case .timerEnabled(let unit): return "The timer \(unit) is enabled; turn it off before its files are removed."
        case .otherJob(let path, let command): return "\(path) runs another nightly job (\(command)); it is left as it is."
        case .notOurs(let path): return "\(path) is not a unit Almanac wrote; it is left as it is."
        case .held(let places):
            return "This store was restored from a backup into a new place, and its nightly plan is the store's it came from"
                + (places.isEmpty ? "" : " (\(places.joined(separator: ", ")))")
                + ": it publishes nothing over that store's outputs until its plan is set on it."
        }
    }
}
