import AlmanacDomain
@testable import AlmanacKit
import AlmanacTestSupport
import Foundation
import Testing

/// A table longer than a sheet holds goes on in numbered sheets, each with its header, and reads
/// back as the one CSV file. (Excel's limit is a million rows; the export takes a smaller one here.)
@Suite struct XLSXSplitTests {
    @Test func aLongTableGoesOnInNumberedSheets() throws {
        let f = try KitFixture.runAndWater()
        _ = try f.log.log(.init(habit: "run", days: .range(DayKey("2026-11-10")!, DayKey("2026-11-20")!)))
        _ = try f.log.log(.init(habit: "water", value: 6, days: .range(DayKey("2026-11-15")!, DayKey("2026-11-21")!)))
        let asOf = DayKey("2026-11-21")!
        try CSVExport(store: f.store, out: f.folder.path("csv"), asOf: asOf, clock: f.clock, byteOrderMark: false, raw: true).run()
        let outcome = try XLSXExport(store: f.store, out: f.folder.path("split.xlsx"), asOf: asOf, clock: f.clock, rowLimit: 6).run()
        // 18 entries at 5 rows a sheet; 12 days; 2 habits.
        let entries = outcome.tables.first { $0.name == "Entries" }
        #expect(entries?.rows == 18 && entries?.sheets == ["Entries", "Entries 2", "Entries 3", "Entries 4"])
        #expect(outcome.tables.first { $0.name == "Days" }?.sheets == ["Days", "Days 2", "Days 3"])
        #expect(outcome.tables.first { $0.name == "Habits" }?.sheets == ["Habits"])
        #expect(outcome.tables.first { $0.name == "Journal" }.map { $0.rows == 0 && $0.sheets == ["Journal"] } == true)
        let report = f.folder.path("report.txt")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/xlsx-vs-csv.py").path
        let status = TestPostgres.spawnAndWait("/usr/bin/python3", [script, f.folder.path("split.xlsx"), f.folder.path("csv"), report])
        #expect(status == 0, "\((try? String(contentsOfFile: report, encoding: .utf8)) ?? "")")
    }

    /// A workbook given up on before it is closed (an error part-way) writes nothing.
    @Test func aWorkbookGivenUpOnWritesNothing() throws {
        let folder = TemporaryFolder("xlsx")
        do {
            let book = try XLSXWorkbook(path: folder.path("given-up.xlsx"), created: Timestamp(millis: 0), scratch: folder.url.path)
            let sheet = try book.sheet("Entries")
            try sheet.header(["date", "note"])
            for row in 1...1000 { try sheet.write([.day(DayKey("2026-11-20")!), .text("row \(row)")], row: row) }
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("given-up.xlsx")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }
}
