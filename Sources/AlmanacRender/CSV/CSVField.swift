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
    public static func text(_ value: String) -> String {
        var field = value
        if let first = field.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first), !isPlainNumber(field) {
            field = "'" + field
        }
        let needsQuotes = field.utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 }
        guard needsQuotes else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    public static func number(_ value: Double) -> String { NumberText.plain(value) }

    public static func number(_ value: Double?, digits: Int) -> String {
        value.map { NumberText.rounded($0, digits: digits) } ?? ""
    }

    /// A whole record, escaped and terminated by CRLF.
    public static func record(_ fields: [String]) -> String {
        fields.map(text).joined(separator: ",") + lineEnd
    }

    /// An optional sign, digits, an optional fraction: what spreadsheets read as a number.
    static func isPlainNumber(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        var digits = 0, dots = 0
        for byte in bytes {
            if byte >= 48 && byte <= 57 { digits += 1 } else if byte == UInt8(ascii: ".") { dots += 1 } else { return false }
        }
        return digits > 0 && dots <= 1
    }
}
