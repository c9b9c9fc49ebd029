import AlmanacDomain
import AlmanacWords
import AlmanacRender
import AlmanacStorage
import Foundation

/// Writes one .xlsx workbook (`export xlsx`): the same snapshot, as-of rules and tables as the
/// CSV export (`ExportTables`), for people who open a spreadsheet rather than script one.
///
/// Sheets (named in the store's language, `Settings.language`; the columns keep the CSV files'
/// names, which the About sheet describes): Habits, Days (a row per day, a column per habit, coloured done / not done by the
/// habit's target and grey where skipped), Weeks (with a chart of the weekly rate of the ten
/// habits that weigh most, over their last 52 weeks), Months, Entries, Journal and Wellbeing. Each
/// has a bold frozen header, an autofilter and columns as wide as their cells. A table longer than
/// a sheet holds goes on in numbered sheets ("Entries 2"). The file appears whole or not at all.
public struct XLSXExport {
    let store: any AlmanacStore
    let out: String
    let asOf: DayKey?
    let clock: Clock
    /// Rows per sheet, the header included: Excel's limit (smaller in tests).
    let rowLimit: Int

    public init(store: any AlmanacStore, out: String, asOf: DayKey?, clock: Clock, rowLimit: Int? = nil) {
        self.store = store; self.out = out; self.asOf = asOf; self.clock = clock
        self.rowLimit = max(2, rowLimit ?? XLSXWorkbook.maxRows)
    }

    public struct Outcome: Sendable {
        public var asOf: DayKey
        /// Each table: its name, its rows, and the sheets it takes (more than one when split).
        public var tables: [(name: String, rows: Int, sheets: [String])]
        /// Text cells longer than Excel's 32,767 characters, cut (the CSV export has them whole).
        public var cutCells: Int
        /// Whether the workbook got new bytes (false: the file already held them and was left as it was).
        public var replaced = true
    }

    /// Writes the workbook; `progress(done, total)` follows the entries.
    @discardableResult
    public func run(progress: (Int, Int) -> Void = { _, _ in }) throws -> Outcome {
        var info = stat()
        if stat(out, &info) == 0, info.st_mode & S_IFMT != S_IFREG, info.st_mode & S_IFMT != S_IFDIR {
            throw AlmanacError.cannotWrite(path: out, reason: "it is not a regular file, and a workbook can only be written to one")
        }
        try OutputFolder.requireFolder(of: out)
        let file = try AtomicFile(path: out, followingLinks: true)
        do {
            var outcome = try store.readingOnTwoCores { view in try write(view, to: file.temporary, progress: progress) }
            try file.prepare()
            outcome.replaced = try file.commitUnlessSame()
            return outcome
        } catch {
            file.abandon()
            throw error
        }
    }

