import AlmanacDomain
import AlmanacImport
import Czlib
import Foundation
import AlmanacStorage

/// The bytes of a backup to restore: a file (mapped, not copied), standard input (`-`), or a pipe
/// such as `/dev/stdin` read to its end; gzip-compressed ones (recognised by their magic bytes, not
/// their name) are inflated. Every way in stops at `limit` bytes, compressed or not. An inflated
/// backup is held as compact JSON (`JSONSqueeze`), and only once its opening names an Almanac
/// format and version: a small file that inflates to gigabytes of spaces, of one string or of
/// something else is refused while it is inflated, holding little more than it must.
enum BackupInput {
    /// The bytes a gzip stream starts with (RFC 1952).
    static let gzipMagic: [UInt8] = [0x1F, 0x8B]

    static func read(_ file: String, limit: Int) throws -> Data {
        let data: Data
        if file == "-" {
            data = try readToEnd(FileHandle.standardInput, name: "standard input", limit: limit)
        } else if ImportSource.isPipeOrDevice(file) {
            guard let handle = FileHandle(forReadingAtPath: file) else { throw AlmanacError.cannotRead(path: file, reason: "it cannot be opened") }
            defer { try? handle.close() }
            data = try readToEnd(handle, name: file, limit: limit)
        } else {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: file) else {
                throw AlmanacError.cannotRead(path: file, reason: "there is no such file")
            }
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            guard size <= limit else { throw tooLarge(file, size: size, limit: limit) }
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: file), options: .alwaysMapped)
            } catch {
                throw AlmanacError.cannotRead(path: file, reason: "it cannot be opened")
            }
        }
        guard data.starts(with: gzipMagic) else { return data }
        return try inflate(data, name: file == "-" ? "standard input" : file, limit: limit)
    }

    private static func tooLarge(_ name: String, size: Int, limit: Int) -> AlmanacError {
        .refused("Cannot restore \(name): it is \(ByteCount.text(size)), over the \(ByteCount.text(limit)) a backup may have.")
    }

    private static func readToEnd(_ handle: FileHandle, name: String, limit: Int) throws -> Data {
        var data = Data()
        do {
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                data.append(chunk)
                guard data.count <= limit else { throw tooLarge(name, size: data.count, limit: limit) }
            }
        } catch let error as AlmanacError {
            throw error
        } catch {
            throw AlmanacError.cannotRead(path: name, reason: "it cannot be read to its end")
        }
        return data
    }


    /// How much of an inflated backup is looked at before the rest is inflated: its opening,
    /// where Almanac writes the format and version.
    static let openingBytes = 64 << 10

    /// Inflates a whole gzip stream (one member or several, as `cat a.gz b.gz` gives), refusing a
    /// damaged or truncated one and one that inflates past `limit`.
    static func inflate(_ compressed: Data, name: String, limit: Int) throws -> Data {
        var stream = z_stream()
        // 16 + MAX_WBITS: zlib reads the gzip header and trailer (and checks the CRC) itself.
        guard inflateInit2_(&stream, 16 + MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw AlmanacError.cannotRead(path: name, reason: "zlib could not start")
        }
        defer { inflateEnd(&stream) }
        var output = Data(), squeeze = JSONSqueeze(), openingChecked = false
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        let damaged = AlmanacError.cannotRead(path: name, reason: "it starts as gzip but is damaged or cut short; check it with gzip -t")
        try compressed.withUnsafeBytes { (input: UnsafeRawBufferPointer) in
            var offset = 0
            while true {
                let remaining = input.count - offset
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress!.advanced(by: offset).assumingMemoryBound(to: UInt8.self))
                stream.avail_in = UInt32(min(remaining, Int(UInt32.max)))
                let before = stream.avail_in
                let result = try buffer.withUnsafeMutableBufferPointer { out -> Int32 in
                    stream.next_out = out.baseAddress
                    stream.avail_out = UInt32(out.count)
                    let result = Czlib.inflate(&stream, Z_NO_FLUSH)
                    try squeeze.append(UnsafeBufferPointer(rebasing: out[..<(out.count - Int(stream.avail_out))]), to: &output, name: name)
                    return result
                }
                offset += Int(before - stream.avail_in)
                guard output.count <= limit else { throw tooLarge(name, size: output.count, limit: limit) }
                if !openingChecked, output.count >= openingBytes {
                    try BackupDocument.checkOpening(output)
                    openingChecked = true
                }
                switch result {
                case Z_STREAM_END:
                    // Another member may follow; anything else after the stream is damage.
                    guard offset < input.count else { return }
                    guard input.count - offset >= 2, input[offset] == gzipMagic[0], input[offset + 1] == gzipMagic[1] else { throw damaged }
                    guard inflateReset(&stream) == Z_OK else { throw damaged }
                case Z_OK:
                    continue
                case Z_BUF_ERROR where stream.avail_out != 0:
                    throw damaged   // no progress possible: the input ended inside the stream
                case Z_BUF_ERROR:
                    continue
                default:
                    throw damaged
                }
            }
        }
        return output
    }
}

