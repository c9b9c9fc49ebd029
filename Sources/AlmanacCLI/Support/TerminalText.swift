import AlmanacDomain

/// User text made safe to print on a terminal: control characters (which can clear the screen,
/// set the window title or move the cursor) are shown in caret notation (`^[`, `^?`) or as
/// `<U+009B>`, never sent raw; so are the bidirectional controls (`<U+202E>`, `<U+2066>`…), which
/// make a terminal show text in another order than it has. Newlines are kept where a multi-line text is printed on purpose.
enum TerminalText {
    static func safe(_ text: String, keepingNewlines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) && !(keepingNewlines && $0 == "\n") }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if !isControl(scalar) || (keepingNewlines && scalar == "\n") {
                out.unicodeScalars.append(scalar)
            } else if scalar.value < 0x20 {
                out += "^" + String(Unicode.Scalar(UInt8(scalar.value) + 0x40))
            } else if scalar.value == 0x7F {
                out += "^?"
            } else {
                out += "<" + HabitRules.codePoint(scalar) + ">"
            }
        }
        return out
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || isBidiControl(scalar.value)
    }

    /// U+061C, U+200E–U+200F, U+202A–U+202E, U+2066–U+2069.
    private static func isBidiControl(_ value: UInt32) -> Bool {
        value == 0x061C || (0x200E...0x200F).contains(value) || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
}
