import ArgumentParser

/// `almanac journal …`: reflections, independent of habits.
struct JournalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "journal", abstract: "Write, read, change and delete journal entries.",
        subcommands: [JournalAddCommand.self, JournalListCommand.self, JournalEditCommand.self, JournalDeleteCommand.self])
}
