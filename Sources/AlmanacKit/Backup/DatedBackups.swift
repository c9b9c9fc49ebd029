import AlmanacDomain
import AlmanacStorage
import Czlib
import Foundation

/// A folder of dated backups (the nightly job's): one gzipped backup per day, named
/// `almanac-YYYY-MM-DD.json.gz` after the day backed up and written atomically, and a retention
/// rule (`BackupRetention`) that removes the ones it no longer keeps. Only files of that name are
/// ever removed; nothing else in the folder is touched. The bytes of a day's backup are the same
/// however often it is written (its `exportedAt` is the day, the gzip header carries no time), so
/// a second run the same night leaves the file as it was.
public struct DatedBackups {
    public let folder: String

    public init(folder: String) { self.folder = folder }

    public struct Outcome: Sendable {
        public var path: String
        /// False when the day's backup already held these bytes and was left as it was.
        public var replaced: Bool
        public var bytes: Int
        /// The dated backups the rule removed, and how many it kept.
        public var removed: [String]
        public var kept: Int
    }

    /// The file name of a day's backup.
    public static func name(of day: DayKey) -> String { "almanac-\(day).json.gz" }

    /// The day a file name is the backup of, or nil when the name is not one the nightly job
    /// gives: a real day Almanac keeps (1970–2099), so `almanac-9999-12-31.json.gz` is another
    /// program's file, never counted as the newest backup.
    public static func day(ofName name: String) -> DayKey? {
        let prefix = "almanac-", suffix = ".json.gz"
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.utf8.count == prefix.utf8.count + 10 + suffix.utf8.count else { return nil }
        let text = String(name.dropFirst(prefix.count).dropLast(suffix.count))
        guard let day = DayKey(text), day.description == text, SupportedDays.contains(day) else { return nil }
        return day
    }

    /// The dated backups in the folder (regular files only, not links), by day.
    public func list() throws -> [DayKey: String] {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: folder) } catch {
            throw AlmanacError.cannotRead(path: folder, reason: "it is not a folder that can be listed")
        }
        var found: [DayKey: String] = [:]
        for name in names {
            guard let day = Self.day(ofName: name) else { continue }
            var info = stat()
            let path = (folder as NSString).appendingPathComponent(name)
            if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG { found[day] = path }
        }
        return found
    }

    /// Writes the backup of `day` (the folder is made when missing, not its parents), then
    /// removes the dated backups `retention` does not keep. The day written is always kept.
    /// A backup of the day already in the folder whose data is newer than the store's (a restored
    /// copy of the store, an older store) is never replaced: that is refused, and nothing is
    /// replaced or removed (`refuseOlder`).
    public func write(_ store: any AlmanacStore, day: DayKey, retention: BackupRetention) throws -> Outcome {
        let output = try OutputFolder(folder)
        let file = try output.create(Self.name(of: day))
        let replaced: Bool
        do {
            let gzip = try GzipDeflater(name: file.path)
            let written = try BackupWriter(store: store, exportedAt: Timestamp(millis: Int64(day.ordinal) * 86_400_000))
                .write { try file.write(try gzip.deflate($0)) }
            try file.write(try gzip.finish())
            try Self.refuseOlder(written.newestChange, over: (folder as NSString).appendingPathComponent(Self.name(of: day)))
            replaced = try file.commitUnlessSame()
        } catch {
            file.abandon()
            throw error
        }
        // Backups named after a day later than the one written are not the job's (a clock set
        // wrong, another program): neither counted nor removed.
        let backups = try list().filter { $0.key <= day }
        var kept = retention.kept(Array(backups.keys))
        kept.insert(day)
        var removed: [String] = []
        for (old, path) in backups.sorted(by: { $0.key < $1.key }) where !kept.contains(old) {
            guard unlink(path) == 0 || errno == ENOENT else { throw AlmanacError.system(path) }
            removed.append((path as NSString).lastPathComponent)
        }
        if !removed.isEmpty { AtomicFile.syncFolder(folder) }
        var info = stat()
        return Outcome(path: file.path, replaced: replaced, bytes: stat(file.path, &info) == 0 ? Int(info.st_size) : 0,
                       removed: removed, kept: backups.count - removed.count)
    }

    /// Refuses to put a backup whose data was last changed at `mine` (nil: a store with no
    /// records) over the file at `path` when that file's data is newer: a dated backup is never
    /// replaced by older data. Checked once the new backup is written (and before it replaces
    /// anything), with the newest change it names. A file that names none (missing, older than
    /// version 8) is no obstacle.
    static func refuseOlder(_ mine: Timestamp?, over path: String) throws {
        guard let held = newestChange(ofBackup: path) else { return }
        guard mine.map({ $0 < held }) ?? true else { return }
        throw AlmanacError.refused("\(path) was not replaced: its data was last changed at \(held), "
            + (mine.map { "later than this store's newest change (\($0))" } ?? "and this store holds nothing")
            + ", so it is kept as it is and this store's backup was not written.")
    }

    /// The newest change a backup file names at its start (`newestChange`, version 8 on; gzipped
    /// or not), read from its first line; nil when the file is missing or names none. Only a
    /// regular file of the folder itself is read: a link is not followed, and a FIFO in its place
    /// is not waited on.
    static func newestChange(ofBackup path: String) -> Timestamp? {
        guard let head = OutputFolder.head(atPath: path, count: 4096) else { return nil }
        var opening = [UInt8]()
        if head.starts(with: BackupInput.gzipMagic) {
            // The start of the stream is enough: what is inflated of it, up to the head's size.
            guard let inflater = try? Inflater(name: path) else { return nil }
            try? inflater.inflate(Data(head)) { chunk in opening.append(contentsOf: chunk.prefix(max(0, head.count - opening.count))) }
        } else {
            opening = head
        }
        let line = String(decoding: opening.prefix { $0 != 10 }, as: UTF8.self)
        guard let key = line.range(of: "\"newestChange\":\""), let end = line[key.upperBound...].firstIndex(of: "\"") else { return nil }
        return Timestamp(iso8601: String(line[key.upperBound..<end]))
    }

    /// The backups to restore from the folder, the one to try first first: the one of `day`; else
    /// every one not after `latest` (the day the clock is in: a later name is not the job's),
    /// newest first, so that one that cannot be read is passed over for the one before it.
    public func choose(day: DayKey?, latest: DayKey) throws -> [String] {
        let backups = try list().filter { day != nil || $0.key <= latest }
        guard !backups.isEmpty else {
            throw AlmanacError.refused("\(folder) holds no dated backups (almanac-YYYY-MM-DD.json.gz, as the nightly job names them).")
        }
        guard let day else { return backups.sorted { $0.key > $1.key }.map(\.value) }
        if let path = backups[day] { return [path] }
        let before = backups.keys.filter { $0 < day }.max(), after = backups.keys.filter { $0 > day }.min()
        let nearest = [before, after].compactMap { $0?.description }.joined(separator: " and ")
        throw AlmanacError.refused("\(folder) holds no backup of \(day); the nearest \(before != nil && after != nil ? "are" : "is") \(nearest).")
    }
}

