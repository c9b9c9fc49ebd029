import AlmanacDomain
import AlmanacKit
import ArgumentParser

/// `almanac journal add TITLE`.
struct JournalAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a journal entry.")

    @OptionGroup var global: GlobalOptions

    @OptionGroup var quiet: QuietOption
    @Argument(help: "The title.") var title: String
    @Option(parsing: .unconditional, help: "The text (Markdown; may start with -).") var body: String = ""
    @Option(help: ArgumentHelp("The day (default today).", valueName: "YYYY-MM-DD"), transform: ArgumentValues.day)
    var date: DayKey?

    func run() throws {
        quiet.apply()
        let entry = try Notebook(store: global.openStore(), clock: global.clock()).addJournal(title: title, body: body, day: date)
        Output.line("Added journal entry \"\(entry.title)\" for \(entry.dayKey).")
    }
}
