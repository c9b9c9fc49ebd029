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
    /// Data rows with their line numbers; blank lines are left out.
    let rows: [(line: Int, cells: [String])]

    init(file: String, data: Data) throws {
        self.file = file
        var records = try Self.records(data, file: file)
        records.removeAll { $0.cells.allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty } }
        guard !records.isEmpty else { throw ImportProblem(file: file, "it is empty") }
        header = records.removeFirst().cells.map { $0.trimmingCharacters(in: .whitespaces) }
        let width = header.count
        if let long = records.first(where: { $0.cells.count > width }) {
            throw ImportProblem(file: file, place: "line \(long.line)", "the row has \(long.cells.count) cells, more than the \(width) columns of the header")
        }
        // Short rows are padded to the header's width: a missing cell reads as empty.
        rows = records.map { ($0.line, $0.cells + Array(repeating: "", count: width - $0.cells.count)) }
    }

    /// The records of a CSV file (UTF-8, an optional byte order mark) with the line each starts
    /// on. A cell may hold at most as much as a note (`HabitRules.maxTextBytes`), so a hostile
    /// file is refused as soon as it passes that, whatever its size.
    static func records(_ data: Data, file: String) throws -> [(line: Int, cells: [String])] {
        var records: [(line: Int, cells: [String])] = []
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
        func endRecord() throws {
            try endCell()
            records.append((recordLine, cells)); cells = []
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
                try endRecord(); afterQuote = false
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
        if !cell.isEmpty || !cells.isEmpty || afterQuote { try endRecord() }
        return records
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
