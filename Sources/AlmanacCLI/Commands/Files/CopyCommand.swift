import AlmanacDomain
import AlmanacKit
import AlmanacStores
import ArgumentParser

/// `almanac copy --from STORE --to STORE`: a whole store between backends.
struct CopyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "Copy a whole store into a new or empty one: SQLite file ↔ PostgreSQL store.",
        discussion: """
            A store is a file path or postgres://USER@HOST:PORT/DATABASE?store=NAME (password from \
            PGPASSWORD). The copy holds everything, soft-deleted history included: a backup of it is \
            byte-identical to a backup of the source. A destination that already holds habits or \
            entries is refused. A store of the earlier PostgreSQL layout (?schema=NAME) moves into the \
            shared tables with --from its ?schema= URL --to a ?store= one (docs/POSTGRES.md).
            """)

    @Option(help: ArgumentHelp("The store to copy.", valueName: "store")) var from: String
    @Option(help: ArgumentHelp("The new or empty store to copy into.", valueName: "store")) var to: String

    @OptionGroup var quiet: QuietOption

    func run() throws {
        quiet.apply()
        let source = try StoreLocation(option: from, environment: [:], kinds: StoreKinds.builtIn)
        let target = try StoreLocation(option: to, environment: [:], kinds: StoreKinds.builtIn)
        let outcome = try StoreCopy(from: source, to: target).run()
        let c = outcome.counts
        Output.line("Copied \(source.path) to \(target.path)\(outcome.created ? " (created)" : ""): "
            + "\(c[.habits] ?? 0) habits, \(c[.habitEntries] ?? 0) habit entries, \(c[.journalEntries] ?? 0) journal entries, "
            + "\(c[.wellbeingEntries] ?? 0) wellbeing entries, \(c[.categories] ?? 0) categories, \(c[.goals] ?? 0) goals.")
    }
}
