import AlmanacDomain
import AlmanacImport
import AlmanacWords
import AlmanacRender
import Foundation
import SystemPackage
import AlmanacStorage
import AlmanacSupport

/// `report`: the static site of a store, as of a day, written into a folder. A pipeline of four
/// named steps over one read of the store, every run the same as the first (docs/REPORTS.md):
///
/// 1. **read** — one read transaction gives everything the site is made from (`SiteInput`):
///    a `log` racing the report is in every file or in none. Notes, journal and wellbeing are
///    read only when asked for.
/// 2. **derive** — the models of the files shared by the whole site, and each habit's files as
///    the values they are made from (`SiteDerivation.plan`, `HabitFiles`): a pure function of
///    what was read and the options.
/// 3. **render** — every file rendered from its model, and its bytes compared with the
///    published file's: an equal file is kept as it is (its inode and time stay).
/// 4. **publish** — the files go through the output folder, the new site exchanged with the
///    published one whole (`SiteWriter`, `SiteStaging`); nothing whose bytes did not change is
///    written again, the manifest included.
///
/// An error says which step stopped the report, and on which file when it is about one.
public struct SiteReport {
    /// What to render where.
    public struct Request: Sendable {
        public var out: String
        /// The as-of day (`yesterday` is resolved in the store's time zone); nil: today.
        public var asOf: DaySelection?
        public var templates: String?
        public var includeNotes: Bool
        public var includeJournal: Bool
        /// The address the site is published at (ending in "/"), for absolute links; nil: relative.
        public var baseURL: String?
        /// Let search engines index the site (needs `baseURL`): `robots.txt` allows crawling and
        /// names `sitemap.xml`; else every page says `noindex` (docs/REPORTS.md).
        public var isPublic: Bool
        /// Wait for another report into the same folder to finish (else refuse at once).
        public var wait: Bool
        /// What the manifest says made the site (`SiteManifest.reportGenerator`, or the sample's).
        public var generator: String

        public init(out: String, asOf: DaySelection? = nil, templates: String? = nil, includeNotes: Bool = false,
                    includeJournal: Bool = false, baseURL: String? = nil, isPublic: Bool = false, wait: Bool = true,
                    generator: String = SiteManifest.reportGenerator) {
            self.isPublic = isPublic
            self.generator = generator
            self.out = out; self.asOf = asOf; self.templates = templates
            self.includeNotes = includeNotes; self.includeJournal = includeJournal; self.baseURL = baseURL; self.wait = wait
        }
    }

    public struct Outcome: Sendable {
        public var asOf: DayKey
        public var written: Int, unchanged: Int, removed: Int
        /// Every file of the site, the manifest included.
        public var files: Int
        /// How long each step took, in seconds.
        public var seconds: [ReportStep: Double]
        /// The processor time each step took, in seconds, over all threads.
        public var processorSeconds: [ReportStep: Double] = [:]
        /// What was read but left out, one sentence each (`StoreSnapshot.daysOutsideRange`).
        public var warnings: [String] = []
    }

    public let store: any AlmanacStore
    public let request: Request
    public let clock: Clock
    /// The templates, when the caller loaded them already (a run over many stores loads them once).
    let loadedTemplates: TemplateSet?
    /// How the new site is exchanged with the published one (`FolderExchange.exchange`); a test
    /// stands in a file system that cannot, to see the report write in place instead.
    var exchange: (String, String) throws -> Bool = FolderExchange.exchange

    public init(store: any AlmanacStore, request: Request, clock: Clock) {
        self.init(store: store, request: request, clock: clock, templates: nil)
    }

    /// With the templates loaded already (a run over many stores loads them once).
    public init(store: any AlmanacStore, request: Request, clock: Clock, templates: TemplateSet?) {
        self.store = store; self.request = request; self.clock = clock; self.loadedTemplates = templates
    }

    /// The request's templates: a folder of edited ones, or the built-in ones.
    public static func templates(_ request: Request) throws -> TemplateSet {
        try request.templates.map { try TemplateFolder($0).load() } ?? TemplateSet.builtIn()
    }

