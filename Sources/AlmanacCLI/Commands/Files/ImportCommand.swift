import AlmanacDomain
import AlmanacKit
import ArgumentParser
import Foundation
import AlmanacImport

/// `almanac import PATH`: another app's history into the store, previewed with `--dry-run`.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import another app's history: Loop (database or CSV export), HabitBull, Rewire, Tickmate, harsh, LucidPal, Habitto, Habitat or Habit Tracker.",
        discussion: """
            The format is recognised from the content; --format names it when it is not. The whole file is \
            read and checked before the store is touched, then applied in one transaction. Importing the \
            same file (or a later export of the same app) again adds only what is new; a day the store has \
            with another value takes the imported one and keeps the old one as history. A habit of the file \
            with the name of one of the store's is added beside it as "Sport (2)" (so are two habits of the \
            file with one name) unless --merge-into names the store's habit to take it in. Only facts are imported (entries, \
            skips, notes, ratings), never streaks, scores or XP. See docs/IMPORT.md for each format.
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The file or folder another app exported.") var path: String
    @Option(help: ArgumentHelp("The format, when it is not recognised: \(ImportFormat.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "format"),
            transform: ImportCommand.format)
    var format: ImportFormat?
    @Flag(help: "Show what would be imported, and change nothing.") var dryRun = false
    @Flag(help: "Print the preview or the result as JSON.") var json = false
    @Flag(help: "Follow the app: remember PATH (a file, or a folder whose newest file is taken) and make the habits it owns mirror it, now and at each almanac sync.")
    var follow = false
    @Flag(help: "With --follow: sync a file older than the last one synced.") var force = false
    @Flag(help: "Leave out the rows that cannot be read or kept (each listed with its reason) instead of refusing the file.")
    var skipBadRows = false

    static func format(_ text: String) throws -> ImportFormat {
        guard let format = ImportFormat(rawValue: text.lowercased()) else {
            throw ValidationError("\(text) is not a format; use " + ImportFormat.allCases.map(\.rawValue).joined(separator: ", ") + ".")
        }
        return format
    }

    func validate() throws {
        if force && !follow { throw ValidationError("--force is for --follow (and almanac sync).") }
        if follow && !mergeInto.isEmpty {
            throw ValidationError("--merge-into is for a one-time import: a followed habit's days come from the app, and the store's habit would lose its own.")
        }
    }

    @Option(name: .customLong("merge-into"), help: ArgumentHelp("Put the file's habit of this name into the store's habit of the same name, instead of adding it beside as \"NAME (2)\" (repeatable).", valueName: "name"))
    var mergeInto: [String] = []

    @OptionGroup var quiet: QuietOption

    func run() throws {
        quiet.apply()
        if follow {
            let done = try SourceSync(location: try global.location(), clock: try global.clock(), dryRun: dryRun, force: force,
                                      leavingOutBadRows: skipBadRows).follow(path, format: format)
            guard json else { return SyncReport.print(done, dryRun: dryRun) }
            done.skipped.forEach(Output.warning)
            return try Output.json(SyncReport(done, dryRun: dryRun))
        }
        let done = try HistoryImport(location: try global.location(), file: path, format: format, dryRun: dryRun,
                                     clock: try global.clock(), leavingOutBadRows: skipBadRows, mergeInto: mergeInto).run()
        if json { return try Output.json(Report(done, dryRun: dryRun)) }
        for line in Self.lines(done, dryRun: dryRun) { Output.line(line) }
        for warning in done.warnings { Output.note(warning) }
    }

    /// The preview or the result, for people.
    static func lines(_ done: HistoryImport.Outcome, dryRun: Bool) -> [String] {
        let s = done.summary
        var found = ["\(count(s.habitsInFile, "habit"))" + (s.archivedInFile > 0 ? " (\(s.archivedInFile) archived)" : ""),
                     count(s.entriesInFile, "entry", "entries")]
        if s.notesInFile > 0 { found.append(count(s.notesInFile, "note")) }
        if s.ratingsInFile > 0 { found.append(count(s.ratingsInFile, "rating")) }
        if s.journalInFile > 0 { found.append(count(s.journalInFile, "note without a check", "notes without a check")) }
        var lines = ["\(done.source): " + found.joined(separator: ", ")]
        let verb = dryRun ? "would add" : "added"
        var added = [count(s.habitsAdded.count, "habit"), count(s.entriesAdded, "day")]
        if !s.categoriesAdded.isEmpty { added.append(count(s.categoriesAdded.count, "category", "categories")) }
        if s.ratingsAdded > 0 { added.append(count(s.ratingsAdded, "rating")) }
        if s.journalAdded > 0 { added.append(count(s.journalAdded, "journal entry", "journal entries")) }
        var summary = "\(verb) " + added.joined(separator: ", ")
        summary += "; \(dryRun ? "would merge" : "merged") \(s.habitsMerged.count)"
        if s.daysReplaced > 0 { summary += "; \(dryRun ? "would replace" : "replaced") \(count(s.daysReplaced, "day")) (old values kept as history)" }
        summary += "; \(dryRun ? "would skip" : "skipped") \(s.entriesAlreadyHere + s.ratingsAlreadyHere) (already here)"
        if !dryRun && s.changesNothing { summary = "Nothing new: everything in it is already here (\(s.entriesAlreadyHere + s.ratingsAlreadyHere) entries)." }
        lines.append(summary)
        // Which habit of the file went where: new, added beside a habit of its name, or merged.
        let renamed = Set(s.habitsRenamed.map(\.into))
        let plain = s.habitsAdded.filter { !renamed.contains($0) }
        if !plain.isEmpty { lines.append("  \(dryRun ? "new habits" : "new"): " + plain.map { "\"\(TerminalText.safe($0))\"" }.joined(separator: ", ")) }
        for rename in s.habitsRenamed {
            lines.append("  \"\(TerminalText.safe(rename.source))\" is added as \"\(TerminalText.safe(rename.into))\": the name is taken "
                         + "(--merge-into puts it into the store's habit of that name)")
        }
        for merge in s.habitsMerged where !merge.earlierImport {
            lines.append("  \"\(TerminalText.safe(merge.source))\" goes into \"\(TerminalText.safe(merge.into))\" (--merge-into)")
        }
        lines += leftOutLines(s.rowsLeftOut, dryRun: dryRun)
        if done.createdStore { lines.append("Created the store for it.") }
        if dryRun { lines.append("Dry run: nothing was changed.") }
        return lines
    }

    /// "Left out 2 rows that cannot be kept:" and one line per row with its reason.
    static func leftOutLines(_ rows: [String], dryRun: Bool) -> [String] {
        guard !rows.isEmpty else { return [] }
        return ["\(dryRun ? "Would leave" : "Left") out \(count(rows.count, "row")) that cannot be kept:"] + rows.map { "  " + TerminalText.safe($0) }
    }

    static func count(_ n: Int, _ one: String, _ many: String? = nil) -> String {
        "\(n.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))) \(n == 1 ? one : many ?? one + "s")"
    }

    /// `--json`: the preview or the result for scripts.
    struct Report: Encodable {
        var source: String
        var format: String
        var dryRun: Bool
        var createdStore: Bool
        var summary: ImportSummary
        var warnings: [String]

        init(_ done: HistoryImport.Outcome, dryRun: Bool) {
            source = done.source; format = done.format.rawValue; self.dryRun = dryRun
            createdStore = done.createdStore; summary = done.summary; warnings = done.warnings
        }
    }
}
