import AlmanacDomain
import AlmanacRender
import Cxlsxwriter
import Foundation

/// An .xlsx workbook written through libxlsxwriter in constant-memory mode: each sheet row by row,
/// top to bottom, so memory stays flat whatever the size. The only file that speaks to the
/// library; `XLSXExport` decides what goes in.
///
/// Cells are typed (`ExportCell`): text is always written as a string (a cell starting with `=`
/// is text, never a formula, so no guard character is needed), days and instants as dates with
/// ISO number formats, rates as percentages.
final class XLSXWorkbook {
    enum Style: CaseIterable { case header, day, month, instant, percent, excused, done, notDone }

    /// Excel's limits: rows per sheet (the header included) and characters per cell, which
    /// libxlsxwriter counts in bytes.
    static let maxRows = 1_048_576
    static let maxCellBytes = 32_767

    private let book: UnsafeMutablePointer<lxw_workbook>
    private var formats: [Style: UnsafeMutablePointer<lxw_format>] = [:]
    private let tmpdir: UnsafeMutablePointer<CChar>
    private var closed = false
    /// Text cells cut to Excel's limit.
    private(set) var cutCells = 0

    /// A workbook to be written at `path`; `created` is the time its properties record (the
    /// export's as-of day, so the same store and day make the same bytes). The library's
    /// temporary files go to `scratch`, beside the output rather than in a `/tmp` that may be
    /// memory.
    init(path: String, created: Timestamp, scratch: String) throws {
        tmpdir = strdup(scratch)
        var options = lxw_workbook_options(constant_memory: 1, tmpdir: tmpdir, use_zip64: 1)
        guard let book = workbook_new_opt(path, &options) else {
            free(tmpdir)
            throw AlmanacError.cannotWrite(path: path, reason: "the spreadsheet library could not start a workbook there")
        }
        self.book = book
        var properties = lxw_doc_properties()
        properties.created = time_t(created.millis / 1000)
        "Almanac".withCString { author in
            properties.author = UnsafeMutablePointer(mutating: author)
            workbook_set_properties(book, &properties)
        }
        for style in Style.allCases {
            let format = workbook_add_format(book)!
            switch style {
            case .header: format_set_bold(format)
            case .day: format_set_num_format(format, "yyyy-mm-dd")
            case .month: format_set_num_format(format, "yyyy-mm")
            case .instant: format_set_num_format(format, "yyyy-mm-dd hh:mm:ss")
            case .percent: format_set_num_format(format, "0.0%")
            case .excused: format_set_bg_color(format, 0xD9D9D9)
            case .done: format_set_bg_color(format, 0xC6EFCE); format_set_font_color(format, 0x006100)
            case .notDone: format_set_bg_color(format, 0xFFC7CE); format_set_font_color(format, 0x9C0006)
            }
            formats[style] = format
        }
    }

    /// A workbook given up on (an error before `close`) is freed without being written: nothing is
    /// zipped onto a file that is about to be thrown away.
    deinit {
        if !closed { lxw_workbook_free(book) }
        free(tmpdir)
    }

    /// Writes the file; nothing is in it before.
    func close() throws {
        closed = true
        // libxlsxwriter prints its own "[ERROR]" lines on stderr when it cannot write (a full
        // disk); the command says what failed in one sentence, so they are kept from the terminal
        // while it closes (its only output is errors).
        let (error, code) = Self.withoutStandardError { (workbook_close(book), errno) }
        guard error == LXW_NO_ERROR else { throw Self.failure(error, errno: code) }
    }

    /// Runs `body` with stderr sent to /dev/null, and puts it back.
    private static func withoutStandardError<T>(_ body: () -> T) -> T {
        let saved = dup(STDERR_FILENO), null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        guard saved >= 0, null >= 0 else {
            if saved >= 0 { Glibc.close(saved) }
            if null >= 0 { Glibc.close(null) }
            return body()
        }
        fflush(nil)
        dup2(null, STDERR_FILENO)
        Glibc.close(null)
        defer {
            fflush(nil)
            dup2(saved, STDERR_FILENO)
            Glibc.close(saved)
        }
        return body()
    }

    /// The library's failure as a sentence; a full disk (the zip writer's "ZIP_ERRNO" with
    /// `ENOSPC`) is named as such.
    static func failure(_ error: lxw_error, errno code: Int32 = 0) -> AlmanacError {
        if code == ENOSPC || code == EDQUOT {
            return AlmanacError.refused("The workbook could not be written: no space left on device (the disk it goes to is full); nothing of it was saved.")
        }
        let reason = String(cString: lxw_strerror(error))
        return AlmanacError.refused("The spreadsheet library failed: \(reason.hasSuffix(".") ? String(reason.dropLast()) : reason).")
    }

    func sheet(_ name: String) throws -> Sheet {
        guard let worksheet = workbook_add_worksheet(book, name) else {
            throw AlmanacError.refused("The spreadsheet library refused a sheet named \(name).")
        }
        return Sheet(worksheet, book: self)
    }

