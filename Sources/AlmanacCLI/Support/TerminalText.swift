/// User text made safe to print on a terminal: control characters (which can clear the screen,
/// set the window title or move the cursor) are shown in caret notation (`^[`, `^?`) or as
/// `<U+009B>`, never sent raw. Newlines are kept where a multi-line text is printed on purpose.
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
                out += "<U+00" + String(scalar.value, radix: 16, uppercase: true) + ">"
            }
        }
        return out
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
