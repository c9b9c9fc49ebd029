import AlmanacDomain
import Foundation

/// A small, strict JSON reader (RFC 8259) over bytes, for backups: values come out one at a time,
/// so a backup of hundreds of thousands of objects never exists as one tree in memory. Other
/// apps' JSON files (import) are read whole with `document`.
public struct JSONReader {
    /// A JSON value; objects keep their keys in order (a handful of fields, searched linearly).
    public enum Value: Sendable {
        case string(String), number(Double), bool(Bool), null
        indirect case array([Value])
        indirect case object([(String, Value)])

        public var typeName: String {
            switch self {
            case .string: return "a string"
            case .number: return "a number"
            case .bool: return "true or false"
            case .null: return "null"
            case .array: return "an array"
            case .object: return "an object"
            }
        }
    }

    public struct SyntaxError: Error {
        public let offset: Int
        public let message: String
    }

    /// A whole document: one value and nothing after it.
    public static func document(_ data: Data) throws -> Value {
        // The reader lives only inside this closure, over the document's bytes in place.
        try data.withUnsafeBytes { raw in
            var reader = JSONReader(raw.bindMemory(to: UInt8.self))
            let value = try reader.readValue()
            guard reader.peek() == nil else { throw reader.fail("there is more after the JSON value") }
            return value
        }
    }

    /// Deeper documents are refused: a backup nests three levels.
    static let maxDepth = 32

    /// The document's bytes, borrowed for the reader's life (see `document` and
    /// `BackupDocument.Reader`): values are read without copying them.
    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func skipWhitespace() {
        while index < bytes.count, bytes[index] == 32 || bytes[index] == 10 || bytes[index] == 13 || bytes[index] == 9 { index += 1 }
    }

    func fail(_ message: String) -> SyntaxError { SyntaxError(offset: index, message: message) }

    /// The next non-space byte, without consuming it (nil at the end).
    mutating func peek() -> UInt8? {
        skipWhitespace()
        return index < bytes.count ? bytes[index] : nil
    }

    mutating func expect(_ byte: UInt8) throws {
        guard peek() == byte else {
            throw fail(index >= bytes.count ? "the file ends too early (truncated?)" : "expected '\(Character(UnicodeScalar(byte)))'")
        }
        index += 1
    }

    /// After a member: true when another follows (`,`), false at the closing byte.
    mutating func more(closing: UInt8) throws -> Bool {
        switch peek() {
        case UInt8(ascii: ","): index += 1; return true
        case closing: index += 1; return false
        case nil: throw fail("the file ends too early (truncated?)")
        default: throw fail("expected ',' or '\(Character(UnicodeScalar(closing)))'")
        }
    }

    /// Reads `{`, then calls `member` with each key (positioned at its value), then `}`.
    mutating func readObject(_ member: (inout JSONReader, String) throws -> Void) throws {
        try expect(UInt8(ascii: "{"))
        if peek() == UInt8(ascii: "}") { index += 1; return }
        repeat {
            guard peek() == UInt8(ascii: "\"") else { throw fail("expected a key in quotes") }
            let key = try readString()
            try expect(UInt8(ascii: ":"))
            try member(&self, key)
        } while try more(closing: UInt8(ascii: "}"))
    }

    /// Reads `[`, then calls `element` with each index (positioned at its value), then `]`.
    mutating func readArray(_ element: (inout JSONReader, Int) throws -> Void) throws {
        try expect(UInt8(ascii: "["))
        if peek() == UInt8(ascii: "]") { index += 1; return }
        var i = 0
        repeat {
            try element(&self, i)
            i += 1
        } while try more(closing: UInt8(ascii: "]"))
    }

    /// Reads any value as a tree (for one backup object at a time).
    mutating func readValue(depth: Int = 0) throws -> Value {
        guard depth < Self.maxDepth else { throw fail("it nests more than \(Self.maxDepth) levels deep") }
        switch peek() {
        case UInt8(ascii: "{"):
            var members: [(String, Value)] = []
            try readObject { reader, key in members.append((key, try reader.readValue(depth: depth + 1))) }
            return .object(members)
        case UInt8(ascii: "["):
            var elements: [Value] = []
            try readArray { reader, _ in elements.append(try reader.readValue(depth: depth + 1)) }
            return .array(elements)
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case nil: throw fail("the file ends too early (truncated?)")
        default: return .number(try readNumber())
        }
    }

