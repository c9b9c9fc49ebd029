import AlmanacKit
import ArgumentParser

/// `almanac habit unarchive NAME`.
struct HabitUnarchiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unarchive", abstract: "Make an archived habit active again.")

    @OptionGroup var global: GlobalOptions

    @OptionGroup var quiet: QuietOption
    @Argument(help: "The habit's name (any case).", completion: HabitNameCompletion.kind) var name: String

    func run() throws {
        quiet.apply()
        let habit = try HabitBook(store: global.openStore(), clock: global.clock()).unarchive(name)
        Output.line("\(habit.name) is active again.")
    }
}
