import AlmanacDomain
import AlmanacKit
import AlmanacRender
import ArgumentParser
import CLinux
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
    /// One step as of one day, alone, its report as JSON on stdout: how the job runs each step
    /// that makes figures in a process of its own.
    @Option(help: .hidden) var step: String?
    @Option(help: .hidden) var day: String?

    func run() throws {
        if let step { return try runAlone(step) }
        // Quiet on success already; -q is accepted as every command accepts it, and wins over -v.
        Output.quiet = quiet.quiet || (!verbose && !json)
        let location = try global.location()
        let (day, reports) = try NightlyRun(location: location, clock: try global.clock(), wait: !noWait).run { step, place, day, inProcess in
            Self.apart.contains(step) ? Self.runApart(step, place: place, day: day, store: location.location) : NightlyStepReport(inProcess())
        }
        for report in reports {
            if let problem = report.error {
                AlmanacMain.report("the nightly \(report.step)\(report.place.map { " into \($0)" } ?? "") failed: \(problem)")
            } else if !json {
                Output.line("\(report.step): \(TerminalText.safe(report.summary))")
            }
            report.warnings.forEach(Output.warning)
        }
        if json {
            Output.quiet = false
            try Output.json(NightlyReport(day: day.description, steps: reports))
        }
        if reports.contains(where: { !$0.ok }) { throw ExitCode.failure }
    }

    /// The steps that make figures, each run in a process of its own: whatever stops one of them
    /// (a crash included) stops only it, and the steps after it run.
    static let apart: Set<NightlyRun.Step> = [.report, .csv, .xlsx]

    private func runAlone(_ name: String) throws {
        guard let step = NightlyRun.Step(rawValue: name), let day = day.flatMap(DayKey.init) else {
            throw ValidationError("--step takes sync, backup, report, csv or xlsx, with --day YYYY-MM-DD.")
        }
        Output.quiet = true
        // A job killed while this step runs takes the step with it.
        _ = almanac_end_with_parent(SIGTERM)
        guard let result = try NightlyRun(location: try global.location(), clock: try global.clock(), wait: !noWait).step(step, day: day) else {
            throw ValidationError("The store's nightly plan has no \(name) step.")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        FileHandle.standardOutput.write(try encoder.encode(NightlyStepReport(result)))
    }

    /// Runs `step` in a process of this program (`--step`), and reads its report; a process that
    /// stops without one (a crash, a signal) is the step's failure, in one sentence.
    static func runApart(_ step: NightlyRun.Step, place: String?, day: DayKey, store: String) -> NightlyStepReport {
        func failed(_ reason: String) -> NightlyStepReport { NightlyStepReport(step, place: place, failure: reason) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
        process.arguments = ["nightly", "run", "--step", step.rawValue, "--day", day.description]
        // The store by the environment, not the arguments: a server address stays out of `ps`.
        process.environment = ProcessInfo.processInfo.environment.merging(["ALMANAC_STORE": store]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        var template = Array((NSTemporaryDirectory() + "/almanac-step-XXXXXX").utf8CString)
        let errorFile = mkstemp(&template)
        guard errorFile >= 0 else { return failed("no temporary file could be made for its process (\(String(cString: strerror(errno))))") }
        unlink(template)
        let errors = FileHandle(fileDescriptor: errorFile, closeOnDealloc: true)
        process.standardError = errors
        do { try process.run() } catch { return failed("its process could not be started (\(error.localizedDescription))") }
        let report = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if process.terminationReason == .exit, let decoded = try? JSONDecoder().decode(NightlyStepReport.self, from: report) {
            return decoded
        }
        lseek(errorFile, 0, SEEK_SET)
        let said = String(decoding: (try? errors.readToEnd()) ?? Data(), as: UTF8.self).split(separator: "\n")
            .first { $0.contains("Fatal error") || $0.hasPrefix("almanac: ") }
            .map { ": " + TerminalText.safe(String($0.replacingOccurrences(of: "almanac: ", with: "").prefix(300))) } ?? ""
        if process.terminationReason == .uncaughtSignal {
            let signal = process.terminationStatus
            return failed("its process was ended by signal \(signal) (\(String(cString: strsignal(signal))))\(said); the steps after it ran")
        }
        return failed("its process stopped with status \(process.terminationStatus)\(said)")
    }
}

/// What a nightly run did, for scripts (`--json`).
struct NightlyReport: Encodable {
    var day: String
    var steps: [NightlyStepReport]
}

/// What one step did: a sentence for people, the figures for scripts, and the failure's sentence.
/// A step run in a process of its own hands it over as JSON.
struct NightlyStepReport: Codable {
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

    private enum CodingKeys: String, CodingKey {
        case step, place, ok, summary, error, written, unchanged, removed, file, bytes, sources, warnings
    }

    /// The report of a step run apart (`runApart`: the report, the exports; never a sync, whose
    /// `sources` it leaves out).
    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        step = try c.decode(String.self, forKey: .step); place = try c.decodeIfPresent(String.self, forKey: .place)
        ok = try c.decode(Bool.self, forKey: .ok); summary = try c.decode(String.self, forKey: .summary)
        error = try c.decodeIfPresent(String.self, forKey: .error)
        written = try c.decodeIfPresent(Int.self, forKey: .written); unchanged = try c.decodeIfPresent(Int.self, forKey: .unchanged)
        removed = try c.decodeIfPresent([String].self, forKey: .removed); file = try c.decodeIfPresent(String.self, forKey: .file)
        bytes = try c.decodeIfPresent(Int.self, forKey: .bytes); warnings = try c.decode([String].self, forKey: .warnings)
    }

    /// A step that failed without saying more than `reason`.
    init(_ step: NightlyRun.Step, place: String?, failure reason: String) {
        self.step = step.rawValue; self.place = place; ok = false; summary = "failed"; error = reason
    }

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
