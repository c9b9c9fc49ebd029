import AlmanacDomain
import AlmanacKit
import ArgumentParser
import Foundation

/// `almanac nightly set`: what the store does each night, set once; each option changes its part.
struct NightlySetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Set what the nightly job writes: the site, the CSV folder, the workbook and the dated backups.",
        discussion: """
            Each option sets its part and leaves the others as they are; --no-site, --no-csv, --no-xlsx and \
            --no-backups take a part out. Paths are kept absolute (a timer runs in another folder). The plan is \
            a setting of the store: backups and restores carry it. Backups are named almanac-YYYY-MM-DD.json.gz \
            after the day backed up; the rule keeps the --keep newest (default 7) and, on top, the newest of \
            each of the last --keep-weekly weeks (default 4) and --keep-monthly months (default 12) that have \
            one; 0 turns those off. Only files of that name are ever removed.
            """)

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("The folder to publish the site to.", valueName: "folder")) var site: String?
    @Option(help: ArgumentHelp("A folder of edited templates for the site.", valueName: "folder")) var templates: String?
    @Flag(inversion: .prefixedNo, help: "Show the notes of entries on the site's habit pages.") var includeNotes: Bool?
    @Flag(inversion: .prefixedNo, help: "Add the journal page, with the wellbeing ratings, to the site.") var includeJournal: Bool?
    @Option(help: ArgumentHelp("The folder of the CSV files.", valueName: "folder")) var csv: String?
    @Option(help: ArgumentHelp("The workbook to write.", valueName: "file")) var xlsx: String?
    @Option(help: ArgumentHelp("The folder of the dated backups.", valueName: "folder")) var backups: String?
    @Option(help: ArgumentHelp("How many of the newest daily backups to keep (1 or more).", valueName: "n")) var keep: Int?
    @Option(help: ArgumentHelp("Keep also the newest backup of each of this many last weeks (0: none).", valueName: "n")) var keepWeekly: Int?
    @Option(help: ArgumentHelp("Keep also the newest backup of each of this many last months (0: none).", valueName: "n")) var keepMonthly: Int?
    @Flag(help: "Publish no site.") var noSite = false
    @Flag(help: "Use the built-in templates.") var noTemplates = false
    @Flag(help: "Write no CSV files.") var noCsv = false
    @Flag(help: "Write no workbook.") var noXlsx = false
    @Flag(help: "Write no dated backups.") var noBackups = false
    @Flag(help: "Publish from this store: a store restored into a new place holds the plan it carried until then (any other change here resumes it too).")
    var resume = false
    @OptionGroup var quiet: QuietOption

    func validate() throws {
        for (name, set, unset) in [("site", site != nil, noSite), ("templates", templates != nil, noTemplates), ("csv", csv != nil, noCsv),
                                   ("xlsx", xlsx != nil, noXlsx), ("backups", backups != nil, noBackups)] where set && unset {
            throw ValidationError("--\(name) and --no-\(name) cannot go together.")
        }
        if let xlsx, xlsx == "-" || xlsx.hasPrefix("/dev/") {
            throw ValidationError("--xlsx takes a file: a workbook is a zip file, written by going back into it.")
        }
    }

    func run() throws {
        quiet.apply()
        let store = try global.openStore()
        // A place set now must have its folder already, as every output path of Almanac must: a
        // mistyped path is refused today, not found failing at night.
        func place(_ path: String?, _ unset: Bool, _ current: String?) throws -> String? {
            if unset { return nil }
            guard let path else { return current }
            let absolute = try Self.absolute(path)
            try OutputFolder.requireFolder(of: absolute)
            return absolute
        }
        let settings = try StoreSettings.change(store) { settings in
            var plan = settings.nightly ?? NightlyPlan()
            // Setting the plan of a restored copy is its person's word that this store publishes.
            plan.held = nil
            plan.site = try place(site, noSite, plan.site)
            plan.templates = try place(templates, noTemplates, plan.templates)
            plan.csv = try place(csv, noCsv, plan.csv)
            plan.xlsx = try place(xlsx, noXlsx, plan.xlsx)
            plan.backups = try place(backups, noBackups, plan.backups)
            plan.includeNotes = includeNotes ?? plan.includeNotes
            plan.includeJournal = includeJournal ?? plan.includeJournal
            plan.keep = keep ?? plan.keep
            plan.keepWeekly = keepWeekly ?? plan.keepWeekly
            plan.keepMonthly = keepMonthly ?? plan.keepMonthly
            settings.nightly = plan
        }
        try NightlyShowCommand.print(settings, follows: try !store.reading { try $0.sources() }.isEmpty)
    }

    /// A path as the timer will need it: `~/` expanded, made absolute from the current folder.
    static func absolute(_ path: String) throws -> String {
        guard !path.isEmpty else { throw ValidationError("A nightly place cannot be empty.") }
        var path = path
        if path == "~" || path.hasPrefix("~/") { path = NSHomeDirectory() + path.dropFirst() }
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return URL(fileURLWithPath: full).standardizedFileURL.path
    }
}

/// `almanac nightly show`: the plan, and whether the timer is installed.
struct NightlyShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show what the nightly job does for the store.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var quiet: NotesQuietOption
    @Flag(help: "Print JSON for scripts.") var json = false

    func run() throws {
        quiet.apply()
        let store = try global.openStore()
        let settings = try store.settings()
        if json { return try Output.json(settings.nightly) }
        try Self.print(settings, follows: try !store.reading { try $0.sources() }.isEmpty)
    }

    static func print(_ settings: Settings, follows: Bool) throws {
        guard let plan = settings.nightly, plan.hasOutputs || follows else {
            Output.line("Nothing is set up for the night yet: almanac nightly set --site FOLDER --backups FOLDER (see almanac nightly set --help).")
            return
        }
        if plan.isHeld {
            Output.line("Held: this store was restored into a new place and publishes nothing;")
            Output.line("  `almanac nightly set --resume` makes it publish.")
        }
        Output.line("Each night, as of the day that just ended in \(settings.timeZone):")
        if follows { Output.line("  sync:    the newest files of the apps the store follows") }
        if let site = plan.site {
            var extras = [settings.publicAddress.map { "public at \($0)" } ?? "private"]
            if plan.includeNotes { extras.append("with notes") }
            if plan.includeJournal { extras.append("with the journal") }
            if let templates = plan.templates { extras.append("templates from \(templates)") }
            Output.line("  report:  \(TerminalText.safe(site)) (\(extras.joined(separator: ", ")))")
        }
        if let csv = plan.csv { Output.line("  csv:     \(TerminalText.safe(csv))") }
        if let xlsx = plan.xlsx { Output.line("  xlsx:    \(TerminalText.safe(xlsx))") }
        if let backups = plan.backups {
            var rule = ["the \(plan.keep) newest"]
            if plan.keepWeekly > 0 { rule.append("one a week for \(plan.keepWeekly) weeks") }
            if plan.keepMonthly > 0 { rule.append("one a month for \(plan.keepMonthly) months") }
            Output.line("  backup:  \(TerminalText.safe(backups))/almanac-YYYY-MM-DD.json.gz, keeping \(rule.joined(separator: ", "))")
        }
        let timer = try NightlyTimer(environment: GlobalOptions.environment, command: [], timeZone: settings.timeZone)
        Output.line(FileManager.default.fileExists(atPath: timer.timerPath) ? "Timer: \(timer.timerPath)"
                                                                          : "No timer yet: almanac nightly install")
    }
}
