import Foundation

/// A file written whole or not at all: bytes go to a temporary file in the same folder, which is
/// fsynced and renamed over the target, and the folder is fsynced. A reader sees the old file or
/// the new one, never a torn one; a failure or a kill leaves at most a stray `.tmp-` file.
final class AtomicFile {
    let path: String
    private let temporary: String
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private static let flushSize = 1 << 20

    init(path: String) throws {
        self.path = path
        let url = URL(fileURLWithPath: path)
        temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())").path
        descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw CommandFailure("Cannot write \(path): \(String(cString: strerror(errno))).") }
        buffer.reserveCapacity(Self.flushSize + 4096)
    }

    /// Writes to standard output instead of a file (`--out -`): commit only flushes.
    init(standardOutput: Void) throws {
        path = "-"
        temporary = ""
        descriptor = STDOUT_FILENO
        toStandardOutput = true
    }

    private var toStandardOutput = false

    deinit { if descriptor >= 0 { abandon() } }

    func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.flushSize { try flush() }
    }

    func write(_ bytes: [UInt8]) throws {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.flushSize { try flush() }
    }

    private func flush() throws {
        var offset = 0
        while offset < buffer.count {
            let written = buffer[offset...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            guard written > 0 else { throw CommandFailure("Cannot write \(path): \(String(cString: strerror(errno))).") }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Makes the new content the file's content.
    func commit() throws {
        try flush()
        if toStandardOutput { descriptor = -1; return }
        guard fsync(descriptor) == 0 else { throw CommandFailure("Cannot write \(path): \(String(cString: strerror(errno))).") }
        close(descriptor)
        descriptor = -1
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw CommandFailure("Cannot write \(path): \(reason).")
        }
        let folder = open(URL(fileURLWithPath: path).deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY)
        if folder >= 0 { fsync(folder); close(folder) }
    }

    /// Drops the temporary file; the target is untouched.
    func abandon() {
        if toStandardOutput { descriptor = -1; return }
        if descriptor >= 0 { close(descriptor); descriptor = -1 }
        unlink(temporary)
    }

    /// Writes a whole file atomically.
    static func write(_ text: String, to path: String) throws {
        let file = try AtomicFile(path: path)
        try file.write(text)
        try file.commit()
    }
}