    private func write(_ view: any StoreReading, to path: String, progress: (Int, Int) -> Void) throws -> Outcome {
        let settings = try view.settings()
        let today = clock.today(in: try StoreCalendar(settings: settings))
        let words = SiteLanguage.of(settings.language)
        func sheet(_ key: String) -> String { words["sheet.\(key)"] }
        let asOf = self.asOf ?? today
        let snapshot = try view.snapshot(through: asOf, hours: false)
        let tables = ExportTables(snapshot: snapshot, asOf: asOf, today: today)
        let scratch = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let book = try XLSXWorkbook(path: path, created: Timestamp(millis: Int64(asOf.ordinal) * 86_400_000), scratch: scratch)
        var outcome = Outcome(asOf: asOf, tables: [], cutCells: 0)
        func table(_ name: String, _ header: [String], _ fill: (SheetRun) throws -> Void) throws -> SheetRun {
            let run = SheetRun(book: book, name: name, header: header, limit: rowLimit)
            try fill(run)
            try run.finish()
            outcome.tables.append((name, run.sheets.reduce(0) { $0 + $1.rows }, run.sheets.map(\.name)))
            return run
        }

        let habits = tables.habits(categories: try view.categories())
        _ = try table(sheet("habits"), ExportTables.habitsHeader) { run in
            for row in habits { try run.append(row) }
        }
        let daily = tables.daily()
        let days = try table(sheet("days"), dailyHeader(daily.header, habits: daily.habits)) { run in
            for row in daily.rows { try run.append(row) }
        }
        try colourDays(days, habits: daily.habits)
        let weekRows = tables.weeks()
        let weeks = try table(sheet("weeks"), ExportTables.weeksHeader) { run in
            for row in weekRows { try run.append(row) }
        }
        try chartWeeks(weeks, tables: tables, title: words["sheet.weeklyRateChart"])
        let monthRows = tables.months()
        _ = try table(sheet("months"), ExportTables.monthsHeader) { run in
            for row in monthRows { try run.append(row) }
        }
        let total = snapshot.facts.values.reduce(0) { $0 + $1.count }
        _ = try table(sheet("entries"), EntriesSheet.header) { run in
            var written = 0
            try view.forEachLiveEntry(through: asOf) { row in
                written += 1
                if written & 4095 == 0 { progress(min(written, total), total) }
                try EntriesSheet.append(row, to: run)
            }
        }
        let journal = ExportTables.journal(try view.journal(from: nil, to: asOf))
        _ = try table(sheet("journal"), ExportTables.journalHeader) { run in
            for row in journal { try run.append(row) }
        }
        let names = Dictionary(snapshot.habits.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let wellbeing = ExportTables.wellbeing(try view.wellbeing(from: nil, to: asOf), habitNames: names)
        _ = try table(sheet("wellbeing"), ExportTables.wellbeingSheetHeader) { run in
            for row in wellbeing { try run.append(row) }
        }
        // What every column of every sheet holds: the descriptions of `export csv`'s datapackage.json.
        let dailyTable = ExportSchema.daily(daily.habits.map { ($0.name, ExportSchema.unitName($0)) })
        let sheets: [(String, ExportSchema.Table, [String])] = [
            (sheet("habits"), ExportSchema.habits, ExportTables.habitsHeader), (sheet("days"), dailyTable, dailyHeader(daily.header, habits: daily.habits)),
            (sheet("weeks"), ExportSchema.weeks, ExportTables.weeksHeader), (sheet("months"), ExportSchema.months, ExportTables.monthsHeader),
            (sheet("entries"), ExportSchema.entries, EntriesSheet.header), (sheet("journal"), ExportSchema.journal, ExportTables.journalHeader),
            (sheet("wellbeing"), ExportSchema.wellbeing, ExportTables.wellbeingSheetHeader)]
        _ = try table(sheet("about"), ["sheet", "column", "type", "description"].map { sheet("about.\($0)") }) { run in
            for (sheet, described, header) in sheets {
                for (name, column) in zip(header, ExportSchema.withSheetColumns(described, header)) {
                    try run.append([.text(sheet), .text(name), .text(column.type), .text(column.description)])
                }
            }
        }
        try book.close()
        outcome.cutCells = book.cutCells
        return outcome
    }

    /// The daily table's header with each habit's unit: "Meditate (min)", "Water (glasses)".
    private func dailyHeader(_ header: [String], habits: [Habit]) -> [String] {
        var header = header
        for (i, habit) in habits.enumerated() where !habit.displayUnit.isEmpty {
            header[i + 1] += " (\(habit.displayUnit))"
        }
        return header
    }

    /// Colours each habit's values by its target: green when met, red when not (skipped days are
    /// grey already, days with nothing logged stay blank).
    private func colourDays(_ run: SheetRun, habits: [Habit]) throws {
        for part in run.sheets where part.rows > 0 {
            for (i, habit) in habits.enumerated() {
                let target = NumberText.plain(habit.target)
                try part.sheet.colour(column: i + 1, rows: 1...part.rows,
                                      met: habit.direction == .atMost ? "<=\(target)" : ">=\(target)")
            }
        }
    }

    /// The weekly rate of the ten habits that weigh most (in the store's order among equals), over
    /// each one's last 52 weeks, as one chart beside the Weeks table.
    private func chartWeeks(_ run: SheetRun, tables: ExportTables, title: String) throws {
        guard let first = run.sheets.first else { return }
        // Each habit's weeks are one block of rows, in the order `ExportTables.weeks()` wrote them.
        var blocks: [(habit: Habit, weeks: [CalendarTotal], rows: Range<Int>)] = []
        var start = 0
        for item in tables.all where !item.metrics.weeks.isEmpty {
            blocks.append((item.habit, item.metrics.weeks, start..<(start + item.metrics.weeks.count)))
            start += item.metrics.weeks.count
        }
        let chosen = blocks.enumerated().sorted { ($0.element.habit.weight, -$0.offset) > ($1.element.habit.weight, -$1.offset) }
            .prefix(10).map(\.element)
        let rateColumn = ExportTables.weeksHeader.firstIndex(of: "rate")!
        let nameColumn = ExportTables.weeksHeader.firstIndex(of: "habit_name")!
        var series: [(x: String, y: String, name: (sheet: String, row: Int, column: Int))] = []
        for block in chosen {
            let last = block.rows.suffix(52)
            // Sheet rows of the block's first and last week; a block split across sheets is charted
            // in the sheet that holds its end.
            let end = run.place(of: last.upperBound - 1)
            let begin = run.place(of: last.lowerBound)
            let top = begin.sheet == end.sheet ? begin.row : 1
            series.append((XLSXWorkbook.range(sheet: end.sheet, column: 0, rows: top...end.row),
                           XLSXWorkbook.range(sheet: end.sheet, column: rateColumn, rows: top...end.row),
                           (end.sheet, end.row, nameColumn)))
        }
        let shown = chosen.flatMap { $0.weeks.suffix(52).map(\.first) }
        guard let firstWeek = shown.min(), let lastWeek = shown.max() else { return }
        try first.sheet.chart(title: title, series: series, days: firstWeek...lastWeek,
                              row: 1, column: ExportTables.weeksHeader.count + 1)
    }
}

/// A table written into as many sheets as it needs: "Entries", then "Entries 2", … each with the
/// header, frozen and filtered.
final class SheetRun {
    struct Part {
        let name: String
        let sheet: XLSXWorkbook.Sheet
        var rows: Int
    }

