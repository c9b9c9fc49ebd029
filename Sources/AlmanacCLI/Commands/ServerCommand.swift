import AlmanacKit
import AlmanacStores
import ArgumentParser
import Foundation

/// `almanac server`: what a PostgreSQL administrator does for the database's shared tables.
struct ServerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "server",
        abstract: "Make and look after a PostgreSQL database's shared tables (for its administrator).",
        discussion: """
            Every store of a database lives in one set of tables, schema almanac, owned by the \
            administrator's role; row-level security keeps each person to her own store. After \
            `almanac server init`, the administrator lets people in with plain SQL: \
            GRANT almanac_person TO alice (a person, who then makes her store with \
            almanac init --store 'postgres://alice@db/almanac?store=alice'), \
            GRANT almanac_reader TO ops (an operator, for report --each-store). See docs/POSTGRES.md.
            """,
        subcommands: [ServerInitCommand.self, ServerTidyCommand.self])
}

struct ServerInitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Make the database's shared tables, or bring them up to date.",
        discussion: """
            Run as the administrator's role (a superuser, or the database's owner with CREATEROLE): \
            it makes schema almanac, its tables, policies, grants and functions, and the group roles \
            almanac_person and almanac_reader, in one transaction; running it again brings them up \
            to date and changes nothing else. It waits at most 5 s for a lock and says so when it \
            gives up.
            """)

    @Argument(help: ArgumentHelp("The administrator's URL: postgres://ADMIN@HOST:PORT/DATABASE (password from PGPASSWORD).", valueName: "url"))
    var url: String?
    @Flag(help: "Print the SQL for a database that has no Almanac tables yet, instead of running anything.") var print = false

    @OptionGroup var quiet: QuietOption

    func validate() throws {
        if url == nil && !print { throw ValidationError("server init needs the administrator's postgres:// URL (or --print).") }
    }

    func run() throws {
        quiet.apply()
        if print { return FileHandle.standardOutput.write(Data(ServerTables.script.utf8)) }
        let outcome = try ServerTables.initialize(url!)
        for warning in outcome.warnings { Output.warning(warning) }
        let name = try ServerTables.displayName(url!)
        Output.line(outcome.applied.isEmpty
            ? "Almanac's tables in \(name) are up to date; grants, policies and functions made again."
            : "Made Almanac's tables in \(name) (\(outcome.applied.joined(separator: ", "))). Let people in with GRANT almanac_person TO <role>, an operator with GRANT almanac_reader TO <role>.")
    }
}

struct ServerTidyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tidy",
        abstract: "Put each store's entries together on disk again (run nightly, before the operator's run).",
        discussion: """
            Rows written day by day by every store lie scattered; reading one store's year then \
            touches thousands of pages. Tidy rewrites each of the entry tables' 16 partitions in \
            the order of its stores (CLUSTER), one at a time: a sixteenth of the stores waits while \
            its partition is rewritten, and a partition whose lock is not free within 5 s is left \
            for the next night. It also drops the operator's records of nights older than 90 days.
            """)

    @Argument(help: ArgumentHelp("The administrator's URL: postgres://ADMIN@HOST:PORT/DATABASE.", valueName: "url"))
    var url: String

    @OptionGroup var quiet: QuietOption

    func run() throws {
        quiet.apply()
        let started = Date()
        let done = try ServerTables.tidy(url) { partition in
            if let left = partition.left { Output.note("\(partition.table) left as it was: \(left).") }
        }
        let left = done.filter { $0.left != nil }.count
        Output.line("Tidied \(done.count - left) of \(done.count) partitions in \(Output.tenths(Date().timeIntervalSince(started))) s"
            + (left == 0 ? "." : "; \(left) left for the next run."))
        if left > 0 { throw AlmanacError.refused("\(left) of \(done.count) partitions were busy and left as they were.") }
    }
}
