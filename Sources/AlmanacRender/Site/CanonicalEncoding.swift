import Crypto

/// The bytes a page model is keyed by: every value its `Encodable` conformance hands over, in
/// order, each with its field name, its kind and its nesting depth. Models use the synthesized
/// conformance, which hands over every stored property — so a field added to a model is part of
/// its key without anyone listing it, and two models with equal bytes are equal values.
///
/// The stream is unambiguous for values of one type (a key also names the model's type): every
/// token says what it is (a key, an element, a container, a value of a kind) and how deep it
/// sits, and strings and arrays carry their length, so two different values never give the same
/// bytes. Arrays of numbers, flags, bytes and strings (a year of scores) and tables of strings
/// are written whole.
public enum CanonicalEncoding {
    /// The canonical bytes of a value.
    public static func bytes<Value: Encodable>(of value: Value) throws -> [UInt8] {
        let sink = CanonicalSink()
        try sink.take(value)
        return sink.bytes
    }

    /// Feeds the canonical bytes of a value into `hash` as they are made, never holding them
    /// whole: what `hash` then gives is what it gives for `bytes(of:)`. A day series' arrays go
    /// to the hash from their own memory.
    public static func hash<Value: Encodable>(_ value: Value, into hash: inout SHA256) throws {
        let sink = CanonicalSink(hashing: hash)
        try sink.take(value)
        hash = sink.hashed()
    }

    /// The SHA-256 of a value's canonical bytes (`hash(_:into:)`): the digest a day series or a
    /// habit is known by.
    public static func sha256<Value: Encodable>(of value: Value) throws -> [UInt8] {
        var hash = SHA256()
        try Self.hash(value, into: &hash)
        return Array(hash.finalize())
    }
}

/// Where the tokens go. A class, so that the containers a value asks for share it. Each token
/// is written in one access to `bytes` (the helpers work on the array in place), so the checks
/// Swift makes on every access to a class's property are paid once per token, not per byte.
/// When it hashes, `bytes` is handed to the hash whenever it grows large, and a large array of
/// numbers or flags goes to the hash straight from its memory.
final class CanonicalSink {
    var bytes: [UInt8] = []
    private var hash: SHA256?
    /// Up to this many bytes are gathered before a hashing sink hands them over.
    private static let chunk = 16 << 10

    init() { bytes.reserveCapacity(1024) }

    init(hashing hash: SHA256) {
        self.hash = hash
        bytes.reserveCapacity(Self.chunk + 1024)
    }

    /// Writes a whole value.
    func take<Value: Encodable>(_ value: Value) throws {
        if !bulk(value) { try value.encode(to: CanonicalEncoder(sink: self, depth: 0)) }
        if hash != nil, bytes.count >= Self.chunk { handOver() }
    }

    /// The hash, with every byte written handed to it.
    func hashed() -> SHA256 {
        handOver()
        return hash!
    }

