import AlmanacDomain
import AlmanacStore
import ArgumentParser
import Foundation

/// `almanac export …`: files for other tools.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Export the store as CSV files for spreadsheets, or as a JSON backup.",
        subcommands: [ExportCSVCommand.self, ExportJSONCommand.self])
}

struct ExportCSVCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "csv",
        abstract: "Write habits.csv, entries.csv, daily.csv, journal.csv and wellbeing.csv.",
        discussion: """
            RFC 4180 CSV in UTF-8 with a header row, ISO dates and '.' decimals. Only live rows are \
            exported (soft-deleted history is in the backup). Cells that a spreadsheet would run as a \
            formula get a leading '. Each file is replaced atomically.
            """)

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("The folder to write to (created when missing).", valueName: "folder")) var out = "exports"
    @Flag(help: "Start each file with a UTF-8 byte order mark, for Excel.") var bom = false
    @Option(help: ArgumentHelp("Export as of this day (default today): later entries are left out.", valueName: "YYYY-MM-DD"),
            transform: ArgumentValues.day)
    var asOf: DayKey?

    func run() throws {
        let store = try global.openStore()
        let asOf = try self.asOf ?? Now.today(in: store.calendar())
        do {
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure("Cannot create the folder \(out).")
        }
        let files = try CSVExport(store: store, folder: out, asOf: asOf, byteOrderMark: bom).run()
        Output.line("Wrote \(files.joined(separator: ", ")) to \(out) (as of \(asOf)).")
    }
}
