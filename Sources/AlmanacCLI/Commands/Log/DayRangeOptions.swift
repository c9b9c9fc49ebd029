import AlmanacDomain
import AlmanacKit
import ArgumentParser

/// Which days a command covers: `--date`, or `--from`/`--to`, or today.
struct DayRangeOptions: ParsableArguments {
    @Option(name: [.short, .long], parsing: .unconditional,
            help: ArgumentHelp("The day: YYYY-MM-DD, today, yesterday or -N for N days ago (default: today in the store's time zone).",
                               valueName: "day"),
            transform: ArgumentValues.relativeDay)
    var date: DaySelection?

    @Option(parsing: .unconditional, help: ArgumentHelp("The first day of a range: YYYY-MM-DD, today, yesterday or -N.", valueName: "day"),
            transform: ArgumentValues.relativeDay)
    var from: DaySelection?

    @Option(parsing: .unconditional, help: ArgumentHelp("The last day of a range (inclusive): YYYY-MM-DD, today, yesterday or -N.", valueName: "day"),
            transform: ArgumentValues.relativeDay)
    var to: DaySelection?

    func validate() throws { _ = try selection() }

    func selection() throws -> DaySelection {
        switch (date, from, to) {
        case (nil, nil, nil): return .today
        case (let day?, nil, nil): return day
        case (nil, .day(let start)?, .day(let end)?): return .range(start, end)
        case (nil, let start?, let end?): return .span(start, end)
        case (nil, _, _): throw ValidationError("--from and --to go together.")
        default: throw ValidationError("Use either --date or --from/--to, not both.")
        }
    }
}
