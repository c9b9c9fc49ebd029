/// Escaping for HTML and XML (SVG): the only place user text becomes markup-safe. The same
/// function serves text and attribute values (quotes are escaped too).
public enum XMLText {
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\u{0}"..."\u{8}", "\u{B}", "\u{C}", "\u{E}"..."\u{1F}", "\u{7F}", "\u{FFFE}", "\u{FFFF}":
                out += "\u{FFFD}"   // not allowed in XML 1.0
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
