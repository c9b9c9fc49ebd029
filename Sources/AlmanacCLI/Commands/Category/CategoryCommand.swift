import ArgumentParser

/// `almanac category …`: organise habits into categories.
struct CategoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "category",
        abstract: "Add, list, rename or delete categories (deleting one leaves its habits uncategorised).",
        subcommands: [CategoryAddCommand.self, CategoryListCommand.self, CategoryRenameCommand.self, CategoryDeleteCommand.self]
    )
}
