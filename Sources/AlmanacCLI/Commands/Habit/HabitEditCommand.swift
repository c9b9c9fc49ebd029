import AlmanacKit
import AlmanacRender
import ArgumentParser

/// `almanac habit edit NAME`.
struct HabitEditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change a habit's definition.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The habit's name (any case).", completion: HabitNameCompletion.kind) var name: String
    @Option(name: .customLong("name"), help: ArgumentHelp("A new name.", valueName: "name")) var newName: String?
    @OptionGroup var fields: HabitFields

    func run() throws {
        var changes = fields.changes
        changes.name = newName
        let habit = try HabitBook(store: global.openStore(), clock: global.clock()).edit(name, changes)
        Output.line("Updated \(HabitText.title(habit)): \(MetricText.goal(habit)), \(habit.frequency.cliDescription).")
    }
}
