import AlmanacDomain
import AlmanacKit
import AlmanacStores
import ArgumentParser
import Foundation

/// `almanac demo`: a deterministic sample store, the out-of-the-box way to see Almanac work.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Create a deterministic sample store with realistic history.",
        discussion: """
            The same arguments give the same store. The store goes to --store, or to ./almanac-demo.sqlite \
            (never to your own store: ALMANAC_STORE is ignored here). An existing file is replaced only \
            with --force, and only when it is an Almanac store. The bench store of the performance \
            targets is `almanac demo --habits 100 --years 10 --seed 1`.
            """
    )

    @Option(help: ArgumentHelp("Where to write the sample store (default ./almanac-demo.sqlite).", valueName: "path"))
    var store: String?
    @Option(help: "How many habits (1–100).") var habits = 12
    @Option(help: "How many years of history (1–30).") var years = 3
    @Option(help: "The seed of the generator.") var seed: UInt64 = 1
    @Option(help: ArgumentHelp("The last day of the history.", valueName: "YYYY-MM-DD"), transform: ArgumentValues.day)
    var end: DayKey = SampleHistory.defaultEndDay
    @Flag(help: "Replace an existing sample store.") var force = false
    @Option(help: ArgumentHelp("Where to render the sample site.", valueName: "folder")) var out = "Output"
    @Flag(help: "Only create the store; do not render the site.") var noReport = false

    func validate() throws {
        guard (1...HabitRules.maxActiveHabits).contains(habits) else { throw ValidationError("--habits takes 1 to 100.") }
        guard (1...30).contains(years) else { throw ValidationError("--years takes 1 to 30.") }
        if store?.isEmpty == true { throw ValidationError("--store is empty; give the sample store's path, or leave the option out.") }
    }

    @OptionGroup var quiet: QuietOption

    func run() throws {
        quiet.apply()
        let path = store ?? "almanac-demo.sqlite"
        let request = SampleStore.Request(location: try StoreLocation(path: path, kinds: StoreKinds.builtIn), habits: habits, years: years, seed: seed, end: end, force: force,
                                          site: noReport ? nil : out)
        let progress = ProgressLine(label: "Writing \(out)")
        let made = try SampleStore(request).run(progress: progress.update)
        progress.finish()
        Output.line("Created the sample store \(path) in \(String(format: "%.1f", made.seconds)) s: \(made.habits) habits, "
            + "\(made.habitEntries) habit entries, \(made.journalEntries) journal and "
            + "\(made.wellbeingEntries) wellbeing entries, \(years) years to \(end).")
        guard let site = made.site else { return }
        Output.line("Rendered the sample site as of \(end) into \(out)/ (\(site.written) written, \(site.unchanged) unchanged, "
            + "\(site.removed) removed). Open \(out)/index.html in a browser.")
    }
}
