import AlmanacDomain
import ArgumentParser

/// Options of commands that compute metrics as of a day.
struct AsOfOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Compute as of this day (default: today in the store's time zone).", valueName: "YYYY-MM-DD"),
            transform: ArgumentValues.day)
    var asOf: DayKey?

    @Flag(help: "Print JSON for scripts.") var json = false
}