    /// Renders the site and publishes it; `progress(done, total)` follows the writing.
    public func run(progress: (Int, Int) -> Void = { _, _ in }) throws -> Outcome {
        // A folder of edited templates is read, and an error in it said, before anything is
        // written; the built-in ones are parsed while the store is read.
        let templates = try loadedTemplates ?? request.templates.map { try TemplateFolder($0).load() }
        // The folder first (and its parents): the lock is taken beside it. A report that fails
        // leaves no empty folder that was not there before.
        try Self.checkCanPublish(request.out)
        let existed = FileManager.default.fileExists(atPath: request.out)
        try OutputFolder.createFolder(request.out)
        do {
            return try publishSite(templates: templates, progress: progress)
        } catch {
            if !existed { rmdir(request.out) }   // only when empty
            throw error
        }
    }

    private func publishSite(templates edited: TemplateSet?, progress: (Int, Int) -> Void) throws -> Outcome {
        let path = Self.resolved(request.out)
        let lock = try FolderLock(for: path, wait: request.wait, busy: .folderBusy(request.out))
        defer { withExtendedLifetime(lock) {} }
        let published = try OutputFolder(path)
        var seconds: [ReportStep: Double] = [:], processor: [ReportStep: Double] = [:]
        func timed<T>(_ step: ReportStep, _ body: () throws -> T) throws -> T {
            let started = DispatchTime.now().uptimeNanoseconds, startedProcessor = ProcessClock.processorSeconds()
            defer {
                seconds[step] = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
                processor[step] = ProcessClock.processorSeconds() - startedProcessor
            }
            do { return try body() } catch { throw Self.stopped(at: step, error) }
        }
        // The store on this core; the previous site's manifest and the built-in templates on the
        // other. Nothing is written before the folder is found to be a site's.
        var ((input, options), (previous, templates)) = try timed(.read) {
            try Parallel.both({ try read() }, { (SiteManifest.previous(in: published), edited ?? TemplateSet.builtIn()) })
        }
        options.words = templates.words(for: input.snapshot.settings.language)
        try Self.checkIsSiteFolder(path, hasEarlierSite: previous != nil)
        let plan = try timed(.derive) { try SiteDerivation(input: input, options: options).plan() }
        // The new site is built in a staging folder beside the published one (`SiteStaging`),
        // taken now: the render step writes each new or changed file into it as it is rendered.
        var staging: SiteStaging?
        let (files, outcome): ([SiteFile], SiteWriter.Outcome)
        do {
            files = try timed(.render) {
                staging = try SiteStaging(beside: published)
                return try render(plan, templates: templates, published: published, staging: staging)
            }
            outcome = try timed(.publish) {
                try publish(files, asOf: options.asOf, published: published, previous: previous, staging: staging, progress: progress)
            }
        } catch {
            staging?.discard()
            throw error
        }
        // Once the site is out, the previous one (now in the staging folder) is removed.
        staging?.discard()
        return Outcome(asOf: options.asOf, written: outcome.written, unchanged: outcome.unchanged, removed: outcome.removed,
                       files: files.count + 1, seconds: seconds, processorSeconds: processor, warnings: input.snapshot.daysOutsideRange)
    }

    /// The read step: everything the site is made from, of one moment of the store (the entries
    /// read on two cores where the store allows: `AlmanacStore.readingOnTwoCores`); the private
    /// parts only when asked for.
    public func read() throws -> (SiteInput, SiteOptions) {
        try store.readingOnTwoCores { view in
            let settings = try view.settings()
            let today = try clock.today(in: StoreCalendar(settings: settings))
            let asOf = request.asOf?.day(today: today) ?? today
            let input = SiteInput(
                snapshot: try view.snapshot(through: asOf, hours: true), categories: try view.categories(), goals: try view.goals(),
                notes: request.includeNotes ? try view.habitNotes(through: asOf) : [:],
                journal: request.includeJournal ? try view.journal(from: nil, to: asOf) : [],
                wellbeing: request.includeJournal ? try view.wellbeing(from: nil, to: asOf) : [],
                // The feed's days and the periods they fall in (a month at most before them).
                habitWrites: try view.habitWrites(from: asOf.adding(days: -SiteDerivation.feedDays - 31), through: asOf))
            // A store its owner made public is published as public at its address by every report.
            return (input, SiteOptions(asOf: asOf, today: today, includeNotes: request.includeNotes, includeJournal: request.includeJournal,
                                       baseURL: request.baseURL ?? settings.publicAddress, isPublic: request.isPublic || settings.publicAddress != nil,
                                       uuid: { EntityID.derived($0, in: .siteNamespace).description }))
        }
    }

