import AlmanacTestSupport
import Foundation
import Testing

/// The insights as a user meets them: a pair of habits that goes together is said on the
/// dashboard and on both habits' pages, with the figures `stats --json` gives; pairs that do not
/// hold are not said, and the page says how many were tried.
@Suite struct InsightsPageTests {
    @Test func aPairThatHoldsIsOnThePagesAndInStatsWithTheSameFigures() throws {
        var s = Session()
        s.now = "2026-11-21T08:00:00Z"
        try s.ok("init", "--timezone", "Europe/Berlin")
        // 400 days: Sleep done every other day, Run on exactly the days after Sleep was done.
        let csv = Self.habitBullCSV(days: 400) { back, _ in [(back % 2 == 1 ? "Sleep" : "Run", 1)] }
        try Data(csv.utf8).write(to: s.folder.url.appendingPathComponent("habitbull.csv"))
        try s.ok("import", "habitbull.csv")
        try s.ok("report", "--out", "site", "--as-of", "2026-11-20")
        let dashboard = String(decoding: s.folder.bytes("site/index.md"), as: UTF8.self)
        let sentence = "On days after Sleep was done, Run was done 100% of the time, against 0% otherwise (364 days)."
        #expect(dashboard.contains("- " + sentence), "\(dashboard)")
        #expect(dashboard.contains("Of 4 pairs of habits tried (the same day and the day after, 21 Nov 2025 to 20 Nov 2026), 4 show differences that hold"), "\(dashboard)")
        let runPage = String(decoding: s.folder.bytes("site/habits/run.md"), as: UTF8.self)
        #expect(runPage.contains("- **With other habits:** " + sentence))
        #expect(String(decoding: s.folder.bytes("site/index.html"), as: UTF8.self).contains(sentence))
        // stats --json: the same pair, the same days.
        let stats = try JSONSerialization.jsonObject(with: Data(try s.ok("stats", "run", "--json", "--as-of", "2026-11-20").utf8)) as! [String: Any]
        let pairs = stats["pairs"] as! [String: Any], names = stats["names"] as! [String: String]
        #expect(pairs["tried"] as? Int == 4)
        let shown = (pairs["shown"] as! [[String: Any]]).first { names[$0["condition"] as! String] == "Sleep" && $0["dayAfter"] as? Bool == true }
        #expect(shown?["withDays"] as? Int == 182 && shown?["withDone"] as? Int == 182)
        #expect(shown?["withoutDays"] as? Int == 182 && shown?["withoutDone"] as? Int == 0)
    }

    /// A best weekday is named only when the weekdays differ beyond chance, with the data it rests
    /// on: Swim done on Fridays only (2026-11-20 was a Friday) names Friday; Read done every third
    /// day, evenly over the weekdays, says that none stands out.
    @Test func aBestWeekdayIsNamedOnlyBeyondChance() throws {
        var s = Session()
        s.now = "2026-11-21T08:00:00Z"
        try s.ok("init", "--timezone", "UTC")
        let csv = Self.habitBullCSV(days: 140) { back, _ in
            (back % 7 == 0 ? [("Swim", 1.0)] : []) + (back % 3 == 0 ? [("Read", 1.0)] : [("Read", 0.0)]) + (back % 7 != 0 ? [("Swim", 0.0)] : [])
        }
        try Data(csv.utf8).write(to: s.folder.url.appendingPathComponent("habitbull.csv"))
        try s.ok("import", "habitbull.csv")
        try s.ok("report", "--out", "site", "--as-of", "2026-11-20")
        let swim = String(decoding: s.folder.bytes("site/habits/swim.md"), as: UTF8.self)
        #expect(swim.contains("- **Best weekday:** Friday (100%, 20 of 20 due); the weekdays differ beyond chance (χ² test over 140 due days, p \\< 0.001)"), "\(swim)")
        let read = String(decoding: s.folder.bytes("site/habits/read.md"), as: UTF8.self)
        #expect(read.contains("- **Weekdays:** no weekday stands out beyond chance (χ² test over 140 due days)") && !read.contains("Best weekday"), "\(read)")
    }

    /// Each habit's year against the last is one row of one table under Insights (habit, this
    /// year, last year, change), not a sentence per habit before the findings.
    @Test func theYearAgainstTheLastIsOneTable() throws {
        var s = Session()
        s.now = "2026-11-21T08:00:00Z"
        try s.ok("init", "--timezone", "UTC")
        // Run every other day for 700 days; Swim on 1 of 4 days last year and 1 of 2 this year.
        let csv = Self.habitBullCSV(days: 700) { back, day in
            [("Run", back % 2 == 0 ? 1 : 0), ("Swim", back % (day.hasPrefix("2026") ? 2 : 4) == 0 ? 1 : 0)]
        }
        try Data(csv.utf8).write(to: s.folder.url.appendingPathComponent("habitbull.csv"))
        try s.ok("import", "habitbull.csv")
        try s.ok("report", "--out", "site", "--as-of", "2026-11-20")
        let dashboard = String(decoding: s.folder.bytes("site/index.md"), as: UTF8.self)
        #expect(dashboard.contains("### This year against the last\n\n| Habit | 2026 through 20 Nov | Same days of 2025 | Change |"), "\(dashboard)")
        #expect(dashboard.contains("| [Run](habits/run.md) | 162 days done | 162 days done | 0% |"), "\(dashboard)")
        #expect(dashboard.contains("| [Swim](habits/swim.md) | 162 days done | 81 days done | \\+100% |"), "\(dashboard)")
        #expect(!dashboard.contains("by the same day of 2025."))
        let html = String(decoding: s.folder.bytes("site/index.html"), as: UTF8.self)
        #expect(html.contains("id=\"table-year-against-year\""))
    }

    @Test func aYoungStoreSaysThatPairsNeedMoreDays() throws {
        let s = Session()
        try s.ok("init")
        try s.ok("habit", "add", "Run")
        try s.ok("habit", "add", "Read")
        try s.ok("log", "run")
        try s.ok("report", "--out", "site")
        let dashboard = String(decoding: s.folder.bytes("site/index.md"), as: UTF8.self)
        #expect(dashboard.contains("No pair of habits has 30 days on each side yet"))
        #expect(!dashboard.contains("On days"))
        // A new user's page shows no empty months: nothing reads "0 of 0".
        #expect(!dashboard.contains("0 of 0"), "\(dashboard)")
    }

    /// A HabitBull export of `days` days back from 2026-11-20: `rows(daysBack, "YYYY-MM-DD")` gives
    /// each day's habits and values.
    static func habitBullCSV(days: Int, _ rows: (Int, String) -> [(String, Double)]) -> String {
        let format = DateFormatter()
        format.dateFormat = "yyyy-MM-dd"
        format.timeZone = TimeZone(identifier: "UTC")
        let last = format.date(from: "2026-11-20")!
        var csv = "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\n"
        for back in 0..<days {
            let day = format.string(from: last.addingTimeInterval(-86_400 * Double(back)))
            for (name, value) in rows(back, day) { csv += "\(name),,,\(day),\(NumberFormatter.localizedString(from: value as NSNumber, number: .none)),\n" }
        }
        return csv
    }
}
