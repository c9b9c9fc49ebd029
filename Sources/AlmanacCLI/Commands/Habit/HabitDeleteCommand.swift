import AlmanacKit
import AlmanacRender
import ArgumentParser

/// `almanac habit delete NAME --yes`.
struct HabitDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a habit's definition; its entries stay in the store and in backups.")

    @OptionGroup var global: GlobalOptions

    @OptionGroup var quiet: QuietOption
    @Argument(help: "The habit's name (any case).", completion: HabitNameCompletion.kind) var name: String
    @Flag(help: "Confirm the deletion.") var yes = false

    func run() throws {
        quiet.apply()
        let (habit, kept) = try HabitBook(store: global.openStore(), clock: global.clock()).delete(name, confirmed: yes)
        Output.line("Deleted \(habit.name); its \(Output.count(kept, "entry", "entries")) \(kept == 1 ? "stays" : "stay") in the store and in backups.")
    }
}
