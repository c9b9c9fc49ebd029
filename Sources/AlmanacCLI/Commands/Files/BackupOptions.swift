import AlmanacDomain
import AlmanacKit
import ArgumentParser
import Foundation

/// Options of the commands that write a JSON backup (`backup`, `export json`), and running them.
struct BackupOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The file to write (default almanac-backup-<day>.json; - for stdout).", valueName: "file"))
    var out: String?

    @Option(help: ArgumentHelp("Pin exportedAt to this day (00:00 UTC) so that runs give the same bytes.", valueName: "YYYY-MM-DD"),
            transform: ArgumentValues.day)
    var asOf: DayKey?

    func run(_ global: GlobalOptions) throws {
        let export = BackupExport(store: try global.openStore(), clock: try global.clock(), asOf: asOf)
        let path = try out ?? export.defaultFileName()
        if path == "-" {
            _ = try export.run(to: .standardOutput)
            return
        }
        let done = try export.run(to: .file(path))
        let habits = done.counts[.habits] ?? 0, entries = done.counts[.habitEntries] ?? 0
        Output.line("Wrote \(path) (\(habits) habits, \(entries) habit entries, \(ByteCount.text(done.bytes))).")
    }
}
