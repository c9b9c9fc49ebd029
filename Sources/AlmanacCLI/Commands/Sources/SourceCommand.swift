import AlmanacDomain
import AlmanacImport
import AlmanacKit
import ArgumentParser

/// `almanac source …`: the apps the store follows.
struct SourceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "source",
        abstract: "List the apps the store follows, or stop following one (its habits and history stay).",
        subcommands: [SourceListCommand.self, SourceForgetCommand.self]
    )
}

/// `almanac source list`.
struct SourceListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List followed sources, their last file and their habits.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var quiet: NotesQuietOption
    @Flag(help: "Print JSON for scripts.") var json = false

    struct Listed: Encodable {
        var path: String, format: String, lastFile: String, lastModified: String, lastDigest: String, syncedAt: String
        var habits: [String]
    }

    func run() throws {
        quiet.apply()
        let listed = try SourceBook(store: global.openStore()).list().map { source, habits in
            Listed(path: source.path, format: source.format, lastFile: source.lastFile, lastModified: source.lastModified.description,
                   lastDigest: source.lastDigest, syncedAt: source.syncedAt.description, habits: habits.map(\.name))
        }
        if json { return try Output.json(listed) }
        if listed.isEmpty { return Output.line("The store follows no app; start with almanac import PATH --follow.") }
        for source in listed {
            let title = ImportFormat(rawValue: source.format)?.title ?? source.format
            Output.line("\(TerminalText.safe(source.path)) (\(title))")
            Output.line("  last file \(TerminalText.safe(source.lastFile)), modified \(source.lastModified), synced \(source.syncedAt)")
            Output.line("  \(source.habits.count) habit\(source.habits.count == 1 ? "" : "s"): " + source.habits.map { TerminalText.safe($0) }.joined(separator: ", "))
        }
    }
}

/// `almanac source forget PATH`.
struct SourceForgetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forget",
        abstract: "Stop following a source: its habits stay, with their history, and are logged here from now on.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The followed file or folder, as almanac source list shows it.") var path: String

    @OptionGroup var quiet: QuietOption

    func run() throws {
        quiet.apply()
        let (source, habits) = try SourceBook(store: global.openStore()).forget(path, now: try global.clock().now())
        Output.line("No longer following \(TerminalText.safe(source.path)); its \(habits) habit\(habits == 1 ? "" : "s") stay, with their history, and are logged here now.")
    }
}
