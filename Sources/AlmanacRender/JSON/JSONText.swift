/// JSON text per RFC 8259, written straight into a byte buffer: the only JSON string escaping
/// in Almanac. Quotes, backslashes and control characters are escaped (`\n`, `\t`, `\u001f` …);
/// everything else, emoji included, stays as UTF-8.
public enum JSONText {
    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends a JSON string literal (with its quotes).
    public static func appendString(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var runStart = 0
        for (i, byte) in bytes.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            if runStart < i { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i])) }
            out.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
            case 10: out.append(UInt8(ascii: "n"))
            case 13: out.append(UInt8(ascii: "r"))
            case 9: out.append(UInt8(ascii: "t"))
            case 8: out.append(UInt8(ascii: "b"))
            case 12: out.append(UInt8(ascii: "f"))
            default:
                out.append(contentsOf: Array("u00".utf8))
                out.append(hex[Int(byte >> 4)]); out.append(hex[Int(byte & 15)])
            }
            runStart = i + 1
        }
        if runStart < bytes.count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...])) }
        out.append(UInt8(ascii: "\""))
    }

    public static func appendString(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendString($0, to: &out) }
    }
}
