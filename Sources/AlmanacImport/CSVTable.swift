import AlmanacDomain
import Foundation
import SwiftCSV

/// A CSV file of another app read whole (SwiftCSV): its header and rows, with problems named by
/// file and line (the header is line 1; a row's line is its spreadsheet row).
struct CSVTable {
    let file: String
    let header: [String]
    /// Data rows with their line numbers; blank lines are left out.
    let rows: [(line: Int, cells: [String])]

    init(file: String, data: Data) throws {
        self.file = file
        guard var text = String(data: data, encoding: .utf8) else {
            throw ImportProblem(file: file, "it is not UTF-8 text")
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let csv: CSV<Enumerated>
        do {
            csv = try CSV<Enumerated>(string: text, delimiter: .comma, loadColumns: false)
        } catch {
            throw ImportProblem(file: file, "it is not valid CSV (\(error))")
        }
        header = csv.header.map { $0.trimmingCharacters(in: .whitespaces) }
        let width = header.count
        // Short rows are padded to the header's width: a missing cell reads as empty.
        rows = csv.rows.enumerated().compactMap { index, cells in
            cells.allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty }
                ? nil : (index + 2, cells + Array(repeating: "", count: max(0, width - cells.count)))
        }
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
