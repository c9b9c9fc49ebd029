import AlmanacDomain
import Foundation

/// A CSV file of another app read whole: its header and rows, with problems named by file and
/// the line a row starts on (the header is line 1; a quoted cell may hold line breaks, so a row's
/// line is where it starts in the file). Read strictly (RFC 4180): a quote that never closes, text
/// after a closing quote, or a row with more cells than the header is refused, naming the line —
/// SwiftCSV, which the tests use to read our own exports back, accepts an unclosed quote and makes
/// the rest of the file one cell, so rows would vanish into a note without a word.
struct CSVTable {
    let file: String
    let header: [String]
    /// The file's bytes: rows are read from them as they are walked (`forEachRow`), so a large
    /// file never exists as a table of cells in memory.
    private let data: Data

    /// Reads the header (the first line that is not blank), and nothing after it.
    init(file: String, data: Data) throws {
        self.file = file; self.data = data
        var header: [String]?
        try Self.forEachRecord(data, file: file) { _, cells in
            header = cells.map { $0.trimmingCharacters(in: .whitespaces) }
            return false
        }
        guard let header else { throw ImportProblem(file: file, "it is empty") }
        self.header = header
    }

    /// Each data row after the header with its line number, padded to the header's width (a
    /// missing cell reads as empty); blank lines are left out, a row wider than the header is
    /// refused naming its line.
    func forEachRow(_ body: (_ line: Int, _ cells: [String]) throws -> Void) throws {
        var pastHeader = false
        let width = header.count
        try Self.forEachRecord(data, file: file) { line, cells in
            guard pastHeader else { pastHeader = true; return true }
            guard cells.count <= width else {
                throw ImportProblem(file: file, place: "line \(line)", "the row has \(cells.count) cells, more than the \(width) columns of the header")
            }
            try body(line, cells.count == width ? cells : cells + Array(repeating: "", count: width - cells.count))
            return true
        }
    }

    /// Every data row, read whole (a small file: one habit's days).
    func rows() throws -> [(line: Int, cells: [String])] {
        var rows: [(line: Int, cells: [String])] = []
        try forEachRow { rows.append(($0, $1)) }
        return rows
    }

    /// The records of a CSV file (UTF-8, an optional byte order mark) that are not blank, each
    /// with the line it starts on, until `body` returns false. A cell may hold at most as much as
    /// a note (`HabitRules.maxTextBytes`), so a hostile file is refused as soon as it passes
    /// that, whatever its size.
    static func forEachRecord(_ data: Data, file: String, _ body: (_ line: Int, _ cells: [String]) throws -> Bool) throws {
        var cells: [String] = [], cell: [UInt8] = []
        var line = 1, recordLine = 1, quoteLine = 0
        var quoted = false, afterQuote = false, pendingQuote = false, afterCR = false
        let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        func endCell() throws {
            guard let text = String(bytes: cell, encoding: .utf8) else {
                throw ImportProblem(file: file, place: "line \(line)", "it is not UTF-8 text")
            }
            cells.append(text); cell.removeAll(keepingCapacity: true)
        }
        func append(_ c: UInt8, openedOn line: Int) throws {
            guard cell.count < HabitRules.maxTextBytes else {
                throw ImportProblem(file: file, place: "line \(line)", "a cell is over \(HabitRules.maxTextBytes / 1_000_000) MB, more than a note may hold")
            }
            cell.append(c)
        }
        /// False when `body` wants no more.
        func endRecord() throws -> Bool {
            try endCell()
            defer { cells.removeAll(keepingCapacity: true) }
            if cells.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { return true }
            return try body(recordLine, cells)
        }
        let start = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.startIndex + 3 : data.startIndex
        for c in data[start...] {
            if afterCR {
                afterCR = false
                if c == lf { continue }   // CRLF: one line break
            }
            if pendingQuote {
                pendingQuote = false
                if c == quote { cell.append(quote); continue }   // "" inside quotes
                quoted = false; afterQuote = true
            }
            if quoted {
                if c == quote { pendingQuote = true; continue }
                if c == lf { line += 1 }
                try append(c, openedOn: quoteLine)
                continue
            }
            switch c {
            case comma:
                try endCell(); afterQuote = false
            case cr, lf:
                afterCR = c == cr
                guard try endRecord() else { return }
                afterQuote = false
                line += 1; recordLine = line
            case quote where cell.isEmpty && !afterQuote:
                quoted = true; quoteLine = line
            default:
                guard !afterQuote else {
                    throw ImportProblem(file: file, place: "line \(line)", "a quoted cell has text after its closing quote")
                }
                try append(c, openedOn: line)
            }
        }
        if pendingQuote { quoted = false; afterQuote = true }
        if quoted {
            throw ImportProblem(file: file, place: "line \(quoteLine)", "a quote opened here never closes (every line after it would be one cell)")
        }
        if !cell.isEmpty || !cells.isEmpty || afterQuote { _ = try endRecord() }
    }

    /// The index of a column, trying each spelling; nil when none is there.
    func column(_ names: String...) -> Int? {
        for name in names { if let i = header.firstIndex(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) { return i } }
        return nil
    }

    /// The index of a column that must be there.
    func required(_ name: String) throws -> Int {
        guard let index = column(name) else {
            throw ImportProblem(file: file, place: "line 1", "the column \"\(name)\" is missing (the header has \(header.map { "\"\($0)\"" }.joined(separator: ", ")))")
        }
        return index
    }

    func problem(line: Int, _ message: String) -> ImportProblem { ImportProblem(file: file, place: "line \(line)", message) }

    /// A day in `YYYY-MM-DD` (or, with `monthFirst`, `M/D/YYYY`) that exists.
    func day(_ text: String, line: Int, monthFirst: Bool = false) throws -> DayKey {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let day = try parsedDay(trimmed, line: line, monthFirst: monthFirst)
        guard SupportedDays.contains(day) else { throw problem(line: line, SupportedDays.outside(day.description)) }
        return day
    }

    private func parsedDay(_ trimmed: String, line: Int, monthFirst: Bool) throws -> DayKey {
        if let day = DayKey(trimmed) { return day }
        if monthFirst {
            let parts = trimmed.split(separator: "/").map { Int($0) }
            if parts.count == 3, let m = parts[0], let d = parts[1], let y = parts[2], y >= 1000, let day = DayKey(year: y, month: m, day: d) { return day }
        }
        throw problem(line: line, "\"\(trimmed)\" is not a date that exists (use YYYY-MM-DD\(monthFirst ? " or M/D/YYYY" : ""))")
    }

    /// A number written with digits and an optional point (no exponent, no locale).
    func number(_ text: String, line: Int, what: String) throws -> Double {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let allowed = trimmed.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }
        guard allowed, let value = Double(trimmed), value.isFinite else {
            throw problem(line: line, "the \(what) \"\(trimmed)\" is not a number")
        }
        guard value >= 0 else { throw problem(line: line, "the \(what) \(trimmed) is negative; values go from 0 up") }
        guard value <= HabitRules.maxValue else { throw problem(line: line, "the \(what) \(trimmed) is over a billion") }
        return value
    }
}
