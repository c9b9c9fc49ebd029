import AlmanacDomain

/// Escaping for HTML and XML (SVG): the only place user text becomes markup-safe, working on
/// UTF-8 bytes. The same function serves text and attribute values (quotes are escaped too).
/// Characters XML 1.0 does not allow — control characters other than tab, newline and carriage
/// return, DEL, U+FFFE and U+FFFF — become U+FFFD.
public enum XMLText {
    private static let replacement: StaticString = "\u{FFFD}"

    /// Appends `bytes` (UTF-8), escaped, to `out`: runs that need no escaping go whole.
    public static func append(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var i = 0
        var runStart = 0
        func flushRun(_ end: Int) {
            if runStart < end { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<end])) }
        }
        while i < bytes.count {
            let byte = bytes[i]
            var escaped: StaticString?
            var width = 1
            switch byte {
            case UInt8(ascii: "&"): escaped = "&amp;"
            case UInt8(ascii: "<"): escaped = "&lt;"
            case UInt8(ascii: ">"): escaped = "&gt;"
            case UInt8(ascii: "\""): escaped = "&quot;"
            case UInt8(ascii: "'"): escaped = "&#39;"
            case 9, 10, 13: break
            case 0..<32, 127: escaped = replacement
            case 0xEF where i + 2 < bytes.count && bytes[i + 1] == 0xBF && (bytes[i + 2] == 0xBE || bytes[i + 2] == 0xBF):
                escaped = replacement   // U+FFFE, U+FFFF
                width = 3
            default: break
            }
            if let escaped {
                flushRun(i)
                out.append(escaped)
                runStart = i + width
            }
            i += width
        }
        flushRun(bytes.count)
    }

    /// Appends a string, escaped, to `out`.
    public static func append(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { append($0, to: &out) }
    }

    /// A string, escaped.
    public static func escape(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        append(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}

extension Array where Element == UInt8 {
    /// Appends a literal's UTF-8 bytes: the markup between values in the files built as bytes.
    public mutating func append(_ literal: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Appends a whole number in decimal.
    mutating func append(number: Int) { NumberText.append(Double(number), to: &self) }

    /// Appends `YYYY-MM-DD` of a day's parts (`DayKey.appendText`, as `DayKey.description`).
    mutating func append(year y: Int, month m: Int, day d: Int) { DayKey.appendText(year: y, month: m, day: d, to: &self) }

    /// Appends text escaped for XML (`XMLText`).
    mutating func append(escaped text: String) { XMLText.append(text, to: &self) }
}
