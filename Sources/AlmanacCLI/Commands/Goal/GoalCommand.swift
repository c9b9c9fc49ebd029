import ArgumentParser

/// `almanac goal …`: goals over habits, whose progress is computed from their entries.
struct GoalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "goal",
        abstract: "Add, list, edit or delete goals: views over some habits with a target date (deleting one deletes nothing else).",
        subcommands: [GoalAddCommand.self, GoalListCommand.self, GoalEditCommand.self, GoalDeleteCommand.self]
    )
}
