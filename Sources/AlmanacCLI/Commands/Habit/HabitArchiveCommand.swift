import AlmanacKit
import ArgumentParser

/// `almanac habit archive NAME`.
struct HabitArchiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "archive", abstract: "Hide a habit from today; it stays in history and reports.")

    @OptionGroup var global: GlobalOptions

    @OptionGroup var quiet: QuietOption
    @Argument(help: "The habit's name (any case).", completion: HabitNameCompletion.kind) var name: String

    func run() throws {
        quiet.apply()
        let habit = try HabitBook(store: global.openStore(), clock: global.clock()).archive(name)
        Output.line("Archived \(habit.name); its history stays in reports.")
    }
}
