import AlmanacKit
import ArgumentParser

/// `almanac category rename OLD NEW`.
struct CategoryRenameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a category.")

    @OptionGroup var global: GlobalOptions

    @OptionGroup var quiet: QuietOption
    @Argument(help: "The category's name (any case).") var name: String
    @Argument(help: "Its new name.") var newName: String

    func run() throws {
        quiet.apply()
        let old = try CategoryBook(store: global.openStore(), clock: global.clock()).rename(name, to: newName)
        Output.line("Renamed the category \(TerminalText.safe(old.name)) to \(TerminalText.safe(newName.trimmingCharacters(in: .whitespacesAndNewlines))).")
    }
}
