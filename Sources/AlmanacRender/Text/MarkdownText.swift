import AlmanacDomain

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
        return isolatingDirection(out)
    }

    /// Text with explicit direction controls (U+202A–U+202E, U+2066–U+2069), which names refuse
    /// but a note may hold, is wrapped in a first-strong isolate (U+2068 … U+2069, what `<bdi>`
    /// does in HTML) with every embedding it opened closed: it cannot reorder the text around it.
    static func isolatingDirection(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: HabitRules.isDirectionControl) else { return text }
        var embeddings = 0, isolates = 0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x202A...0x202B, 0x202D...0x202E: embeddings += 1
            case 0x202C: embeddings = max(0, embeddings - 1)
            case 0x2066...0x2068: isolates += 1
            case 0x2069: isolates = max(0, isolates - 1)
            default: break
            }
        }
        return "\u{2068}" + text + String(repeating: "\u{202C}", count: embeddings)
            + String(repeating: "\u{2069}", count: isolates) + "\u{2069}"
    }
}