    private let book: XLSXWorkbook
    private let name: String
    private let header: [String]
    private let perSheet: Int
    private(set) var sheets: [Part] = []

    init(book: XLSXWorkbook, name: String, header: [String], limit: Int) {
        self.book = book; self.name = name; self.header = header; self.perSheet = limit - 1
    }

    /// The sheet that takes the next row, started when the last one is full.
    private func current() throws -> XLSXWorkbook.Sheet {
        if let last = sheets.last, last.rows < perSheet { return last.sheet }
        let sheetName = sheets.isEmpty ? name : "\(name) \(sheets.count + 1)"
        let sheet = try book.sheet(sheetName)
        try sheet.header(header)
        sheets.append(Part(name: sheetName, sheet: sheet, rows: 0))
        return sheet
    }

    func append(_ cells: [ExportCell]) throws {
        let (sheet, row) = try next()
        try sheet.write(cells, row: row)
    }

    /// The sheet and row that take the next row (`EntriesSheet` writes its cells one by one).
    func next() throws -> (sheet: XLSXWorkbook.Sheet, row: Int) {
        let sheet = try current()
        sheets[sheets.count - 1].rows += 1
        return (sheet, sheets[sheets.count - 1].rows)
    }

    /// Where the table's row `index` (from 0) is: its sheet and row there.
    func place(of index: Int) -> (sheet: String, row: Int) {
        (sheets[min(index / perSheet, sheets.count - 1)].name, index % perSheet + 1)
    }

    /// The header-only sheet of an empty table; every sheet's filter and column widths.
    func finish() throws {
        if sheets.isEmpty { _ = try current() }
        for part in sheets {
            try part.sheet.filter(rows: part.rows, columns: header.count)
            try part.sheet.fitColumns()
        }
    }
}

/// The Entries sheet: the rows of `forEachLiveEntry` written straight from the store's bytes,
/// with the columns of entries.csv.
enum EntriesSheet {
    static let header = ExportSchema.entries.header
    private typealias Column = LiveEntryColumn

    static func append(_ row: any RowCells, to run: SheetRun) throws {
        let (sheet, r) = try run.next()
        try row.withText(Column.dayKey.rawValue) { bytes in
            if let day = DayKey(utf8: bytes) { try sheet.day(day, row: r, column: 0) } else { try sheet.text(bytes: bytes, row: r, column: 0) }
        }
        for (column, cell) in [(1, Column.habitId), (2, .habitName), (3, .kind)] {
            try row.withText(cell.rawValue) { try sheet.text(bytes: $0, row: r, column: column) }
        }
        try sheet.number(row.number(Column.value.rawValue), row: r, column: 4)
        try row.withText(Column.unit.rawValue) { try sheet.text(bytes: $0, row: r, column: 5) }
        if !row.isNull(Column.target.rawValue) { try sheet.number(row.number(Column.target.rawValue), row: r, column: 6) }
        try row.withText(Column.note.rawValue) { try sheet.text(bytes: $0, row: r, column: 7) }
        try row.withText(Column.timestampUtc.rawValue) { bytes in
            if let stamp = Timestamp(iso8601: bytes) { try sheet.instant(stamp, row: r, column: 8) } else { try sheet.text(bytes: bytes, row: r, column: 8) }
        }
        try row.withText(Column.id.rawValue) { try sheet.text(bytes: $0, row: r, column: 9) }
    }
}
