import AlmanacDomain
import AlmanacKit
import ArgumentParser

/// `almanac goal add NAME --habits Run --habits Stretch [--target-date DAY]`.
struct GoalAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a goal over some habits.")

    @OptionGroup var global: GlobalOptions

    @OptionGroup var quiet: QuietOption
    @Argument(help: "The goal's name, e.g. \"Marathon 2027\".") var name: String
    @Option(help: ArgumentHelp("A habit of the goal, by name; repeat it for each (a list separated by commas is taken too, when no habit's name has a comma).",
                               valueName: "habit"))
    var habits: [String] = []
    @Option(help: ArgumentHelp("The day you aim for (informational).", valueName: "YYYY-MM-DD"), transform: ArgumentValues.day)
    var targetDate: DayKey?

    func validate() throws {
        if habits.isEmpty { throw ValidationError("A goal needs its habits: --habits NAME, once for each.") }
    }

    func run() throws {
        quiet.apply()
        let goal = try GoalBook(store: global.openStore(), clock: global.clock())
            .add(name, habits: habits, targetDate: targetDate)
        let count = goal.habitIds.count
        Output.line("Added the goal \(TerminalText.safe(goal.name)) over \(count) habit\(count == 1 ? "" : "s")"
                    + (goal.targetDate.map { ", aiming for \($0)." } ?? "."))
    }
}
