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
        // On UTF-8 bytes: every character it changes is ASCII, and no byte of a longer
        // character is. Text that needs nothing (most names and figures) is returned as it is.
        var text = noncharactersReplaced(text)
        // Whether the text may hold a direction control (each is encoded from the byte 0xE2 on).
        var mayHaveControls = false
        let escaped: [UInt8]? = text.withUTF8 { bytes in
            mayHaveControls = bytes.contains(0xE2)
            guard needsChange(bytes) else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 8)
            appendEscaped(bytes, to: &out)
            return out
        }
        let result = escaped.map { String(decoding: $0, as: UTF8.self) } ?? text
        return mayHaveControls ? isolatingDirection(result) : result
    }

    /// `escape(text)`'s UTF-8 bytes appended to `out`: the tables of a page, cell by cell,
    /// without a string made per cell.
    public static func append(_ text: String, to out: inout [UInt8]) {
        var text = noncharactersReplaced(text)
        let mayHaveControls = text.withUTF8 { bytes -> Bool in
            guard !bytes.contains(0xE2) else { return true }
            if needsChange(bytes) { appendEscaped(bytes, to: &out) } else { out.append(contentsOf: bytes) }
            return false
        }
        if mayHaveControls {
            var escaped = escape(text)
            escaped.withUTF8 { out.append(contentsOf: $0) }
        }
    }

    /// U+FFFE and U+FFFF, which no HTML or XML document may hold, as U+FFFD (as the SVGs and the
    /// workbook write them); a name from another program's file may carry them.
    static func noncharactersReplaced(_ text: String) -> String {
        guard text.utf8.contains(0xEF), text.unicodeScalars.contains(where: { $0.value == 0xFFFE || $0.value == 0xFFFF }) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value == 0xFFFE || $0.value == 0xFFFF ? "\u{FFFD}" : $0 }))
    }

    /// Whether any byte of the text is escaped or replaced.
    private static func needsChange(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let digits = leadingDigits(bytes)
        return bytes.indices.contains { needsChange(bytes, at: $0, leadingDigits: digits) }
    }

    private static func leadingDigits(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.count
    }

    /// The text's bytes escaped: line breaks and tabs as spaces, other control characters as
    /// U+FFFD, a backslash before each character that needs one.
    private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        let digits = leadingDigits(bytes)
        for i in bytes.indices {
            let byte = bytes[i]
            switch byte {
            case 9, 10, 11, 12, 13: out.append(UInt8(ascii: " "))
            case 0..<32, 127: out.append(contentsOf: [0xEF, 0xBF, 0xBD])   // U+FFFD
            default:
                if needsBackslash(bytes, at: i, leadingDigits: digits) { out.append(UInt8(ascii: "\\")) }
                out.append(byte)
            }
        }
    }

    /// Whether the byte at `i` is escaped or replaced.
    private static func needsChange(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, leadingDigits: Int) -> Bool {
        bytes[i] < 32 || bytes[i] == 127 || needsBackslash(bytes, at: i, leadingDigits: leadingDigits)
    }

    /// Whether the byte at `i` gets a backslash: a character with inline meaning anywhere, one
    /// that starts a block at the start, a "." or ")" right after the leading digits (there are
    /// `leadingDigits` of them).
    private static func needsBackslash(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, leadingDigits: Int) -> Bool {
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
        // Every direction control is encoded from the byte 0xE2 on: most text has none.
        let mayHaveControls = text.utf8.withContiguousStorageIfAvailable { $0.contains(0xE2) } ?? text.utf8.contains(0xE2)
        guard mayHaveControls, text.unicodeScalars.contains(where: HabitRules.isDirectionControl) else { return text }
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
