import Foundation

/// File names for habits: ASCII letters, digits and dashes only, never empty, never a name
/// Windows reserves, unique (a second "Run" becomes `run-2`). A habit named `../../etc` or
/// `CON` stays inside the output folder.
public enum Slug {
    /// Windows device names, and `all` (the combined heatmap is `all-<year>.svg`).
    static let reserved = Set(["con", "prn", "aux", "nul", "all"] + (1...9).flatMap { ["com\($0)", "lpt\($0)"] })

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
        let folded = name.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: Locale(identifier: "en_US_POSIX"))
            .replacingOccurrences(of: "ß", with: "ss")
        var out = ""
        var dash = false
        for scalar in folded.unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                out.unicodeScalars.append(scalar)
                dash = false
            } else if !dash && !out.isEmpty {
                out += "-"
                dash = true
            }
            if out.count >= 48 { break }
        }
        while out.hasSuffix("-") { out.removeLast() }
        if out.isEmpty { out = "habit" }
        if reserved.contains(out) { out += "-habit" }
        return out
    }
}
