import AlmanacKit
import ArgumentParser

/// `almanac wellbeing delete ID`: a soft delete; backups keep the rating.
struct WellbeingDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete a rating (it stays in history and backups).")

    @OptionGroup var global: GlobalOptions

    @OptionGroup var quiet: QuietOption
    @Argument(help: "The rating's id, or its first characters as `wellbeing list` shows them.") var id: String

    func run() throws {
        quiet.apply()
        let entry = try Notebook(store: global.openStore(), clock: global.clock()).deleteRating(id)
        Output.line("Deleted \(TerminalText.safe(entry.metric)) of \(entry.dayKey) (kept in history).")
    }
}
