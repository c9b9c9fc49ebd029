import AlmanacDomain
import AlmanacRender
import AlmanacStore
import ArgumentParser

/// `almanac habit …`: define, inspect and retire habits.
struct HabitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "habit",
        abstract: "Add, list, show, edit, archive, unarchive or delete habits.",
        subcommands: [HabitAddCommand.self, HabitListCommand.self, HabitShowCommand.self, HabitEditCommand.self,
                      HabitArchiveCommand.self, HabitUnarchiveCommand.self, HabitDeleteCommand.self]
    )
}

struct HabitAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Define a new habit (at most 100 can be active).")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The habit's name (unique, at most 100 characters).") var name: String
    @OptionGroup var fields: HabitFields

    func validate() throws {
        if let unit = fields.unit, unit != .boolean, fields.target == nil {
            throw ValidationError("A \(unit.rawValue) habit needs --target, e.g. --target 8.")
        }
    }

    func run() throws {
        let store = try global.openStore()
        let now = try Now.instant()
        var habit = Habit(name: name, createdAt: now)
        try fields.apply(to: &habit, store: store, now: now)
        let saved = try store.addHabit(habit)
        Output.line("Added \(HabitText.title(saved)): \(MetricText.goal(saved)), \(saved.frequency.cliDescription).")
    }
}

struct HabitListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List habits.")

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Include archived habits.") var archived = false
    @Flag(help: "Print JSON for scripts.") var json = false

    func run() throws {
        let store = try global.openStore()
        let habits = try store.habits(includeArchived: archived)
        if json { return try Output.json(habits) }
        if habits.isEmpty { return Output.line("No habits yet; add one with `almanac habit add NAME`.") }
        let rows = habits.map { habit in
            [habit.emoji, habit.name, MetricText.goal(habit), habit.frequency.cliDescription,
             habit.isArchived ? "archived" : ""]
        }
        Output.table(rows).forEach { Output.line($0) }
    }
}

struct HabitShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one habit's definition.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The habit's name (any case).") var name: String
    @Flag(help: "Print JSON for scripts.") var json = false

    func run() throws {
        let store = try global.openStore()
        let habit = try store.habit(named: name)
        if json { return try Output.json(habit) }
        let category = try habit.categoryId.flatMap { id in try store.categories().first { $0.id == id }?.name }
        let rows: [[String]] = [
            ["name", HabitText.title(habit)], ["id", habit.id.description], ["goal", MetricText.goal(habit)],
            ["unit", habit.unit.rawValue], ["frequency", habit.frequency.cliDescription],
            ["colour", habit.color], ["category", category ?? "—"], ["weight", NumberText.plain(habit.weight)],
            ["created", habit.createdAt.description], ["archived", habit.archivedAt?.description ?? "no"],
        ]
        Output.table(rows).forEach { Output.line($0) }
    }
}

struct HabitEditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change a habit's definition.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The habit's name (any case).") var name: String
    @Option(name: .customLong("name"), help: ArgumentHelp("A new name.", valueName: "name")) var newName: String?
    @OptionGroup var fields: HabitFields

    func run() throws {
        let store = try global.openStore()
        let now = try Now.instant()
        var habit = try store.habit(named: name)
        if let newName { habit.name = newName }
        try fields.apply(to: &habit, store: store, now: now)
        try store.updateHabit(habit, now: now)
        Output.line("Updated \(HabitText.title(habit)): \(MetricText.goal(habit)), \(habit.frequency.cliDescription).")
    }
}

struct HabitArchiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "archive", abstract: "Hide a habit from today; it stays in history and reports.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The habit's name (any case).") var name: String

    func run() throws {
        let store = try global.openStore()
        let habit = try store.habit(named: name)
        try store.archiveHabit(id: habit.id, now: try Now.instant())
        Output.line("Archived \(habit.name); its history stays in reports.")
    }
}

struct HabitUnarchiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unarchive", abstract: "Make an archived habit active again.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The habit's name (any case).") var name: String

    func run() throws {
        let store = try global.openStore()
        let habit = try store.habit(named: name)
        try store.unarchiveHabit(id: habit.id, now: try Now.instant())
        Output.line("\(habit.name) is active again.")
    }
}

struct HabitDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a habit's definition; its entries stay in the store and in backups.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The habit's name (any case).") var name: String
    @Flag(help: "Confirm the deletion.") var yes = false

    func run() throws {
        let store = try global.openStore()
        let habit = try store.habit(named: name)
        guard yes else {
            throw CommandFailure("Deleting removes \(habit.name)'s definition (its entries stay as history); add --yes to confirm, or use `habit archive`.")
        }
        let kept = try store.deleteHabit(id: habit.id)
        Output.line("Deleted \(habit.name); its \(kept) entries stay in the store and in backups.")
    }
}

/// How a habit is described in one line.
enum HabitText {
    static func title(_ habit: Habit) -> String { habit.emoji.isEmpty ? habit.name : "\(habit.emoji) \(habit.name)" }


    /// A day's value with its unit: "done", "3 glasses", "25 min".
    static func value(_ value: Double, of habit: Habit) -> String {
        if habit.unit == .boolean { return value >= 1 ? "done" : "not done" }
        return [NumberText.plain(value), habit.displayUnit].filter { !$0.isEmpty }.joined(separator: " ")
    }
}
