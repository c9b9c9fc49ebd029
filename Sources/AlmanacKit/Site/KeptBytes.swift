import AlmanacDomain
import Czlib
import Foundation

/// The byte layout of what a report keeps beside its site (`FiguresCacheFile`; the day facts'
/// own layout shares its LEB128 numbers and checksum): a magic, then
/// values in a fixed order — integers as zigzag LEB128, doubles as their eight bytes, text as
/// its length and UTF-8 bytes, an optional behind a byte (0 none, 1 some), a list behind its
/// count — then the CRC-32 of everything before it (zlib's, four bytes, least significant first),
/// so a torn or damaged file reads as none. (A checksum, not a seal: like the site itself, these
/// files are only as safe from a deliberate edit as the folder they are in; what reads them checks
/// every length, count and day besides.)
enum KeptBytes {
    /// An unsigned LEB128 number: seven bits a byte, low bits first.
    static func leb128(_ value: UInt64, to out: inout [UInt8]) {
        var v = value
        while v >= 0x80 { out.append(UInt8(v & 0x7F) | 0x80); v >>= 7 }
        out.append(UInt8(v))
    }

    /// Appends the checksum of `bytes` to them, in place (a buffer reserved with four bytes to
    /// spare is not copied).
    static func seal(_ bytes: inout [UInt8]) {
        let sum = checksum(bytes[...])
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: sum >> shift)) }
    }

    /// Where the checksum of bytes that start with `magic` begins, or nil when they do not start
    /// with it or fail their checksum.
    static func checkedLength(of bytes: [UInt8], magic: [UInt8]) -> Int? {
        guard bytes.count >= magic.count + 4, bytes.starts(with: magic) else { return nil }
        let end = bytes.count - 4
        let stored = (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[end + $1]) << (8 * $1) }
        return checksum(bytes[..<end]) == stored ? end : nil
    }

    /// zlib's CRC-32 of `bytes` (in slices zlib's 32-bit lengths take).
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            var sum = crc32(0, nil, 0), at = 0
            while at < buffer.count {
                let count = min(buffer.count - at, 1 << 30)
                sum = crc32(sum, buffer.baseAddress! + at, uInt(count))
                at += count
            }
            return UInt32(truncatingIfNeeded: sum)
        }
    }

    struct Writer {
        private var out: [UInt8]

        /// A writer of bytes that start with `magic`, with room for `capacity` bytes before it
        /// grows (a file written again: about the size it had).
        init(_ magic: [UInt8], capacity: Int = 1 << 16) { out = magic; out.reserveCapacity(capacity) }

        /// The bytes `write` gives, behind their length: a block a reader can step over
        /// (`Reader.block()`) and read later on its own.
        mutating func block(_ write: (inout Writer) -> Void) {
            var inner = Writer([], capacity: 256)
            write(&inner)
            block(inner.out[...])
        }

        /// A block as another file of the same layout holds it (what `Reader.block()` found).
        mutating func block(_ bytes: ArraySlice<UInt8>) {
            integer(bytes.count)
            out.append(contentsOf: bytes)
        }

        mutating func integer(_ value: Int) {
            leb128(UInt64(bitPattern: Int64((value << 1) ^ (value >> 63))), to: &out)
        }

        mutating func double(_ value: Double) {
            withUnsafeBytes(of: value.bitPattern.littleEndian) { out.append(contentsOf: $0) }
        }

        /// A double that is a whole number (most values: counts, minutes) as an integer, else its
        /// eight bytes.
        mutating func number(_ value: Double) {
            if value.rounded(.towardZero) == value, abs(value) < 0x1p52, value.sign == .plus || value != 0 {
                integer(Int(value) * 2)
            } else {
                integer(1)
                double(value)
            }
        }

        mutating func text(_ value: String) {
            var value = value
            value.withUTF8 { integer($0.count); out.append(contentsOf: $0) }
        }

        mutating func day(_ value: DayKey) { integer(value.ordinal) }

        mutating func optional<T>(_ value: T?, _ write: (inout Writer, T) -> Void) {
            guard let value else { out.append(0); return }
            out.append(1)
            write(&self, value)
        }

        mutating func list<T>(_ values: [T], _ write: (inout Writer, T) -> Void) {
            integer(values.count)
            for value in values { write(&self, value) }
        }

        /// The bytes with their checksum.
        mutating func sealed() -> [UInt8] {
            KeptBytes.seal(&out)
            return out
        }
    }

    /// A value the bytes do not hold whole.
    struct Torn: Error {}

    struct Reader {
        private let bytes: [UInt8]
        private let end: Int
        private var at: Int

        /// A reader after `magic`, or nil when the bytes do not start with it or fail their checksum.
        init?(_ bytes: [UInt8], magic: [UInt8]) {
            guard let end = KeptBytes.checkedLength(of: bytes, magic: magic) else { return nil }
            self.end = end
            self.bytes = bytes
            at = magic.count
        }

        /// A reader of a block that `block()` found in bytes whose checksum was checked.
        init(_ bytes: [UInt8], block: Range<Int>) {
            self.bytes = bytes
            at = block.lowerBound
            end = block.upperBound
        }

        var isAtEnd: Bool { at == end }

        /// Where the next block (`Writer.block`) lies; the reader moves past it.
        mutating func block() throws -> Range<Int> {
            let count = try count()
            defer { at += count }
            return at..<at + count
        }

        mutating func integer() throws -> Int {
            var value: UInt64 = 0, shift: UInt64 = 0
            while at < end, shift < 64 {
                let byte = bytes[at]
                at += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return Int(Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)) }
                shift += 7
            }
            throw Torn()
        }

        /// A count of things that follow, each at least a byte long.
        mutating func count() throws -> Int {
            let count = try integer()
            guard count >= 0, count <= end - at else { throw Torn() }
            return count
        }

        mutating func double() throws -> Double {
            guard end - at >= 8 else { throw Torn() }
            defer { at += 8 }
            return bytes.withUnsafeBytes { Double(bitPattern: UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: at, as: UInt64.self))) }
        }

        mutating func number() throws -> Double {
            let tag = try integer()
            if tag & 1 == 0 { return Double(tag / 2) }
            guard tag == 1 else { throw Torn() }
            return try double()
        }

        mutating func text() throws -> String {
            let count = try count()
            defer { at += count }
            return String(decoding: bytes[at..<at + count], as: UTF8.self)
        }

        mutating func named<T: RawRepresentable>(_: T.Type) throws -> T where T.RawValue == String {
            guard let value = T(rawValue: try text()) else { throw Torn() }
            return value
        }

        /// The ordinals of the days a calendar date can name (years 1 to 9999).
        private static let days = DayKey(year: 1, month: 1, day: 1)!.ordinal...DayKey(year: 9999, month: 12, day: 31)!.ordinal

        mutating func day() throws -> DayKey {
            let ordinal = try integer()
            guard Self.days.contains(ordinal) else { throw Torn() }
            return DayKey(ordinal: ordinal)
        }

        /// A day written as the difference from `previous`, which it then becomes.
        mutating func day(after previous: inout Int) throws -> DayKey {
            let ordinal = previous + (try integer())
            guard Self.days.contains(ordinal) else { throw Torn() }
            previous = ordinal
            return DayKey(ordinal: ordinal)
        }

        mutating func optional<T>(_ read: (inout Reader) throws -> T) throws -> T? {
            guard at < end else { throw Torn() }
            at += 1
            switch bytes[at - 1] {
            case 0: return nil
            case 1: return try read(&self)
            default: throw Torn()
            }
        }

        mutating func list<T>(_ read: (inout Reader) throws -> T) throws -> [T] {
            try (0..<(try count())).map { _ in try read(&self) }
        }
    }
}

