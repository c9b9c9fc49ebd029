import AlmanacDomain
import AlmanacStore
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
    }

    func run() throws {
        let path = store ?? "almanac-demo.sqlite"
        if FileManager.default.fileExists(atPath: path) {
            guard force else { throw CommandFailure("\(path) already exists; add --force to replace it with a new sample store.") }
            try AlmanacStore.open(path: path).close()   // refuses anything that is not an Almanac store
        }
        let started = Date()
        let contents = SampleHistory.generate(habits: habits, years: years, seed: seed, endDay: end)
        try StoreFile.replace(path) { temporary in
            let fresh = try AlmanacStore.open(path: temporary, mode: .createIfMissing(contents.settings))
            try fresh.beginBulkLoad()
            try fresh.insert(contents)
            try fresh.endBulkLoad()
            try fresh.close()
        }
        let seconds = Date().timeIntervalSince(started)
        Output.line("Created the sample store \(path) in \(String(format: "%.1f", seconds)) s: \(contents.habits.count) habits, "
            + "\(contents.habitEntries.count) habit entries, \(contents.journalEntries.count) journal and "
            + "\(contents.wellbeingEntries.count) wellbeing entries, \(years) years to \(end).")
        guard !noReport else { return }
        // The site, as of the last day of the sample, so every machine renders the same bytes.
        let store = try AlmanacStore.open(path: path)
        let (files, _) = try SiteRequest(out: out, asOf: end).build(store: store)
        let outcome = try SiteWriter(folder: out).write(files, asOf: end.description)
        Output.line("Rendered the sample site as of \(end) into \(out)/ (\(outcome.written) written, \(outcome.unchanged) unchanged, "
            + "\(outcome.removed) removed). Open \(out)/index.html in a browser.")
    }
}

/// Replacing a store file as a whole: the new store is built beside it and renamed over it, so a
/// reader sees the old store or the new one, never a half-built one.
enum StoreFile {
    static func replace(_ path: String, build: (String) throws -> Void) throws {
        let temporary = path + ".tmp-\(getpid())"
        let files = FileManager.default
        func remove(_ base: String) { for suffix in ["", "-wal", "-shm", "-journal"] { try? files.removeItem(atPath: base + suffix) } }
        remove(temporary)
        do {
            try build(temporary)
            for suffix in ["-wal", "-shm"] { try? files.removeItem(atPath: path + suffix) }
            guard rename(temporary, path) == 0 else {
                throw CommandFailure("Cannot move the new store into place at \(path): \(String(cString: strerror(errno))).")
            }
        } catch {
            remove(temporary)
            throw error
        }
    }
}