/// JSON text made compact as it is inflated: the spaces between values left out, the value of a
/// key no backup has (at any depth) left out for `null` — the decoder passes such keys over, so a
/// long array under one is never held — and a string longer than any text a store holds (a
/// note's megabyte, every byte escaped) refused as soon as it passes that. What is kept is what
/// the decoder needs, byte for byte.
struct JSONSqueeze {
    static let maxStringBytes = 6 * HabitRules.maxTextBytes + 64
    private var inString = false, escaped = false, stringBytes = 0

    /// The keys a backup has (`BackupFormat.keys`), as bytes; none is longer than `maxKeyBytes`.
    static let knownKeys = Set(BackupFormat.keys.map { Array($0.utf8) })
    static let maxKeyBytes = 64

    /// The containers the text is inside ('{' or '['), whether the next string of an object is a
    /// key, the key being read, and whether the value after the key is dropped.
    private var containers: [UInt8] = []
    private var expectKey = false, readingKey = false, key: [UInt8] = [], keyUnknown = false, dropNext = false
    /// A value being dropped: its depth of containers, and its string state.
    private var dropping = false, dropDepth = 0, dropInString = false, dropEscaped = false

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout Data, name: String) throws {
        var kept = [UInt8]()
        kept.reserveCapacity(bytes.count)
        for byte in bytes {
            if dropping {
                if dropInString {
                    if dropEscaped { dropEscaped = false } else if byte == UInt8(ascii: "\\") { dropEscaped = true }
                    else if byte == UInt8(ascii: "\"") { dropInString = false; if dropDepth == 0 { dropping = false } }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""): dropInString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): dropDepth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if dropDepth == 0 { dropping = false }   // a scalar ended by its container's close
                    else { dropDepth -= 1; if dropDepth == 0 { dropping = false }; continue }
                case UInt8(ascii: ","):
                    if dropDepth == 0 { dropping = false }
                default: continue
                }
                if dropping { continue }
                // The byte that ended a scalar is the container's own: kept below.
            }
            if inString {
                kept.append(byte)
                stringBytes += 1
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if readingKey {
                        // A key longer than any of a backup's was cut as it was read: unknown.
                        readingKey = false
                        keyUnknown = key.count > Self.maxKeyBytes || !Self.knownKeys.contains(key)
                    }
                }
                if inString && readingKey && key.count <= Self.maxKeyBytes { key.append(byte) }
                guard stringBytes <= Self.maxStringBytes else {
                    throw AlmanacError.refused("Cannot restore \(name): it holds a text of over \(ByteCount.text(Self.maxStringBytes)), more than any field of a store may hold.")
                }
                continue
            }
            if dropNext {
                switch byte {
                case 32, 10, 13, 9: continue
                default:
                    dropNext = false
                    kept.append(contentsOf: Array("null".utf8))
                    dropping = true; dropDepth = 0; dropInString = false; dropEscaped = false
                    switch byte {
                    case UInt8(ascii: "\""): dropInString = true
                    case UInt8(ascii: "{"), UInt8(ascii: "["): dropDepth = 1
                    default: break   // a number or a literal: it ends at the next , } or ]
                    }
                    continue
                }
            }
            switch byte {
            case 32, 10, 13, 9: continue
            case UInt8(ascii: "\""):
                inString = true; stringBytes = 0; kept.append(byte)
                if expectKey { readingKey = true; expectKey = false; key.removeAll(keepingCapacity: true) }
            case UInt8(ascii: "{"): containers.append(byte); expectKey = true; kept.append(byte)
            case UInt8(ascii: "["): containers.append(byte); expectKey = false; kept.append(byte)
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = containers.popLast(); expectKey = false; kept.append(byte)
            case UInt8(ascii: ","): expectKey = containers.last == UInt8(ascii: "{"); kept.append(byte)
            case UInt8(ascii: ":"):
                kept.append(byte)
                if keyUnknown { dropNext = true; keyUnknown = false }
            default: kept.append(byte)
            }
        }
        output.append(contentsOf: kept)
    }
}
