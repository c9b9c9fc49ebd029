import AlmanacDomain
import AlmanacImport
import AlmanacKit
import ArgumentParser
import Foundation

/// `almanac sync`: brings every followed app's newest file into the store.
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Mirror the newest file of every app the store follows (start with: almanac import PATH --follow).",
        discussion: """
            For each followed source (or those named), the newest file is read and the habits it owns are made \
            to match it: new days added, changed days replaced, days the app no longer has withdrawn (all kept \
            as history), habits renamed, archived or added as in the app. Habits made here or brought by other \
            sources are not touched. The same file again changes nothing; a file older than the last one synced \
            is refused unless --force is given. Each source is one transaction. The nightly job: \
            almanac sync && almanac report --out site. See docs/IMPORT.md.
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "Followed files or folders to sync (default: all of them).") var paths: [String] = []
    @Flag(help: "Show what would change, per habit, and change nothing.") var dryRun = false
    @Flag(help: "Sync a file older than the last one synced, or the same file again.") var force = false
    @Flag(help: "Print the preview or the result as JSON.") var json = false
    @Flag(help: "Leave out the rows that cannot be read or kept (each listed with its reason) instead of refusing the file.")
    var skipBadRows = false

    @OptionGroup var quiet: QuietOption

    func run() throws {
        quiet.apply()
        let results = try SourceSync(location: try global.location(), clock: try global.clock(), dryRun: dryRun, force: force,
                                     leavingOutBadRows: skipBadRows)
            .syncAll(only: paths)
        // Each source is its own transaction: what was synced is reported even when another
        // source failed, and every failure gets its sentence on stderr.
        var failures: [SourceSync.Failure] = []
        var reports: [SyncReport] = []
        for result in results {
            switch result {
            case .success(let outcome):
                if json {
                    reports.append(SyncReport(outcome, dryRun: dryRun))
                    outcome.skipped.forEach(Output.warning)
                } else {
                    SyncReport.print(outcome, dryRun: dryRun)
                }
            case .failure(let failure) where results.count == 1:
                throw failure.error   // one source: its own sentence, as any command's
            case .failure(let failure):
                failures.append(failure)
                AlmanacMain.report("\(failure.path): " + AlmanacMain.sentence(for: failure.error).text)
            }
        }
        if json { try Output.json(reports) }
        guard failures.isEmpty else {
            throw AlmanacError.refused("\(failures.count) of \(results.count) followed sources could not be synced (above); "
                                       + "the others were, each in a transaction of its own.")
        }
    }
}

/// What a sync did (or would do), for people and for scripts.
struct SyncReport: Encodable {
    var path: String
    var file: String
    var source: String
    var format: String?
    var dryRun: Bool
    var sameFile: Bool
    var firstSync: Bool
    var createdStore: Bool
    var summary: ImportSummary
    var warnings: [String]
    /// Newer files that could not be read (the sync took the next newest).
    var skipped: [String]

    init(_ done: SourceSync.Outcome, dryRun: Bool) {
        path = done.source.path; file = done.source.lastFile; source = done.title; format = done.format?.rawValue
        self.dryRun = dryRun; sameFile = done.sameFile; firstSync = done.firstSync; createdStore = done.createdStore
        summary = done.summary; warnings = done.warnings; skipped = done.skipped
    }

    static func print(_ done: SourceSync.Outcome, dryRun: Bool) {
        for line in lines(done, dryRun: dryRun) { Output.line(line) }
        for warning in done.warnings { Output.note(warning) }
        for skipped in done.skipped { Output.warning(skipped) }
    }

    static func lines(_ done: SourceSync.Outcome, dryRun: Bool) -> [String] {
        let path = TerminalText.safe(done.source.path)
        if done.sameFile {
            return ["\(path): nothing new (the newest file is the one synced \(done.source.syncedAt))."]
        }
        let s = done.summary
        let file = done.source.lastFile == done.source.path ? "" : " — \(TerminalText.safe((done.source.lastFile as NSString).lastPathComponent))"
        var lines = ["\(path)\(file): \(done.title), \(count(s.habitsInFile, "habit")), \(count(s.entriesInFile, "entry", "entries"))"]
        if s.changesNothing && done.firstSync == false {
            lines.append("Nothing changed: the store already shows what the file says.")
        } else {
            let (add, change, withdraw) = dryRun ? ("would add", "would change", "would withdraw") : ("added", "changed", "withdrew")
            var summary = "\(add) \(count(s.entriesAdded, "day")), \(change) \(s.daysReplaced), \(withdraw) \(s.daysWithdrawn) (old values kept as history)"
            if !s.habitsAdded.isEmpty { summary += "; \(count(s.habitsAdded.count, "new habit"))" }
            if s.journalAdded > 0 { summary += "; \(count(s.journalAdded, "journal entry", "journal entries"))" }
            if s.ratingsAdded > 0 { summary += "; \(count(s.ratingsAdded, "rating"))" }
            lines.append(summary)
        }
        for habit in s.habits { lines.append("  " + describe(habit)) }
        lines += ImportCommand.leftOutLines(s.rowsLeftOut, dryRun: dryRun)
        if done.createdStore { lines.append("Created the store for it.") }
        if done.firstSync && !dryRun { lines.append("Following it now: almanac sync brings its newest file each time.") }
        if dryRun { lines.append("Dry run: nothing was changed.") }
        return lines
    }

    private static func describe(_ habit: ImportSummary.HabitSync) -> String {
        var parts: [String] = []
        if habit.isNew { parts.append("new habit") }
        if let old = habit.renamedFrom { parts.append("renamed from \"\(TerminalText.safe(old))\"") }
        if habit.goneFromSource { parts.append("no longer in the app: archived, its history kept") }
        if habit.archived { parts.append("archived") }
        if habit.unarchived { parts.append("active again") }
        if !habit.fieldsChanged.isEmpty { parts.append(habit.fieldsChanged.joined(separator: ", ") + " changed") }
        var days: [String] = []
        if habit.daysAdded > 0 { days.append("+\(count(habit.daysAdded, "day"))") }
        if habit.daysChanged > 0 { days.append("\(habit.daysChanged) changed") }
        if habit.daysWithdrawn > 0 { days.append("\(habit.daysWithdrawn) withdrawn") }
        if !days.isEmpty { parts.append(days.joined(separator: ", ")) }
        return "\"\(TerminalText.safe(habit.name))\": " + parts.joined(separator: "; ")
    }

    private static func count(_ n: Int, _ one: String, _ many: String? = nil) -> String { ImportCommand.count(n, one, many) }
}
