import AlmanacKit
import AlmanacRender
import AlmanacWords
import ArgumentParser

/// `almanac goal list`: each goal's combined 30-day rate, its habits' streaks and days left.
struct GoalListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List goals with their progress.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var quiet: NotesQuietOption
    @OptionGroup var options: AsOfOptions

    func run() throws {
        quiet.apply()
        let store = try global.openStore()
        let goals = try GoalBook(store: store, clock: global.clock()).list(asOf: global.day(options.asOf, in: store))
        if options.json { return try Output.json(goals) }
        if goals.isEmpty { return Output.line("No goals yet; add one with `almanac goal add NAME --habits run,stretch`.") }
        for goal in goals {
            Output.line(TerminalText.safe(goal.name) + " — " + MetricText.english.goalProgress(goal))
            for habit in goal.habits {
                Output.line("  \(TerminalText.safe(habit.name)): streak \(MetricText.english.streak(habit.streak.unit, habit.streak.current)) (best \(MetricText.english.streak(habit.streak.unit, habit.streak.best)))")
            }
        }
    }
}
