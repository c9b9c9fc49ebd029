import Foundation

/// A new version of a published site, built in a folder beside it (`.NAME.almanac-staging-PID`, on the
/// same file system) and then exchanged with it in one step (`FolderExchange`): whatever moment
/// a report is killed at, the published folder holds the whole previous site or the whole new
/// one, and never a temporary file. After the exchange the staging path holds the previous
/// site, which is removed; a staging folder that a killed run left is removed by the next run.
final class SiteStaging {
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

    /// Exchanges the staging folder with the published one, then removes the previous site.
    /// Returns false when the file system cannot exchange folders (the staging folder is then
    /// discarded and the caller writes in place).
    func publish() throws -> Bool {
        folder.finish()
        try FolderExchange.flushFileSystem(of: folder.path)   // every file and folder of the new site on disk
        guard try FolderExchange.exchange(folder.path, published.path) else {
            discard()
            return false
        }
        AtomicFile.syncFolder(URL(fileURLWithPath: published.path).deletingLastPathComponent().path)
        discard()   // the previous site, now at the staging path
        return true
    }

    /// Removes the staging folder and everything in it.
    func discard() { try? FileManager.default.removeItem(atPath: folder.path) }

    /// Removes the staging folders beside `published` that killed runs left.
    static func removeLeftovers(of published: OutputFolder) {
        let url = URL(fileURLWithPath: published.path)
        removeLeftovers(of: url.lastPathComponent, in: url.deletingLastPathComponent().path)
    }

    /// Removes the staging folders of `name` that killed runs left (their process is gone).
    static func removeLeftovers(of name: String, in parent: String) {
        let prefix = ".\(name).almanac-staging-"
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? [] where entry.hasPrefix(prefix) {
            let path = (parent as NSString).appendingPathComponent(entry)
            var info = stat()
            guard let pid = pid_t(entry.dropFirst(prefix.count)), lstat(path, &info) == 0,
                  Leftovers.isAbandoned(info, kind: S_IFDIR, writer: pid) else { continue }
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}
