import AlmanacKit
import ArgumentParser

/// `almanac category add NAME`.
struct CategoryAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a category; put habits in it with `habit add|edit --category`.")

    @OptionGroup var global: GlobalOptions

    @OptionGroup var quiet: QuietOption
    @Argument(help: "The category's name.") var name: String

    func run() throws {
        quiet.apply()
        let category = try CategoryBook(store: global.openStore(), clock: global.clock()).add(name)
        Output.line("Added the category \(TerminalText.safe(category.name)).")
    }
}
