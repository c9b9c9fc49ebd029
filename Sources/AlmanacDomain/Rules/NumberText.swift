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
}
