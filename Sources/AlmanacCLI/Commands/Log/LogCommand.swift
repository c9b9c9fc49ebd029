import AlmanacDomain
import AlmanacKit
import AlmanacRender
import ArgumentParser

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
        let mode: LogMode = skip ? .skip : (add ? .add : .replace)
        let days = try range.selection()
        let request = HabitLog.Request(habit: habit, value: value, days: days, note: note, mode: mode)
        let logged = try HabitLog(store: global.openStore(), clock: global.clock()).log(request)
        let habit = logged.habit
        if skip {
            let count = logged.days.count
            Output.line("Skipped \(habit.name) \(days.label) (\(count) day\(count == 1 ? "" : "s") excused).")
        } else if let total = logged.dayTotal {
            let state = habit.isCompleted(value: total) ? "complete" : "not complete"
            Output.line("Logged \(habit.name) \(days.label): \(MetricText.dayValue(total, of: habit)) (\(MetricText.goal(habit)); \(state)).")
        } else {
            Output.line("Logged \(habit.name) \(days.label): \(MetricText.dayValue(logged.amount, of: habit)) on \(logged.days.count) days.")
        }
        if logged.replaced > 0 && mode != .add {
            Output.line("Replaced \(logged.replaced) earlier entr\(logged.replaced == 1 ? "y" : "ies") (kept in history).")
        }
    }
}
