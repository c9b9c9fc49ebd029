import Foundation

/// Numbers as text the same way in every output and locale: `.` as the decimal separator,
/// no grouping, no trailing zeros (`3`, `2.5`, `0.125`).
public enum NumberText {
    public static func plain(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value > 0 ? "Infinity" : "-Infinity") }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"   // Swift's shortest round-tripping form, always with "."
    }

    /// `plain`, with the whole part in groups of three for people ("8,426,160", "1,234.5"); the
    /// form of totals and achievements. Files for programs (CSV, JSON) keep `plain`.
    public static func grouped(_ value: Double) -> String {
        let text = plain(value)
        guard value.isFinite, abs(value) >= 1000 else { return text }
        // On the ASCII bytes of `plain`: a sign, the whole digits, then "." and the fraction.
        let bytes = Array(text.utf8)
        let signed = bytes.first == UInt8(ascii: "-") ? 1 : 0
        let end = bytes[signed...].firstIndex(of: UInt8(ascii: ".")) ?? bytes.count
        guard bytes[signed..<end].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return text }   // exponent forms stay as they are
        var out: [UInt8] = Array(bytes[..<signed])
        out.reserveCapacity(bytes.count + (end - signed) / 3)
        for i in signed..<end {
            if i > signed && (end - i) % 3 == 0 { out.append(UInt8(ascii: ",")) }
            out.append(bytes[i])
        }
        out += bytes[end...]
        return String(decoding: out, as: UTF8.self)
    }

    /// A value rounded to `digits` decimals, trailing zeros dropped.
    public static func rounded(_ value: Double, digits: Int) -> String {
        let factor = pow(10.0, Double(digits))
        return plain((value * factor).rounded() / factor)
    }

    /// Appends `rounded(value, digits:)` as UTF-8 to a byte buffer (the numbers of a chart).
    public static func append(_ value: Double, digits: Int, to out: inout [UInt8]) {
        out.append(contentsOf: rounded(value, digits: digits).utf8)
    }

    /// Appends `plain(value)` as UTF-8 to a byte buffer.
    public static func append(_ value: Double, to out: inout [UInt8]) {
        out.append(contentsOf: plain(value).utf8)
    }
}
