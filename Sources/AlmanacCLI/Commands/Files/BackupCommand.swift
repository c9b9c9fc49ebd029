import ArgumentParser

/// `almanac backup`: the complete JSON backup.
struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Write a complete JSON backup (soft-deleted history included) that `restore` reads back.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var options: BackupOptions

    @OptionGroup var quiet: QuietOption

    func run() throws { quiet.apply(); try options.run(global) }
}
