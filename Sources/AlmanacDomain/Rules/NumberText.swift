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

    /// Appends `rounded(value, digits:)` as UTF-8 to a byte buffer, without a String for one or
    /// two decimals: the decimal of the rounded whole number of hundredths or tenths is the
    /// shortest text that reads back as that number, which is what `plain` prints.
    public static func append(_ value: Double, digits: Int, to out: inout [UInt8]) {
        let factor: Int64 = digits == 1 ? 10 : 100
        let scaled = (value * Double(factor)).rounded()
        guard digits == 1 || digits == 2, abs(scaled) < 1e13 else {
            out.append(contentsOf: rounded(value, digits: digits).utf8)
            return
        }
        // The sign, the whole digits, then "." and the fraction without its trailing zeros, written
        // into a few bytes on the stack and appended at once (a chart has hundreds of numbers).
        var number = Int64(scaled)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            let start = buffer.baseAddress!
            var at = start
            if number < 0 { at.pointee = UInt8(ascii: "-"); at += 1; number = -number }
            at += writeWhole(number / factor, to: at)
            var fraction = number % factor, places = digits
            while places > 0 && fraction % 10 == 0 && fraction > 0 { fraction /= 10; places -= 1 }
            if fraction > 0 {
                at.pointee = UInt8(ascii: "."); at += 1
                if places == 2 && fraction < 10 { at.pointee = UInt8(ascii: "0"); at += 1 }
                at += writeWhole(fraction, to: at)
            }
            out.append(contentsOf: UnsafeBufferPointer(start: start, count: at - start))
        }
    }

    /// Appends `plain(value)` as UTF-8 to a byte buffer, without a String for whole numbers.
    public static func append(_ value: Double, to out: inout [UInt8]) {
        guard value == value.rounded(), abs(value) < 1e15 else {
            out.append(contentsOf: plain(value).utf8)
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            let count = writeWhole(Int64(value), to: buffer.baseAddress!)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// Writes a whole number in decimal, as `plain` writes it, into the (at most 20) bytes at
    /// `out`; returns how many it wrote. The one writer of whole numbers as bytes (`append`, and
    /// the day cells a heatmap writes).
    public static func writeWhole(_ value: Int64, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var magnitude = value.magnitude
        var digits = 1, rest = magnitude / 10
        while rest > 0 { digits += 1; rest /= 10 }
        if value < 0 { out.pointee = UInt8(ascii: "-") }
        let count = digits + (value < 0 ? 1 : 0)
        var at = out + count
        repeat {
            at -= 1
            at.pointee = UInt8(48 + magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        return count
    }
}
