import AlmanacDomain
import AlmanacKit
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
            Notes, journal and wellbeing stay out unless asked for. A cron line such as \
            `almanac report --out /srv/www/habits` publishes it nightly.
            """)

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("The folder to write the site to.", valueName: "folder")) var out = "Output"
    @Option(help: ArgumentHelp("Render as of this day (default: today).", valueName: "YYYY-MM-DD"), transform: ArgumentValues.day)
    var asOf: DayKey?
    @Option(help: ArgumentHelp("A folder of edited templates (see `almanac templates export`).", valueName: "folder"))
    var templates: String?
    @Flag(help: "Show the notes of entries on habit pages.") var includeNotes = false
    @Flag(help: "Add a journal page with journal entries and wellbeing ratings.") var includeJournal = false
    @Option(help: ArgumentHelp("The web address the folder is published at: the feed, the card and badge snippets and the pages' Open Graph tags then use absolute links (else relative).", valueName: "url"), transform: ArgumentValues.baseURL)
    var baseURL: String?
    @Flag(help: "Fail at once when another report is writing the same folder, instead of waiting for it.") var noWait = false

    @OptionGroup var quiet: QuietOption

    func run() throws {
        quiet.apply()
        let started = Date()
        global.noteIfAfterToday(asOf)
        let request = SiteReport.Request(out: out, asOf: asOf, templates: templates, includeNotes: includeNotes,
                                         includeJournal: includeJournal, baseURL: baseURL, wait: !noWait)
        let progress = ProgressLine(label: "Writing \(out)")
        let site = try SiteReport(store: global.openStore(), request: request, clock: global.clock()).run(progress: progress.update)
        progress.finish()
        let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
        Output.line("Report as of \(site.asOf) in \(out): \(site.written) written, \(site.unchanged) unchanged, "
            + "\(site.removed) removed (\(site.files) files, \(seconds) s). Open \(out)/index.html.")
    }
}
