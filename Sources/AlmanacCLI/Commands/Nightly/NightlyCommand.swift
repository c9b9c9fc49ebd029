import AlmanacDomain
import AlmanacKit
import AlmanacRender
import ArgumentParser
import Foundation

/// `almanac nightly …`: the nightly job as one command, its plan, and its timer.
struct NightlyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nightly",
        abstract: "Run the nightly job (sync, dated backup, report, exports), set it up, or install it as a timer.",
        discussion: """
            Set up once with `almanac nightly set --site FOLDER --backups FOLDER …`, install with \
            `almanac nightly install`; `almanac nightly` alone runs the job. See docs/NIGHTLY.md.
            """,
        subcommands: [NightlyRunCommand.self, NightlySetCommand.self, NightlyShowCommand.self,
                      NightlyInstallCommand.self, NightlyUninstallCommand.self],
        defaultSubcommand: NightlyRunCommand.self
    )
}

/// `almanac nightly [run]`: what the store is set up to do each night, as one job.
struct NightlyRunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the nightly job now: sync, then the backup, the site and the exports as of the day that just ended.",
        discussion: """
            The steps are the store's plan (`almanac nightly show`): sync when the store follows an app, then \
            that day's gzipped backup into --backups (old ones removed by the rule), the report into --site \
            as of yesterday in the store's time zone, and the CSV files and the workbook as of that day. \
            Quiet on success, for cron and timers; a step that fails is named in one sentence on stderr, \
            the others still run, and the exit status is 1. Outputs are written whole, and bytes already \
            in place are left as they were: a second run the same night changes nothing. A second run \
            of the same store waits for the first.
            """)

    @OptionGroup var global: GlobalOptions
    @Flag(name: [.customShort("v"), .long], help: "Say what each step did.") var verbose = false
    @Flag(help: "Print what each step did as JSON.") var json = false
    @Flag(help: "Fail at once when another nightly run of the store is going on, instead of waiting for it.") var noWait = false
    @OptionGroup var quiet: QuietOption

    func run() throws {
        // Quiet on success already; -q is accepted as every command accepts it, and wins over -v.
        Output.quiet = quiet.quiet || (!verbose && !json)
        let (day, steps) = try NightlyRun(location: try global.location(), clock: try global.clock(), wait: !noWait).run()
        var reports: [NightlyStepReport] = []
        for step in steps {
            let report = NightlyStepReport(step)
            reports.append(report)
            if let problem = report.error {
                AlmanacMain.report("the nightly \(step.step.rawValue)\(step.place.map { " into \($0)" } ?? "") failed: \(problem)")
            } else if !json {
                Output.line("\(step.step.rawValue): \(TerminalText.safe(report.summary))")
            }
            report.warnings.forEach(Output.warning)
        }
        if json {
            Output.quiet = false
            try Output.json(NightlyReport(day: day.description, steps: reports))
        }
        if steps.contains(where: \.failed) { throw ExitCode.failure }
    }
}

/// What a nightly run did, for scripts (`--json`).
struct NightlyReport: Encodable {
    var day: String
    var steps: [NightlyStepReport]
}

/// What one step did: a sentence for people, the figures for scripts, and the failure's sentence.
struct NightlyStepReport: Encodable {
    var step: String
    var place: String?
    var ok: Bool
    var summary: String
    var error: String?
    var written: Int?
    var unchanged: Int?
    var removed: [String]?
    var file: String?
    var bytes: Int?
    var sources: [SyncReport]?
    var warnings: [String] = []

    init(_ result: NightlyRun.StepResult) {
        step = result.step.rawValue
        place = result.place
        ok = !result.failed
        summary = ""
        switch result.result {
        case .failure(let failure):
            summary = "failed"
            error = AlmanacMain.sentence(for: failure).text
        case .success(.sync(let results)):
            var synced: [SyncReport] = [], failed: [String] = []
            for result in results {
                switch result {
                case .success(let outcome):
                    synced.append(SyncReport(outcome, dryRun: false))
                    warnings += outcome.skipped
                case .failure(let failure):
                    failed.append("\(failure.path): " + AlmanacMain.sentence(for: failure.error).text)
                }
            }
            sources = synced
            let changed = synced.filter { !$0.sameFile && !$0.summary.changesNothing }.count
            summary = "\(Output.count(results.count, "followed source")), \(changed) with something new"
            if !failed.isEmpty { error = failed.joined(separator: "; ") }
        case .success(.report(let site)):
            written = site.written; unchanged = site.unchanged
            summary = "as of \(site.asOf) in \(result.place ?? ""): \(site.written) written, \(site.unchanged) unchanged, \(site.removed) removed"
            warnings += site.warnings
        case .success(.csv(let csv)):
            written = csv.replaced; unchanged = csv.unchanged
            summary = "as of \(csv.asOf) in \(result.place ?? ""): \(csv.replaced) written, \(csv.unchanged) unchanged"
        case .success(.xlsx(let book)):
            written = book.replaced ? 1 : 0; unchanged = book.replaced ? 0 : 1
            summary = "as of \(book.asOf) in \(result.place ?? ""): " + (book.replaced ? "written" : "unchanged")
        case .success(.backup(let backup)):
            file = backup.path; bytes = backup.bytes; removed = backup.removed
            written = backup.replaced ? 1 : 0; unchanged = backup.replaced ? 0 : 1
            summary = "\(backup.path) (\(ByteCount.text(backup.bytes))) \(backup.replaced ? "written" : "unchanged"); "
                + "\(Output.count(backup.kept, "dated backup")) kept, \(backup.removed.count) removed"
                + (backup.removed.isEmpty ? "" : " (\(backup.removed.joined(separator: ", ")))")
        }
    }
}
