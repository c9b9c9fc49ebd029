import AlmanacDomain
import AlmanacImport
import Czlib
import Foundation
import AlmanacStorage

/// The text of a backup to restore, given to a `BackupDocument.Reader` as it is read: from a file,
/// standard input (`-`) or a pipe such as `/dev/stdin`, a megabyte at a time; a gzip-compressed one
/// (recognised by its magic bytes, not its name) is inflated on the way. The text is never held
/// whole, so a backup of any size the store could write restores. A compressed file that inflates
/// to more than `maxRatio` times its size, past `ratioFloor`, is refused as it inflates: a small
/// file never becomes hundreds of megabytes of objects in memory (Almanac's own backups inflate
/// about 6 times).
enum BackupInput {
    /// The bytes a gzip stream starts with (RFC 1952).
    static let gzipMagic: [UInt8] = [0x1F, 0x8B]
    static let maxRatio = 100
    static let ratioFloor = 64 << 20

    /// Reads `file` into `reader`; `progress(read, size)` follows a file's compressed bytes (a
    /// pipe has no size).
    static func read(_ file: String, into reader: inout BackupDocument.Reader, progress: ((Int, Int) -> Void)? = nil) throws {
        let name = file == "-" ? "standard input" : file
        let handle: FileHandle
        var size = 0
        if file == "-" {
            handle = FileHandle.standardInput
        } else {
            var info = stat()
            guard stat(file, &info) == 0 else { throw AlmanacError.cannotRead(path: file, reason: "there is no such file") }
            guard (info.st_mode & S_IFMT) != S_IFDIR else { throw AlmanacError.cannotRead(path: file, reason: "it is a folder") }
            if (info.st_mode & S_IFMT) == S_IFREG { size = Int(info.st_size) }
            guard let opened = FileHandle(forReadingAtPath: file) else { throw AlmanacError.cannotRead(path: file, reason: "it cannot be opened") }
            handle = opened
        }
        defer { if file != "-" { try? handle.close() } }
        // Whether it is gzip is told by its first two bytes, which a pipe may give one at a time.
        var inflater: Inflater?, opening = Data(), decided = false, done = 0
        func give(_ chunk: Data) throws {
            if let inflater {
                try inflater.inflate(chunk) { try reader.read($0) }
            } else {
                try chunk.withUnsafeBytes { try reader.read($0.bindMemory(to: UInt8.self)) }
            }
        }
        while true {
            let chunk: Data
            do {
                guard let read = try handle.read(upToCount: 1 << 20), !read.isEmpty else { break }
                chunk = read
            } catch {
                throw AlmanacError.cannotRead(path: name, reason: "it cannot be read to its end")
            }
            done += chunk.count
            if decided {
                try give(chunk)
            } else {
                opening.append(chunk)
                guard opening.count >= gzipMagic.count else { continue }
                decided = true
                if opening.starts(with: gzipMagic) { inflater = try Inflater(name: name) }
                try give(opening)
            }
            progress?(done, size)
        }
        if !decided { try give(opening) }
        try inflater?.finish()
    }
}

/// A gzip stream inflated a piece at a time (one member or several, as `cat a.gz b.gz` gives),
/// refusing a damaged or truncated one and one that inflates past `BackupInput.maxRatio` times its
/// size.
final class Inflater {
    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    private let name: String
    private var buffer = [UInt8](repeating: 0, count: 1 << 20)
    private var consumed = 0, produced = 0, ended = false

    init(name: String) throws {
        self.name = name
        stream.initialize(to: z_stream())
        // 16 + MAX_WBITS: zlib reads the gzip header and trailer (and checks the CRC) itself.
        guard inflateInit2_(stream, 16 + MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            stream.deallocate()
            throw AlmanacError.cannotRead(path: name, reason: "zlib could not start")
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
    }

    private var damaged: AlmanacError {
        .cannotRead(path: name, reason: "it starts as gzip but is damaged or cut short; check it with gzip -t")
    }

    /// Inflates `compressed`, giving what comes out to `output` a megabyte at a time.
    func inflate(_ compressed: Data, output: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        try compressed.withUnsafeBytes { (input: UnsafeRawBufferPointer) in
            var offset = 0
            while true {
                if ended {
                    guard offset < input.count else { return }
                    // Another member may follow; anything else after the stream is damage.
                    guard input.count - offset >= 2, input[offset] == BackupInput.gzipMagic[0], input[offset + 1] == BackupInput.gzipMagic[1],
                          inflateReset(stream) == Z_OK else { throw damaged }
                    ended = false
                }
                stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress!.advanced(by: offset).assumingMemoryBound(to: UInt8.self))
                stream.pointee.avail_in = UInt32(input.count - offset)
                let before = stream.pointee.avail_in
                let result = try buffer.withUnsafeMutableBufferPointer { out -> Int32 in
                    stream.pointee.next_out = out.baseAddress
                    stream.pointee.avail_out = UInt32(out.count)
                    let result = Czlib.inflate(stream, Z_NO_FLUSH)
                    let count = out.count - Int(stream.pointee.avail_out)
                    produced += count
                    try output(UnsafeBufferPointer(rebasing: out[..<count]))
                    return result
                }
                let used = Int(before - stream.pointee.avail_in)
                offset += used
                consumed += used
                guard produced <= BackupInput.ratioFloor || produced <= BackupInput.maxRatio * consumed else {
                    throw AlmanacError.refused("Cannot restore \(name): it inflates to more than \(BackupInput.maxRatio) times its size, as a compression bomb does; if it is a backup you made, restore it uncompressed (gunzip -k \(name)).")
                }
                switch result {
                case Z_STREAM_END: ended = true
                // All the input taken and the output not full: nothing is pending.
                case Z_OK where offset == input.count && stream.pointee.avail_out != 0: return
                case Z_OK: continue
                // No progress: more input is needed, or there is none to give.
                case Z_BUF_ERROR where offset == input.count: return
                default: throw damaged
                }
            }
        }
    }

    /// The compressed text has ended: it must have ended with a whole stream.
    func finish() throws {
        guard ended else { throw damaged }
    }
}
