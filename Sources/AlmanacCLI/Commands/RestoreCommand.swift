import AlmanacDomain
import AlmanacStore
import ArgumentParser
import Foundation

/// `almanac restore FILE`: a backup back into the store, validated first, applied at once.
struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Restore a JSON backup: validated whole before the store is touched, then applied in one transaction.",
        discussion: """
            merge (default) adds what is new and updates what the backup has newer (by updatedAt); running \
            it twice changes nothing. replace makes the store exactly the backup, after copying the \
            current store to <store>.before-restore-<time>.sqlite. A store that does not exist yet is \
            created with the backup's settings.
            """)

    /// Backups larger than this are refused before they are read.
    static let maxBytes = 512 * 1024 * 1024

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The backup file (from `almanac backup`).") var file: String
    @Option(help: ArgumentHelp("merge or replace (default merge).", valueName: "mode"),
            transform: { text in
                guard let mode = RestoreMode(rawValue: text.lowercased()) else {
                    throw ValidationError("\(text) is not a restore mode; use merge or replace.")
                }
                return mode
            })
    var mode: RestoreMode = .merge
    @Flag(help: "Show what would be added, updated and left unchanged, and change nothing.") var dryRun = false

    func run() throws {
        let data = try readBackup()
        let contents: StoreContents
        do {
            contents = try BackupDocument.decode(data).contents
        } catch let problem as BackupDocument.Problem {
            throw CommandFailure("Cannot restore \(file): \(problem.message)")
        }
        let path = global.storePath()
        let exists = FileManager.default.fileExists(atPath: path)
        if dryRun && !exists {
            Output.line("Dry run: \(path) does not exist yet; the restore would create it with everything in \(file):")
            Output.line(RestoreText.summary(RestoreOutcome.allAdded(contents)))
            return
        }
        if !exists {
            // A new store is built beside its path and renamed into place when complete.
            var outcome = RestoreOutcome()
            try StoreFile.replace(path) { temporary in
                let fresh = try AlmanacStore.open(path: temporary, mode: .createIfMissing(contents.settings))
                try fresh.beginBulkLoad()
                outcome = try fresh.restore(contents, mode: mode, dryRun: false)
                try fresh.endBulkLoad()
                try fresh.close()
            }
            Output.line("Created \(path) from \(file): \(outcome.changed) rows.")
            Output.line(RestoreText.summary(outcome))
            return
        }
        let store = try AlmanacStore.open(path: path, mode: .existing)
        if mode == .replace && exists && !dryRun {
            let stamp = try Now.instant().description.replacingOccurrences(of: ":", with: "").replacingOccurrences(of: "-", with: "")
            let copy = "\(path).before-restore-\(stamp.prefix(15))Z.sqlite"
            try store.copy(to: copy)
            Output.line("Saved the current store as \(copy) (restore it with `cp` to undo).")
        }
        let outcome = try store.restore(contents, mode: mode, dryRun: dryRun)
        let verb = dryRun ? "Dry run: restoring \(file) (\(mode.rawValue)) would change" : "Restored \(file) (\(mode.rawValue)):"
        Output.line(dryRun ? "\(verb) \(outcome.changed) rows; nothing was changed." : "\(verb) \(outcome.changed) rows changed.")
        Output.line(RestoreText.summary(outcome))
    }

    /// Reads the file after checking its size, so a huge file is refused without being read.
    private func readBackup() throws -> Data {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file) else {
            throw CommandFailure("No file at \(file).")
        }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= Self.maxBytes else {
            throw CommandFailure("Cannot restore \(file): it is \(ByteText.size(size)), over the \(ByteText.size(Self.maxBytes)) a backup may have.")
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: file), options: .alwaysMapped)
        } catch {
            throw CommandFailure("Cannot read \(file).")
        }
    }
}

enum RestoreText {
    static func summary(_ outcome: RestoreOutcome) -> String {
        StoreTable.allCases.map { table in
            let c = outcome.counts[table] ?? .init()
            var parts = ["\(c.added) added", "\(c.updated) updated", "\(c.unchanged) unchanged"]
            if c.removed > 0 { parts.append("\(c.removed) removed") }
            return "  \(table.backupKey): " + parts.joined(separator: ", ")
        }.joined(separator: "\n")
    }
}
