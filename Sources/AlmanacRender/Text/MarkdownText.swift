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
        // On UTF-8 bytes: every character it changes is ASCII, and no byte of a longer character is.
        let bytes = Array(noncharactersReplaced(text).utf8)
        let digits = bytes.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.count
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 8)
        for (i, byte) in bytes.enumerated() {
            switch byte {
            case 9, 10, 11, 12, 13: out.append(UInt8(ascii: " "))
            case 0..<32, 127: out.append(contentsOf: [0xEF, 0xBF, 0xBD])   // U+FFFD
            default:
                if needsBackslash(bytes, at: i, leadingDigits: digits) { out.append(UInt8(ascii: "\\")) }
                out.append(byte)
            }
        }
        return isolatingDirection(String(decoding: out, as: UTF8.self))
    }

    /// `escape(text)`'s UTF-8 bytes appended to `out`: the tables of a page, cell by cell.
    public static func append(_ text: String, to out: inout [UInt8]) {
        out.append(contentsOf: escape(text).utf8)
    }

    /// U+FFFE and U+FFFF, which no HTML or XML document may hold, as U+FFFD (as the SVGs and the
    /// workbook write them); a name from another program's file may carry them.
    static func noncharactersReplaced(_ text: String) -> String {
        guard text.utf8.contains(0xEF), text.unicodeScalars.contains(where: { $0.value == 0xFFFE || $0.value == 0xFFFF }) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value == 0xFFFE || $0.value == 0xFFFF ? "\u{FFFD}" : $0 }))
    }

    /// Whether the byte at `i` gets a backslash: a character with inline meaning anywhere, one
    /// that starts a block at the start, a "." or ")" right after the leading digits (there are
    /// `leadingDigits` of them).
    private static func needsBackslash(_ bytes: [UInt8], at i: Int, leadingDigits: Int) -> Bool {
        switch bytes[i] {
        case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["), UInt8(ascii: "]"),
             UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "~"), UInt8(ascii: "!"):
            return true
        case UInt8(ascii: "#"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "="):
            return i == 0
        case UInt8(ascii: "."), UInt8(ascii: ")"):
            return i > 0 && i == leadingDigits
        default:
            return false
        }
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
