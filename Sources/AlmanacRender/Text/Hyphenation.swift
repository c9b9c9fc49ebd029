/// Soft hyphens (U+00AD) in the long words of a habit's name, where a heading or a table cell
/// shows it: a phone then breaks "Supercalifragilisticexpialidocious" with a hyphen instead of
/// anywhere without one (browsers without a hyphenation dictionary ignore `hyphens: auto`). A
/// soft hyphen is invisible unless a line breaks at it.
public enum Hyphenation {
    /// Words of at least this many letters get break points.
    static let longWord = 12
    /// Letters between two break points; a break leaves at least `tail` letters after it.
    static let chunk = 6, tail = 3

    public static func breakable(_ text: String) -> String {
        var out = "", word: [Character] = []
        func flush() {
            if word.count >= longWord {
                for (i, letter) in word.enumerated() {
                    if i > 0, i % chunk == 0, word.count - i >= tail { out.append("\u{AD}") }
                    out.append(letter)
                }
            } else {
                out.append(contentsOf: word)
            }
            word.removeAll()
        }
        for character in text {
            if character.isLetter { word.append(character) } else { flush(); out.append(character) }
        }
        flush()
        return out
    }
}
