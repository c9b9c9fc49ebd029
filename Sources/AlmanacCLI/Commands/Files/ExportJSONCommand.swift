import ArgumentParser

/// `almanac export json`: the same as `backup`.
struct ExportJSONCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "json", abstract: "The same as `almanac backup`.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var options: BackupOptions

    @OptionGroup var quiet: QuietOption

    func run() throws { quiet.apply(); try options.run(global) }
}
