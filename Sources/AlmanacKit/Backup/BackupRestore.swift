import AlmanacDomain
import Foundation
import AlmanacStorage

/// `restore FILE`: a backup back into the store — read (as its text arrives, never held whole) and
/// validated before the store is touched, then applied in one transaction. A store that does not exist yet is built beside
/// its path and renamed into place; before a replace the current store is copied beside it.
public struct BackupRestore {
    public struct Outcome: Sendable {
        public var outcome: RestoreOutcome
        /// The store did not exist and was created from the backup (or would be, in a dry run).
        public var createdStore: Bool
        /// Where the store was copied before a replace.
        public var savedCopy: String?
        /// The backup's settings when the store took them (a new store, a replace, a store with
        /// no history yet), and the store's own before, when it had some.
        public var carried: Settings?
        public var before: Settings?
    }

    public let location: StoreLocation
    public let file: String
    public let mode: RestoreMode
    public let dryRun: Bool
    public let clock: Clock

    public init(location: StoreLocation, file: String, mode: RestoreMode, dryRun: Bool, clock: Clock) {
        self.location = location; self.file = file; self.mode = mode; self.dryRun = dryRun; self.clock = clock
    }

    /// Restores the backup; `progress(done, total)` follows the reading of the file.
    public func run(progress: ((Int, Int) -> Void)? = nil) throws -> Outcome {
        var contents: StoreContents
        do {
            var reader = BackupDocument.Reader()
            try BackupInput.read(file, into: &reader, progress: progress)
            contents = try reader.finish().contents
        } catch let problem as BackupDocument.Problem {
            throw AlmanacError.backup(file: file == "-" ? "standard input" : file, problem: problem)
        }
        guard let store = try location.openIfPresent() else {
            // A new store is a copy: the plan it carries is the publishing store's, held.
            contents.settings.nightly?.held = true
            if dryRun { return Outcome(outcome: .allAdded(contents), createdStore: true, carried: contents.settings) }
            let outcome = try location.buildNew(settings: contents.settings) { fresh in
                try fresh.restore(contents, mode: mode, dryRun: false)
            }
            return Outcome(outcome: outcome, createdStore: true, carried: contents.settings)
        }
        defer { try? store.close() }
        // A store that is not the one the backup was made of (another identity) takes the plan
        // held, if it takes the backup's settings at all: the plan's outputs are the other store's.
        if try store.settings().storeId != contents.settings.storeId { contents.settings.nightly?.held = true }
        var saved: String?
        // Before a replace the current store is kept: a store file is copied beside itself; a
        // server store is written as a full backup into the current folder.
        if mode == .replace && !dryRun {
            let stamp = clock.now().description.replacingOccurrences(of: ":", with: "").replacingOccurrences(of: "-", with: "")
            // An undo copy never replaces an existing file: a second replace in the same second
            // gets the next free name.
            saved = try location.kind.saveBeforeReplace(store, location: location.location, stamp: "\(stamp.prefix(15))Z", clock: clock)
        }
        let outcome = try store.restore(contents, mode: mode, dryRun: dryRun)
        return Outcome(outcome: outcome, createdStore: false, savedCopy: saved,
                       carried: outcome.settingsReplaced.map { _ in contents.settings }, before: outcome.settingsReplaced)
    }
}
