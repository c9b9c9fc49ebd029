import Foundation
import SystemPackage

/// A folder that files are written into — the one output sink that the site, the CSV export,
/// the backup and the template export go through (the idea of Publish's context): paths are
/// checked to stay inside and never to pass through a symbolic link, every file is written
/// atomically, and each touched folder is flushed once at the end.
///
/// Shared by the threads that write a site: what it changes (the folders touched and checked)
/// is changed under its lock.
public final class OutputFolder: @unchecked Sendable {
    public let path: String
    /// Whether each file is flushed to disk as it is written (else the owner flushes the whole
    /// file system once, `FolderExchange.flushFileSystem`).
    let durable: Bool
    /// The folders whose entries changed (flushed by `finish()`) and the folders found to be real
    /// folders, under `lock`: a site's files are written from several threads at once.
    private var touched = Set<String>()
    private var checked = Set<String>()
    private let lock = NSLock()

    /// The folder, created when missing. Temporary files that killed runs of Almanac left in it
    /// are removed first (`Leftovers`).
    public init(_ path: String, durable: Bool = true) throws {
        self.path = path
        self.durable = durable
        try Self.createFolder(path)
        Leftovers.remove(in: path, recursive: false)
    }

    /// The full path of a file inside the folder.
    public func path(of relative: String) -> String { (path as NSString).appendingPathComponent(relative) }

    /// A new file at a relative path (its parent folders are created); nothing is visible until
    /// it is committed. A symbolic link at the file's own place is followed only when asked (a
    /// file the user named, such as `backup --out`), never inside a generated tree.
    public func create(_ relative: String, followingLinks: Bool = false) throws -> AtomicFile {
        let full = try prepareFolders(of: relative)
        return try AtomicFile(path: full, followingLinks: followingLinks, durable: durable)
    }

    /// The full path of a relative one, its parent folders checked (and created) once.
    private func prepareFolders(of relative: String) throws -> String {
        let full = path(of: relative)
        let parent = FilePath(full).removingLastComponent().string
        if !lock.withLock({ touched.contains(parent) }) {
            try checkFolders(of: relative, creating: true)
            lock.withLock { _ = touched.insert(parent) }
        }
        return full
    }

    /// Writes a whole file, atomically.
    public func write(_ bytes: [UInt8], to relative: String) throws {
        let file = try create(relative)
        try file.write(bytes)
        try file.commit(syncFolder: false)
    }

    /// Puts another folder's file at the same relative path here, as a hard link (the same
    /// bytes, no copy); where the file system has no hard links, as a copy.
    public func link(_ relative: String, from other: OutputFolder) throws {
        try checkFolders(of: relative, creating: true)
        let source = other.path(of: relative), target = path(of: relative)
        if linkat(AT_FDCWD, source, AT_FDCWD, target, 0) == 0 { return }
        guard errno == EXDEV || errno == EPERM || errno == EMLINK, let bytes = FileManager.default.contents(atPath: source) else {
            throw AlmanacError.system(target)
        }
        try write(Array(bytes), to: relative)
    }

