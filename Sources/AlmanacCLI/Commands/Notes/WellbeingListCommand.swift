import AlmanacDomain
import ArgumentParser

/// `almanac wellbeing list`.
struct WellbeingListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List wellbeing ratings.")

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("From this day.", valueName: "YYYY-MM-DD"), transform: ArgumentValues.day) var from: DayKey?
    @Option(help: ArgumentHelp("Through this day.", valueName: "YYYY-MM-DD"), transform: ArgumentValues.day) var to: DayKey?
    @Flag(help: "Print JSON for scripts.") var json = false

    func run() throws {
        let entries = try global.openStore().wellbeing(from: from, to: to)
        if json { return try Output.json(entries) }
        let rows = entries.map { [$0.dayKey.description, $0.metric, "\(NumberText.plain($0.value))/\(NumberText.plain($0.scaleMax))", $0.note ?? ""] }
        Output.table(rows).forEach { Output.line($0) }
    }
}
