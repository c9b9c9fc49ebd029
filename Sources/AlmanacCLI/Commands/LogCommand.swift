import AlmanacDomain
import AlmanacRender
import AlmanacStore
import ArgumentParser

/// Which days a command covers: `--date`, or `--from`/`--to`, or today.
struct DayRangeOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The day (default: today in the store's time zone).", valueName: "YYYY-MM-DD"),
            transform: ArgumentValues.day)
    var date: DayKey?

    @Option(help: ArgumentHelp("The first day of a range.", valueName: "YYYY-MM-DD"), transform: ArgumentValues.day)
    var from: DayKey?

    @Option(help: ArgumentHelp("The last day of a range (inclusive).", valueName: "YYYY-MM-DD"), transform: ArgumentValues.day)
    var to: DayKey?

    func days(today: DayKey) throws -> [DayKey] {
        try ArgumentValues.days(date: date, from: from, to: to, today: today)
    }

    var label: String {
        if let from, let to { return "\(from) to \(to)" }
        return date.map { "on \($0)" } ?? "today"
    }
}

/// `almanac log`: what you did today (or on another day).
struct LogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Log a habit for a day: replaces that day's value, or adds to it with --add.",
        discussion: """
            A yes/no habit needs no value (1 = done, 0 = not done). Re-logging a day replaces its value; \
            the old value stays in history. --skip excuses days (sick, vacation): they neither count nor \
            break a streak.
            """
    )

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The habit's name (any case).") var habit: String
    @Argument(help: "The day's value (default 1 for yes/no habits and with --add).", transform: ArgumentValues.number)
    var value: Double?
    @OptionGroup var range: DayRangeOptions
    @Option(parsing: .unconditional, help: "A note for the day (may start with -).") var note: String?
    @Flag(help: "Add to the day's value instead of replacing it (\"one more glass\").") var add = false
    @Flag(help: "Excuse the days (sick, vacation).") var skip = false

    func validate() throws {
        if add && skip { throw ValidationError("Use either --add or --skip, not both.") }
        if skip && value != nil { throw ValidationError("A skipped day has no value; leave the value out.") }
    }

    func run() throws {
        let store = try global.openStore()
        let habit = try store.habit(named: self.habit)
        let calendar = try store.calendar()
        let now = try Now.instant()
        let today = calendar.dayKey(for: now)
        let days = try range.days(today: today)
        if !skip, let last = days.last, last > today {
            throw CommandFailure("\(last) is in the future (today is \(today)); only skips can be planned ahead.")
        }
        let amount: Double
        if let value {
            amount = value
        } else if habit.unit == .boolean || add || skip {
            amount = 1
        } else {
            throw CommandFailure("\(habit.name) is measured in \(habit.displayUnit.isEmpty ? habit.unit.rawValue : habit.displayUnit): give a value, e.g. `almanac log \"\(habit.name)\" \(NumberText.plain(habit.target))`.")
        }
        let mode: LogMode = skip ? .skip : (add ? .add : .replace)
        let outcome = try store.log(habitId: habit.id, days: days, value: amount, mode: mode, note: note, now: now)
        if skip {
            Output.line("Skipped \(habit.name) \(range.label) (\(days.count) day\(days.count == 1 ? "" : "s") excused).")
        } else if days.count == 1 {
            let total = try store.entries(habitId: habit.id, from: days[0], to: days[0])
                .filter { $0.kind == .check }.reduce(0) { $0 + $1.value }
            let state = habit.isCompleted(value: total) ? "complete" : "not complete"
            Output.line("Logged \(habit.name) \(range.label): \(HabitText.value(total, of: habit)) (\(MetricText.goal(habit)); \(state)).")
        } else {
            Output.line("Logged \(habit.name) \(range.label): \(HabitText.value(amount, of: habit)) on \(days.count) days.")
        }
        if outcome.replaced > 0 && mode != .add {
            Output.line("Replaced \(outcome.replaced) earlier entr\(outcome.replaced == 1 ? "y" : "ies") (kept in history).")
        }
    }
}

/// `almanac unlog`: withdraw what was logged on a day (a soft delete: history keeps it).
struct UnlogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unlog", abstract: "Remove a day's entries of a habit (they stay in history).")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The habit's name (any case).") var habit: String
    @OptionGroup var range: DayRangeOptions

    func run() throws {
        let store = try global.openStore()
        let habit = try store.habit(named: self.habit)
        let today = try Now.today(in: store.calendar())
        let days = try range.days(today: today)
        let removed = try store.unlog(habitId: habit.id, days: days, now: try Now.instant())
        guard removed > 0 else { throw CommandFailure("\(habit.name) has nothing logged \(range.label).") }
        Output.line("Removed \(removed) entr\(removed == 1 ? "y" : "ies") of \(habit.name) \(range.label) (kept in history).")
    }
}
