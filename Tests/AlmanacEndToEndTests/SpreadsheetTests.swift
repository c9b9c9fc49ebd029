import AlmanacTestSupport
import Foundation
import GRDB
import SwiftCSV
import Testing

/// The repository's scripts folder (the workbook checker lives there, for `make check-xlsx` too).
let scriptsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("scripts")

/// Reads a workbook back with openpyxl and compares it with a CSV export cell by cell
/// (`scripts/xlsx-vs-csv.py`): the problems it found, none when they agree.
func workbookProblems(_ workbook: String, csv folder: String, in s: Session) -> (status: Int32, problems: String) {
    let report = s.folder.path("xlsx-report-\(UUID().uuidString).txt")
    let status = TestPostgres.spawnAndWait("/usr/bin/python3", [scriptsFolder.appendingPathComponent("xlsx-vs-csv.py").path,
                                                                 s.folder.path(workbook), s.folder.path(folder), report])
    return (status, (try? String(contentsOfFile: report, encoding: .utf8)) ?? "no report")
}

/// Runs a Python snippet with the system's openpyxl on a workbook; its stdout, trimmed.
func openpyxl(_ code: String, workbook: String, in s: Session) throws -> String {
    let script = s.folder.path("read_workbook.py"), out = s.folder.path("read_workbook.txt")
    let body = code.components(separatedBy: "\n").map { "    " + $0 }.joined(separator: "\n")
    try ("import openpyxl, sys, traceback\nresult = []\ntry:\n    book = openpyxl.load_workbook(sys.argv[1])\n" + body
         + "\nexcept Exception:\n    result = [traceback.format_exc()]\nopen(sys.argv[2], 'w').write('\\n'.join(map(str, result)))\n")
        .write(toFile: script, atomically: true, encoding: .utf8)
    #expect(TestPostgres.spawnAndWait("/usr/bin/python3", [script, s.folder.path(workbook), out]) == 0)
    return (try? String(contentsOfFile: out, encoding: .utf8)) ?? "no output"
}

@Suite struct SpreadsheetTests {
    @Test func theWorkbookHoldsTheCSVExportCellByCell() throws {
        // Hostile text (formula-like names, notes and titles, emoji, accents), a skip, an orphan…
        let s = try CSVExportTests().hostileStore()
        try s.ok("export", "xlsx", "--out", "hostile.xlsx")
        try s.ok("export", "csv", "--raw", "--out", "hostile-csv")
        let hostile = workbookProblems("hostile.xlsx", csv: "hostile-csv", in: s)
        #expect(hostile.status == 0, "\(hostile.problems)")
        // … and two years of twelve habits of every kind.
        try s.ok("demo", "--store", "demo.sqlite", "--habits", "12", "--years", "2", "--seed", "4", "--no-report")
        try s.ok("export", "xlsx", "--store", "demo.sqlite", "--out", "demo.xlsx", "--as-of", "2026-11-15")
        try s.ok("export", "csv", "--store", "demo.sqlite", "--raw", "--out", "demo-csv", "--as-of", "2026-11-15")
        let demo = workbookProblems("demo.xlsx", csv: "demo-csv", in: s)
        #expect(demo.status == 0, "\(demo.problems)")
        // The checker is not easily pleased: the CSV of the day before differs.
        try s.ok("export", "csv", "--store", "demo.sqlite", "--raw", "--out", "day-before", "--as-of", "2026-11-14")
        let differs = workbookProblems("demo.xlsx", csv: "day-before", in: s)
        #expect(differs.status == 1 && differs.problems.contains("where the CSV says"), "\(differs.problems)")
    }

