import AlmanacKit
import ArgumentParser

/// `almanac category delete NAME`.
struct CategoryDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a category; its habits stay, uncategorised.")

    @OptionGroup var global: GlobalOptions

    @OptionGroup var quiet: QuietOption
    @Argument(help: "The category's name (any case).") var name: String

    func run() throws {
        quiet.apply()
        let (category, habits) = try CategoryBook(store: global.openStore(), clock: global.clock()).delete(name)
        let left = habits == 0 ? "it had no habits" : "its \(habits) habit\(habits == 1 ? " is" : "s are") now uncategorised"
        Output.line("Deleted the category \(TerminalText.safe(category.name)); \(left).")
    }
}
