import AlmanacDomain
import AlmanacKit
import ArgumentParser

/// `almanac goal edit NAME [--name] [--habits] [--target-date | --no-target-date]`.
struct GoalEditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change a goal's name, habits or target date.")

    @OptionGroup var global: GlobalOptions

    @OptionGroup var quiet: QuietOption
    @Argument(help: "The goal's name (any case).") var name: String
    @Option(help: "A new name.") var newName: String?
    @Option(help: ArgumentHelp("A habit of the goal, by name, instead of the ones it has; repeat it for each.", valueName: "habit"))
    var habits: [String] = []
    @Option(help: ArgumentHelp("A new target date.", valueName: "YYYY-MM-DD"), transform: ArgumentValues.day) var targetDate: DayKey?
    @Flag(help: "Remove the target date.") var noTargetDate = false

    func validate() throws {
        if targetDate != nil && noTargetDate { throw ValidationError("Use either --target-date or --no-target-date, not both.") }
    }

    func run() throws {
        quiet.apply()
        let goal = try GoalBook(store: global.openStore(), clock: global.clock())
            .edit(name, newName: newName, habits: habits.isEmpty ? nil : habits, targetDate: targetDate, clearDate: noTargetDate)
        Output.line("Changed the goal \(TerminalText.safe(goal.name)).")
    }
}
