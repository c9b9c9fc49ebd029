import ArgumentParser

/// `almanac export …`: files for other tools.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Export the store as CSV files, an .xlsx workbook, or a JSON backup.",
        subcommands: [ExportCSVCommand.self, ExportXLSXCommand.self, ExportJSONCommand.self])
}
