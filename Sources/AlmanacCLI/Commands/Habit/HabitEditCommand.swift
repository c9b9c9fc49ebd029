import AlmanacDomain
import AlmanacKit
import AlmanacRender
import ArgumentParser

/// `almanac habit edit NAME`.
struct HabitEditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change a habit's definition.")

    @OptionGroup var global: GlobalOptions

    @OptionGroup var quiet: QuietOption
    @Argument(help: "The habit's name (any case).", completion: HabitNameCompletion.kind) var name: String
    @Option(name: .customLong("name"), help: ArgumentHelp("A new name.", valueName: "name")) var newName: String?
    @OptionGroup var fields: HabitFields
    @Option(name: .customLong("alias"), help: ArgumentHelp("Add a short name to type for the habit (one word, unique among names and aliases; repeatable).", valueName: "word"))
    var aliases: [String] = []
    @Option(name: .customLong("remove-alias"), help: ArgumentHelp("Take an alias away (repeatable).", valueName: "word"))
    var removeAliases: [String] = []

    func run() throws {
        quiet.apply()
        var changes = fields.changes
        changes.patch.set(\.name, newName)
        changes.addAliases = aliases
        changes.removeAliases = removeAliases
        let store = try global.openStore()
        let book = HabitBook(store: store, clock: try global.clock())
        let before = try book.find(name)
        let habit = try book.edit(name, changes)
        let categories = Dictionary(try store.categories().map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        var changed = habit.definition.changes(from: before.definition, categoryNames: categories).map { TerminalText.safe($0) }
        if habit.aliases != before.aliases {
            changed.append("aliases: \(before.aliases.isEmpty ? "none" : before.aliases.joined(separator: ", ")) → \(habit.aliases.isEmpty ? "none" : habit.aliases.joined(separator: ", "))")
        }
        Output.line("Updated \(HabitText.title(habit)): " + (changed.isEmpty ? "nothing changed." : changed.joined(separator: "; ") + "."))
    }
}