    /// An object read as a tree of only the members named in `keeping`; any other member is
    /// stepped over without being built (`skipValue`), so a record's unknown field costs no
    /// memory however it is nested. Anything but an object is read whole (its reader refuses it).
    mutating func readValue(depth: Int, keeping: Set<String>) throws -> Value {
        guard peek() == UInt8(ascii: "{") else { return try readValue(depth: depth) }
        guard depth < Self.maxDepth else { throw fail("it nests more than \(Self.maxDepth) levels deep") }
        var members: [(String, Value)] = []
        try readObject { reader, key in
            if keeping.contains(key) { members.append((key, try reader.readValue(depth: depth + 1))) } else { try reader.skipValue(depth: depth + 1) }
        }
        return .object(members)
    }

    /// Steps over any value, checking its syntax and depth but keeping nothing of it: an unknown
    /// field of a backup is ignored in memory that does not grow with it.
    mutating func skipValue(depth: Int = 0) throws {
        guard depth < Self.maxDepth else { throw fail("it nests more than \(Self.maxDepth) levels deep") }
        switch peek() {
        case UInt8(ascii: "{"):
            try expect(UInt8(ascii: "{"))
            if peek() == UInt8(ascii: "}") { index += 1; return }
            repeat {
                guard peek() == UInt8(ascii: "\"") else { throw fail("expected a key in quotes") }
                try skipString()
                try expect(UInt8(ascii: ":"))
                try skipValue(depth: depth + 1)
            } while try more(closing: UInt8(ascii: "}"))
        case UInt8(ascii: "["):
            try expect(UInt8(ascii: "["))
            if peek() == UInt8(ascii: "]") { index += 1; return }
            repeat { try skipValue(depth: depth + 1) } while try more(closing: UInt8(ascii: "]"))
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case nil: throw fail("the file ends too early (truncated?)")
        default: _ = try readNumber()
        }
    }

    /// Steps over a string (positioned at its opening quote) without making it.
    private mutating func skipString() throws {
        index += 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""): index += 1; return
            case UInt8(ascii: "\\"): index += 2
            case 0..<0x20: throw fail("a string holds a control character")
            default: index += 1
            }
        }
        throw fail("the file ends too early (truncated?)")
    }

    /// `true`, `false` or `null`, compared byte by byte with the static text (every entry of a
    /// backup has nulls: a generic `elementsEqual` here measured 5 % of a restore).
    private mutating func literal(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw fail("unexpected text") }
        for k in 0..<count where bytes[index + k] != word.utf8Start[k] { throw fail("unexpected text") }
        index += count
    }

    mutating func readNumber() throws -> Double {
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let digitsStart = index
        while index < bytes.count, (48...57).contains(bytes[index]) { index += 1 }
        guard index > digitsStart else { index = start; throw fail("unexpected text") }
        if bytes[digitsStart] == 48, index - digitsStart > 1 { throw fail("a number has a leading zero") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fraction = index
            while index < bytes.count, (48...57).contains(bytes[index]) { index += 1 }
            guard index > fraction else { throw fail("a number ends in '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            let exponent = index
            while index < bytes.count, (48...57).contains(bytes[index]) { index += 1 }
            guard index > exponent else { throw fail("a number has an empty exponent") }
        }
        // Whole numbers of up to 15 digits are exact in a Double: no text conversion needed.
        if index - start <= 15, !bytes[start..<index].contains(where: { $0 < 48 && $0 != 45 || $0 > 57 }) {
            var value: Int64 = 0
            for byte in bytes[start..<index] where byte != 45 { value = value * 10 + Int64(byte - 48) }
            return Double(bytes[start] == 45 ? -value : value)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text) else { throw fail("\(text) is not a number") }
        return value
    }

    mutating func readString() throws -> String {
        try expect(UInt8(ascii: "\""))
        let start = index
        // Fast path: no escapes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                defer { index += 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw fail("a string holds a raw control character") }
            index += 1
        }
        var out = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
                case UInt8(ascii: "b"): out.append(8)
                case UInt8(ascii: "f"): out.append(12)
                case UInt8(ascii: "n"): out.append(10)
                case UInt8(ascii: "r"): out.append(13)
                case UInt8(ascii: "t"): out.append(9)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw fail("a string holds a lone surrogate")
                        }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw fail("a string holds a lone surrogate") }
                        scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw fail("a string holds a lone surrogate") }
                    out.append(contentsOf: Array(String(Character(unicode)).utf8))
                default: throw fail("a string holds an unknown escape")
                }
            default:
                if byte < 0x20 { throw fail("a string holds a raw control character") }
                out.append(byte)
            }
        }
        throw fail("the file ends too early (truncated?)")
    }

    private mutating func hex4() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("the file ends too early (truncated?)") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case 48...57: digit = byte - 48
            case 97...102: digit = byte - 87
            case 65...70: digit = byte - 55
            default: throw fail("a \\u escape needs four hex digits")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}
