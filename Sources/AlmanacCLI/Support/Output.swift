import AlmanacDomain
import AlmanacRender
import Foundation
import AlmanacSupport

/// Writing to the terminal: plain lines, JSON for scripts.
enum Output {
    /// `-q`: the lines a success prints are dropped (JSON asked for with `--json` is still written).
    static var quiet: Bool {
        get { quietFlag.withLock { $0 } }
        set { quietFlag.withLock { $0 = newValue } }
    }
    private static let quietFlag = Locked(false)

    /// `-q` of a command that only reads: its notes on stderr are dropped, its result is not.
    static var quietNotes: Bool {
        get { quietNotesFlag.withLock { $0 } }
        set { quietNotesFlag.withLock { $0 = newValue } }
    }
    private static let quietNotesFlag = Locked(false)

    /// "1 row", "3 rows", "2 entries": a count in the terminal's English.
    static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(n) " + (n == 1 ? singular : plural ?? singular + "s")
    }

    static func line(_ text: String = "") {
        if quiet { return }
        print(text)
    }

    /// A command's duration in seconds with one decimal ("0.2"), without Foundation's
    /// formatting (whose first use costs a short command a noticeable share of its time).
    static func tenths(_ seconds: Double) -> String {
        let tenths = Int((max(0, seconds) * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// A note about the data on stderr ("note: 3 repetitions of no habit were left out."), not an error.
    static func note(_ text: String) {
        if quiet || quietNotes { return }
        FileHandle.standardError.write(Data("note: \(TerminalText.safe(text))\n".utf8))
    }

    /// Something a person must see though the command succeeded: on stderr, also under `-q`.
    static func warning(_ text: String) {
        FileHandle.standardError.write(Data("warning: \(TerminalText.safe(text))\n".utf8))
    }

    /// Pretty, key-sorted JSON on stdout, the shape scripts read with `--json`.
    static func json<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        print(String(decoding: data, as: UTF8.self))
    }

    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// The width tables fit: `COLUMNS`, else the terminal's, else 80.
    static var terminalWidth: Int {
        if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 { return columns }
        var size = winsize()
        if stdoutIsTerminal, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }
    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Text columns padded to align, measured in characters (emoji count as two cells).
    /// With `fitting`, that column (a name) is cut with "…" where the rows would be wider than
    /// the terminal (`terminalWidth`): a row is never wrapped in the middle.
    static func table(_ rows: [[String]], rightAligned: Set<Int> = [], fitting: Int? = nil,
                      visibleWidth: (String) -> Int = Output.cells) -> [String] {
        guard let width = rows.map(\.count).max() else { return [] }
        var widths = [Int](repeating: 0, count: width)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], visibleWidth(cell)) } }
        var rows = rows
        let total = widths.reduce(0, +) + 2 * (width - 1)
        if let column = fitting, column < width, total > terminalWidth {
            let room = max(8, widths[column] - (total - terminalWidth))
            for r in rows.indices where column < rows[r].count && visibleWidth(rows[r][column]) > room {
                var cut = "", used = 0
                for character in rows[r][column] {
                    let cells = visibleWidth(String(character))
                    if used + cells > room - 1 { break }
                    cut.append(character); used += cells
                }
                rows[r][column] = cut + "…"
            }
            widths[column] = min(widths[column], room)
        }
        return rows.map { row in
            row.enumerated().map { i, cell in
                let pad = String(repeating: " ", count: widths[i] - visibleWidth(cell))
                return rightAligned.contains(i) ? pad + cell : cell + pad
            }.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
    }

    /// Parts joined by " · " on lines of at most `width` columns: a part that does not fit on a
    /// line starts the next one (a part wider than a line has a line of its own).
    static func wrapped(_ parts: [String], width: Int, separator: String = " · ") -> [String] {
        var lines: [String] = []
        for part in parts {
            if let last = lines.last, cells(last + separator + part) <= width {
                lines[lines.count - 1] = last + separator + part
            } else {
                lines.append(part)
            }
        }
        return lines
    }

    /// Terminal cells a string takes: wide characters (emoji, CJK) take two.
    static func cells(_ text: String) -> Int {
        text.reduce(0) { total, character in
            let scalar = character.unicodeScalars.first!
            let wide = scalar.properties.isEmojiPresentation || character.unicodeScalars.contains { $0.value == 0xFE0F }
                || (0x1100...0x115F).contains(scalar.value) || (0x2E80...0xA4CF).contains(scalar.value)
                || (0xAC00...0xD7A3).contains(scalar.value) || (0xF900...0xFAFF).contains(scalar.value)
                || (0xFF00...0xFF60).contains(scalar.value)
            return total + (wide ? 2 : 1)
        }
    }
}