    /// Text another program wrote into the store, with a code point of every class: the workbook
    /// opens (every text cell is XML 1.0 character data) and holds the text — U+FFFE and U+FFFF,
    /// which XML has not, as U+FFFD; C0 controls as Excel's `_xHHHH_` escapes (Excel shows the
    /// character; openpyxl reads the escape).
    @Test func everyCodePointClassComesBackThroughOpenpyxl() throws {
        let s = Session()
        try s.ok("init", "--timezone", "UTC")
        try s.ok("habit", "add", "Run")
        try s.ok("log", "run", "--note", "x")
        func scalar(_ value: UInt32) -> String { String(Unicode.Scalar(value)!) }
        let classes: [(String, String)] = [
            ("a", "a"), (scalar(0xFFFE), scalar(0xFFFD)), (scalar(0xFFFF), scalar(0xFFFD)), (scalar(0x1), "_x0001_"), (scalar(0x1F), "_x001F_"),
            (scalar(0x7F), scalar(0x7F)), (scalar(0x85), scalar(0x85)), (scalar(0xD7FF), scalar(0xD7FF)), (scalar(0xE000), scalar(0xE000)),
            (scalar(0xFFFD), scalar(0xFFFD)), (scalar(0xFDD0), scalar(0xFDD0)), ("😀", "😀"), (scalar(0x10FFFD), scalar(0x10FFFD)),
            (scalar(0x1FFFE), scalar(0x1FFFE)), ("\t", "\t"), ("\n", "\n"),
        ]
        let text = classes.map(\.0).joined(separator: "|"), expected = classes.map(\.1).joined(separator: "|")
        let queue = try DatabaseQueue(path: s.store)
        try queue.write { db in
            try db.execute(sql: "UPDATE habitEntry SET note = ?", arguments: [text])
            try db.execute(sql: "UPDATE habit SET name = ?", arguments: ["Run " + text])
        }
        try queue.close()
        try s.ok("export", "xlsx", "--out", "w.xlsx")
        // The code points openpyxl reads, in hex.
        let read = try openpyxl("""
            for cell in ['Entries!H2', 'Habits!B2']:
                sheet, at = cell.split('!')
                result.append(' '.join('%x' % ord(c) for c in book[sheet][at].value))
            """, workbook: "w.xlsx", in: s).components(separatedBy: "\n")
        let hex = { (text: String) in text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ") }
        #expect(read == [hex(expected), hex("Run " + expected)], "\(read)")
    }

    @Test func formulaLikeTextStaysTextWithoutAGuard() throws {
        let s = try CSVExportTests().hostileStore()
        try s.ok("export", "xlsx", "--out", "h.xlsx")
        let cells = try openpyxl("""
            for ws in book.worksheets:
                for row in ws.iter_rows():
                    for c in row:
                        if isinstance(c.value, str) and c.value[:1] in "=+-@'": result.append(f"{ws.title}|{c.data_type}|{c.value}")
            """, workbook: "h.xlsx", in: s).components(separatedBy: "\n")
        #expect(cells.contains("Habits|s|=HYPERLINK(\"x\"),\"quoted\""))
        #expect(cells.contains("Journal|s|+ week"))
        #expect(cells.contains("Wellbeing|s|=1+1"))
        #expect(cells.contains("Entries|s|-1 glass, @home"))
        #expect(!cells.contains { $0.contains("|f|") || $0.hasSuffix("|'") || $0.contains("|s|'") }, "\(cells)")
        #expect(try openpyxl("result.append(book['Habits']['D2'].value)", workbook: "h.xlsx", in: s) == "🧪")
    }

    @Test func sheetsArePresentedForPeople() throws {
        var s = Session()
        try s.ok("demo", "--store", s.store, "--habits", "12", "--years", "2", "--seed", "4", "--no-report")
        s.now = "2026-11-20T12:00:00Z"
        try s.ok("log", "run", "--skip", "--date", "2026-11-19")
        try s.ok("export", "xlsx", "--out", "d.xlsx", "--as-of", "2026-11-20")
        let facts = try openpyxl("""
            result.append(book.sheetnames)
            days = book['Days']
            header = [c.value for c in days[1]]
            run = header.index('Run') + 1
            result.append([h for h in header if '(' in h][:2])
            last = days.max_row
            result.append(days.cell(row=last, column=1).value.date().isoformat())
            skipped = days.cell(row=last - 1, column=run)
            result.append((skipped.value, skipped.fill.fgColor.rgb))
            result.append(len(days.conditional_formatting))
            rules = [r.formula[0] for cf in days.conditional_formatting for r in cf.rules]
            result.append(sorted(rules)[:2])
            weeks = book['Weeks']
            result.append(len(weeks._charts))
            from openpyxl.utils import get_column_letter
            result.append(all(weeks.column_dimensions[get_column_letter(i + 1)].width
                              >= min(60, max(len(c.value) for c in column if isinstance(c.value, str)))
                              for i, column in enumerate(weeks.iter_cols())))
            result.append(weeks['I2'].number_format)
            about = [[c.value for c in row] for row in book['About'].iter_rows()]
            result.append(about[0])
            result.append([row for row in about if row[0] == 'Days' and row[1] == 'Drink water (glasses)'])
            result.append(sum(1 for row in about if row[0] == 'Weeks') == len([c for c in weeks[1]]) and all(row[3] for row in about[1:]))
            """, workbook: "d.xlsx", in: s).components(separatedBy: "\n")
        #expect(facts[0] == "['Habits', 'Days', 'Weeks', 'Months', 'Entries', 'Journal', 'Wellbeing', 'About']")
        // The About sheet says what every column of every sheet holds (the CSV package's descriptions).
        #expect(facts[9] == "['sheet', 'column', 'type', 'description']", "\(facts)")
        #expect(facts[10] == "[['Days', 'Drink water (glasses)', 'number', \"The day's value of Drink water, in glasses (empty when nothing was logged).\"]]",
                "\(facts)")
        #expect(facts[11] == "True", "\(facts)")
        #expect(facts[1] == "['Drink water (glasses)', 'Smoking (cigarettes)']")
        #expect(facts[2] == "2026-11-20")
        #expect(facts[3] == "(None, 'FFD9D9D9')")    // the skipped day: blank and grey
        #expect(facts[4] == "12")                    // each habit's column is coloured by its target
        #expect(facts[5].contains("AND(ISNUMBER(B2),B2>=8)"), "\(facts[5])")   // water: 8 glasses or more
        #expect(facts[6] == "1")                     // the weekly rate chart
        #expect(facts[7] == "True")                  // every column as wide as its text
        #expect(facts[8] == "0.0%")
    }

