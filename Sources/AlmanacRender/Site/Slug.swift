import Foundation

/// File names for habits: ASCII letters, digits and dashes only, never empty, never a name
/// Windows reserves, unique (a second "Run" becomes `run-2`). A habit named `../../etc` or
/// `CON` stays inside the output folder.
public enum Slug {
    /// Windows device names, and `all` (the combined heatmap is `all-<year>.svg`).
    static let reserved = Set(["con", "prn", "aux", "nul", "all"] + (1...9).flatMap { ["com\($0)", "lpt\($0)"] })

    /// The locale names are folded in (made once: making one takes a fifth of a millisecond).
    private static let posix = Locale(identifier: "en_US_POSIX")

    /// One slug per name, in order; collisions get `-2`, `-3`, … in that order.
    public static func make(_ names: [String]) -> [String] {
        var used = Set<String>()
        return names.map { name in
            let base = slug(name)
            var candidate = base, n = 2
            while used.contains(candidate) { candidate = "\(base)-\(n)"; n += 1 }
            used.insert(candidate)
            return candidate
        }
    }

    static func slug(_ name: String) -> String {
        // Folding an ASCII name only lowers its letters; Foundation's folding (which loads ICU's
        // tables on its first call) is for the others.
        let folded = name.utf8.allSatisfy { $0 < 0x80 } ? name.lowercased()
            : name.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: posix)
                .replacingOccurrences(of: "ß", with: "ss")
        var out = ""
        var dash = false
        // ASCII letters and digits are kept, every run of anything else becomes one dash.
        for byte in folded.utf8 {
            if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
                dash = false
            } else if !dash && !out.isEmpty {
                out += "-"
                dash = true
            }
            if out.utf8.count >= 48 { break }
        }
        while out.hasSuffix("-") { out.removeLast() }
        if out.isEmpty { out = "habit" }
        if reserved.contains(out) { out += "-habit" }
        return out
    }
}