    private func handOver() {
        guard hash != nil, !bytes.isEmpty else { return }
        hash!.update(data: bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    /// The memory of an array of plain values (numbers, flags) after its header: into `bytes`,
    /// or, when hashing and the array is large, to the hash directly.
    private func memory<Element>(of array: [Element]) {
        array.withUnsafeBytes { raw in
            if hash != nil, raw.count >= 4096 {
                handOver()
                hash!.update(bufferPointer: raw)
            } else {
                bytes.append(contentsOf: raw)
                if hash != nil, bytes.count >= Self.chunk { handOver() }
            }
        }
    }

    enum Tag: UInt8 {
        case keyed = 0x4B, unkeyed = 0x55, single = 0x53, key = 0x6B, element = 0x65
        case null = 0x6E, bool = 0x62, int = 0x69, uint = 0x75, double = 0x64, string = 0x73
        case doubles = 0x44, ints = 0x49, bytes = 0x42, strings = 0x54, bools = 0x51, rows = 0x52
    }

    func token(_ tag: Tag, depth: Int) { Self.token(tag, depth, &bytes) }

    /// A key token and the key's name.
    func key(_ name: String, depth: Int) { Self.key(name, depth, &bytes) }

    func value(_ value: Bool) { Self.flag(value, &bytes) }
    func value(_ value: Int64) { Self.word(.int, UInt64(bitPattern: value), &bytes) }
    func value(_ value: UInt64) { Self.word(.uint, value, &bytes) }
    func value(_ value: Double) { Self.word(.double, value.bitPattern, &bytes) }
    func value(_ value: String) { Self.string(value, &bytes) }
    func null() { bytes.append(Tag.null.rawValue) }

    /// Writes arrays of numbers, flags, bytes or strings, and tables of strings, whole; returns
    /// false for any other value.
    func bulk<Value: Encodable>(_ value: Value) -> Bool {
        if Value.self == [Double].self {
            words(.doubles, value as! [Double]) { $0.bitPattern }
        } else if Value.self == [Int].self {
            words(.ints, value as! [Int]) { UInt64(bitPattern: Int64($0)) }
        } else if Value.self == [UInt8].self {
            let array = value as! [UInt8]
            Self.header(.bytes, array.count, &bytes)
            memory(of: array)
        } else if Value.self == [Bool].self {
            // A Bool is one byte, 0 or 1: the array's memory is its bytes.
            let array = value as! [Bool]
            Self.header(.bools, array.count, &bytes)
            memory(of: array)
        } else if Value.self == [String].self {
            Self.strings(value as! [String], &bytes)
        } else if Value.self == [[String]].self {
            Self.rows(value as! [[String]], &bytes)
        } else if Value.self == String.self {
            self.value(value as! String)
        } else {
            return false
        }
        return true
    }

    // The tokens, written into the array in place.

    /// An unsigned integer in LEB128 form.
    private static func integer(_ value: UInt64, _ out: inout [UInt8]) {
        var v = value
        repeat {
            let low = UInt8(v & 0x7F)
            v >>= 7
            out.append(v == 0 ? low : low | 0x80)
        } while v != 0
    }

    private static func token(_ tag: Tag, _ depth: Int, _ out: inout [UInt8]) {
        out.append(tag.rawValue)
        integer(UInt64(depth), &out)
    }

    private static func key(_ name: String, _ depth: Int, _ out: inout [UInt8]) {
        token(.key, depth, &out)
        text(name, &out)
    }

    private static func flag(_ value: Bool, _ out: inout [UInt8]) {
        out.append(Tag.bool.rawValue)
        out.append(value ? 1 : 0)
    }

    private static func header(_ tag: Tag, _ count: Int, _ out: inout [UInt8]) {
        out.append(tag.rawValue)
        integer(UInt64(count), &out)
    }

    /// A tag and eight bytes, least significant first.
    private static func word(_ tag: Tag, _ value: UInt64, _ out: inout [UInt8]) {
        out.append(tag.rawValue)
        withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) }
    }

    /// An array of 64-bit values: its memory as it is on a little-endian machine.
    private func words<Element>(_ tag: Tag, _ array: [Element], _ bitPattern: (Element) -> UInt64) {
        Self.header(tag, array.count, &bytes)
        #if _endian(little)
        memory(of: array)
        #else
        for element in array { withUnsafeBytes(of: bitPattern(element).littleEndian) { bytes.append(contentsOf: $0) } }
        #endif
    }

    /// A string's UTF-8 length and bytes.
    private static func text(_ value: String, _ out: inout [UInt8]) {
        var value = value
        value.withUTF8 { utf8 in
            integer(UInt64(utf8.count), &out)
            out.append(contentsOf: utf8)
        }
    }

    private static func string(_ value: String, _ out: inout [UInt8]) {
        out.append(Tag.string.rawValue)
        text(value, &out)
    }

    private static func strings(_ array: [String], _ out: inout [UInt8]) {
        header(.strings, array.count, &out)
        for string in array { text(string, &out) }
    }

    /// Rows of strings (a table): the number of rows, then each row as its count and strings.
    private static func rows(_ rows: [[String]], _ out: inout [UInt8]) {
        header(.rows, rows.count, &out)
        for row in rows {
            integer(UInt64(row.count), &out)
            for string in row { text(string, &out) }
        }
    }
}

