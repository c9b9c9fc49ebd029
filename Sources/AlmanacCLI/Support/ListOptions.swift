import AlmanacDomain
import AlmanacKit
import AlmanacStorage
import ArgumentParser

/// The options of the commands that list days (journal, wellbeing, history): a window of days
/// (each a date, `today`, `yesterday` or `-N`), and JSON for scripts.
struct ListOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("From this day: YYYY-MM-DD, today, yesterday or -N.", valueName: "day"),
            transform: ArgumentValues.relativeDay) var from: DaySelection?
    @Option(parsing: .unconditional, help: ArgumentHelp("Through this day: YYYY-MM-DD, today, yesterday or -N.", valueName: "day"),
            transform: ArgumentValues.relativeDay) var to: DaySelection?
    @Flag(help: "Print JSON for scripts.") var json = false

    /// The window's days, the words resolved in `store`'s time zone.
    func days(_ global: GlobalOptions, in store: any AlmanacStore) throws -> (from: DayKey?, to: DayKey?) {
        (try global.day(from, in: store), try global.day(to, in: store))
    }
}
