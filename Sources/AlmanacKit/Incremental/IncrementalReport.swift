import AlmanacDomain
import AlmanacRender
import AlmanacStorage
import Foundation

/// The incremental part of `report`, in one place (docs/ARCHITECTURE.md): what an earlier report
/// into the same folder left — the published site's manifest, and the day facts in the cache
/// beside it (`ReportCache`) — and, from what the store says changed, the decision for every part
/// of the new site:
///
/// - **read**: a habit whose change token is the one its facts were kept under is taken from the
///   cache; every other habit is read from the store (`facts`).
/// - **reuse or render**: a habit's part (`SitePart`) or a shared file whose key is the one the
///   previous manifest recorded, and whose files are as that run left them, is the previous
///   run's; any other is rendered (`files(of:)`, `file(of:)`).
/// - **keep**: the facts read are kept for the next report (`keep`).
///
/// The rest of the report renders as if every run were the first: a decision never changes a
/// byte of the site, only whether it is made again.
struct IncrementalReport: Sendable {
    /// The published folder and what its previous run recorded.
    let published: OutputFolder
    let previous: PreviousSite?

    /// What an earlier report into `folder` left; with `full` (`report --full`), nothing is taken
    /// from it: every published file is compared by its bytes (and `facts` reads no cache).
    init(published: OutputFolder, full: Bool) {
        self.published = published
        var previous = SiteManifest.previous(in: published)
        if full { previous?.trusted = false }
        self.previous = previous
    }

    // MARK: read

    /// What the read step takes of the entries: the snapshot through the as-of day with the
    /// checks' hours, the days excused after it, and what to keep for the next report.
    struct Facts: Sendable {
        var snapshot: StoreSnapshot
        var plannedSkips: [String: [DayKey]]
        /// The facts to keep, under their stamp, and whether they differ from the cache's; nil
        /// when the store keeps no change tokens.
        var keep: (stamp: ReportCache.Stamp, habits: [String: ReportCache.Kept], changed: Bool)?
        /// How many habits were read from the store (the others came from the cache).
        var habitsRead: Int
    }

    /// The entries through `day`, in the store's read transaction `view`: each habit from the
    /// cache beside `folder` (a resolved path) while its token is the one kept, else from the store;
    /// with `full`, every habit from the store.
    static func facts(_ view: any StoreReading, through day: DayKey, settings: Settings, beside folder: String, full: Bool = false) throws -> Facts {
        let calendar = try StoreCalendar(settings: settings)
        let habits = try view.habits(includeArchived: true)
        let ids = habits.map(\.id.description)
        let changes = try view.entryChanges()
        let stamp = changes.map { ReportCache.Stamp(storeId: settings.storeId ?? "", schema: $0.schema, timeZone: settings.timeZone, build: RendererIdentity.current) }
        let kept = full ? [:] : stamp.map { ReportCache.read(beside: folder, stamp: $0) } ?? [:]
        var all: [String: HabitFacts] = [:], keep: [String: ReportCache.Kept] = [:]
        var unread: [String] = []
        for id in ids {
            if let token = changes?.tokens[id], let facts = kept[id], facts.token == token {
                all[id] = facts.facts
                keep[id] = facts
            } else {
                unread.append(id)
            }
        }
        for (id, facts) in try view.habitFacts(of: unread, calendar: calendar) {
            all[id] = facts
            // A habit without a token has no entries the triggers saw: read every time, never kept.
            if let token = changes?.tokens[id] { keep[id] = ReportCache.Kept(token: token, facts: facts) }
        }
        // Through the day, as a read through that day gives them.
        var facts: [String: [DayFact]] = [:], hours: [String: [Int]] = [:], skips: [String: [DayKey]] = [:]
        for (id, habit) in all {
            let (through, later) = habit.through(day)
            if !through.facts.isEmpty { facts[id] = through.facts }
            if let counts = through.hourCounts { hours[id] = counts }
            if !later.isEmpty { skips[id] = later }
        }
        let changed = keep.count != kept.count || keep.contains { kept[$0.key]?.token != $0.value.token }
        return Facts(snapshot: StoreSnapshot(settings: settings, calendar: calendar, habits: habits, facts: facts, hours: hours),
                     plannedSkips: skips, keep: stamp.map { ($0, keep, changed) }, habitsRead: unread.count)
    }

    // MARK: reuse or render

    /// The files of a part of a habit's files: the previous run's when its key is the one that
    /// run recorded for it and each file is as it left it; else every page rendered (`render`)
    /// under the part's key.
    func files(of part: any SitePart, templates: TemplateSet,
               render: @Sendable (SitePage, _ key: String, _ group: String?) throws -> SiteFile) throws -> [SiteFile] {
        let key = try SiteReport.keyed(nil) { try part.key(renderer: RendererIdentity.current, templates: templates) }
        if let kept = previous?.kept(part: key, in: published) { return kept }
        let pages = part.pages()
        let group = PreviousSite.group(key: key, files: pages.count)
        return try pages.map { try render($0, key, group) }
    }

    /// A file shared by the whole site: the previous run's when its model's key is the one that
    /// run recorded and the file is intact; else rendered.
    func file(of page: SitePage, templates: TemplateSet,
              render: @Sendable (SitePage, _ key: String, _ group: String?) throws -> SiteFile) throws -> SiteFile {
        let key = try SiteReport.keyed(page.path) { try page.key(renderer: RendererIdentity.current, templates: templates) }
        return try previous?.kept(page.path, key: key, in: published) ?? render(page, key, nil)
    }

    // MARK: keep

    /// Keeps the facts read for the next report into the folder, when they changed.
    func keep(_ facts: Facts) {
        guard let keep = facts.keep, keep.changed else { return }
        ReportCache.write(keep.habits, stamp: keep.stamp, beside: published.path)
    }
}
