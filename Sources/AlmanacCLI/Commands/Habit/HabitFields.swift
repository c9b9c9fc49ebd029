import AlmanacDomain
import AlmanacKit
import ArgumentParser

/// The fields of a habit definition, shared by `habit add` and `habit edit`.
struct HabitFields: ParsableArguments {
    @Option(help: ArgumentHelp("What the habit is about, shown on its page; \"\" for none.", valueName: "text"))
    var description: String?

    @Option(help: "An emoji shown before the name.")
    var emoji: String?

    @Option(help: ArgumentHelp("boolean (done or not), count or duration (minutes).", valueName: "unit"),
            transform: ArgumentValues.unit)
    var unit: HabitUnit?

    @Option(help: ArgumentHelp("What a count is counted in, e.g. glasses.", valueName: "label"))
    var unitLabel: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("The day's goal: a number > 0 (1 for boolean, minutes for duration: 30, 1:30, 1h30m).", valueName: "number"),
            transform: ArgumentValues.amount)
    var target: Double?

    @Option(help: ArgumentHelp("at-least (build a habit) or at-most (break one).", valueName: "direction"),
            transform: ArgumentValues.direction)
    var direction: Direction?

    @Option(help: ArgumentHelp("daily, weekdays:mon,wed,fri, per-week:3, per-month:10 or per-days:2/3 (2 times in 3 days).", valueName: "frequency"),
            transform: ArgumentValues.frequency)
    var frequency: Frequency?

    @Option(help: ArgumentHelp("A colour #RRGGBB for charts.", valueName: "colour"))
    var color: String?

    @Option(help: ArgumentHelp("A category (see `almanac category add`); \"\" for none.", valueName: "name"))
    var category: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("The habit's weight in the weighted score, 1 to 10 (default 1).", valueName: "1-10"),
            transform: ArgumentValues.number)
    var weight: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("At-most habits: the usage per day before you started breaking it.", valueName: "number"),
            transform: ArgumentValues.number)
    var baseline: Double?

    @Flag(inversion: .prefixedNo, help: ArgumentHelp(
        "At-most habits: a finished day with nothing logged counts as none, within the limit (you log only the slips); by default it is missed."))
    var unloggedMeansNone: Bool?

    var changes: HabitChanges {
        HabitChanges(category: category) {
            $0.set(\.description, description); $0.set(\.emoji, emoji); $0.set(\.unit, unit); $0.set(\.unitLabel, unitLabel); $0.set(\.target, target)
            $0.set(\.direction, direction); $0.set(\.frequency, frequency); $0.set(\.color, color); $0.set(\.weight, weight)
            $0.set(\.baseline, baseline.map { .some($0) }); $0.set(\.unloggedMeansNone, unloggedMeansNone)
        }
    }
}
