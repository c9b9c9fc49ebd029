import AlmanacKit
import ArgumentParser

/// `almanac journal delete ID`: a soft delete; backups keep the entry.
struct JournalDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete a journal entry (it stays in history and backups).")

    @OptionGroup var global: GlobalOptions

    @OptionGroup var quiet: QuietOption
    @Argument(help: "The entry's id, or its first characters as `journal list` shows them.") var id: String

    func run() throws {
        quiet.apply()
        let entry = try Notebook(store: global.openStore(), clock: global.clock()).deleteJournal(id)
        Output.line("Deleted journal entry \"\(TerminalText.safe(entry.title))\" of \(entry.dayKey) (kept in history).")
    }
}
