import AlmanacKit
import ArgumentParser

/// `almanac unlog`: withdraw what was logged on a day (a soft delete: history keeps it).
struct UnlogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unlog", abstract: "Remove a day's entries of a habit (they stay in history).")

    @OptionGroup var global: GlobalOptions

    @OptionGroup var quiet: QuietOption
    @Argument(help: "The habit's name (any case).", completion: HabitNameCompletion.kind) var habit: String
    @OptionGroup var range: DayRangeOptions

    func run() throws {
        quiet.apply()
        let days = try range.selection()
        let (habit, removed) = try HabitLog(store: global.openStore(), clock: global.clock()).unlog(habit: self.habit, days: days)
        Output.line("Removed \(removed) entr\(removed == 1 ? "y" : "ies") of \(habit.name) \(days.label) (kept in history).")
    }
}
