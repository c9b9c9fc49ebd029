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
        /// Wait for another report into the same folder to finish (else refuse at once).
        public var wait: Bool

        public init(out: String, asOf: DayKey? = nil, templates: String? = nil, includeNotes: Bool = false,
                    includeJournal: Bool = false, wait: Bool = true) {
            self.out = out; self.asOf = asOf; self.templates = templates
            self.includeNotes = includeNotes; self.includeJournal = includeJournal; self.wait = wait
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

    /// Renders the site and publishes it; `progress(done, total)` follows the writing.
    public func run(progress: (Int, Int) -> Void = { _, _ in }) throws -> Outcome {
        let templates = try request.templates.map { try TemplateFolder($0).load() } ?? TemplateSet.builtIn()
        let asOf = try request.asOf ?? clock.today(in: store.calendar())
        let path = Self.resolved(request.out)
        let lock = try FolderLock(for: path, wait: request.wait, busy: .refused(
            "Another report is writing \(request.out) right now; try again when it is done, or leave out --no-wait to wait for it."))
        defer { withExtendedLifetime(lock) {} }
        let published = try OutputFolder(path)
        let previous = SiteManifest.previous(in: published)
        let builder = SiteBuilder(input: try input(asOf: asOf), options: options(asOf: asOf, previous: previous, folder: published),
                                  templates: templates)
        let files: [SiteFile]
        do {
            files = try builder.build()
        } catch let problem as TemplateSet.Problem {
            throw AlmanacError.template(file: problem.file, reason: problem.message + "; nothing was written.")
        }
        let written = try publish(files, asOf: asOf, into: published, previous: previous, progress: progress)
        return Outcome(asOf: asOf, written: written.written, unchanged: written.unchanged, removed: written.removed,
                       files: files.count + 1)
    }

    /// Builds the new site beside the published one and exchanges the two; where that cannot be
    /// done (the parent folder is not writable, the file system cannot exchange folders), writes
    /// in place, file by file.
    private func publish(_ files: [SiteFile], asOf: DayKey, into published: OutputFolder, previous: SiteManifest?,
                         progress: (Int, Int) -> Void) throws -> SiteWriter.Outcome {
        if let staging = try SiteStaging(beside: published) {
            do {
                let outcome = try SiteWriter(published: published, staging: staging.folder, previous: previous)
                    .write(files, asOf: asOf.description, progress: progress)
                if try staging.publish() { return outcome }
            } catch {
                staging.discard()
                throw error
            }
        }
        // In place, temporary files of killed runs are removed here; a staged site simply leaves
        // them behind with the previous one.
        Leftovers.remove(in: published.path, recursive: true)
        return try SiteWriter(published: published, staging: nil, previous: previous).write(files, asOf: asOf.description, progress: progress)
    }

    /// The folder a path names: a symbolic link to a folder is resolved, so the folder it points
    /// to is what gets exchanged, and the link stays.
    static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    /// Everything the site is made from, read from the store; private parts only when asked for.
    private func input(asOf: DayKey) throws -> SiteInput {
        SiteInput(snapshot: try store.snapshot(through: asOf), categories: try store.categories(),
                  notes: request.includeNotes ? try store.habitNotes(through: asOf) : [:],
                  journal: request.includeJournal ? try store.journal(from: nil, to: asOf) : [],
                  wellbeing: request.includeJournal ? try store.wellbeing(from: nil, to: asOf) : [],
                  goals: try store.goals(), hours: try store.habitHours(through: asOf))
    }

    private func options(asOf: DayKey, previous: SiteManifest?, folder: OutputFolder) -> SiteOptions {
        SiteOptions(asOf: asOf, includeNotes: request.includeNotes, includeJournal: request.includeJournal,
                    previousFiles: previous?.keptFiles(in: folder) ?? [:])
    }
}
