import AlmanacDomain
import AlmanacKit
import ArgumentParser

/// `almanac wellbeing add METRIC VALUE`.
struct WellbeingAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Record a rating, e.g. `wellbeing add mood 4 --scale 5`.")

    @OptionGroup var global: GlobalOptions

    @OptionGroup var quiet: QuietOption
    @Argument(help: "What is rated: mood, energy, sleep, difficulty …") var metric: String
    @Argument(help: "The rating, from 0 to the scale's maximum.", transform: ArgumentValues.number) var value: Double
    @Option(help: "The scale's maximum (default 5).", transform: ArgumentValues.positive) var scale: Double?
    @Option(help: ArgumentHelp("The habit this rating is about (e.g. its difficulty).", valueName: "name")) var habit: String?
    @Option(parsing: .unconditional, help: "A note (may start with -).") var note: String?
    @Option(help: ArgumentHelp("The day (default today).", valueName: "YYYY-MM-DD"), transform: ArgumentValues.day)
    var date: DayKey?

    static let defaultScale = 5.0

    func validate() throws {
        // A rating over the default scale without a scale given most likely is on another one.
        if scale == nil && value > Self.defaultScale {
            throw ValidationError("A rating of \(NumberText.plain(value)) is over the default scale of 0 to 5; give the scale it is on, e.g. --scale 10.")
        }
    }

    func run() throws {
        quiet.apply()
        let entry = try Notebook(store: global.openStore(), clock: global.clock())
            .addWellbeing(metric: metric, value: value, scale: scale ?? Self.defaultScale, habit: habit, note: note, day: date)
        Output.line("Recorded \(entry.metric) \(NumberText.plain(entry.value))/\(NumberText.plain(entry.scaleMax)) for \(entry.dayKey).")
    }
}