    /// "A", "Z", "AA": a column's letters from its index.
    static func columnName(_ index: Int) -> String {
        var index = index + 1, name = ""
        while index > 0 {
            let digit = (index - 1) % 26
            name = String(UnicodeScalar(UInt8(65 + digit))) + name
            index = (index - 1) / 26
        }
        return name
    }

    /// `'Weeks 2'!$A$2:$A$53`: a column's rows in a sheet (rows from 0).
    static func range(sheet: String, column: Int, rows: ClosedRange<Int>) -> String {
        let col = columnName(column)
        return "='\(sheet.replacingOccurrences(of: "'", with: "''"))'!$\(col)$\(rows.lowerBound + 1):$\(col)$\(rows.upperBound + 1)"
    }

    /// One worksheet: a header row, then rows in order.
    final class Sheet {
        private let worksheet: UnsafeMutablePointer<lxw_worksheet>
        private unowned let book: XLSXWorkbook
        /// The widest cell of each column so far, in characters.
        private var widths: [Int] = []
        private var buffer: [UInt8] = []

        fileprivate init(_ worksheet: UnsafeMutablePointer<lxw_worksheet>, book: XLSXWorkbook) {
            self.worksheet = worksheet; self.book = book
        }

        /// The bold header row, frozen.
        func header(_ names: [String]) throws {
            for (column, name) in names.enumerated() {
                try text(name, row: 0, column: column, style: .header)
            }
            worksheet_freeze_panes(worksheet, 1, 0)
        }

        /// An autofilter over the header and `rows` data rows of `columns` columns.
        func filter(rows: Int, columns: Int) throws {
            try check(worksheet_autofilter(worksheet, 0, 0, lxw_row_t(rows), lxw_col_t(max(0, columns - 1))))
        }

        /// One row of typed cells.
        func write(_ cells: [ExportCell], row: Int) throws {
            for (column, cell) in cells.enumerated() { try write(cell, row: row, column: column) }
        }

        func write(_ cell: ExportCell, row: Int, column: Int) throws {
            switch cell {
            case .text(let text): try text.isEmpty ? () : self.text(text, row: row, column: column)
            case .number(let value): try number(value, row: row, column: column)
            case .rate(let value):
                // The CSV's four decimals (0.01 %), so both files hold the same number.
                try number(Double(CSVField.number(value, digits: 4)) ?? value, row: row, column: column, style: .percent, width: 6)
            case .day(let day): try self.day(day, row: row, column: column)
            case .month(let month):
                if let serial = Self.serial(month) { try number(serial, row: row, column: column, style: .month, width: 7) }
                else { try text(String(month.description.prefix(7)), row: row, column: column) }
            case .instant(let stamp): try instant(stamp, row: row, column: column)
            case .flag(let flag):
                try check(worksheet_write_boolean(worksheet, lxw_row_t(row), lxw_col_t(column), flag ? 1 : 0, nil))
                fit(column, 5)
            case .empty: break
            case .excused: try check(worksheet_write_blank(worksheet, lxw_row_t(row), lxw_col_t(column), book.formats[.excused]))
            }
        }

        func text(_ text: String, row: Int, column: Int, style: Style? = nil) throws {
            var text = text
            try text.withUTF8 { try self.text(bytes: $0, row: row, column: column, style: style) }
        }

        /// A text cell from UTF-8 bytes (a store row's, borrowed): copied with its terminating
        /// zero, cut at a character boundary when longer than Excel allows.
        func text(bytes: UnsafeBufferPointer<UInt8>, row: Int, column: Int, style: Style? = nil) throws {
            guard !bytes.isEmpty else { return }
            var count = bytes.count
            if count > XLSXWorkbook.maxCellBytes {
                count = XLSXWorkbook.maxCellBytes
                while count > 0 && bytes[count] & 0xC0 == 0x80 { count -= 1 }   // not inside a character
                book.cutCells += 1
            }
            buffer.removeAll(keepingCapacity: true)
            buffer.append(contentsOf: bytes[0..<count])
            // U+FFFE and U+FFFF are no XML characters, and libxlsxwriter passes them as they are
            // (a workbook that does not open): each becomes U+FFFD, the replacement character.
            // (C0 controls it escapes itself, as _xHHHH_.)
            var at = 0
            while at + 2 < buffer.count {
                if buffer[at] == 0xEF, buffer[at + 1] == 0xBF, buffer[at + 2] >= 0xBE { buffer[at + 2] = 0xBD; at += 3 } else { at += 1 }
            }
            buffer.append(0)
            let format = style.flatMap { book.formats[$0] }
            try buffer.withUnsafeBufferPointer { text in
                try text.baseAddress!.withMemoryRebound(to: CChar.self, capacity: text.count) { string in
                    try check(worksheet_write_string(worksheet, lxw_row_t(row), lxw_col_t(column), string, format))
                }
            }
            var characters = 0
            for byte in bytes[0..<min(count, 400)] where byte & 0xC0 != 0x80 { characters += 1 }
            fit(column, characters)
        }

