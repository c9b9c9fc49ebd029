import Foundation

/// A file written whole or not at all — the only way Almanac writes a file. Bytes go to a
/// temporary file beside the target; `prepare()` flushes it to disk, `commit()` renames it over
/// the target and flushes the folder. A reader (or a crash) sees the old file or the new one,
/// never a torn one. Writers of many files prepare them all before committing any.
public final class AtomicFile {
    public let path: String
    let temporary: String
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private let toStandardOutput: Bool
    private var prepared = false
    /// Whether `prepare()` flushes the file to disk itself; false for files in a staging folder,
    /// which is flushed as a whole before it is published. Such a file is written straight to
    /// its path: nobody sees the private folder before it is published whole, so a temporary
    /// name and a rename per file would buy nothing (they cost a third of publishing a site).
    private let durable: Bool
    /// The target is a device or a pipe (`/dev/stdout`, a FIFO): bytes go straight to it, as a
    /// shell redirection would send them; it is never replaced by a file.
    private let writesThrough: Bool
    private static let flushSize = 1 << 20

    /// The temporary name beside `path`: hidden, marked as Almanac's and with the writing process.
    static func temporaryPath(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().appendingPathComponent(Leftovers.temporaryName(for: url.lastPathComponent)).path
    }

    /// A new file at `path`. A folder there is refused. A device or a pipe (`/dev/stdout`, a
    /// FIFO) is written through, never replaced. A symbolic link is refused unless
    /// `followingLinks`; then the file it points to is replaced atomically (or written through).
    public init(path: String, followingLinks: Bool = false, durable: Bool = true) throws {
        guard !path.isEmpty else { throw AlmanacError.emptyOutputLocation }
        self.durable = durable
        var target = path
        var info = stat()
        var exists = lstat(path, &info) == 0
        if exists && info.st_mode & S_IFMT == S_IFLNK {
            guard followingLinks else {
                throw AlmanacError.cannotWrite(path: path, reason: "it is a symbolic link, and Almanac does not write through links here")
            }
            exists = stat(path, &info) == 0
            if exists && info.st_mode & S_IFMT == S_IFREG, let resolved = realpath(path, nil) {
                target = String(cString: resolved)
                free(resolved)
            } else if !exists {
                throw AlmanacError.cannotWrite(path: path, reason: "it is a symbolic link to nothing")
            }
        }
        if exists && info.st_mode & S_IFMT == S_IFDIR { throw AlmanacError.cannotWrite(path: path, reason: "it is a folder") }
        self.path = target
        temporary = durable ? Self.temporaryPath(for: target) : target
        toStandardOutput = false
        writesThrough = exists && info.st_mode & S_IFMT != S_IFREG
        descriptor = writesThrough ? open(path, O_WRONLY | O_CLOEXEC) : open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw AlmanacError.system(path) }
    }

    /// Standard output instead of a file (`--out -`): `commit()` only flushes.
    public init(standardOutput: Void) {
        path = "-"
        temporary = ""
        toStandardOutput = true
        writesThrough = true
        durable = false
        descriptor = STDOUT_FILENO
    }

    deinit { if descriptor >= 0 || prepared { abandon() } }

    public func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.flushSize { try flush() }
    }

    public func write(_ bytes: [UInt8]) throws {
        if buffer.isEmpty && bytes.count >= 4096 { return try writeAll(bytes) }   // a whole page or SVG: no copy
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.flushSize { try flush() }
    }

    private func flush() throws {
        defer { buffer.removeAll(keepingCapacity: buffer.count >= Self.flushSize) }
        try writeAll(buffer)
    }

    private func writeAll(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            // POSIX write reads the array's storage for the length of the call only.
            let written = bytes[offset...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            guard written > 0 else { throw AlmanacError.system(path) }
            offset += written
        }
    }

    /// Puts every byte on disk in the temporary file; the target is still untouched.
    public func prepare() throws {
        try flush()
        guard !writesThrough else { return }
        if durable { guard fsync(descriptor) == 0 else { throw AlmanacError.system(path) } }
        close(descriptor)
        descriptor = -1
        prepared = true
        buffer = []   // a writer may hold a thousand prepared files: they keep no memory
    }

    /// A file prepared on one thread, to be put in place (or dropped) on another: a writer of many
    /// files prepares them side by side and commits them once all are (`handedOver()`).
    public struct Prepared: Sendable {
        let path: String
        /// The temporary file to rename over `path`; nil when the bytes went to the target itself
        /// (a device, or a file of a staging folder, which goes with its folder).
        let temporary: String?

        /// Renames the file over its target (its folder is flushed by the caller).
        public func commit() throws {
            guard let temporary, rename(temporary, path) != 0 else { return }
            let error = AlmanacError.system(path)
            abandon()
            throw error
        }

        /// Renames the file over its target unless the target already holds exactly these bytes:
        /// it is then left as it was (its inode and modification time kept, nothing for a sync
        /// tool to carry), the prepared file dropped, and the result is false.
        public func commitUnlessSame() throws -> Bool {
            if let temporary, AtomicFile.sameBytes(temporary, path) {
                abandon()
                return false
            }
            try commit()
            return true
        }

        /// Drops the prepared file; the target is untouched.
        public func abandon() { if let temporary { unlink(temporary) } }
    }

    /// Prepares the file and hands it over: what is left to do with it (`Prepared`), which this
    /// object no longer does when it goes.
    public func handedOver() throws -> Prepared {
        if !prepared { try prepare() }
        if writesThrough {
            if !toStandardOutput && descriptor >= 0 { close(descriptor) }
            descriptor = -1
            return Prepared(path: path, temporary: nil)
        }
        prepared = false
        return Prepared(path: path, temporary: temporary == path ? nil : temporary)
    }

    /// Makes the new content the file's content (the folder is flushed unless `syncFolder` is
    /// false, for a writer that flushes each folder once after many files).
    public func commit(syncFolder: Bool = true) throws {
        if !prepared { try prepare() }
        if writesThrough {
            if !toStandardOutput && descriptor >= 0 { close(descriptor) }
            descriptor = -1
            return
        }
        guard temporary == path || rename(temporary, path) == 0 else {
            let error = AlmanacError.system(path)
            abandon()
            throw error
        }
        prepared = false
        if syncFolder { Self.syncFolder(URL(fileURLWithPath: path).deletingLastPathComponent().path) }
    }

    /// Makes the new content the file's, unless the file already holds exactly these bytes
    /// (`Prepared.commitUnlessSame`): false when it was left as it was.
    @discardableResult
    public func commitUnlessSame(syncFolder: Bool = true) throws -> Bool {
        let replaced = try handedOver().commitUnlessSame()
        if replaced && syncFolder && !writesThrough { Self.syncFolder(URL(fileURLWithPath: path).deletingLastPathComponent().path) }
        return replaced
    }

    /// Whether two regular files hold the same bytes: sizes first, then the bytes a megabyte at a
    /// time (an export's 140 MB of entries is not held twice to be compared).
    static func sameBytes(_ a: String, _ b: String) -> Bool {
        let fa = open(a, O_RDONLY | O_CLOEXEC | O_NONBLOCK), fb = open(b, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        defer { if fa >= 0 { close(fa) }; if fb >= 0 { close(fb) } }
        var infoA = stat(), infoB = stat()
        guard fa >= 0, fb >= 0, fstat(fa, &infoA) == 0, fstat(fb, &infoB) == 0, infoA.st_mode & S_IFMT == S_IFREG,
              infoB.st_mode & S_IFMT == S_IFREG, infoA.st_size == infoB.st_size else { return false }
        let size = 1 << 20
        var bufferA = [UInt8](repeating: 0, count: size), bufferB = [UInt8](repeating: 0, count: size)
        // A chunk read whole, however many reads it takes: its length (0 at the end), or nil.
        func chunk(_ fd: Int32, _ buffer: inout [UInt8]) -> Int? {
            var length = 0
            while length < size {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + length, size - length) }
                if n < 0 && errno == EINTR { continue }
                guard n >= 0 else { return nil }
                if n == 0 { break }
                length += n
            }
            return length
        }
        while true {
            guard let n = chunk(fa, &bufferA), let m = chunk(fb, &bufferB), n == m else { return false }
            if n == 0 { return true }
            if memcmp(bufferA, bufferB, n) != 0 { return false }
        }
    }

    /// Puts `from` at `to` only when nothing is at `to` (a hard link, which fails when the path
    /// exists, then `from` is unlinked), and flushes the folder: false when something is there
    /// (`from` is then left as it was). For files that must never replace another, such as the
    /// undo copy of a store.
    static func placeNew(_ from: String, _ to: String) throws -> Bool {
        guard link(from, to) == 0 else {
            if errno == EEXIST { return false }
            throw AlmanacError.system(to)
        }
        unlink(from)
        syncFolder(URL(fileURLWithPath: to).deletingLastPathComponent().path)
        return true
    }

    /// Drops the temporary file; the target is untouched.
    public func abandon() {
        if writesThrough {
            if !toStandardOutput && descriptor >= 0 { close(descriptor) }
            descriptor = -1
            return
        }
        if descriptor >= 0 { close(descriptor); descriptor = -1 }
        prepared = false
        unlink(temporary)
    }

    /// Writes a whole file atomically.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        let file = try AtomicFile(path: path)
        try file.write(bytes)
        try file.commit()
    }

    /// Flushes a folder's entries (a rename is durable only once its folder is).
    static func syncFolder(_ path: String) {
        let fd = open(path, O_RDONLY | O_DIRECTORY)
        if fd >= 0 { fsync(fd); close(fd) }
    }

    /// Renames `from` over `to` and flushes the folder: the durable step of every replacement.
    static func moveIntoPlace(_ from: String, _ to: String) throws {
        guard rename(from, to) == 0 else { throw AlmanacError.system(to) }
        syncFolder(URL(fileURLWithPath: to).deletingLastPathComponent().path)
    }
}
