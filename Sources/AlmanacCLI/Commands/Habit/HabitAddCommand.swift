import AlmanacKit
import AlmanacRender
import AlmanacWords
import ArgumentParser

/// `almanac habit add NAME`.
struct HabitAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Define a new habit (at most 100 can be active).")

    @OptionGroup var global: GlobalOptions

    @OptionGroup var quiet: QuietOption
    @Argument(help: "The habit's name (unique, at most 100 characters).") var name: String
    @OptionGroup var fields: HabitFields

    func validate() throws {
        if let unit = fields.unit, unit != .boolean, fields.target == nil {
            throw ValidationError("A \(unit.rawValue) habit needs --target, e.g. --target 8.")
        }
    }

    func run() throws {
        quiet.apply()
        let saved = try HabitBook(store: global.openStore(), clock: global.clock()).add(name, fields.changes)
        Output.line("Added \(HabitText.title(saved)): \(MetricText.english.goal(saved)), \(saved.frequency.cliDescription).")
    }
}
