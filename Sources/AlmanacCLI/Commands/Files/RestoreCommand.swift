import AlmanacDomain
import AlmanacKit
import AlmanacRender
import ArgumentParser
import AlmanacStorage
import Foundation

/// `almanac restore FILE`: a backup back into the store, validated first, applied at once.
struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Restore a JSON backup: validated whole before the store is touched, then applied in one transaction.",
        discussion: """
            merge (default) adds what is new and updates what the backup has newer (by updatedAt); running \
            it twice changes nothing. replace makes the store exactly the backup, after copying the \
            current store to <store>.before-restore-<time>.sqlite. A store that does not exist yet is \
            created with the backup's settings.
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The backup file (from `almanac backup`), gzip-compressed or not; - reads standard input; or a folder of the nightly job's dated backups, whose newest is restored.")
    var path: String
    @Option(help: ArgumentHelp("With a folder of dated backups: restore the backup of this day (YYYY-MM-DD) instead of the newest.", valueName: "day"),
            transform: ArgumentValues.day)
    var date: DayKey?
    @Option(help: ArgumentHelp("merge or replace (default merge).", valueName: "mode"), transform: ArgumentValues.restoreMode)
    var mode: RestoreMode = .merge
    @Flag(help: "Show what would be added, updated and left unchanged, and change nothing.") var dryRun = false

    @OptionGroup var quiet: QuietOption

    func run() throws {
        quiet.apply()
        let location = try global.location()
        let path = location.path
        var isFolder: ObjCBool = false
        var candidates: [String]
        if self.path != "-", FileManager.default.fileExists(atPath: self.path, isDirectory: &isFolder), isFolder.boolValue {
            // The newest backup not after today (in any time zone: a day ahead of UTC at most).
            let latest = DayKey(ordinal: try global.clock().now().utcDayOrdinal + 1)
            candidates = try DatedBackups(folder: self.path).choose(day: date, latest: latest)
        } else if let date {
            throw ValidationError("--date \(date) picks a backup in a folder of dated backups; \(self.path) is not a folder.")
        } else {
            candidates = [self.path]
        }
        // A folder's newest backup that cannot be read is passed over, with a word, for the one
        // before it; reading comes before the store is touched.
        var chosen = candidates.removeFirst(), done: BackupRestore.Outcome
        while true {
            let file = chosen == "-" ? "standard input" : chosen
            let restore = BackupRestore(location: location, file: chosen, mode: mode, dryRun: dryRun, clock: try global.clock())
            let progress = ProgressLine(label: "Reading \(file)")
            do {
                done = try restore.run(progress: progress.update)
                progress.finish()
                break
            } catch let error as AlmanacError where !candidates.isEmpty && error.isUnreadableBackup {
                progress.finish()
                Output.warning("passed over \(file): \(AlmanacMain.sentence(for: error).text)")
                chosen = candidates.removeFirst()
            }
        }
        let file = chosen == "-" ? "standard input" : chosen
        if let copy = done.savedCopy {
            let undo = copy.hasSuffix(".json") ? "`almanac restore \(copy) --mode replace`" : "`cp`"
            Output.line("Saved the current store as \(copy) (restore it with \(undo) to undo).")
        }
        switch (done.createdStore, dryRun) {
        case (true, true):
            Output.line("Dry run: \(path) does not exist yet; the restore would create it with everything in \(file):")
        case (true, false):
            Output.line("Created \(path) from \(file): \(Output.count(done.outcome.changed, "row")).")
        case (false, true):
            Output.line("Dry run: restoring \(file) (\(mode.rawValue)) would change \(Output.count(done.outcome.changed, "row")); nothing was changed.")
        case (false, false):
            Output.line("Restored \(file) (\(mode.rawValue)): \(Output.count(done.outcome.changed, "row")) changed.")
        }
        Output.line(Self.summary(done.outcome))
        if let carried = done.carried { Self.carried(carried, before: done.before).forEach { Output.line($0) } }
    }

    /// What the store took from the backup besides the data, each with what it had before when
    /// that differs: "  time zone: Europe/Berlin (was America/New_York)".
    static func carried(_ settings: Settings, before: Settings?) -> [String] {
        func row(_ name: String, _ value: String, _ old: String?) -> String {
            "  \(name): \(TerminalText.safe(value))" + (old.map { $0 == value ? "" : " (was \(TerminalText.safe($0)))" } ?? "")
        }
        func plan(_ plan: NightlyPlan?) -> String {
            guard let plan, plan.hasOutputs else { return "none" }
            return plan.places.joined(separator: ", ")
        }
        var lines = ["It took the backup's settings:",
                     row("time zone", settings.timeZone, before?.timeZone),
                     row("weeks start on", settings.weekStart.rawValue, before?.weekStart.rawValue),
                     row("language", settings.language.rawValue, before?.language.rawValue),
                     row("public address", settings.publicAddress ?? "none (private)", before.map { $0.publicAddress ?? "none (private)" }),
                     row("nightly plan", plan(settings.nightly), before.map { plan($0.nightly) })]
        if settings.nightly?.isHeld == true, settings.nightly?.hasOutputs == true {
            lines += ["  The nightly plan is held: the store it came from publishes to its places.",
                      "  `almanac nightly set --resume` makes this store publish instead."]
        }
        return lines
    }

    /// One line per array of the backup: "  habits: 2 added, 1 updated, 40 unchanged".
    static func summary(_ outcome: RestoreOutcome) -> String {
        BackupFormat.Section.allCases.map { section in
            let c = outcome.counts[section] ?? .init()
            var parts = ["\(c.added) added", "\(c.updated) updated", "\(c.unchanged) unchanged"]
            if c.removed > 0 { parts.append("\(c.removed) removed") }
            return "  \(section.key): " + parts.joined(separator: ", ")
        }.joined(separator: "\n")
    }
}
