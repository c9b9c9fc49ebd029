import AlmanacKit
import ArgumentParser

/// `almanac templates export DIR`: the built-in templates, to copy and edit.
struct TemplatesExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write the built-in templates into a folder (then use `report --templates FOLDER`).")

    @Argument(help: "The folder to write them to.") var folder: String
    @Flag(help: "Overwrite files that are already there.") var force = false

    @OptionGroup var quiet: QuietOption

    func run() throws {
        quiet.apply()
        let names = try TemplateFolder(folder).exportBuiltIn(force: force)
        Output.line("Wrote \(names.joined(separator: ", ")) to \(folder). Edit them, then run `almanac report --templates \(folder)`.")
    }
}
