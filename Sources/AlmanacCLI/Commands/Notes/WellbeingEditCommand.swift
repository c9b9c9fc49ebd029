import AlmanacDomain
import AlmanacKit
import ArgumentParser

/// `almanac wellbeing edit ID`: change a rating; the earlier version stays in history.
struct WellbeingEditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Change a rating (the earlier version stays in history and backups).")

    @OptionGroup var global: GlobalOptions

    @OptionGroup var quiet: QuietOption
    @Argument(help: "The rating's id, or its first characters as `wellbeing list` shows them.") var id: String
    @Option(help: "A new rating.", transform: ArgumentValues.number) var value: Double?
    @Option(help: "A new scale maximum.", transform: ArgumentValues.positive) var scale: Double?
    @Option(parsing: .unconditional, help: "A new note (may start with -).") var note: String?
    @Option(help: ArgumentHelp("A new day.", valueName: "YYYY-MM-DD"), transform: ArgumentValues.day) var date: DayKey?

    func run() throws {
        quiet.apply()
        let entry = try Notebook(store: global.openStore(), clock: global.clock())
            .editRating(id, value: value, scale: scale, note: note, day: date)
        Output.line("Changed \(TerminalText.safe(entry.metric)) of \(entry.dayKey) to \(NumberText.plain(entry.value))/\(NumberText.plain(entry.scaleMax)) (now \(entry.id.description.prefix(8))).")
    }
}
