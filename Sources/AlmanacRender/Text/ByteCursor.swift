import AlmanacDomain

/// Where markup built as bytes goes: an array, or a `ByteCursor` in memory sized beforehand.
protocol ByteSink {
    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: ByteSink where Element == UInt8 {
    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }
}

/// Writes bytes into memory sized for them beforehand, with no growth or uniqueness check per
/// write: the day cells of heatmaps, month grids and cards, a few hundred short writes a file.
/// Every write checks that it fits (a wrong bound stops the program instead of writing past
/// the memory).
struct ByteCursor: ByteSink {
    private var next: UnsafeMutablePointer<UInt8>
    private let start: UnsafeMutablePointer<UInt8>, end: UnsafeMutablePointer<UInt8>

    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        start = buffer.baseAddress!; next = start; end = start + buffer.count
    }

    var count: Int { next - start }

    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        precondition(end - next >= bytes.count, "ByteCursor: more bytes than its bound")
        guard let base = bytes.baseAddress else { return }
        next.update(from: base, count: bytes.count)
        next += bytes.count
    }

    mutating func put(_ literal: StaticString) {
        put(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// A whole number in decimal, as `NumberText.plain` writes it.
    mutating func put(_ number: Int) {
        precondition(end - next >= 20, "ByteCursor: more bytes than its bound")
        next += NumberText.writeWhole(Int64(number), to: next)
    }

    /// `YYYY-MM-DD`, as `DayKey.description` writes it.
    mutating func put(_ day: DayKey) {
        let (y, m, d) = day.parts
        put(year: y, month: m, day: d)
    }

    /// `YYYY-MM-DD` of a day's parts (a loop over consecutive days counts them itself).
    mutating func put(year y: Int, month m: Int, day d: Int) {
        precondition(end - next >= 10, "ByteCursor: more bytes than its bound")
        DayKey.writeText(year: y, month: m, day: d, to: next)
        next += 10
    }

    /// Text escaped for XML (`XMLText`).
    mutating func put(escaped text: String) {
        var text = text
        text.withUTF8 { XMLText.escape($0, into: &self) }
    }

    /// Text as it is: markup of Almanac's own.
    mutating func put(_ text: String) {
        var text = text
        text.withUTF8 { put($0) }
    }

    /// The most bytes `put(escaped:)` writes for `text`: escaping makes a byte at most six.
    static func escapedBound(_ text: String) -> Int { 6 * text.utf8.count }
}

extension Array where Element == UInt8 {
    /// Appends what `write` puts through a cursor, which may put at most `bound` bytes.
    mutating func append(atMost bound: Int, _ write: (inout ByteCursor) -> Void) {
        let written = [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
            var cursor = ByteCursor(buffer)
            write(&cursor)
            count = cursor.count
        }
        append(contentsOf: written)
    }
}
