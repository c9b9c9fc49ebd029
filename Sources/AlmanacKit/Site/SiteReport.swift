import AlmanacDomain
import AlmanacRender
import Foundation
import SystemPackage
import AlmanacStorage

/// `report`: the static site of a store, as of a day, written into a folder. A pipeline of four
/// named steps over one read of the store (docs/REPORTS.md):
///
/// 1. **read** — one read transaction gives everything the site is made from (`SiteInput`):
///    a `log` racing the report is in every file or in none. Notes, journal and wellbeing are
///    read only when asked for.
/// 2. **derive** — the models of the files shared by the whole site, and each habit's parts as
///    the values their files are made from (`SiteDerivation.plan`, `HabitFiles`,
///    `HabitPastYears`): a pure function of what was read and the options.
/// 3. **render** — a part of a habit's files whose key is the one the previous run recorded
///    stays whole (`SitePart`: the habit's files, its earlier years' heatmaps); the others'
///    models are made and rendered. Every file shared by the whole site gets its model's key
///    (`SitePage.key`); one whose key is the one the previous run recorded, and that is still
///    as that run left it, is kept; every other file is rendered from its model alone. A kept
///    file is the file a fresh run would render, because each key covers everything its
///    renderer — or its habit's models — see.
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
        /// Wait for another report into the same folder to finish (else refuse at once).
        public var wait: Bool
        /// What the manifest says made the site (`SiteManifest.reportGenerator`, or the sample's).
        public var generator: String
        /// Trust nothing an earlier run left (`report --full`): the kept facts, figures and spare
        /// are removed first, and every published file is compared by its bytes, not by its
        /// size and time — what repairs a site someone edited, or a store written behind its
        /// triggers' back (docs/REPORTS.md, "What a re-run does not see").
        public var full = false

        public init(out: String, asOf: DaySelection? = nil, templates: String? = nil, includeNotes: Bool = false,
                    includeJournal: Bool = false, baseURL: String? = nil, wait: Bool = true,
                    generator: String = SiteManifest.reportGenerator) {
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
    /// How the folders the publish step brings up to date are listed ahead (`SiteListings`); a
    /// test changes the published folder right after, as a person might while the report runs.
    var listFolders: @Sendable (OutputFolder) -> SiteListings = { SiteListings(published: $0) }

    public init(store: any AlmanacStore, request: Request, clock: Clock) {
        self.init(store: store, request: request, clock: clock, templates: nil)
    }

    init(store: any AlmanacStore, request: Request, clock: Clock, templates: TemplateSet?) {
        self.store = store; self.request = request; self.clock = clock; self.loadedTemplates = templates
    }

    /// Starts what a report of `request` can begin before its store is open, on worker threads:
    /// parsing the built-in templates (`TemplateSet.prepareBuiltIn`), and reading what an
    /// earlier report kept beside the folder (`KeptReads`).
    public static func prepare(_ request: Request) {
        if request.templates == nil { TemplateSet.prepareBuiltIn() }
        if !request.full { KeptReads.start(beside: resolved(request.out)) }
    }

    /// The request's templates: a folder of edited ones, or the built-in ones.
    static func templates(_ request: Request) throws -> TemplateSet {
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
        if request.full {
            for file in [FactCacheFile.path(beside: path), FiguresCacheFile.path(beside: path)] {
                unlink(file)
                unlink(KeptFile.sparePath(for: file))
            }
            try? FileManager.default.removeItem(atPath: SiteStaging.spare(beside: published))
        }
        var seconds: [ReportStep: Double] = [:], processor: [ReportStep: Double] = [:]
        func timed<T>(_ step: ReportStep, _ body: () throws -> T) throws -> T {
            let started = DispatchTime.now().uptimeNanoseconds, startedProcessor = ProcessClock.processorSeconds()
            defer {
                seconds[step] = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
                processor[step] = ProcessClock.processorSeconds() - startedProcessor
            }
            do { return try body() } catch { throw Self.stopped(at: step, error) }
        }
        // What the command started reading before the lock, when it did (`KeptReads`).
        let kept = KeptReads.take(beside: path)
        // The store on one core; the previous run's manifest, the kept figures and the built-in
        // templates (parsed while the store is read) on the other. Nothing is written before the
        // folder is found to be a site's.
        let ((input, options, facts), (previousSite, keptFigures, templates)) = try timed(.read) {
            try Parallel.both({ try readKeeping(beside: path, facts: kept?.facts) },
                              { (SiteManifest.previous(in: published), kept?.figures.value ?? FiguresCacheFile.read(beside: path),
                                 edited ?? TemplateSet.builtIn()) })
        }
        // A full run keeps no file by its size and time: each is compared by its bytes.
        var previous = previousSite
        if request.full { previous?.trusted = false }
        // The folders the publish step brings up to date, listed on a worker while the site is
        // derived and rendered (`SiteListings`); not while the store is read, when the workers
        // read what the read step waits for.
        let listFolders = self.listFolders
        let listings = Parallel.later { listFolders(published) }
        try Self.checkIsSiteFolder(path, hasEarlierSite: previous != nil)
        let seriesInputs = SeriesInputs(facts: facts.keep, habits: input.snapshot.habits)
        let plan = try timed(.derive) {
            try SiteDerivation(input: input, options: options, knownFigures: keptFigures.known,
                               knownSeries: seriesInputs.known(keptFigures.seriesDigests), knownFolds: keptFigures.knownFolds(seriesInputs)).plan()
        }
        // The new site is built in a staging folder beside the published one (`SiteStaging`),
        // taken now: the render step writes each new or changed file into it as it is rendered.
        var staging: SiteStaging?
        let (files, outcome): ([SiteFile], SiteWriter.Outcome)
        do {
            files = try timed(.render) {
                staging = try SiteStaging(beside: published)
                return try render(plan, templates: templates, previous: previous, in: published, staging: staging)
            }
            // What was staged goes to disk while the rest is published.
            staging?.startFlushing()
            outcome = try timed(.publish) {
                // What is kept for the next report is encoded while the site is published — each
                // file a job offered to the other core, which this thread takes when the site is
                // out and no worker has — and written once the site is out: not flushed, it is not
                // part of what the publish step puts on disk. A report that stops writes nothing
                // new (a job still running then only encodes what is dropped). They are offered
                // once the new manifest's job is (`publish`'s `started`): the manifest is what
                // the site waits for.
                var keeping: [Parallel.Later<(bytes: [UInt8], path: String)?>]?
                let offerKeeping = {
                    if keeping == nil {
                        keeping = Self.keptFiles(beside: path, facts: facts, plan: plan, figures: keptFigures, series: seriesInputs)
                            .map { Parallel.later($0) }
                    }
                }
                let outcome = try publish(files, asOf: options.asOf, into: published, staging: staging, previous: previous,
                                          listings: listings.value, started: offerKeeping, progress: progress)
                offerKeeping()
                for file in keeping!.compactMap(\.value) { KeptFile.prepare(file.bytes, for: file.path)?.commit() }
                return outcome
            }
        } catch {
            staging?.discard()
            throw error
        }
        return Outcome(asOf: options.asOf, written: outcome.written, unchanged: outcome.unchanged, removed: outcome.removed,
                       files: files.count + 1, seconds: seconds, processorSeconds: processor, warnings: input.snapshot.daysOutsideRange)
    }

    /// What the next report into `folder` takes from this one, as jobs that encode each file and
    /// say where it goes: the day facts when they changed, the figures, folds and series digests
    /// when a habit's key, a fold or a digest is not in the kept file (`FactCacheFile`,
    /// `FiguresCacheFile`). A job that finds nothing to keep gives nil.
    private static func keptFiles(beside folder: String, facts: (kept: FactCacheFile.Kept?, keep: FactCache?), plan: SitePlan,
                                  figures kept: FiguresCacheFile.Kept, series inputs: SeriesInputs) -> [() -> (bytes: [UInt8], path: String)?] {
        let factsFile = { () -> (bytes: [UInt8], path: String)? in
            guard let keep = facts.keep, keep != facts.kept?.cache else { return nil }
            return (FactCacheFile.encode(keep, reusing: facts.kept), FactCacheFile.path(beside: folder))
        }
        let figuresFile = { () -> (bytes: [UInt8], path: String)? in
            let series = inputs.digests(of: plan), folds = inputs.folds(of: plan, kept: kept)
            guard plan.habits.contains(where: { kept.blocks[$0.figuresKey] == nil }) || plan.habits.count != kept.blocks.count
                || series != kept.seriesDigests || folds.mapValues(\.stamp) != kept.folds.mapValues(\.stamp)
            else { return nil }
            let figures = Dictionary(plan.habits.map { ($0.figuresKey, $0.figures) }, uniquingKeysWith: { first, _ in first })
            return (FiguresCacheFile.encode(figures, series: series, folds: folds, reusing: kept), FiguresCacheFile.path(beside: folder))
        }
        return [figuresFile, factsFile]
    }

    /// The read step: everything the site is made from, in one read transaction of the store;
    /// the private parts only when asked for.
    public func read() throws -> (SiteInput, SiteOptions) {
        let (input, options, _) = try readKeeping(beside: Self.resolved(request.out))
        return (input, options)
    }

    /// The read step, with the day facts a previous report into `folder` kept beside it
    /// (`FactCacheFile`): the habits whose entries did not change since are not read from the
    /// store, when it keeps change tokens. Also returns the facts to keep for the next report.
    /// `facts`: their reads, when they were started already (`KeptReads`).
    private func readKeeping(beside folder: String, facts started: KeptReads.FactReads? = nil) throws
        -> (SiteInput, SiteOptions, (kept: FactCacheFile.Kept?, keep: FactCache?)) {
        // The kept facts decode on other threads while the store's tokens and changed habits are read.
        let (index, decoding) = started ?? KeptReads.factReads(beside: folder)
        var keep: FactCache?
        let (input, options) = try store.reading { view in
            let today = try clock.today(in: StoreCalendar(settings: view.settings()))
            let asOf = request.asOf?.day(today: today) ?? today
            let entries = try view.siteFacts(through: asOf, keptTokens: { index.value?.tokens }, kept: { decoding.value?.cache })
            keep = entries?.cache
            let input = SiteInput(
                snapshot: try entries?.snapshot ?? view.snapshot(through: asOf, hours: true), categories: try view.categories(),
                goals: try view.goals(), plannedSkips: try entries?.plannedSkips ?? view.plannedSkips(after: asOf),
                notes: request.includeNotes ? try view.habitNotes(through: asOf) : [:],
                journal: request.includeJournal ? try view.journal(from: nil, to: asOf) : [],
                wellbeing: request.includeJournal ? try view.wellbeing(from: nil, to: asOf) : [],
                dayWrites: try view.dayWrites(from: asOf.adding(days: 1 - SiteDerivation.feedDays), through: asOf))
            return (input, SiteOptions(asOf: asOf, includeNotes: request.includeNotes, includeJournal: request.includeJournal,
                                       baseURL: request.baseURL))
        }
        return (input, options, (decoding.value, keep))
    }

    /// The render step, on both cores. A part of a habit's files (`SitePart`: its files, its
    /// earlier years' heatmaps) is the previous run's when the key of everything it is made from
    /// is the one that run recorded for it and each file is as it left it; else the part's models
    /// are made and every one of its files rendered, under the part's key — but a file keyed alone
    /// (`SitePage.keyedAlone`), which gets its model's key and is the previous run's file where
    /// that key is the one recorded for it and the file intact. A file shared by the
    /// whole site gets its model's key, and is the previous run's where that key is the same and
    /// the file intact, else it is rendered from its model. A rendered file whose bytes are the
    /// published file's is kept too; any other is written into `staging` at once, when there is
    /// one (else the publish step writes it).
    func render(_ plan: SitePlan, templates: TemplateSet, previous: PreviousSite?, in folder: OutputFolder,
                staging: SiteStaging? = nil) throws -> [SiteFile] {
        let renderer = RendererIdentity.current
        let stager = staging.map { SiteWriter(published: folder, staging: $0.folder, previous: previous, reusing: $0.reusing) }
        func rendered(_ page: SitePage, key: String, group: String?) throws -> SiteFile {
            let file: SiteFile
            do {
                file = SiteWriter.unchangedOnDisk(SiteFile(path: page.path, key: key, bytes: try page.render(templates), group: group),
                                                  in: folder, previous: previous)
            } catch {
                throw Self.stopped(at: .render, on: page.path, error)
            }
            guard let staging, let stager else { return file }
            let staged = try stager.stage(file)
            if case .staged = staged.content { staging.noteStaged(staged.size) }
            return staged
        }
        func part(_ part: any SitePart) throws -> [SiteFile] {
            let key: String
            do { key = try part.key(renderer: renderer, templates: templates) } catch { throw Self.stopped(at: .render, on: nil, error) }
            if let kept = previous?.kept(part: key, in: folder) { return kept }
            let pages = part.pages()
            let group = PreviousSite.group(key: key, files: pages.count)
            return try pages.map { page in
                guard page.keyedAlone else { return try rendered(page, key: key, group: group) }
                let own: String
                do { own = try page.key(renderer: renderer, templates: templates) } catch { throw Self.stopped(at: .render, on: page.path, error) }
                return try previous?.kept(page.path, key: own, in: folder, group: group) ?? rendered(page, key: own, group: group)
            }
        }
        func shared(_ page: SitePage) throws -> SiteFile {
            let key: String
            do { key = try page.key(renderer: renderer, templates: templates) } catch { throw Self.stopped(at: .render, on: page.path, error) }
            return try previous?.kept(page.path, key: key, in: folder) ?? rendered(page, key: key, group: nil)
        }
        // One map over both, the shared files first (the largest of them, the dashboard and the
        // feed, take longest): the cores part at the end only once every file is done.
        let work = plan.shared.map { RenderWork.shared($0) } + plan.parts.map { RenderWork.part($0) }
        let files = try Parallel.map(work) { item -> [SiteFile] in
            switch item {
            case .shared(let page): return [try shared(page)]
            case .part(let habitPart): return try part(habitPart)
            }
        }
        return files.joined().sorted { $0.path < $1.path }
    }

    /// A job of the render step: a file shared by the whole site, or a part of a habit's files.
    private enum RenderWork {
        case shared(SitePage)
        case part(any SitePart)
    }

    /// The publish step: the new site, built in the staging folder (`SiteStaging`) beside the
    /// published one, exchanged with it in one step; where that cannot be done (the parent
    /// folder is not writable, the file system cannot exchange folders), in place, file by file.
    /// When no file changed, none was dropped and the manifest is the same, the folder is left as
    /// it is.
    /// `started`: called once the new manifest is being encoded (on another thread, while the
    /// files are put in place).
    private func publish(_ files: [SiteFile], asOf: DayKey, into published: OutputFolder, staging: SiteStaging?, previous: PreviousSite?,
                         listings: SiteListings? = nil, started: () -> Void = {}, progress: (Int, Int) -> Void) throws -> SiteWriter.Outcome {
        let inPlace = SiteWriter(published: published, staging: nil, previous: previous)
        var encoded: [UInt8]?
        if files.allSatisfy(\.isKept) {
            let manifest = SiteManifest.encoded(files, asOf: asOf, generator: request.generator, private: privateKinds)
            if previous?.bytes == manifest, inPlace.staleFiles(made: Set(files.map(\.path))).isEmpty {
                staging?.keepAsSpare()
                SiteStaging.removeLeftovers(of: published)
                Leftovers.remove(in: published.path, recursive: true, listed: listings?.published)
                return SiteWriter.Outcome(written: 0, unchanged: files.count, removed: 0)
            }
            encoded = manifest
        }
        // Else the manifest is encoded while the files are written.
        let manifest = { encoded ?? SiteManifest.encoded(files, asOf: asOf, generator: request.generator, private: privateKinds) }
        var files = files
        if let staging {
            let writer = SiteWriter(published: published, staging: staging.folder, previous: previous, reusing: staging.reusing,
                                    listings: listings)
            let outcome = try writer.write(files, manifest: manifest, started: started, progress: progress)
            // The previous site, kept as the spare, keeps only the files the new one shares when it
            // showed private text this one does not: its notes or journal never stay beside it.
            let made = Set(files.map(\.path))
            let showedMore = !Set(previous?.manifest.private ?? []).isSubset(of: privateKinds)
            let dropping = !showedMore ? [] : files.filter { !$0.isKept }.map(\.path) + [SiteManifest.fileName]
                + (previous?.manifest.files.map(\.path).filter { !made.contains($0) } ?? [])
            if try staging.publish(dropping: dropping, exchange: exchange) { return outcome }
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

    /// The kinds of private text this report shows (`SiteManifest.private`).
    private var privateKinds: [String] { (request.includeJournal ? ["journal"] : []) + (request.includeNotes ? ["notes"] : []) }

    /// An error of a step, said with the step and the file.
    static func stopped(at step: ReportStep, on path: String? = nil, _ error: any Error) -> any Error {
        switch error {
        case AlmanacError.report: return error
        case AlmanacError.refused: return error
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
