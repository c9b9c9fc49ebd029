import AlmanacDomain
import ArgumentParser

/// The options of the commands that list days (journal, wellbeing, history): a window of days,
/// and JSON for scripts.
struct ListOptions: ParsableArguments {
    @Option(help: ArgumentHelp("From this day.", valueName: "YYYY-MM-DD"), transform: ArgumentValues.day) var from: DayKey?
    @Option(help: ArgumentHelp("Through this day.", valueName: "YYYY-MM-DD"), transform: ArgumentValues.day) var to: DayKey?
    @Flag(help: "Print JSON for scripts.") var json = false
}