/// A file a report keeps beside its site, put in place whole (a reader sees the old file or the
/// new one), not flushed to disk (a file torn by a crash fails its checksum and is ignored). Its
/// new bytes are written over its spare (`.NAME.almanac-facts-spare`: the bytes the last write
/// replaced), which is then exchanged with it: the old file becomes the next write's spare, so
/// a nightly write neither frees a megabyte of blocks nor finds them again (on a file system
/// mounted with `discard` each freeing is a trim). Where folders cannot exchange entries the
/// spare is renamed over the file. A folder whose parent cannot be written keeps nothing.
enum KeptFile {
    /// Writes `bytes` over the spare of `target`, from its start, cut to their length (while the
    /// site is published, on the other core); nil when it cannot be written.
    static func prepare(_ bytes: [UInt8], for target: String) -> Prepared? {
        // The temporary files of this one that killed runs of earlier versions left go first.
        let url = URL(fileURLWithPath: target)
        Leftovers.remove(in: url.deletingLastPathComponent().path, recursive: false, prefix: "." + url.lastPathComponent + Leftovers.marker)
        let spare = sparePath(for: target)
        guard let fd = openSpare(spare) else { return nil }
        let complete = bytes.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let n = pwrite(fd, buffer.baseAddress! + offset, buffer.count - offset, off_t(offset))
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                offset += n
            }
            return true
        }
        let cut = complete && ftruncate(fd, off_t(bytes.count)) == 0
        close(fd)
        guard cut else { unlink(spare); return nil }
        return Prepared(spare: spare, target: target)
    }

    /// The spare beside a kept file.
    static func sparePath(for target: String) -> String { target + "-spare" }

    /// The spare, opened for writing: the file there when it is a regular file of this user's that
    /// no other name shares; anything else there (a link, a file with other names) is removed and
    /// a new file made — never written through.
    private static func openSpare(_ path: String) -> Int32? {
        // Without waiting for a reader, should a FIFO be there (ENXIO: then it is removed).
        var fd = open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        if fd >= 0 {
            var info = stat()
            if fstat(fd, &info) != 0 || info.st_mode & S_IFMT != S_IFREG || info.st_nlink != 1 || info.st_uid != geteuid() {
                close(fd)
                fd = -1
                unlink(path)
            }
        } else if errno == ELOOP || errno == ENXIO {
            unlink(path)
        }
        if fd < 0 { fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600) }
        return fd >= 0 ? fd : nil
    }

    /// A kept file written over its spare, not yet in its place.
    struct Prepared: Sendable {
        let spare: String, target: String

        /// Puts the file in its place, by exchange with the regular file there (which becomes the
        /// spare), else by renaming over what is there (never a folder: then nothing is kept).
        func commit() {
            var info = stat()
            if lstat(target, &info) == 0, info.st_mode & S_IFMT == S_IFREG, (try? FolderExchange.exchange(spare, target)) == true { return }
            if rename(spare, target) != 0 { unlink(spare) }
        }
    }
}
