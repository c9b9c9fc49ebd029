import ArgumentParser

/// `almanac templates …`: the report's templates.
struct TemplatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates", abstract: "Copy the built-in report templates to edit them.",
        subcommands: [TemplatesExportCommand.self])
}
