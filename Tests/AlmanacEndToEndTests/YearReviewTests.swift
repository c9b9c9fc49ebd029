import AlmanacTestSupport
import Foundation
import Testing

/// A year in review for every year with history, linked from the dashboard and from each other.
@Suite struct YearReviewTests {
    @Test func everyYearWithHistoryHasItsReview() throws {
        var s = Session()
        s.now = "2026-11-21T08:00:00Z"
        try s.ok("init", "--timezone", "Europe/Berlin")
        // Run on every other day of the last 400 (from 2025-10-17), and 8 glasses of water a day since 2026-01-01.
        // And Walk every day for 800 days, back into 2024.
        let csv = InsightsPageTests.habitBullCSV(days: 800) { back, day in
            (back < 400 && back % 2 == 0 ? [("Run", 1.0)] : []) + (day >= "2026-01-01" ? [("Water", 8.0)] : []) + [("Walk", 1.0)]
        }
        try Data(csv.utf8).write(to: s.folder.url.appendingPathComponent("habitbull.csv"))
        try s.ok("import", "habitbull.csv")
        try s.ok("report", "--out", "site", "--as-of", "2026-11-20")
        let dashboard = String(decoding: s.folder.bytes("site/index.md"), as: UTF8.self)
        #expect(dashboard.contains("Year in review: [2026](years/2026.md) · [2025](years/2025.md)"), "\(dashboard)")
        let now = String(decoding: s.folder.bytes("site/years/2026.md"), as: UTF8.self)
        #expect(now.hasPrefix("# 2026 in review\n"))
        #expect(now.contains("[← All habits](../index.md) · [2025](2025.md)\n"))
        #expect(now.contains("**2026 so far: "), "\(now)")
        // Run: every other day from 2026-01-01 (done, as 2026-11-20 is 400 - 1 days after the first) to 2026-11-20.
        // 2026-01-01 is 323 days before 2026-11-20: days back 0…323 are in 2026.
        let runDays2026 = (0...323).filter { $0 % 2 == 0 }.count
        let runDays2025 = (0..<400).filter { $0 % 2 == 0 }.count - runDays2026
        #expect(now.contains("- **[Run](../habits/run.md)** — \(runDays2026) days done · longest streak 1 day"), "\(now)")
        // The year in progress is compared with the same days of the year before, as Run's page
        // does, and only when the history reaches back to that year's 1 January: Run's 2025
        // (\(runDays2025) days from 17 October) is not such a year, so neither page compares.
        #expect(runDays2025 == 38)
        let runLine = now.split(separator: "\n").first { $0.contains("[Run]") } ?? ""
        #expect(!runLine.contains("against"), "\(runLine)")
        let runPage = String(decoding: s.folder.bytes("site/habits/run.md"), as: UTF8.self)
        #expect(!runPage.contains("This year against the last"), "\(runPage)")
        // Walk's history reaches back: 324 days of 2026 against the same 324 days of 2025, on its
        // page and on the year's.
        #expect(now.contains("**[Walk](../habits/walk.md)** — 324 days done · longest streak 324 days"), "\(now)")
        #expect(now.contains("against 324 by the same day of 2025"), "\(now)")
        let walkPage = String(decoding: s.folder.bytes("site/habits/walk.md"), as: UTF8.self)
        #expect(walkPage.contains("324 days done in 2026 through 20 Nov 2026, against 324 by the same day of 2025."), "\(walkPage)")
        // A year that is over is compared whole: 2025's 365 days against 2024's from 12 September.
        let before2025 = String(decoding: s.folder.bytes("site/years/2025.md"), as: UTF8.self)
        #expect(before2025.contains("**[Walk](../habits/walk.md)** — 365 days done · longest streak 365 days"), "\(before2025)")
        #expect(before2025.contains("against 111 in 2024"), "\(before2025)")
        #expect(now.contains("**2026 so far: ") && now.contains(" by the same day of 2025).**"), "\(now)")
        // Water counts glasses; it has no 2025 to compare with.
        #expect(now.contains("- **[Water](../habits/water.md)** — 2,592"), "\(now)")
        let before = String(decoding: s.folder.bytes("site/years/2025.md"), as: UTF8.self)
        #expect(before.contains("[← All habits](../index.md) · [2024](2024.md) · [2026](2026.md)\n") && before.contains("**2025: "))
        #expect(!before.contains("Water"))
        let html = String(decoding: s.folder.bytes("site/years/2026.html"), as: UTF8.self)
        #expect(html.contains("<object class=\"heatmap\" data=\"../heatmaps/all-2026.svg\""))
        #expect(html.contains("href=\"../habits/run.html\""))
    }
}
