import AlmanacDomain
import AlmanacKit
import ArgumentParser

/// `almanac export xlsx`: one workbook for people who open a spreadsheet.
struct ExportXLSXCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "xlsx",
        abstract: "Write one .xlsx workbook: habits, days, weeks, months, entries, journal and wellbeing.",
        discussion: """
            The same snapshot and tables as `export csv`, as a workbook that opens the same in \
            Excel and LibreOffice whatever the locale: real dates and numbers, rates as \
            percentages, text that starts with = kept as text, a bold frozen header and a filter on \
            every sheet, the days coloured done / not done / skipped, and a chart of the weekly \
            rate. A table longer than a sheet holds (1,048,576 rows) goes on in numbered sheets. \
            The file is replaced whole: the old one or the new one, never half of either.
            """)

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("The workbook to write.", valueName: "file")) var out = "almanac.xlsx"
    @OptionGroup var day: ExportDayOption

    @OptionGroup var quiet: QuietOption

    func validate() throws {
        // A workbook is a zip written by seeking back into it: it cannot go down a pipe.
        if out == "-" || out == "/dev/stdout" {
            throw ValidationError("A workbook cannot be written to stdout (it is a zip file, written by going back into it); give a file with --out, e.g. --out habits.xlsx.")
        }
    }

    func run() throws {
        quiet.apply()
        let store = try global.openStore()
        let asOf = try global.day(day.asOf, in: store)
        global.noteIfAfterToday(asOf, in: store)
        let export = XLSXExport(store: store, out: out, asOf: asOf, clock: try global.clock())
        let progress = ProgressLine(label: "Writing \(out)")
        let outcome = try export.run(progress: progress.update)
        progress.finish()
        let sheets = outcome.tables.map { table in
            "\(table.name) \(Self.grouped(table.rows))" + (table.sheets.count > 1 ? " (in \(table.sheets.count) sheets: \(table.sheets.joined(separator: ", ")))" : "")
        }
        Output.line("Wrote \(out) (as of \(outcome.asOf)): rows per sheet: \(sheets.joined(separator: ", ")).")
        if outcome.cutCells > 0 {
            Output.line("\(Self.grouped(outcome.cutCells)) text cells were longer than a spreadsheet cell holds (32,767 characters) and were cut; `export csv` has them whole.")
        }
    }

    static func grouped(_ n: Int) -> String { NumberText.grouped(Double(n)) }
}
