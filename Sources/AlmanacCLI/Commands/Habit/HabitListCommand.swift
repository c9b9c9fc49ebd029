import AlmanacDomain
import AlmanacWords
import AlmanacKit
import AlmanacRender
import ArgumentParser

/// `almanac habit list`.
struct HabitListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List habits.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var quiet: NotesQuietOption
    @Flag(help: "Include archived habits.") var archived = false
    @Flag(help: "Print JSON for scripts.") var json = false

    func run() throws {
        quiet.apply()
        let store = try global.openStore()
        let habits = try HabitBook(store: store, clock: global.clock()).list(includeArchived: archived)
        if json { return try Output.json(habits) }
        if habits.isEmpty { return Output.line("No habits yet; add one with `almanac habit add NAME`.") }
        let categories = Dictionary(try store.categories().map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        let rows = habits.map { habit in
            [TerminalText.safe(habit.emoji), TerminalText.safe(habit.name), TerminalText.safe(MetricText.english.goal(habit)), habit.frequency.cliDescription,
             TerminalText.safe(habit.categoryId.flatMap { categories[$0] } ?? ""), habit.color,
             habit.weight == 1 ? "" : "weight \(NumberText.plain(habit.weight))", habit.isArchived ? "archived" : ""]
        }
        Output.table(rows, fitting: 1).forEach { Output.line($0) }
    }
}
