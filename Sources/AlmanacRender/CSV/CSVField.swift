import Foundation
import AlmanacDomain

/// CSV as spreadsheets read it: RFC 4180 (comma separator, CRLF line ends, fields with a comma,
/// quote or line break in quotes, quotes doubled), numbers with `.` whatever the locale, and
/// cells a spreadsheet would run as a formula neutralised.
///
/// This is the only place CSV text is escaped.
public enum CSVField {
    public static let lineEnd = "\r\n"
    /// The UTF-8 byte order mark Excel needs to read UTF-8 (`--bom`).
    public static let byteOrderMark = "\u{FEFF}"

    /// One field, escaped. A cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return
    /// gets a leading `'` (OWASP's advice) unless it is a plain number such as `-3` or `+1.5`.
    /// With `neutralising: false` (`export csv --raw`, for scripts and pandas) cells are only
    /// quoted, never prefixed.
    public static func text(_ value: String, neutralising: Bool = true) -> String {
        var out: [UInt8] = []
        append(value, to: &out, neutralising: neutralising)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends one escaped field to a byte buffer.
    public static func append(_ value: String, to out: inout [UInt8], neutralising: Bool = true) {
        var value = value
        value.withUTF8 { append($0, to: &out, neutralising: neutralising) }
    }

    /// Appends one escaped field, given as UTF-8 bytes, to a byte buffer: the single escaping
    /// routine every CSV cell goes through.
    public static func append(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], neutralising: Bool = true) {
        let quote = UInt8(ascii: "\"")
        var needsQuotes = false
        for byte in bytes where byte == UInt8(ascii: ",") || byte == quote || byte == 10 || byte == 13 {
            needsQuotes = true
            break
        }
        let neutralise = neutralising && startsAFormula(bytes)
        if !needsQuotes && !neutralise {
            out.append(contentsOf: bytes)
            return
        }
        if needsQuotes { out.append(quote) }
        if neutralise { out.append(UInt8(ascii: "'")) }
        for byte in bytes {
            out.append(byte)
            if byte == quote { out.append(quote) }
        }
        if needsQuotes { out.append(quote) }
    }

    private static let formulaStarts: [UInt8] = [UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 9, 13]

    private static func startsAFormula(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.first.map { formulaStarts.contains($0) } == true && !isPlainNumber(bytes)
    }

    /// A cell's value as a reader of the file gets it back: with its leading `'` when neutralised.
    public static func unquoted(_ value: String, neutralising: Bool = true) -> String {
        var value = value
        return neutralising && value.withUTF8(startsAFormula) ? "'" + value : value
    }

    public static func number(_ value: Double) -> String { NumberText.plain(value) }

    public static func number(_ value: Double?, digits: Int) -> String {
        value.map { NumberText.rounded($0, digits: digits) } ?? ""
    }

    /// A whole record, escaped and terminated by CRLF.
    public static func record(_ fields: [String], neutralising: Bool = true) -> String {
        fields.map { text($0, neutralising: neutralising) }.joined(separator: ",") + lineEnd
    }

    /// An optional sign, digits, an optional fraction: what spreadsheets read as a number.
    static func isPlainNumber(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var bytes = text[...]
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        var digits = 0, dots = 0
        for byte in bytes {
            if byte >= 48 && byte <= 57 { digits += 1 } else if byte == UInt8(ascii: ".") { dots += 1 } else { return false }
        }
        return digits > 0 && dots <= 1
    }
}
