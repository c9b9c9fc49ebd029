import AlmanacDomain
import AlmanacKit
import ArgumentParser

/// Options of commands that compute metrics as of a day.
struct AsOfOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Compute as of this day: YYYY-MM-DD, today, yesterday or -N (default: today in the store's time zone).",
                               valueName: "day"),
            transform: ArgumentValues.relativeDay)
    var asOf: DaySelection?

    @Flag(help: "Print JSON for scripts.") var json = false
}
