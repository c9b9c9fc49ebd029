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
        let sign = text.hasPrefix("-") ? "-" : ""
        let unsigned = text.dropFirst(sign.count)
        let whole = unsigned.prefix { $0 != "." }, rest = unsigned.dropFirst(whole.count)
        guard whole.allSatisfy(\.isNumber) else { return text }   // exponent forms stay as they are
        var out = ""
        for (i, digit) in whole.enumerated() {
            if i > 0 && (whole.count - i) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return sign + out + rest
    }

    /// A value rounded to `digits` decimals, trailing zeros dropped.
    public static func rounded(_ value: Double, digits: Int) -> String {
        let factor = pow(10.0, Double(digits))
        return plain((value * factor).rounded() / factor)
    }

    /// Appends `plain(value)` as UTF-8 to a byte buffer, without a String for whole numbers.
    public static func append(_ value: Double, to out: inout [UInt8]) {
        guard value == value.rounded(), abs(value) < 1e15 else {
            out.append(contentsOf: plain(value).utf8)
            return
        }
        var whole = Int64(value)
        if whole < 0 { out.append(UInt8(ascii: "-")); whole = -whole }
        if whole == 0 { out.append(UInt8(ascii: "0")); return }
        let start = out.count
        while whole > 0 { out.append(UInt8(48 + whole % 10)); whole /= 10 }
        out[start...].reverse()
    }
}