/// gzip compression (RFC 1952) through zlib, a chunk at a time. The header carries no time and no
/// name, so the same bytes always compress to the same file.
final class GzipDeflater {
    private var stream = z_stream()
    private let name: String

    init(name: String) throws {
        self.name = name
        // 16 + MAX_WBITS: zlib writes the gzip header and trailer (with the CRC) itself.
        guard deflateInit2_(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY,
                            ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw AlmanacError.cannotWrite(path: name, reason: "zlib could not start")
        }
    }

    deinit { deflateEnd(&stream) }

    /// The compressed bytes of `input` that are ready (zlib holds back what it has not finished).
    func deflate(_ input: [UInt8]) throws -> [UInt8] { try run(input, flush: Z_NO_FLUSH) }

    /// The rest of the stream, with its trailer.
    func finish() throws -> [UInt8] { try run([], flush: Z_FINISH) }

    private func run(_ input: [UInt8], flush: Int32) throws -> [UInt8] {
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        try input.withUnsafeBufferPointer { inBuffer in
            stream.next_in = UnsafeMutablePointer(mutating: inBuffer.baseAddress)
            stream.avail_in = UInt32(inBuffer.count)
            while true {
                let result = buffer.withUnsafeMutableBufferPointer { out -> Int32 in
                    stream.next_out = out.baseAddress
                    stream.avail_out = UInt32(out.count)
                    return Czlib.deflate(&stream, flush)
                }
                output.append(contentsOf: buffer[..<(buffer.count - Int(stream.avail_out))])
                if result == Z_STREAM_END { return }
                guard result == Z_OK || result == Z_BUF_ERROR else { throw AlmanacError.cannotWrite(path: name, reason: "zlib failed to compress") }
                // Done with this input when zlib left room in the buffer (it has nothing more to give).
                if flush != Z_FINISH && stream.avail_in == 0 && stream.avail_out != 0 { return }
            }
        }
        return output
    }
}
