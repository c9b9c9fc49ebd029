import AlmanacDomain
import AlmanacWords
import AlmanacKit
import AlmanacRender
import ArgumentParser

/// `almanac habit show NAME`.
struct HabitShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one habit's definition.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var quiet: NotesQuietOption
    @Argument(help: "The habit's name (any case).", completion: HabitNameCompletion.kind) var name: String
    @Flag(help: "Print JSON for scripts.") var json = false

    func run() throws {
        quiet.apply()
        let book = HabitBook(store: try global.openStore(), clock: try global.clock())
        let habit = try book.find(name)
        if json { return try Output.json(habit) }
        var rows: [[String]] = [
            ["name", HabitText.title(habit)], ["id", habit.id.description], ["goal", MetricText.english.goal(habit)],
            ["unit", habit.unit.rawValue], ["frequency", habit.frequency.cliDescription],
            ["colour", habit.color], ["category", try book.categoryName(of: habit) ?? "—"],
            ["weight", NumberText.plain(habit.weight)],
            ["created", habit.createdAt.description], ["archived", habit.archivedAt?.description ?? "no"],
        ]
        if let rule = MetricText.english.unloggedRule(habit) { rows.insert(["unlogged day", rule], at: 3) }
        if let baseline = habit.baseline { rows.insert(["baseline", MetricText.english.amount(baseline, of: habit) + " a day"], at: 3) }
        if !habit.aliases.isEmpty { rows.insert(["aliases", habit.aliases.map { TerminalText.safe($0) }.joined(separator: ", ")], at: 1) }
        rows.append(["page", SiteMap.Page.habit(habit.slug).path()])
        Output.table(rows).forEach { Output.line($0) }
    }
}
