import AlmanacKit
import ArgumentParser

/// `almanac goal delete NAME`.
struct GoalDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a goal; its habits and their entries stay.")

    @OptionGroup var global: GlobalOptions

    @OptionGroup var quiet: QuietOption
    @Argument(help: "The goal's name (any case).") var name: String

    func run() throws {
        quiet.apply()
        let goal = try GoalBook(store: global.openStore(), clock: global.clock()).delete(name)
        Output.line("Deleted the goal \(TerminalText.safe(goal.name)); its habits stay.")
    }
}
