import AlmanacKit
import ArgumentParser

/// `almanac journal list`.
struct JournalListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List journal entries.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var quiet: NotesQuietOption
    @OptionGroup var list: ListOptions

    func run() throws {
        quiet.apply()
        let store = try global.openStore()
        let (from, to) = try list.days(global, in: store)
        let entries = try Notebook(store: store, clock: global.clock()).journal(from: from, to: to)
        if list.json { return try Output.json(entries) }
        for entry in entries {
            Output.line("\(entry.dayKey)  \(entry.id.description.prefix(8))  \(TerminalText.safe(entry.title))")
            let body = TerminalText.safe(entry.body, keepingNewlines: true)
            if !body.isEmpty { Output.line("    " + body.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n    ")) }
        }
    }
}