/// An `Encoder` writing canonical tokens. It tracks depth instead of a coding path (its
/// `codingPath` is empty): models never read the path, and building one per value would cost
/// an allocation per field of a thousand models per report.
struct CanonicalEncoder: Encoder {
    let sink: CanonicalSink
    let depth: Int

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        sink.token(.keyed, depth: depth)
        return KeyedEncodingContainer(KeyedContainer(sink: sink, depth: depth))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        sink.token(.unkeyed, depth: depth)
        return UnkeyedContainer(sink: sink, depth: depth)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        sink.token(.single, depth: depth)
        return SingleContainer(sink: sink, depth: depth)
    }

    /// A nested value: its own tokens one level deeper, unless it is written whole.
    static func nested<Value: Encodable>(_ value: Value, sink: CanonicalSink, depth: Int) throws {
        if sink.bulk(value) { return }
        try value.encode(to: CanonicalEncoder(sink: sink, depth: depth + 1))
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let sink: CanonicalSink
    let depth: Int
    var codingPath: [any CodingKey] { [] }

    private func key(_ key: Key) { sink.key(key.stringValue, depth: depth) }

    mutating func encodeNil(forKey key: Key) throws { self.key(key); sink.null() }
    mutating func encode(_ value: Bool, forKey key: Key) throws { self.key(key); sink.value(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { self.key(key); sink.value(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { self.key(key); sink.value(value) }
    mutating func encode(_ value: Float, forKey key: Key) throws { self.key(key); sink.value(Double(value)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { self.key(key); sink.value(Int64(value)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { self.key(key); sink.value(Int64(value)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { self.key(key); sink.value(Int64(value)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { self.key(key); sink.value(Int64(value)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { self.key(key); sink.value(value) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { self.key(key); sink.value(UInt64(value)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { self.key(key); sink.value(UInt64(value)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { self.key(key); sink.value(UInt64(value)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { self.key(key); sink.value(UInt64(value)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { self.key(key); sink.value(value) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        self.key(key)
        try CanonicalEncoder.nested(value, sink: sink, depth: depth)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        self.key(key)
        return CanonicalEncoder(sink: sink, depth: depth + 1).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        self.key(key)
        return CanonicalEncoder(sink: sink, depth: depth + 1).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        sink.key("super", depth: depth)
        return CanonicalEncoder(sink: sink, depth: depth + 1)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        self.key(key)
        return CanonicalEncoder(sink: sink, depth: depth + 1)
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let sink: CanonicalSink
    let depth: Int
    var codingPath: [any CodingKey] { [] }
    private(set) var count = 0

    init(sink: CanonicalSink, depth: Int) { self.sink = sink; self.depth = depth }

    private mutating func element() {
        sink.token(.element, depth: depth)
        count += 1
    }

    mutating func encodeNil() throws { element(); sink.null() }
    mutating func encode(_ value: Bool) throws { element(); sink.value(value) }
    mutating func encode(_ value: String) throws { element(); sink.value(value) }
    mutating func encode(_ value: Double) throws { element(); sink.value(value) }
    mutating func encode(_ value: Float) throws { element(); sink.value(Double(value)) }
    mutating func encode(_ value: Int) throws { element(); sink.value(Int64(value)) }
    mutating func encode(_ value: Int8) throws { element(); sink.value(Int64(value)) }
    mutating func encode(_ value: Int16) throws { element(); sink.value(Int64(value)) }
    mutating func encode(_ value: Int32) throws { element(); sink.value(Int64(value)) }
    mutating func encode(_ value: Int64) throws { element(); sink.value(value) }
    mutating func encode(_ value: UInt) throws { element(); sink.value(UInt64(value)) }
    mutating func encode(_ value: UInt8) throws { element(); sink.value(UInt64(value)) }
    mutating func encode(_ value: UInt16) throws { element(); sink.value(UInt64(value)) }
    mutating func encode(_ value: UInt32) throws { element(); sink.value(UInt64(value)) }
    mutating func encode(_ value: UInt64) throws { element(); sink.value(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        element()
        try CanonicalEncoder.nested(value, sink: sink, depth: depth)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        element()
        return CanonicalEncoder(sink: sink, depth: depth + 1).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        element()
        return CanonicalEncoder(sink: sink, depth: depth + 1).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        element()
        return CanonicalEncoder(sink: sink, depth: depth + 1)
    }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let sink: CanonicalSink
    let depth: Int
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { sink.null() }
    mutating func encode(_ value: Bool) throws { sink.value(value) }
    mutating func encode(_ value: String) throws { sink.value(value) }
    mutating func encode(_ value: Double) throws { sink.value(value) }
    mutating func encode(_ value: Float) throws { sink.value(Double(value)) }
    mutating func encode(_ value: Int) throws { sink.value(Int64(value)) }
    mutating func encode(_ value: Int8) throws { sink.value(Int64(value)) }
    mutating func encode(_ value: Int16) throws { sink.value(Int64(value)) }
    mutating func encode(_ value: Int32) throws { sink.value(Int64(value)) }
    mutating func encode(_ value: Int64) throws { sink.value(value) }
    mutating func encode(_ value: UInt) throws { sink.value(UInt64(value)) }
    mutating func encode(_ value: UInt8) throws { sink.value(UInt64(value)) }
    mutating func encode(_ value: UInt16) throws { sink.value(UInt64(value)) }
    mutating func encode(_ value: UInt32) throws { sink.value(UInt64(value)) }
    mutating func encode(_ value: UInt64) throws { sink.value(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try CanonicalEncoder.nested(value, sink: sink, depth: depth) }
}
