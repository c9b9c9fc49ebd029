import AlmanacDomain
import AlmanacRender
import AlmanacStore
import ArgumentParser
import Foundation

/// `almanac report`: the static progress site.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Render the static site: Markdown and HTML pages with SVG heatmaps.",
        discussion: """
            Re-running rewrites only files whose bytes changed and removes only files an earlier run \
            made (listed in manifest.json). Notes, journal and wellbeing stay out unless asked for. \
            A cron line such as `almanac report --out /srv/www/habits` publishes it nightly.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var site: SiteArguments

    func run() throws {
        let started = Date()
        let store = try global.openStore()
        let (files, asOf) = try site.request.build(store: store)
        let progress = ProgressLine(enabled: Output.stderrIsTerminal, label: "Writing \(site.out)")
        let outcome = try SiteWriter(folder: site.out).write(files, asOf: asOf.description, progress: progress.update)
        progress.finish()
        let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
        Output.line("Report as of \(asOf) in \(site.out): \(outcome.written) written, \(outcome.unchanged) unchanged, "
            + "\(outcome.removed) removed (\(files.count + 1) files, \(seconds) s). Open \(site.out)/index.html.")
    }
}

/// The options of a report, shared by `report` and `demo`.
struct SiteArguments: ParsableArguments {
    @Option(help: ArgumentHelp("The folder to write the site to.", valueName: "folder")) var out = "Output"
    @Option(help: ArgumentHelp("Render as of this day (default: today).", valueName: "YYYY-MM-DD"), transform: ArgumentValues.day)
    var asOf: DayKey?
    @Option(help: ArgumentHelp("A folder of edited templates (see `almanac templates export`).", valueName: "folder"))
    var templates: String?
    @Flag(help: "Show the notes of entries on habit pages.") var includeNotes = false
    @Flag(help: "Add a journal page with journal entries and wellbeing ratings.") var includeJournal = false

    var request: SiteRequest {
        SiteRequest(out: out, asOf: asOf, templates: templates, includeNotes: includeNotes, includeJournal: includeJournal)
    }
}

/// What to render where: the report's options as plain values (also what `demo` asks for).
struct SiteRequest {
    var out: String
    var asOf: DayKey?
    var templates: String?
    var includeNotes = false
    var includeJournal = false

    func build(store: AlmanacStore) throws -> (files: [SiteFile], asOf: DayKey) {
        let templateSet = try loadTemplates()
        let asOf = try self.asOf ?? Now.today(in: store.calendar())
        let snapshot = try store.snapshot(through: asOf)
        let input = SiteInput(
            snapshot: snapshot, categories: try store.categories(),
            notes: includeNotes ? try store.habitNotes(through: asOf) : [:],
            journal: includeJournal ? try store.journal(to: asOf) : [],
            wellbeing: includeJournal ? try store.wellbeing(to: asOf) : [])
        let options = SiteOptions(asOf: asOf, includeNotes: includeNotes, includeJournal: includeJournal,
                                  previousDigests: SiteWriter.previousDigests(in: out))
        return (SiteBuilder(input: input, options: options, templates: templateSet).build(), asOf)
    }

    /// The built-in templates, or the user's: files missing from their folder come from the
    /// built-in set.
    func loadTemplates() throws -> TemplateSet {
        guard let folder = templates else { return TemplateSet.builtIn() }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw CommandFailure("No templates folder at \(folder); create one with `almanac templates export \(folder)`.")
        }
        var sources = TemplateSet.builtInSources
        for name in TemplateSet.fileNames {
            if let data = FileManager.default.contents(atPath: (folder as NSString).appendingPathComponent(name)) {
                guard let text = String(data: data, encoding: .utf8) else { throw CommandFailure("\(folder)/\(name) is not UTF-8 text.") }
                sources[name] = text
            }
        }
        do {
            return try TemplateSet(sources: sources, folder: folder)
        } catch let problem as TemplateSet.Problem {
            throw CommandFailure("Template error in \(problem).")
        }
    }
}

/// `almanac templates export DIR`: the built-in templates, to copy and edit.
struct TemplatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates", abstract: "Copy the built-in report templates to edit them.",
        subcommands: [TemplatesExportCommand.self])
}

struct TemplatesExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write the built-in templates into a folder (then use `report --templates FOLDER`).")

    @Argument(help: "The folder to write them to.") var folder: String
    @Flag(help: "Overwrite files that are already there.") var force = false

    func run() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let names = TemplateSet.fileNames
        let existing = names.filter { FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent($0)) }
        if !existing.isEmpty && !force {
            throw CommandFailure("\(folder) already has \(existing.joined(separator: ", ")); add --force to overwrite.")
        }
        for name in names {
            try AtomicFile.write(TemplateSet.builtInSources[name]!, to: (folder as NSString).appendingPathComponent(name))
        }
        Output.line("Wrote \(names.joined(separator: ", ")) to \(folder). Edit them, then run `almanac report --templates \(folder)`.")
    }
}

/// A one-line progress bar on stderr, redrawn in place; nothing when stderr is not a terminal.
final class ProgressLine {
    let enabled: Bool
    let label: String
    private var lastPercent = -1

    init(enabled: Bool, label: String) { self.enabled = enabled; self.label = label }

    func update(_ done: Int, _ total: Int) {
        guard enabled, total > 0 else { return }
        let percent = done * 100 / total
        guard percent != lastPercent else { return }
        lastPercent = percent
        let filled = percent / 4
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: 25 - filled)
        FileHandle.standardError.write(Data("\r\(label) \(bar) \(percent)%".utf8))
    }

    func finish() {
        if enabled && lastPercent >= 0 { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
