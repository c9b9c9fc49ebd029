import ArgumentParser

/// `almanac`: the root command. It only routes to subcommands.
public struct AlmanacCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "almanac",
        abstract: "Track habits and turn them into CSV, backups and a static progress page.",
        discussion: """
            Exit status: 0 ok, 1 failure, 2 bad usage. ALMANAC_NOW (an ISO 8601 instant) pins the clock; \
            ALMANAC_STORE names the store when --store is not given.
            """,
        subcommands: [
            InitCommand.self, SettingsCommand.self, HabitCommand.self, LogCommand.self, UnlogCommand.self,
            CategoryCommand.self, GoalCommand.self, StatusCommand.self, StatsCommand.self, HistoryCommand.self, ReportCommand.self, TemplatesCommand.self, ExportCommand.self, BackupCommand.self, RestoreCommand.self, NightlyCommand.self, CopyCommand.self, ImportCommand.self, SyncCommand.self, SourceCommand.self, JournalCommand.self, WellbeingCommand.self, DemoCommand.self, ServerCommand.self,
        ]
    )

    /// Almanac's version, shown by `almanac --version`.
    public static let version = "0.1.0"

    // A flag of the root command only: ArgumentParser's own `version` would list `--version` in
    // the help of every subcommand.
    @Flag(help: "Show the version.") var version = false

    public init() {}

    public func run() throws {
        guard version else { throw CleanExit.helpRequest(self) }
        print(Self.version)
    }
}
