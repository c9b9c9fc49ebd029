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

    func run() throws {
        quiet.apply()
        var changes = fields.changes
        changes.name = newName
        let store = try global.openStore()
        let book = HabitBook(store: store, clock: try global.clock())
        let before = try book.find(name)
        let habit = try book.edit(name, changes)
        let categories = Dictionary(try store.categories().map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        let changed = Self.changes(from: before, to: habit, categories: categories)
        Output.line("Updated \(HabitText.title(habit)): " + (changed.isEmpty ? "nothing changed." : changed.joined(separator: "; ") + "."))
    }

    /// "target 1 → 2", one per field that changed, as a person reads them.
    static func changes(from old: Habit, to new: Habit, categories: [EntityID: String]) -> [String] {
        var out: [String] = []
        func add(_ field: String, _ a: String, _ b: String) { if a != b { out.append("\(field) \(TerminalText.safe(a)) → \(TerminalText.safe(b))") } }
        add("name", old.name, new.name)
        add("emoji", old.emoji.isEmpty ? "none" : old.emoji, new.emoji.isEmpty ? "none" : new.emoji)
        add("goal", MetricText.goal(old), MetricText.goal(new))
        add("baseline", old.baseline.map(NumberText.plain) ?? "none", new.baseline.map(NumberText.plain) ?? "none")
        add("frequency", old.frequency.cliDescription, new.frequency.cliDescription)
        add("colour", old.color, new.color)
        add("category", old.categoryId.flatMap { categories[$0] } ?? "none", new.categoryId.flatMap { categories[$0] } ?? "none")
        add("weight", NumberText.plain(old.weight), NumberText.plain(new.weight))
        return out
    }
}
