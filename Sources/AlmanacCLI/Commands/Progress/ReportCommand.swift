import AlmanacDomain
import AlmanacKit
import AlmanacStores
import AlmanacRender
import ArgumentParser
import Foundation

/// `almanac report`: the static progress site.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Render the static site: Markdown and HTML pages with SVG heatmaps.",
        discussion: """
            The new site is built beside the folder and exchanged with it in one step, so the folder \
            always holds a whole site, the previous one or the new one. Unchanged files are not written \
            again; files of your own in the folder are kept. One report at a time writes a folder. \
            Notes, journal and wellbeing stay out unless asked for. A cron line after midnight, \
            `almanac report -q --as-of yesterday --out /srv/www/habits`, publishes the day that has just ended.

            An operator of a PostgreSQL server renders every person's site in one command: \
            `almanac report --each-store 'postgres://ops@db/almanac' --out-root /srv/www` writes \
            the site of each store of the database's shared tables into /srv/www/<store>/ (the \
            role is a member of almanac_reader). Copies of the command on several machines share \
            the stores through the server, and each store is rendered once a night.
            """)

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("The folder to write the site to (default: Output).", valueName: "folder")) var out: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Render as of this day: YYYY-MM-DD, today, yesterday or -N, in the store's time zone (default: today; a nightly run after midnight gives yesterday, the day that has ended).",
                               valueName: "day"),
            transform: ArgumentValues.relativeDay)
    var asOf: DaySelection?
    @Option(help: ArgumentHelp("A folder of edited templates (see `almanac templates export`).", valueName: "folder"))
    var templates: String?
    @Flag(help: "Show the notes of entries on habit pages.") var includeNotes = false
    @Flag(help: "Add a journal page with journal entries and wellbeing ratings.") var includeJournal = false
    @Option(help: ArgumentHelp("The web address the folder is published at: the feed, the card and badge snippets and the pages' Open Graph tags then use absolute links (else relative).", valueName: "url"), transform: ArgumentValues.baseURL)
    var baseURL: String?
    @Flag(help: "Let search engines index the site: robots.txt allows crawling and names sitemap.xml (needs --base-url). Without it every page says noindex and robots.txt disallows everything.")
    var `public` = false
    @Flag(help: "Fail at once when another report is writing the same folder, instead of waiting for it.") var noWait = false
    /// Every report renders every file and compares it with the published one: `--full` of
    /// earlier versions is taken, and changes nothing, so cron lines that carry it keep working.
    @Flag(help: .hidden) var full = false
    @Flag(help: "Say on stderr how long each step of the report took (read, derive, render, publish).") var timings = false
    @Option(help: ArgumentHelp("Render every store of this PostgreSQL database's shared tables, each into its folder under --out-root, as this role (a member of almanac_reader).", valueName: "url"))
    var eachStore: String?
    @Option(help: ArgumentHelp("With --each-store: the folder that gets a site per store, named by the store.", valueName: "folder"))
    var outRoot: String?
    @Option(help: ArgumentHelp("With --each-store: how many stores this process renders at once, one connection each (default: one per core).", valueName: "n"))
    var workers: Int?
    @Option(help: ArgumentHelp("With --each-store: the longest, in seconds, any statement of a store may take (default 60); a store that takes longer fails and the run goes on.", valueName: "seconds"))
    var timeout: Int?

    @OptionGroup var quiet: QuietOption

    func validate() throws {
        if `public` && baseURL == nil { throw ValidationError("--public needs --base-url: a sitemap lists the pages by their addresses.") }
        if eachStore == nil {
            if outRoot != nil || workers != nil || timeout != nil { throw ValidationError("--out-root, --workers and --timeout go with --each-store.") }
            return
        }
        if global.store != nil { throw ValidationError("--each-store renders every store it may read; leave out --store.") }
        if out != nil { throw ValidationError("--each-store writes each store's site under --out-root, not --out.") }
        if outRoot == nil { throw ValidationError("--each-store needs --out-root, the folder that gets a site per store.") }
        if let workers, !(1...64).contains(workers) { throw ValidationError("--workers takes 1 to 64.") }
        if let timeout, !(1...86_400).contains(timeout) { throw ValidationError("--timeout takes 1 to 86400 seconds.") }
    }

    func run() throws {
        quiet.apply()
        if let eachStore, let outRoot { return try runEach(eachStore, outRoot: outRoot) }
        let out = self.out ?? "Output"
        let started = Date()
        let request = SiteReport.Request(out: out, asOf: asOf, templates: templates, includeNotes: includeNotes,
                                         includeJournal: includeJournal, baseURL: baseURL, isPublic: `public`, wait: !noWait)
        let store = try global.openStore()
        if case .day(let day)? = asOf { global.noteIfAfterToday(day, in: store) }
        let progress = ProgressLine(label: "Writing \(out)")
        let site = try SiteReport(store: store, request: request, clock: global.clock()).run(progress: progress.update)
        progress.finish()
        for warning in site.warnings { Output.note(warning) }
        if timings {
            let steps = ReportStep.allCases.compactMap { step in
                site.seconds[step].map { "\(step) \(String(format: "%.3f", $0)) s (\(String(format: "%.3f", site.processorSeconds[step] ?? 0)) s of processor time)" }
            }
            Output.note("the report's steps took " + steps.joined(separator: ", ") + "; since the command began "
                + String(format: "%.3f s (%.3f s of processor time).", ProcessClock.secondsSinceStart(), ProcessClock.processorSeconds()))
        }
        let seconds = Output.tenths(Date().timeIntervalSince(started))
        Output.line("Report as of \(site.asOf) in \(out): \(site.written) written, \(site.unchanged) unchanged, "
            + "\(site.removed) removed (\(Output.count(site.files - 1, "file")) and manifest.json, \(seconds) s). Open \(out)/index.html.")
    }

    /// The operator's nightly run: every store's site; a store that fails is named on stderr, the
    /// others go on, and the exit status is 1 when any failed.
    private func runEach(_ text: String, outRoot: String) throws {
        let started = Date()
        let request = try NightlyReports.Request(url: text, outRoot: outRoot, asOf: asOf, templates: templates, includeNotes: includeNotes,
                                             includeJournal: includeJournal, baseURL: baseURL,
                                             workers: workers ?? ProcessInfo.processInfo.activeProcessorCount, timeout: timeout ?? 60)
        let outcome = try NightlyReports(request: request, clock: global.clock()).run()
        if outcome.earlierLayout > 0 {
            AlmanacMain.report("passed over \(Output.count(outcome.earlierLayout, "store")) of the earlier layout (a schema each, which the operator no longer reads); each person moves hers with almanac copy --from 'postgres://…?schema=NAME' --to 'postgres://…?store=NAME' (docs/POSTGRES.md).")
        }
        for (store, error) in outcome.failed.sorted(by: { $0.store < $1.store }) {
            AlmanacMain.report("store \(store): \(AlmanacMain.sentence(for: error).text)")
        }
        let seconds = Output.tenths(Date().timeIntervalSince(started))
        Output.line("Reports in \(outRoot): \(Output.count(outcome.rendered.count, "store")) rendered, \(outcome.renderedElsewhere.count) already rendered "
            + "for their night, \(outcome.failed.count) failed\(outcome.earlierLayout == 0 ? "" : ", \(outcome.earlierLayout) passed over") (\(seconds) s).")
        if !outcome.failed.isEmpty {
            let names = outcome.failed.map(\.store).sorted()
            throw AlmanacError.refused("\(outcome.failed.count) of \(outcome.rendered.count + outcome.renderedElsewhere.count + outcome.failed.count) stores failed: \(names.prefix(5).joined(separator: ", "))\(names.count > 5 ? ", …" : "").")
        }
    }
}