    @Test func theSameStoreAndDayMakeTheSameBytes() throws {
        var s = Session()
        try s.ok("demo", "--store", s.store, "--habits", "4", "--years", "1", "--seed", "9", "--no-report")
        s.now = "2026-11-20T12:00:00Z"
        try s.ok("export", "xlsx", "--out", "a.xlsx", "--as-of", "2026-11-18")
        s.now = "2026-11-24T07:30:00Z"
        try s.ok("export", "xlsx", "--out", "b.xlsx", "--as-of", "2026-11-18")
        #expect(s.folder.bytes("a.xlsx") == s.folder.bytes("b.xlsx"))
        // Replaced whole, and nothing of the library's work is left beside it.
        try s.ok("export", "xlsx", "--out", "a.xlsx")
        #expect(s.folder.bytes("a.xlsx") != s.folder.bytes("b.xlsx"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: s.folder.url.path).filter { $0.hasSuffix(".xlsx") || $0.hasPrefix(".") }.sorted()
                == ["a.xlsx", "b.xlsx"])
    }

    @Test func aWorkbookThatCannotBeWrittenIsOneSentenceAndLosesNothing() throws {
        let s = Session()
        try s.ok("init")
        try s.ok("habit", "add", "Read")
        try FileManager.default.createDirectory(atPath: s.folder.path("folder.xlsx"), withIntermediateDirectories: false)
        let folder = try s.run("export", "xlsx", "--out", "folder.xlsx")
        #expect(folder.status == 1 && folder.stderr.hasPrefix("almanac: ") && folder.stderr.contains("folder"), "\(folder.stderr)")
        #expect(folder.stderr.split(separator: "\n").count == 1)
        let missing = try s.run("export", "xlsx", "--out", "no/such/place.xlsx")
        #expect(missing.status == 1 && missing.stderr.hasPrefix("almanac: ") && missing.stderr.split(separator: "\n").count == 1,
                "\(missing.stderr)")
        try s.ok("export", "xlsx", "--out", "kept.xlsx")
        let kept = s.folder.bytes("kept.xlsx")
        try s.ok("log", "read")
        let fifo = s.folder.path("pipe.xlsx")
        mkfifo(fifo, 0o644)
        let pipe = try s.run("export", "xlsx", "--out", "pipe.xlsx")
        #expect(pipe.status == 1 && pipe.stderr.contains("regular file"), "\(pipe.stderr)")
        #expect(s.folder.bytes("kept.xlsx") == kept)
    }

    @Test func weeksAndMonthsAreTheFiguresOfStats() throws {
        let s = try PageForPeopleTests().store()
        try s.ok("export", "csv", "--out", "out")
        for (file, key) in [("weeks.csv", "weeks"), ("months.csv", "months")] {
            let csv = try CSV<Named>(string: String(decoding: s.folder.bytes("out/\(file)"), as: UTF8.self), delimiter: .comma, loadColumns: false)
            for slug in ["water", "run"] {
                let stats = try JSONSerialization.jsonObject(with: Data(try s.ok("stats", slug, "--json").utf8)) as! [String: Any]
                let totals = (stats["metrics"] as! [String: Any])[key] as! [[String: Any]]
                let rows = csv.rows.filter { $0["habit_name"]!.lowercased() == slug }
                #expect(rows.count == totals.count, "\(file) \(slug)")
                for (row, total) in zip(rows, totals) {
                    #expect(row["done"] == "\(total["done"]!)" && row["due"] == "\(total["due"]!)" && row["value"] == "\(total["value"]!)",
                            "\(file) \(slug) \(row) \(total)")
                }
            }
        }
        // Hand-counted: Run (Mon, Wed, Fri) in the week of Monday 16 November, as of Friday the 20th:
        // done Wed and Fri, Mon missed.
        let weeks = try CSV<Named>(string: String(decoding: s.folder.bytes("out/weeks.csv"), as: UTF8.self), delimiter: .comma, loadColumns: false)
        let week = weeks.rows.first { $0["habit_name"] == "Run" && $0["week_start"] == "2026-11-16" }
        #expect(week == ["week_start": "2026-11-16", "iso_week": "2026-W47", "habit_id": week?["habit_id"] ?? "", "habit_name": "Run",
                         "unit": "boolean", "days_done": "2", "done": "2", "due": "3", "rate": "0.6667", "value": "2", "in_progress": "true",
                         "pending_done": "0", "pending_due": "0"])
        let months = try CSV<Named>(string: String(decoding: s.folder.bytes("out/months.csv"), as: UTF8.self), delimiter: .comma, loadColumns: false)
        let october = months.rows.first { $0["habit_name"] == "Water" && $0["month"] == "2026-10" }
        #expect(october?["done"] == "8" && october?["due"] == "31" && october?["value"] == "140" && october?["in_progress"] == "false")
    }

    /// LibreOffice, where it is installed, opens the workbook headless and writes every sheet as
    /// CSV (each cell as shown): the rows and values a person would see.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: LibreOfficeCSVTests.soffice)))
    func libreOfficeReadsEverySheet() throws {
        let s = try CSVExportTests().hostileStore()
        try s.ok("export", "xlsx", "--out", "h.xlsx")
        try s.ok("export", "csv", "--raw", "--out", "csv")
        try LibreOfficeCSVTests.run(s, ["--convert-to", "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true,false,false,-1",
                                        "--outdir", s.folder.path("lo"), s.folder.path("h.xlsx")])
        for (sheet, file) in [("Habits", "habits.csv"), ("Days", "daily.csv"), ("Weeks", "weeks.csv"), ("Months", "months.csv"),
                              ("Entries", "entries.csv"), ("Journal", "journal.csv"), ("Wellbeing", "wellbeing.csv")] {
            let read = try CSV<Enumerated>(string: String(decoding: s.folder.bytes("lo/h-\(sheet).csv"), as: UTF8.self), loadColumns: false)
            let ours = try CSV<Enumerated>(string: String(decoding: s.folder.bytes("csv/\(file)"), as: UTF8.self), loadColumns: false)
            #expect(read.rows.count == ours.rows.count, "\(sheet)")
            #expect(read.rows.map { $0.first } == ours.rows.map { $0.first }, "\(sheet): the first column")
        }
        let habits = String(decoding: s.folder.bytes("lo/h-Habits.csv"), as: UTF8.self)
        #expect(habits.contains("\"=HYPERLINK(\"\"x\"\"),\"\"quoted\"\"\"") && habits.contains("Wasser 💧, kalt"), "\(habits)")
    }
}
