import ArgumentParser

/// `almanac wellbeing …`: how you felt, on a scale. Never affects habits.
struct WellbeingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wellbeing", abstract: "Record, list, change and delete wellbeing ratings (mood, energy, sleep, difficulty …).",
        subcommands: [WellbeingAddCommand.self, WellbeingListCommand.self, WellbeingEditCommand.self, WellbeingDeleteCommand.self])
}
