import AlmanacDomain
import ArgumentParser

/// `almanac journal list`.
struct JournalListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List journal entries.")

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("From this day.", valueName: "YYYY-MM-DD"), transform: ArgumentValues.day) var from: DayKey?
    @Option(help: ArgumentHelp("Through this day.", valueName: "YYYY-MM-DD"), transform: ArgumentValues.day) var to: DayKey?
    @Flag(help: "Print JSON for scripts.") var json = false

    func run() throws {
        let entries = try global.openStore().journal(from: from, to: to)
        if json { return try Output.json(entries) }
        for entry in entries {
            Output.line("\(entry.dayKey)  \(entry.title)")
            if !entry.body.isEmpty { Output.line("    " + entry.body.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n    ")) }
        }
    }
}