    /// The render step, on both cores: every file of the site rendered from its model — the files
    /// shared by the whole site first (the largest, the dashboard and the feed, take longest),
    /// then each habit's — and compared with the published file: a file with the same bytes is
    /// kept as it is; any other is written into `staging` at once, when there is one (else the
    /// publish step writes it). Two files of one path are refused before the second is rendered,
    /// and so before anything is published (the site's paths are built so that none can meet).
    func render(_ plan: SitePlan, templates: TemplateSet, published: OutputFolder, staging: SiteStaging? = nil) throws -> [SiteFile] {
        let stager = staging.map { SiteWriter(published: published, staging: $0.folder, previous: nil) }
        let claimed = Locked(Set<String>())
        @Sendable func rendered(_ page: SitePage) throws -> SiteFile {
            guard claimed.withLock({ $0.insert(page.path).inserted }) else {
                throw AlmanacError.refused("Two files of the site would both be \(page.path) (two habits' names give it); nothing was published.")
            }
            let bytes: [UInt8]
            do { bytes = try page.render(templates) } catch { throw Self.stopped(at: .render, on: page.path, error) }
            let file = SiteFile(path: page.path, bytes: bytes)
            if published.hasContent(page.path, bytes) { return file.kept }
            return try stager?.stage(file) ?? file
        }
        let work = plan.shared.map { RenderWork.shared($0) } + plan.habits.map { RenderWork.habit($0) }
        let files = try Parallel.map(work) { item -> [SiteFile] in
            switch item {
            case .shared(let page): return [try rendered(page)]
            case .habit(let habit): return try habit.pages().map(rendered)
            }
        }
        return files.joined().sorted { $0.path < $1.path }
    }

    /// A job of the render step: a file shared by the whole site, or one habit's files.
    private enum RenderWork: Sendable {
        case shared(SitePage)
        case habit(HabitFiles)
    }

    /// The publish step: the new site, built in the staging folder (`SiteStaging`) beside the
    /// published one, exchanged with it in one step; where that cannot be done (the parent
    /// folder is not writable, the file system cannot exchange folders), in place, file by file.
    /// When no file changed, none was dropped and the manifest is the same, the folder is left as
    /// it is.
    private func publish(_ files: [SiteFile], asOf: DayKey, published: OutputFolder, previous: PreviousSite?, staging: SiteStaging?,
                         progress: (Int, Int) -> Void) throws -> SiteWriter.Outcome {
        let inPlace = SiteWriter(published: published, staging: nil, previous: previous)
        let manifest = SiteManifest.encoded(files, asOf: asOf, generator: request.generator)
        if files.allSatisfy(\.isKept), previous?.bytes == manifest, inPlace.staleFiles(made: Set(files.map(\.path))).isEmpty {
            staging?.discard()
            Leftovers.remove(in: published.path, recursive: true)
            return SiteWriter.Outcome(written: 0, unchanged: files.count, removed: 0)
        }
        var files = files
        if let staging {
            let writer = SiteWriter(published: published, staging: staging.folder, previous: previous)
            let outcome = try writer.write(files, manifest: manifest, progress: progress)
            if try staging.publish(exchange: exchange) { return outcome }
            // What was staged is written again, in place: its bytes are read back first.
            files = try files.map { try $0.takenBack(from: staging.folder) }
            staging.discard()
        }
        // In place, temporary files of killed runs are removed here; a staged site simply leaves
        // them behind with the previous one.
        Leftovers.remove(in: published.path, recursive: true)
        return try inPlace.write(files, manifest: manifest, progress: progress)
    }

