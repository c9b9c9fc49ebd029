import ArgumentParser

/// `almanac habit …`: define, inspect and retire habits.
struct HabitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "habit",
        abstract: "Add, list, show, edit, archive, unarchive or delete habits.",
        subcommands: [HabitAddCommand.self, HabitListCommand.self, HabitShowCommand.self, HabitEditCommand.self,
                      HabitArchiveCommand.self, HabitUnarchiveCommand.self, HabitDeleteCommand.self]
    )
}
