import AlmanacDomain
import AlmanacStore
import ArgumentParser
import Foundation

/// Options of the commands that write a JSON backup.
struct BackupOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The file to write (default almanac-backup-<day>.json; - for stdout).", valueName: "file"))
    var out: String?

    @Option(help: ArgumentHelp("Pin exportedAt to this day (00:00 UTC) so that runs give the same bytes.", valueName: "YYYY-MM-DD"),
            transform: ArgumentValues.day)
    var asOf: DayKey?

    func run(_ global: GlobalOptions) throws {
        let store = try global.openStore()
        var exportedAt = try Now.instant()
        if let asOf { exportedAt = Timestamp(millis: Int64(asOf.ordinal) * 86_400_000) }
        let defaultName = "almanac-backup-\(try store.calendar().dayKey(for: exportedAt)).json"
        let path = out ?? defaultName
        let writer = BackupWriter(store: store, exportedAt: exportedAt)
        if path == "-" {
            let file = try AtomicFile(standardOutput: ())
            _ = try writer.write(to: file)
            try file.commit()
            return
        }
        let file = try AtomicFile(path: path)
        let counts = try writer.write(to: file)
        try file.commit()
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        FileHandle.standardError.write(Data("Wrote \(path) (\(counts["habits"] ?? 0) habits, \(counts["habitEntries"] ?? 0) habit entries, \(ByteText.size(size))).\n".utf8))
    }
}

/// `almanac backup`: the complete JSON backup.
struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Write a complete JSON backup (soft-deleted history included) that `restore` reads back.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var options: BackupOptions

    func run() throws { try options.run(global) }
}

/// `almanac export json`: the same as `backup`.
struct ExportJSONCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "json", abstract: "The same as `almanac backup`.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var options: BackupOptions

    func run() throws { try options.run(global) }
}

enum ByteText {
    /// "512 B", "1.4 MB".
    static func size(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        if bytes < 1024 * 1024 { return String(format: "%.1f KB", Double(bytes) / 1024) }
        return String(format: "%.1f MB", Double(bytes) / 1_048_576)
    }
}