    /// Whether there is a folder (not a link to one) at a relative path.
    public func isFolder(_ relative: String) -> Bool {
        var info = stat()
        return lstat(path(of: relative), &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// Gives a folder (the folder itself for "") the group and permission bits of another
    /// (`info`, its `lstat`), always keeping this user's own read, write and search: a published
    /// folder rebuilt for a new site keeps what its owner set (`chmod 2750`, a private `drafts/`),
    /// and stays one the next report can bring up to date. Best effort: a mode or group this user
    /// may not set is left as it is.
    public func matchFolder(_ relative: String, _ info: stat) {
        let target = relative.isEmpty ? path : path(of: relative)
        var current = stat()
        guard lstat(target, &current) == 0, current.st_mode & S_IFMT == S_IFDIR else { return }
        if current.st_gid != info.st_gid { _ = chown(target, uid_t.max, info.st_gid) }
        let mode = mode_t(info.st_mode & 0o7777) | 0o700
        if current.st_mode & 0o7777 != mode { _ = chmod(target, mode) }
    }

    /// Makes an empty folder at a relative path (and its parents).
    public func makeFolder(_ relative: String) throws {
        try checkFolders(of: relative + "/x", creating: true)
    }

    /// Removes a regular file, never through a symbolic link (a folder on the way included);
    /// returns whether it was removed.
    public func remove(_ relative: String) -> Bool {
        guard (try? checkFolders(of: relative, creating: false)) != nil else { return false }
        let full = path(of: relative)
        var info = stat()
        guard lstat(full, &info) == 0, info.st_mode & S_IFMT == S_IFREG, unlink(full) == 0 else { return false }
        lock.withLock { _ = touched.insert(FilePath(full).removingLastComponent().string) }
        return true
    }

    /// Whether the file at `relative` holds exactly `bytes`: read in chunks, each compared as it
    /// comes (memcmp), so a file that differs early is not read to its end and nothing the size
    /// of the file is allocated.
    public func hasContent(_ relative: String, _ bytes: [UInt8]) -> Bool {
        let fd = open(path(of: relative), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == bytes.count else { return false }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 65536) { chunk in
            bytes.withUnsafeBytes { expected in
                var offset = 0
                while true {
                    let n = read(fd, chunk.baseAddress, chunk.count)
                    if n < 0 && errno == EINTR { continue }
                    guard n > 0 else { return n == 0 && offset == expected.count }   // a file that grew or shrank since fstat
                    guard offset + n <= expected.count, memcmp(chunk.baseAddress!, expected.baseAddress! + offset, n) == 0 else { return false }
                    offset += n
                }
            }
        }
    }

    /// Whether a regular file (not a link to one) is at the path inside the folder.
    public func hasFile(_ relative: String) -> Bool {
        var info = stat()
        return lstat(path(of: relative), &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// The bytes of a file inside the folder (a symbolic link is followed), or nil when it
    /// cannot be read.
    public func bytes(of relative: String, limit: Int = maxReadBytes) -> [UInt8]? { Self.bytes(atPath: path(of: relative), limit: limit) }

    /// The most a file Almanac reads back from beside or inside a site may have (a manifest, kept
    /// day facts or figures): tens of times what the largest store needs. A larger file (a
    /// sparse one someone put there) is not read, as if damaged.
    public static let maxReadBytes = 64 << 20

    /// The first `count` bytes (or fewer) of a regular file of its folder, or nil when there are
    /// none: a link is not followed, and a FIFO in its place is not waited on — a look at a
    /// file's start, not a read of it.
    static func head(atPath path: String, count: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var start = [UInt8](repeating: 0, count: count)
        let n = start.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        return n > 0 ? Array(start.prefix(n)) : nil
    }

    /// The bytes of a regular file, read straight into an array (no `Data` in between), or nil
    /// when it cannot be read whole, is not a regular file (a FIFO is opened without waiting for
    /// a writer, and not read) or has more than `limit` bytes.
    static func bytes(atPath path: String, limit: Int = maxReadBytes, followingLinks: Bool = true) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followingLinks ? 0 : O_NOFOLLOW))
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= limit else { return nil }
        var bytes: [UInt8] = []
        var chunk = Int(info.st_size) + 1   // one byte more than the size, to see the end at once
        while true {
            // Read straight into the array's spare capacity (no zeros written first).
            var n = 0
            let read = [UInt8](unsafeUninitializedCapacity: chunk) { buffer, count in
                n = Glibc.read(fd, buffer.baseAddress!, chunk)
                count = max(n, 0)
            }
            if bytes.isEmpty { bytes = read } else { bytes += read }
            if bytes.count > limit { return nil }   // it grew while read
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { return nil }
            if n == 0 { return bytes }
            chunk = 65536
        }
    }


    /// Flushes every folder that changed, so the renames are on disk (a folder whose files are
    /// not durable one by one is flushed as a whole by its owner instead).
    public func finish() {
        let folders = lock.withLock {
            touched.insert(path)
            defer { touched.removeAll() }
            return touched
        }
        if durable { for folder in folders { AtomicFile.syncFolder(folder) } }
    }

    /// Checks that every folder between this one and the file is a real folder, not a symbolic
    /// link to somewhere else (creating missing ones when asked).
    private func checkFolders(of relative: String, creating: Bool) throws {
        var current = path
        for part in relative.split(separator: "/").dropLast() {
            current = (current as NSString).appendingPathComponent(String(part))
            if lock.withLock({ checked.contains(current) }) { continue }
            var info = stat()
            if lstat(current, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFDIR else {
                    let what = info.st_mode & S_IFMT == S_IFLNK ? "a symbolic link, and Almanac does not write through links" : "not a folder"
                    throw AlmanacError.cannotWrite(path: current, reason: what)
                }
            } else if creating {
                try Self.createFolder(current)
                lock.withLock {
                    touched.insert(FilePath(current).removingLastComponent().string)
                    touched.insert(current)
                }
            } else {
                throw AlmanacError.cannotRead(path: current, reason: "it is missing")
            }
            lock.withLock { _ = checked.insert(current) }
        }
    }

    /// Refuses a file to write whose folder does not exist: a file named on the command line gets
    /// no folder made for it.
    public static func requireFolder(of file: String) throws {
        let folder = FilePath(file).removingLastComponent().string
        guard !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) else { return }
        throw AlmanacError.cannotWrite(path: file, reason: "its folder \(folder) does not exist; create it first, or check the path")
    }

    /// Creates the folder `path` names, and only it, as `mkdir` without `-p` does: a missing folder
    /// above it is refused, named (a path mistyped in a cron line makes no tree of folders).
    public static func createFolder(_ path: String) throws {
        guard !path.isEmpty else { throw AlmanacError.emptyOutputLocation }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw AlmanacError.cannotWrite(path: path, reason: "it is a file, not a folder") }
            return
        }
        let parent = FilePath(path).removingLastComponent().string
        if !parent.isEmpty, parent != path, !FileManager.default.fileExists(atPath: parent) {
            throw AlmanacError.cannotWrite(path: path, reason: "the folder \(parent) above it does not exist; create it first, or check the path")
        }
        // mkdir's own error says why: a folder of another user, a read-only file system.
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else { throw AlmanacError.system(path + "/") }
    }
}

extension OutputFolder {
    /// An entry of a folder: its name, and whether it is a folder (a symbolic link to one is not).
    public struct Entry: Sendable {
        public let name: String
        public let isFolder: Bool
    }

    /// The entries of a folder (not `.` and `..`), each with whether it is a folder, as the
    /// directory itself says where the file system tells (no `stat` per file: a site has
    /// thousands).
    public static func entries(of folder: String) throws -> [Entry] {
        guard let stream = opendir(folder) else { throw AlmanacError.system(folder) }
        defer { closedir(stream) }
        var entries: [Entry] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
            guard name != ".", name != ".." else { continue }
            var isFolder = Int32(entry.pointee.d_type) == DT_DIR
            if Int32(entry.pointee.d_type) == DT_UNKNOWN {
                var info = stat()
                isFolder = lstat((folder as NSString).appendingPathComponent(name), &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
            }
            entries.append(Entry(name: name, isFolder: isFolder))
        }
        return entries
    }
}
