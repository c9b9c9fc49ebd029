import AlmanacDomain
import AlmanacRender
import Foundation

/// `report`: the static site of a store, as of a day, written into a folder.
public struct SiteReport {
    /// What to render where.
    public struct Request: Sendable {
        public var out: String
        public var asOf: DayKey?
        public var templates: String?
        public var includeNotes: Bool
        public var includeJournal: Bool

        public init(out: String, asOf: DayKey? = nil, templates: String? = nil, includeNotes: Bool = false,
                    includeJournal: Bool = false) {
            self.out = out; self.asOf = asOf; self.templates = templates
            self.includeNotes = includeNotes; self.includeJournal = includeJournal
        }
    }

    public struct Outcome: Sendable {
        public var asOf: DayKey
        public var written: Int, unchanged: Int, removed: Int
        /// Every file of the site, the manifest included.
        public var files: Int
    }

    public let store: any AlmanacStore
    public let request: Request
    public let clock: Clock

    public init(store: any AlmanacStore, request: Request, clock: Clock) {
        self.store = store; self.request = request; self.clock = clock
    }

    /// Renders the site and writes it; `progress(done, total)` follows the writing.
    public func run(progress: (Int, Int) -> Void = { _, _ in }) throws -> Outcome {
        let templates = try request.templates.map { try TemplateFolder($0).load() } ?? TemplateSet.builtIn()
        let asOf = try request.asOf ?? clock.today(in: store.calendar())
        let folder = try OutputFolder(request.out, cleaningSubfolders: true)
        let previous = SiteManifest.previous(in: folder)
        let builder = SiteBuilder(input: try input(asOf: asOf), options: options(asOf: asOf, previous: previous, folder: folder),
                                  templates: templates)
        let files: [SiteFile]
        do {
            files = try builder.build()
        } catch let problem as TemplateSet.Problem {
            throw AlmanacError.template(file: problem.file, reason: problem.message + "; nothing was written.")
        }
        let written = try SiteWriter(folder: folder, previous: previous).write(files, asOf: asOf.description, progress: progress)
        return Outcome(asOf: asOf, written: written.written, unchanged: written.unchanged, removed: written.removed,
                       files: files.count + 1)
    }

    /// Everything the site is made from, read from the store; private parts only when asked for.
    private func input(asOf: DayKey) throws -> SiteInput {
        SiteInput(snapshot: try store.snapshot(through: asOf), categories: try store.categories(),
                  notes: request.includeNotes ? try store.habitNotes(through: asOf) : [:],
                  journal: request.includeJournal ? try store.journal(from: nil, to: asOf) : [],
                  wellbeing: request.includeJournal ? try store.wellbeing(from: nil, to: asOf) : [])
    }

    private func options(asOf: DayKey, previous: SiteManifest?, folder: OutputFolder) -> SiteOptions {
        SiteOptions(asOf: asOf, includeNotes: request.includeNotes, includeJournal: request.includeJournal,
                    previousFiles: previous?.keptFiles(in: folder) ?? [:])
    }
}
