import AlmanacRender
import Foundation

/// A new version of a published site, built in a folder beside it (`.NAME.almanac-staging-PID`, on the
/// same file system) and then exchanged with it in one step (`FolderExchange`): whatever moment
/// a report is killed at, the published folder holds the whole previous site or the whole new
/// one, and never a temporary file. The unchanged files are hard links to the published ones
/// (`SiteWriter`); after the exchange the staging path holds the previous site, which the report
/// removes (`discard`) before it ends: nothing of an earlier site stays beside the published one.
/// A staging folder that a killed run left, and an earlier version's cache, are removed by the
/// next run.
final class SiteStaging: Sendable {
    let folder: OutputFolder
    private let published: OutputFolder

    /// A fresh staging folder beside `published`, or nil when its parent cannot be written (the
    /// report then writes in place, file by file).
    init?(beside published: OutputFolder) throws {
        let url = URL(fileURLWithPath: published.path)
        let parent = url.deletingLastPathComponent().path
        Self.removeLeftovers(of: url.lastPathComponent, in: parent)
        guard access(parent, W_OK) == 0 else { return nil }
        let path = (parent as NSString).appendingPathComponent(".\(url.lastPathComponent).almanac-staging-\(getpid())")
        try? FileManager.default.removeItem(atPath: path)
        self.folder = try OutputFolder(path, durable: false)
        self.published = published
    }

    /// Exchanges the staging folder with the published one; the previous site is then at the
    /// staging path, for `discard`. Returns false when the file system cannot exchange folders:
    /// the caller then takes back what it staged, writes in place and discards the staging folder.
    func publish(exchange: (String, String) throws -> Bool = FolderExchange.exchange) throws -> Bool {
        folder.finish()
        try FolderExchange.flushFileSystem(of: folder.path)   // every file and folder of the new site on disk
        guard try exchange(folder.path, published.path) else { return false }
        AtomicFile.syncFolder(URL(fileURLWithPath: published.path).deletingLastPathComponent().path)
        return true
    }

    /// Removes the staging folder and everything in it (after `publish`, the previous site).
    func discard() {
        try? FileManager.default.removeItem(atPath: folder.path)
    }

    /// Removes what earlier runs left beside the published folder `name`: the staging folders of
    /// killed runs (their process is gone), and the cache file an earlier version of Almanac kept
    /// (`.NAME.almanac-cache`, and its temporary files). A report keeps nothing beside the site
    /// but its lock.
    static func removeLeftovers(of name: String, in parent: String) {
        let staging = ".\(name).almanac-staging-", cache = ".\(name).almanac-cache"
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? [] where entry.hasPrefix(".\(name).almanac-") {
            let path = (parent as NSString).appendingPathComponent(entry)
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            // The earlier cache was one SQLite file with its journal files and the temporary
            // files it was written through: those names exactly, never a file of the person's
            // that begins the same (`.site.almanac-cache.my-notes`).
            let rest = entry.dropFirst(cache.count), temporary = ".almanac-tmp-"
            let cacheFile = entry.hasPrefix(cache)
                && (rest.isEmpty || ["-wal", "-shm", "-journal"].contains(rest)
                    || (rest.hasPrefix(temporary) && rest.count > temporary.count && rest.dropFirst(temporary.count).allSatisfy(\.isNumber)))
            if cacheFile, info.st_mode & S_IFMT == S_IFREG {
                unlink(path)
            } else if entry.hasPrefix(staging), let pid = pid_t(entry.dropFirst(staging.count)),
                      Leftovers.isAbandoned(info, kind: S_IFDIR, writer: pid) {
                try? FileManager.default.removeItem(atPath: path)
            }
        }
    }
}
