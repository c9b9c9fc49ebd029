import Foundation

/// The file names of habits' pages, cards and badges: ASCII letters, digits and dashes only,
/// never empty, never a name Windows reserves, unique within a store. A habit gets its slug when
/// it is made and keeps it through every rename (the store keeps it, backups carry it), so a
/// published link keeps working. A habit named `../../etc` or `CON` stays inside the output folder.
public enum Slug {
    /// Windows device names, and `all` (the combined heatmap is `all-<year>.svg`).
    static let reserved = Set(["con", "prn", "aux", "nul", "all"] + (1...9).flatMap { ["com\($0)", "lpt\($0)"] })
    /// The longest slug made from a name (a `-2` may follow).
    public static let maxBase = 48

    /// The locale names are folded in (made once: making one takes a fifth of a millisecond).
    private static let posix = Locale(identifier: "en_US_POSIX")

    /// One slug per name, in order; collisions get `-2`, `-3`, … in that order. `wordCut: false`
    /// cuts a long name at 48 bytes, even inside a word, as Almanac did before slugs were kept.
    public static func make(_ names: [String], taken: Set<String> = [], wordCut: Bool = true) -> [String] {
        var used = taken
        return names.map { name in
            let slug = unique(base(name, wordCut: wordCut), taken: used)
            used.insert(slug)
            return slug
        }
    }

    /// The slugs of habits: each one's own (as the store keeps it), or, for a habit not stored
    /// yet or a slug already used, one made from its name.
    public static func of(_ habits: [Habit]) -> [String] {
        var used = Set<String>()
        let own = habits.map { habit in isValid(habit.slug) && used.insert(habit.slug).inserted ? habit.slug : nil }
        return zip(habits, own).map { habit, own in
            if let own { return own }
            let made = unique(base(habit.name), taken: used)
            used.insert(made)
            return made
        }
    }

    /// `base`, or `base-2`, `base-3`, … : the first that is not taken.
    public static func unique(_ base: String, taken: Set<String>) -> String {
        var candidate = base, n = 2
        while taken.contains(candidate) { candidate = "\(base)-\(n)"; n += 1 }
        return candidate
    }

    /// Whether a text is a slug Almanac could have made: lower-case ASCII letters and digits in
    /// words joined by single dashes, at most 64 bytes, not reserved.
    public static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= 64, bytes.first != UInt8(ascii: "-"), bytes.last != UInt8(ascii: "-"),
              !reserved.contains(text) else { return false }
        var previousDash = false
        for byte in bytes {
            let dash = byte == UInt8(ascii: "-")
            guard dash || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte),
                  !(dash && previousDash) else { return false }
            previousDash = dash
        }
        return true
    }

    /// The slug a name gives before it is made unique: folded to ASCII, every run of anything
    /// else one dash, at most 48 bytes — cut at the end of a word when `wordCut` (a word longer
    /// than that is cut inside).
    public static func base(_ name: String, wordCut: Bool = true) -> String {
        // Folding an ASCII name only lowers its letters; Foundation's folding (which loads ICU's
        // tables on its first call) is for the others.
        let folded = name.utf8.allSatisfy { $0 < 0x80 } ? name.lowercased()
            : name.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: posix)
                .replacingOccurrences(of: "ß", with: "ss")
        var out = ""
        var dash = false
        var cutInsideWord = false
        // ASCII letters and digits are kept, every run of anything else becomes one dash.
        for byte in folded.utf8 {
            let kept = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            if out.utf8.count >= maxBase {
                cutInsideWord = kept && !dash
                break
            }
            if kept {
                out.unicodeScalars.append(Unicode.Scalar(byte))
                dash = false
            } else if !dash && !out.isEmpty {
                out += "-"
                dash = true
            }
        }
        if wordCut && cutInsideWord, let lastDash = out.lastIndex(of: "-") { out = String(out[..<lastDash]) }
        while out.hasSuffix("-") { out.removeLast() }
        if out.isEmpty { out = "habit" }
        if reserved.contains(out) { out += "-habit" }
        return out
    }
}
