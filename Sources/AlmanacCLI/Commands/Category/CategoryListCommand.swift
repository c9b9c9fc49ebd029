import AlmanacKit
import ArgumentParser

/// `almanac category list`.
struct CategoryListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List categories with how many habits each has.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var quiet: NotesQuietOption
    @Flag(help: "Print JSON for scripts.") var json = false

    func run() throws {
        quiet.apply()
        let categories = try CategoryBook(store: global.openStore(), clock: global.clock()).list()
        if json { return try Output.json(categories) }
        if categories.isEmpty { return Output.line("No categories yet; add one with `almanac category add NAME`.") }
        let rows = categories.map { [TerminalText.safe($0.name), "\($0.habits) habit\($0.habits == 1 ? "" : "s")"] }
        Output.table(rows, rightAligned: [1]).forEach { Output.line($0) }
    }
}