        func number(_ value: Double, row: Int, column: Int, style: Style? = nil, width: Int? = nil) throws {
            try check(worksheet_write_number(worksheet, lxw_row_t(row), lxw_col_t(column), value, style.flatMap { book.formats[$0] }))
            fit(column, width ?? NumberText.plain(value).count)
        }

        func day(_ day: DayKey, row: Int, column: Int) throws {
            guard let serial = Self.serial(day) else { return try text(day.description, row: row, column: column) }
            try number(serial, row: row, column: column, style: .day, width: 10)
        }

        func instant(_ stamp: Timestamp, row: Int, column: Int) throws {
            let serial = Double(stamp.millis) / 86_400_000 + 25_569
            guard serial >= 61 else { return try text(stamp.description, row: row, column: column) }
            try number(serial, row: row, column: column, style: .instant, width: 19)
        }

        /// Excel's serial number of a day (1900 date system); nil before March 1900, where Excel's
        /// calendar is off by its phantom 29 February 1900.
        static func serial(_ day: DayKey) -> Double? {
            let serial = day.ordinal + 25_569
            return serial >= 61 ? Double(serial) : nil
        }

        private func fit(_ column: Int, _ characters: Int) {
            while widths.count <= column { widths.append(0) }
            widths[column] = max(widths[column], characters)
        }

        /// Sets every column's width to its widest cell (the header's bold text and the filter
        /// button included), within 8 and 60 characters.
        func fitColumns() throws {
            for (column, width) in widths.enumerated() {
                try check(worksheet_set_column(worksheet, lxw_col_t(column), lxw_col_t(column), Double(min(60, max(8, width + 3))), nil))
            }
        }

        /// Colours a column's numbers: green where `met` (an Excel condition on the cell, such as
        /// `>=8`) holds, red where it does not; blank cells keep their own format.
        func colour(column: Int, rows: ClosedRange<Int>, met condition: String) throws {
            let cell = "\(XLSXWorkbook.columnName(column))\(rows.lowerBound + 1)"
            for (style, formula) in [(Style.done, "=AND(ISNUMBER(\(cell)),\(cell)\(condition))"),
                                     (Style.notDone, "=AND(ISNUMBER(\(cell)),NOT(\(cell)\(condition)))")] {
                var rule = lxw_conditional_format()
                rule.type = UInt8(LXW_CONDITIONAL_TYPE_FORMULA.rawValue)
                rule.format = book.formats[style]
                try formula.withCString { text in
                    rule.value_string = UnsafeMutablePointer(mutating: text)
                    try check(worksheet_conditional_format_range(worksheet, lxw_row_t(rows.lowerBound), lxw_col_t(column),
                                                                 lxw_row_t(rows.upperBound), lxw_col_t(column), &rule))
                }
            }
        }

        /// A line chart (straight-line scatter, so each series has its own days) of percentages
        /// over dates, placed at `row`, `column`. Each series: its x and y ranges, and the cell
        /// that names it (a name is never read as a formula).
        func chart(title: String, series: [(x: String, y: String, name: (sheet: String, row: Int, column: Int))],
                   days: ClosedRange<DayKey>, row: Int, column: Int) throws {
            guard !series.isEmpty, let chart = workbook_add_chart(book.book, UInt8(LXW_CHART_SCATTER_STRAIGHT.rawValue)) else { return }
            chart_title_set_name(chart, title)
            for item in series {
                guard let line = chart_add_series(chart, item.x, item.y) else { continue }
                chart_series_set_name_range(line, item.name.sheet, lxw_row_t(item.name.row), lxw_col_t(item.name.column))
            }
            chart_axis_set_num_format(chart.pointee.x_axis, "yyyy-mm-dd")
            if let first = Self.serial(days.lowerBound), let last = Self.serial(days.upperBound) {
                chart_axis_set_min(chart.pointee.x_axis, first)
                chart_axis_set_max(chart.pointee.x_axis, last)
            }
            chart_axis_set_num_format(chart.pointee.y_axis, "0%")
            chart_axis_set_min(chart.pointee.y_axis, 0)
            chart_axis_set_max(chart.pointee.y_axis, 1)
            chart_legend_set_position(chart, UInt8(LXW_CHART_LEGEND_BOTTOM.rawValue))
            var options = lxw_chart_options()
            options.x_scale = 2; options.y_scale = 1.6
            try check(worksheet_insert_chart_opt(worksheet, lxw_row_t(row), lxw_col_t(column), chart, &options))
        }

        private func check(_ error: lxw_error) throws {
            guard error == LXW_NO_ERROR else { throw XLSXWorkbook.failure(error) }
        }
    }
}
