import AlmanacDomain
import AlmanacStore
import ArgumentParser

/// `almanac journal …`: reflections, independent of habits.
struct JournalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "journal", abstract: "Write and read journal entries.",
        subcommands: [JournalAddCommand.self, JournalListCommand.self])
}

struct JournalAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a journal entry.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The title.") var title: String
    @Option(parsing: .unconditional, help: "The text (Markdown; may start with -).") var body: String = ""
    @Option(help: ArgumentHelp("The day (default today).", valueName: "YYYY-MM-DD"), transform: ArgumentValues.day)
    var date: DayKey?

    func run() throws {
        let store = try global.openStore()
        let now = try Now.instant()
        let day = try date ?? store.calendar().dayKey(for: now)
        let entry = try store.addJournal(JournalEntry(dayKey: day, timestampUtc: now, title: title, body: body))
        Output.line("Added journal entry \"\(entry.title)\" for \(day).")
    }
}

struct JournalListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List journal entries.")

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("From this day.", valueName: "YYYY-MM-DD"), transform: ArgumentValues.day) var from: DayKey?
    @Option(help: ArgumentHelp("Through this day.", valueName: "YYYY-MM-DD"), transform: ArgumentValues.day) var to: DayKey?
    @Flag(help: "Print JSON for scripts.") var json = false

    func run() throws {
        let entries = try global.openStore().journal(from: from, to: to)
        if json { return try Output.json(entries) }
        for entry in entries {
            Output.line("\(entry.dayKey)  \(entry.title)")
            if !entry.body.isEmpty { Output.line("    " + entry.body.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n    ")) }
        }
    }
}

/// `almanac wellbeing …`: how you felt, on a scale. Never affects habits.
struct WellbeingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wellbeing", abstract: "Record and list wellbeing ratings (mood, energy, sleep, difficulty …).",
        subcommands: [WellbeingAddCommand.self, WellbeingListCommand.self])
}

struct WellbeingAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Record a rating, e.g. `wellbeing add mood 4 --scale 5`.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "What is rated: mood, energy, sleep, difficulty …") var metric: String
    @Argument(help: "The rating, from 0 to the scale's maximum.", transform: ArgumentValues.number) var value: Double
    @Option(help: "The scale's maximum (default 5).", transform: ArgumentValues.positive) var scale: Double = 5
    @Option(help: ArgumentHelp("The habit this rating is about (e.g. its difficulty).", valueName: "name")) var habit: String?
    @Option(parsing: .unconditional, help: "A note (may start with -).") var note: String?
    @Option(help: ArgumentHelp("The day (default today).", valueName: "YYYY-MM-DD"), transform: ArgumentValues.day)
    var date: DayKey?

    func run() throws {
        let store = try global.openStore()
        let now = try Now.instant()
        let day = try date ?? store.calendar().dayKey(for: now)
        let habitId = try habit.map { try store.habit(named: $0).id }
        let entry = try store.addWellbeing(WellbeingEntry(dayKey: day, timestampUtc: now, metric: metric, value: value,
                                                          scaleMax: scale, habitId: habitId, note: note))
        Output.line("Recorded \(entry.metric) \(NumberText.plain(entry.value))/\(NumberText.plain(entry.scaleMax)) for \(day).")
    }
}

struct WellbeingListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List wellbeing ratings.")

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("From this day.", valueName: "YYYY-MM-DD"), transform: ArgumentValues.day) var from: DayKey?
    @Option(help: ArgumentHelp("Through this day.", valueName: "YYYY-MM-DD"), transform: ArgumentValues.day) var to: DayKey?
    @Flag(help: "Print JSON for scripts.") var json = false

    func run() throws {
        let entries = try global.openStore().wellbeing(from: from, to: to)
        if json { return try Output.json(entries) }
        let rows = entries.map { [$0.dayKey.description, $0.metric, "\(NumberText.plain($0.value))/\(NumberText.plain($0.scaleMax))", $0.note ?? ""] }
        Output.table(rows).forEach { Output.line($0) }
    }
}
