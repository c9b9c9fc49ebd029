import AlmanacRender
import Crypto
import Foundation

/// Puts a generated site on disk — the only place report files are written.
///
/// - Every file is written atomically: a temporary file in the same folder, flushed to disk,
///   renamed over the old one, then the folder is flushed. A reader (or a crash) sees the old
///   file or the new one, never a torn one.
/// - A file whose bytes did not change is not written at all (its mtime stays).
/// - Files the previous run listed in its `manifest.json` and this run no longer makes are
///   removed; nothing else ever is.
/// - `manifest.json` lists every file with its size and SHA-256 and is written last.
struct SiteWriter {
    let folder: String

    struct Outcome {
        var written = 0, unchanged = 0, removed = 0
    }

    struct ManifestEntry: Codable, Equatable {
        var path: String
        var size: Int
        var sha256: String
        /// For heatmaps and charts: the digest of what they were made from.
        var input: String?
    }

    struct Manifest: Codable, Equatable {
        var generator: String
        var asOf: String
        var files: [ManifestEntry]
    }

    static let manifestName = "manifest.json"

    func write(_ files: [SiteFile], asOf: String, progress: (Int, Int) -> Void = { _, _ in }) throws -> Outcome {
        for file in files where !Self.isSafe(file.path) {
            throw CommandFailure("Refusing to write \(file.path): it is not a plain path inside \(folder).")
        }
        try createFolder(folder)
        let previous = readManifest()
        var outcome = Outcome()
        var pending: [(final: String, temporary: String)] = []
        var folders = Set<String>()
        defer { for item in pending { unlink(item.temporary) } }
        let previousEntries = Dictionary((previous?.files ?? []).map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        var entries: [ManifestEntry] = []
        for (index, file) in files.enumerated() {
            progress(index + 1, files.count)
            let path = (folder as NSString).appendingPathComponent(file.path)
            guard let content = file.content else {
                // Kept as it is: `previousDigests` only offers files that are on disk as listed.
                guard let kept = previousEntries[file.path] else {
                    throw CommandFailure("Internal error: \(file.path) was not rendered and has no earlier version.")
                }
                entries.append(kept)
                outcome.unchanged += 1
                continue
            }
            entries.append(ManifestEntry(path: file.path, size: content.count, sha256: Self.sha256(content), input: file.inputDigest))
            if Self.hasContent(path, content) {
                outcome.unchanged += 1
                continue
            }
            let parent = (path as NSString).deletingLastPathComponent
            if !folders.contains(parent) { try createFolder(parent); folders.insert(parent) }
            pending.append((path, try Self.writeTemporary(content, beside: path)))
        }
        // Everything is on disk before anything is renamed into place.
        for item in pending {
            guard rename(item.temporary, item.final) == 0 else {
                throw CommandFailure("Cannot write \(item.final): \(String(cString: strerror(errno))).")
            }
            outcome.written += 1
        }
        pending.removeAll()
        let made = Set(files.map(\.path))
        for old in previous?.files ?? [] where !made.contains(old.path) && Self.isSafe(old.path) {
            let path = (folder as NSString).appendingPathComponent(old.path)
            if unlink(path) == 0 {
                outcome.removed += 1
                folders.insert((path as NSString).deletingLastPathComponent)
            }
        }
        let manifest = Manifest(generator: "almanac", asOf: asOf, files: entries)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let manifestPath = (folder as NSString).appendingPathComponent(Self.manifestName)
        let data = try encoder.encode(manifest) + Data("\n".utf8)
        if FileManager.default.contents(atPath: manifestPath) != data {
            try AtomicFile.write(String(decoding: data, as: UTF8.self), to: manifestPath)
        }
        folders.insert(folder)
        for path in folders { Self.syncFolder(path) }
        return outcome
    }

    /// Relative, inside the folder, made of plain names: `habits/run.html`, never `../x` or `/x`.
    static func isSafe(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return !path.isEmpty && !path.hasPrefix("/") && path != manifestName && parts.allSatisfy { part in
            !part.isEmpty && part != "." && part != ".." && !part.hasPrefix(".")
                && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") }
        }
    }

    /// Whether the file at `path` holds exactly `bytes` (read with one call, compared with memcmp).
    static func hasContent(_ path: String, _ bytes: [UInt8]) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
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

    /// The input digests of the previous run's files that are still on disk at their listed
    /// size: the files a new run may keep without rendering them again.
    static func previousDigests(in folder: String) -> [String: String] {
        guard let manifest = SiteWriter(folder: folder).readManifest() else { return [:] }
        var digests: [String: String] = [:]
        for entry in manifest.files {
            guard let input = entry.input, isSafe(entry.path) else { continue }
            var info = stat()
            if stat((folder as NSString).appendingPathComponent(entry.path), &info) == 0, Int(info.st_size) == entry.size {
                digests[entry.path] = input
            }
        }
        return digests
    }

    static func sha256(_ bytes: [UInt8]) -> String {
        let hex = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for byte in SHA256.hash(data: bytes) { out.append(hex[Int(byte >> 4)]); out.append(hex[Int(byte & 15)]) }
        return String(decoding: out, as: UTF8.self)
    }

    private func readManifest() -> Manifest? {
        let path = (folder as NSString).appendingPathComponent(Self.manifestName)
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(Manifest.self, from: data)
    }

    private func createFolder(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure("Cannot create the folder \(path).")
        }
    }

    /// Writes and flushes a temporary file next to `path`; returns its path.
    private static func writeTemporary(_ bytes: [UInt8], beside path: String) throws -> String {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())").path
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw CommandFailure("Cannot write \(path): \(String(cString: strerror(errno))).") }
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
            guard n > 0 else {
                unlink(temporary)
                throw CommandFailure("Cannot write \(path): \(String(cString: strerror(errno))).")
            }
            offset += n
        }
        guard fsync(fd) == 0 else {
            unlink(temporary)
            throw CommandFailure("Cannot write \(path): \(String(cString: strerror(errno))).")
        }
        return temporary
    }

    private static func syncFolder(_ path: String) {
        let fd = open(path, O_RDONLY | O_DIRECTORY)
        if fd >= 0 { fsync(fd); close(fd) }
    }
}
