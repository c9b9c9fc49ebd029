import AlmanacDomain
import AlmanacKit
import ArgumentParser

/// `almanac journal edit ID`: change an entry; the earlier version stays in history.
struct JournalEditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Change a journal entry (the earlier version stays in history and backups).")

    @OptionGroup var global: GlobalOptions

    @OptionGroup var quiet: QuietOption
    @Argument(help: "The entry's id, or its first characters as `journal list` shows them.") var id: String
    @Option(help: "A new title.") var title: String?
    @Option(parsing: .unconditional, help: "A new text (Markdown; may start with -).") var body: String?
    @Option(help: ArgumentHelp("A new day.", valueName: "YYYY-MM-DD"), transform: ArgumentValues.day) var date: DayKey?

    func run() throws {
        quiet.apply()
        let entry = try Notebook(store: global.openStore(), clock: global.clock()).editJournal(id, title: title, body: body, day: date)
        Output.line("Changed journal entry \"\(TerminalText.safe(entry.title))\" of \(entry.dayKey) (now \(entry.id.description.prefix(8))).")
    }
}
