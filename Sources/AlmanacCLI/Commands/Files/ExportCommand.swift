import ArgumentParser

/// `almanac export …`: files for other tools.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Export the store as CSV files for spreadsheets, or as a JSON backup.",
        subcommands: [ExportCSVCommand.self, ExportJSONCommand.self])
}
