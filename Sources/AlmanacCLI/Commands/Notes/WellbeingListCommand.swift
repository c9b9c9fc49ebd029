import AlmanacDomain
import AlmanacKit
import ArgumentParser

/// `almanac wellbeing list`.
struct WellbeingListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List wellbeing ratings.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var quiet: NotesQuietOption
    @OptionGroup var list: ListOptions

    func run() throws {
        quiet.apply()
        let store = try global.openStore()
        let (from, to) = try list.days(global, in: store)
        let entries = try Notebook(store: store, clock: global.clock()).wellbeing(from: from, to: to)
        if list.json { return try Output.json(entries) }
        let rows = entries.map {
            [$0.dayKey.description, String($0.id.description.prefix(8)), TerminalText.safe($0.metric), "\(NumberText.plain($0.value))/\(NumberText.plain($0.scaleMax))",
             TerminalText.safe($0.note ?? "")]
        }
        Output.table(rows).forEach { Output.line($0) }
    }
}
