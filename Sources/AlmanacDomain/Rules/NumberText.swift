import Foundation

/// Numbers as text the same way in every output and locale: `.` as the decimal separator,
/// no grouping, no trailing zeros (`3`, `2.5`, `0.125`).
public enum NumberText {
    public static func plain(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value > 0 ? "Infinity" : "-Infinity") }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"   // Swift's shortest round-tripping form, always with "."
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
