import ArgumentParser

/// `almanac journal …`: reflections, independent of habits.
struct JournalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "journal", abstract: "Write and read journal entries.",
        subcommands: [JournalAddCommand.self, JournalListCommand.self])
}
