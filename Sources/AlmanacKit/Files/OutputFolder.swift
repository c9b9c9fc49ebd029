import Foundation

/// A folder that files are written into — the one output sink that the site, the CSV export,
/// the backup and the template export go through (the idea of Publish's context): paths are
/// checked to stay inside, every file is written atomically, and each touched folder is flushed
/// once at the end.
public final class OutputFolder {
    public let path: String
    private var touched = Set<String>()

    /// The folder, created when missing.
    public init(_ path: String) throws {
        self.path = path
        try Self.createFolder(path)
    }

    /// The full path of a file inside the folder.
    public func path(of relative: String) -> String { (path as NSString).appendingPathComponent(relative) }

    /// A new file at a relative path (its parent folders are created); nothing is visible until
    /// it is committed.
    public func create(_ relative: String) throws -> AtomicFile {
        let full = path(of: relative)
        let parent = (full as NSString).deletingLastPathComponent
        if !touched.contains(parent) {
            try Self.createFolder(parent)
            touched.insert(parent)
        }
        return try AtomicFile(path: full)
    }

    /// Writes a whole file, atomically.
    public func write(_ bytes: [UInt8], to relative: String) throws {
        let file = try create(relative)
        try file.write(bytes)
        try file.commit(syncFolder: false)
    }

    /// Commits prepared files, each renamed over its target; folders are flushed by `finish()`.
    public func commit(_ files: [AtomicFile]) throws {
        for file in files { try file.commit(syncFolder: false) }
    }

    /// Removes a file the folder's owner made earlier; returns whether it was there.
    public func remove(_ relative: String) -> Bool {
        let full = path(of: relative)
        guard unlink(full) == 0 else { return false }
        touched.insert((full as NSString).deletingLastPathComponent)
        return true
    }

    /// Whether the file at `relative` holds exactly `bytes` (one read, compared with memcmp).
    public func hasContent(_ relative: String, _ bytes: [UInt8]) -> Bool {
        let fd = open(path(of: relative), O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, Int(info.st_size) == bytes.count else { return false }
        var existing = [UInt8](repeating: 0, count: bytes.count + 1)
        let n = existing.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n == bytes.count else { return false }
        if bytes.isEmpty { return true }
        return existing.withUnsafeBytes { a in bytes.withUnsafeBytes { b in memcmp(a.baseAddress!, b.baseAddress!, bytes.count) == 0 } }
    }

    /// The size of a file inside the folder, nil when there is none.
    public func size(of relative: String) -> Int? {
        var info = stat()
        return stat(path(of: relative), &info) == 0 ? Int(info.st_size) : nil
    }

    /// The bytes of a file inside the folder, nil when there is none.
    public func contents(of relative: String) -> Data? { FileManager.default.contents(atPath: path(of: relative)) }

    /// Flushes every folder that changed, so the renames are on disk.
    public func finish() {
        touched.insert(path)
        for folder in touched { AtomicFile.syncFolder(folder) }
        touched.removeAll()
    }

    static func createFolder(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw AlmanacError.cannotWrite(path: path, reason: "the folder cannot be created")
        }
    }
}
