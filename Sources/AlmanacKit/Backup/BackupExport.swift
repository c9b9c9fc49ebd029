import AlmanacDomain
import Foundation
import AlmanacStorage

/// `backup` / `export json`: the complete backup, to a file (atomically) or to standard output.
public struct BackupExport {
    public enum Destination: Equatable, Sendable {
        case standardOutput
        case file(String)
    }

    public struct Outcome: Sendable {
        /// Where it went (`-` for standard output).
        public var path: String
        public var counts: [BackupFormat.Section: Int]
        public var bytes: Int
    }

    public let store: any AlmanacStore
    public let exportedAt: Timestamp

    /// `exportedAt` is now, or 00:00 UTC of `asOf` so that runs give the same bytes.
    public init(store: any AlmanacStore, clock: Clock, asOf: DayKey? = nil) {
        self.store = store
        exportedAt = asOf.map { Timestamp(millis: Int64($0.ordinal) * 86_400_000) } ?? clock.now()
    }

    /// `almanac-backup-<day>.json`, the day in the store's calendar.
    public func defaultFileName() throws -> String {
        "almanac-backup-\(try store.calendar().dayKey(for: exportedAt)).json"
    }

    public func run(to destination: Destination) throws -> Outcome {
        let writer = BackupWriter(store: store, exportedAt: exportedAt)
        switch destination {
        case .standardOutput:
            let file = AtomicFile(standardOutput: ())
            let counts = try writer.write(to: file).counts
            try file.commit()
            return Outcome(path: "-", counts: counts, bytes: 0)
        case .file(let path) where Self.isDeviceOrPipe(path):
            // Written through as a shell redirection would; no folder to make or clean.
            let file = try AtomicFile(path: path, followingLinks: true)
            let counts = try writer.write(to: file).counts
            try file.commit()
            return Outcome(path: path, counts: counts, bytes: 0)
        case .file(let path):
            guard !path.isEmpty else { throw AlmanacError.emptyOutputLocation }
            try OutputFolder.requireFolder(of: path)
            let url = URL(fileURLWithPath: path)
            let folder = try OutputFolder(url.deletingLastPathComponent().path)
            let file = try folder.create(url.lastPathComponent, followingLinks: true)
            let counts: [BackupFormat.Section: Int]
            do {
                let written = try writer.write(to: file)
                // A dated backup's name: never written over with older data (`DatedBackups`).
                if DatedBackups.day(ofName: url.lastPathComponent) != nil { try DatedBackups.refuseOlder(written.newestChange, over: path) }
                counts = written.counts
            } catch {
                file.abandon()
                throw error
            }
            try file.commit()
            var info = stat()
            return Outcome(path: path, counts: counts, bytes: stat(file.path, &info) == 0 ? Int(info.st_size) : 0)
        }
    }

    /// Writes the backup to a new file named after `base` (`BASE.json`, else `BASE-2.json`, …),
    /// never over an existing file.
    public func runIntoNewFile(named base: String) throws -> Outcome {
        let url = URL(fileURLWithPath: base)
        let folder = try OutputFolder(url.deletingLastPathComponent().path)
        let file = try folder.create(url.lastPathComponent + ".json")
        let counts = try BackupWriter(store: store, exportedAt: exportedAt).write(to: file).counts
        try file.prepare()
        for path in StoreFile.freeNames(base, extension: "json") where try AtomicFile.placeNew(file.temporary, path) {
            var info = stat()
            return Outcome(path: path, counts: counts, bytes: stat(path, &info) == 0 ? Int(info.st_size) : 0)
        }
        file.abandon()
        throw AlmanacError.cannotWrite(path: base + ".json", reason: "every name for the copy is taken")
    }

    /// Whether `path` names (or links to) something other than a regular file or a folder.
    static func isDeviceOrPipe(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let kind = info.st_mode & S_IFMT
        return kind != S_IFREG && kind != S_IFDIR
    }
}
