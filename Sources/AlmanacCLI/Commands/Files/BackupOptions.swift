import AlmanacDomain
import AlmanacKit
import AlmanacRender
import ArgumentParser
import Foundation

/// Options of the commands that write a JSON backup (`backup`, `export json`), and running them.
struct BackupOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The file to write (default almanac-backup-<day>.json; - for stdout).", valueName: "file"))
    var out: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Pin exportedAt to this day (00:00 UTC) so that runs give the same bytes: YYYY-MM-DD, today, yesterday or -N.",
                               valueName: "day"),
            transform: ArgumentValues.relativeDay)
    var asOf: DaySelection?

    func run(_ global: GlobalOptions) throws {
        let store = try global.openStore()
        let export = BackupExport(store: store, clock: try global.clock(), asOf: try global.day(asOf, in: store))
        let path = try out ?? export.defaultFileName()
        if path == "-" {
            _ = try export.run(to: .standardOutput)
            return
        }
        let done = try export.run(to: .file(path))
        let habits = done.counts[.habits] ?? 0, entries = done.counts[.habitEntries] ?? 0
        Output.line("Wrote \(path) (\(Output.count(habits, "habit")), \(Output.count(entries, "habit entry", "habit entries")), \(ByteCount.text(done.bytes))).")
    }
}
