import AlmanacDomain
import AlmanacKit
import ArgumentParser

/// `almanac export csv`: the eight CSV files.
struct ExportCSVCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "csv",
        abstract: "Write habits.csv, entries.csv, days.csv, daily.csv, weeks.csv, months.csv, journal.csv and wellbeing.csv.",
        discussion: """
            RFC 4180 CSV in UTF-8 with a header row, ISO dates and '.' decimals. Only live rows are \
            exported (soft-deleted history is in the backup). Cells that a spreadsheet would run as a \
            formula get a leading ' (not with --raw, which is for scripts). weeks.csv and months.csv \
            total each habit's weeks (by the store's week start) and calendar months, as `stats` \
            does. The eight files are replaced together: all old or all new. For a spreadsheet \
            people open, `export xlsx` writes a workbook.
            """)

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("The folder to write to (created when missing).", valueName: "folder")) var out = "exports"
    @Flag(help: "Start each file with a UTF-8 byte order mark, for Excel.") var bom = false
    @Flag(help: "No leading ' on cells that look like formulas: for scripts and pandas, not for spreadsheets.") var raw = false
    @OptionGroup var day: ExportDayOption

    @OptionGroup var quiet: QuietOption

    func run() throws {
        quiet.apply()
        let store = try global.openStore()
        let day = try global.day(self.day.asOf, in: store)
        global.noteIfAfterToday(day, in: store)
        let export = try CSVExport(store: store, out: out, asOf: day, clock: global.clock(), byteOrderMark: bom, raw: raw)
        let progress = ProgressLine(label: "Writing \(out)")
        let done = try export.run(progress: progress.update)
        progress.finish()
        Output.line("Wrote \(CSVExport.fileNames.joined(separator: ", ")) to \(out) (as of \(done.asOf)"
            + (done.unchanged > 0 ? "; \(done.unchanged) already held their bytes and were left as they were)." : ")."))
    }
}
