/// Escaping for Markdown (CommonMark): user text comes out as the same literal text, whatever it
/// holds — `*stars*`, `| pipes |`, `[x](javascript:…)`, `<script>`, `&amp;` — while ordinary text
/// (dates, "12/8", "80%") stays readable in the `.md` file.
///
/// Characters with inline meaning (`\ ` * _ [ ] < > & | ~ !`) always get a backslash; a leading
/// `#`, `-`, `+`, `=`, `>` or a leading "1." / "1)" is escaped so the text cannot start a block;
/// line breaks become spaces so a value stays inside its table cell, heading or list item.
public enum MarkdownText {
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        var atStart = true
        var leadingDigits = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\", "`", "*", "_", "[", "]", "<", ">", "&", "|", "~", "!":
                out.unicodeScalars.append("\\")
                out.unicodeScalars.append(scalar)
            case "#" where atStart, "-" where atStart, "+" where atStart, "=" where atStart,
                 "." where leadingDigits, ")" where leadingDigits:
                out.unicodeScalars.append("\\")
                out.unicodeScalars.append(scalar)
            case "\n", "\r", "\t", "\u{B}", "\u{C}":
                out += " "
            case "\u{0}"..."\u{1F}", "\u{7F}":
                out += "\u{FFFD}"
            default:
                out.unicodeScalars.append(scalar)
            }
            leadingDigits = (atStart || leadingDigits) && ("0"..."9").contains(scalar)
            atStart = false
        }
        return out
    }
}