    /// Whether a report may publish into `out`, said before anything is written — not even the
    /// lock beside the folder: never at the file system's root (nor is a folder beside it to be
    /// had), never into a folder of the user's own (`checkIsSiteFolder`, which the report checks
    /// again under its lock, with the manifest read). A command that writes something else first
    /// (`demo`'s store) asks this before it.
    public static func checkCanPublish(_ out: String) throws {
        guard !out.isEmpty else { throw AlmanacError.emptyOutputLocation }
        let path = resolved(out)
        if FilePath(path).removingLastComponent() == FilePath(path) {
            throw AlmanacError.refused("Refusing to publish a site at \(out), the file system's root; give a folder for the site.")
        }
        let manifest = (path as NSString).appendingPathComponent(SiteManifest.fileName)
        guard FileManager.default.fileExists(atPath: path) else { return }
        // A manifest of another program's (a web app's `manifest.json`) is no earlier site: the
        // folder is refused before anything is written, not even the lock beside it.
        try checkIsSiteFolder(path, hasEarlierSite: SiteManifest.isAlmanacs(atPath: manifest))
    }

    /// `demo`'s check before it writes its store: its sample site goes where a report may publish
    /// (`checkCanPublish`), and never over the site of another store — only into a folder that
    /// holds no site yet or a sample site (its manifest's `generator`).
    public static func checkCanPublishSample(_ out: String) throws {
        try checkCanPublish(out)
        let manifest = (resolved(out) as NSString).appendingPathComponent(SiteManifest.fileName)
        guard let bytes = OutputFolder.bytes(atPath: manifest), let generator = SiteManifest.decoded(bytes)?.generator,
              generator != SiteManifest.sampleGenerator else { return }
        throw AlmanacError.sampleOverSite(out)
    }

    /// Files that keep an otherwise empty folder in a repository, which tracks no empty folder
    /// (`Output/.gitignore` in Almanac's own): a folder holding only these counts as empty, and
    /// they are carried into the site as the user's own files.
    static let placeholders: Set<String> = [".gitignore", ".gitkeep"]

    /// A site is published by replacing its whole folder, so a report writes only into a folder
    /// that is new, empty (but for what killed runs of Almanac left, and `placeholders`), or an
    /// earlier report's site (its `manifest.json` read): never over a folder of the user's own
    /// (`--out ..`, a home folder), which an exchange would rebuild. (The file system's root is
    /// refused before.)
    static func checkIsSiteFolder(_ path: String, hasEarlierSite: Bool) throws {
        guard !hasEarlierSite else { return }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        guard let entry = entries.sorted().first(where: { Leftovers.writer(of: $0) == nil && !placeholders.contains($0) }) else { return }
        throw AlmanacError.refused("Refusing to publish a site in \(path): it holds files (\(entry) among them) but no earlier report's site "
            + "(no manifest.json that Almanac can read), and a report replaces its whole folder; give a new or empty folder, "
            + "or an earlier report's folder.")
    }

    /// An error of a step, said with the step and the file.
    static func stopped(at step: ReportStep, on path: String? = nil, _ error: any Error) -> any Error {
        switch error {
        case AlmanacError.report: return error
        case AlmanacError.refused: return error
        // A store that did not answer in time is about the store, not the step (an operator's
        // night names its own time limit).
        case StoreError.busy, StoreError.timedOut: return error
        case let problem as TemplateSet.Problem:
            return AlmanacError.report(step: step, path: path, reason: "Template error in \(problem.description); nothing was written.")
        default: return AlmanacError.report(step: step, path: path, reason: "\(error)")
        }
    }

    /// The folder a path names: a symbolic link to a folder is resolved, so the folder it points
    /// to is what gets exchanged, and the link stays.
    static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }
}

/// The steps of a report, in order.
public enum ReportStep: String, Sendable, CaseIterable, CustomStringConvertible {
    case read, derive, render, publish

    public var description: String { rawValue }
}
