import AlmanacTestSupport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `log --at` (when in the day, as Habitat has it) and `log --difficulty` (how hard, as Habitto has it).
@Suite struct LogDetailsTests {
    func backup(_ s: Session) throws -> [String: Any] {
        try s.ok("backup", "--out", "b.json")
        return try #require(try JSONSerialization.jsonObject(with: s.folder.bytes("b.json")) as? [String: Any])
    }

    @Test(arguments: TestBackend.available) func aTimeOfDayIsTheEntrysLocalTimeAndADifficultyARatingOfTheHabit(_ backend: TestBackend) throws {
        let s = Session(backend)
        try s.ok("init", "--timezone", "Europe/Berlin")
        try s.ok("habit", "add", "Run")
        #expect(try s.ok("log", "run", "--at", "07:30", "--difficulty", "7")
                == "Logged Run today at 07:30: done (done or not; complete), difficulty 7/10.\n")
        // The night summer time starts there is no 02:30: refused, not moved.
        let skipped = try s.run("log", "run", "-d", "2026-03-29", "--at", "2:30")
        #expect(skipped.status == 1 && skipped.stderr.contains("02:30 does not exist on 2026-03-29 in Europe/Berlin"), "\(skipped.stderr)")
        try s.ok("log", "run", "-d", "2026-03-29", "--at", "3:30")
        try s.ok("log", "run", "-d", "2026-10-25", "--at", "23:59")
        let json = try backup(s)
        let entries = try #require(json["habitEntries"] as? [[String: Any]])
        let times = Dictionary(uniqueKeysWithValues: entries.map { ($0["dayKey"] as! String, $0["timestampUtc"] as! String) })
        #expect(times["2026-11-22"] == "2026-11-22T06:30:00.000Z")   // 07:30 in Berlin (CET)
        #expect(times["2026-03-29"] == "2026-03-29T01:30:00.000Z")   // 03:30 CEST
        #expect(times["2026-10-25"] == "2026-10-25T22:59:00.000Z")   // CET again after the change
        let ratings = try #require(json["wellbeingEntries"] as? [[String: Any]])
        #expect(ratings.count == 1)
        #expect(ratings[0]["metric"] as? String == "difficulty" && ratings[0]["value"] as? Double == 7 && ratings[0]["scaleMax"] as? Double == 10)
        #expect(ratings[0]["habitId"] as? String == entries[0]["habitId"] as? String && ratings[0]["dayKey"] as? String == "2026-11-22")
        #expect(entries.allSatisfy { ($0["note"] as? String) == nil })   // not a field of the entry
    }

    @Test(arguments: TestBackend.available) func badTimesAndDifficultiesAreRefusedAndChangeNothing(_ backend: TestBackend) throws {
        let s = Session(backend)
        try s.ok("init", "--timezone", "Europe/Berlin")
        try s.ok("habit", "add", "Run")
        let bad = BadInputTests()
        for time in ["25:00", "7:5", "07:60", "-1:00", "0730", "７:30"] {
            try bad.expectRefused(s, ["log", "run", "--at", time], status: 1, mentioning: ["not a time of day"])
        }
        try bad.expectRefused(s, ["log", "run", "--at", "23:00"], status: 1, mentioning: ["in the future"])
        for level in ["0", "11", "-3"] {
            try bad.expectRefused(s, ["log", "run", "--difficulty", level], status: 1, mentioning: ["from 1 (easy) to 10"])
        }
        try bad.expectRefused(s, ["log", "run", "--skip", "--difficulty", "3"], status: 1, mentioning: ["skipped day"])
    }

    /// The habit page shows when in the day it is done (entries whose time is on their own day)
    /// and, with --include-journal only, its mean difficulty per month.
    @Test(arguments: TestBackend.available) func theHabitPageShowsTheHoursAndWithTheJournalTheDifficulty(_ backend: TestBackend) throws {
        let s = Session(backend)
        try s.ok("init", "--timezone", "Europe/Berlin")
        try s.ok("habit", "add", "Run")
        try s.ok("log", "run", "--at", "07:30", "--difficulty", "6")
        try s.ok("log", "run", "-d", "yesterday", "--at", "07:10", "--difficulty", "9")
        try s.ok("log", "run", "-d", "2026-11-19")   // written today: its time says nothing about the 19th
        try s.ok("report", "--out", "public")
        let page = String(decoding: s.folder.bytes("public/habits/run.md"), as: UTF8.self)
        #expect(page.contains("## When in the day") && !page.contains("## Difficulty"))
        let chart = String(decoding: s.folder.bytes("public/charts/run-hours.svg"), as: UTF8.self)
        #expect(XMLParser(data: Data(chart.utf8)).parse())
        #expect(chart.contains(#"data-hour="7" data-value="2""#) && chart.contains(#"data-hour="11" data-value="0""#))
        try s.ok("report", "--out", "private", "--include-journal")
        let full = String(decoding: s.folder.bytes("private/habits/run.md"), as: UTF8.self)
        #expect(full.contains("## Difficulty") && full.contains("- **November 2026:** 7\\.5 of 10 (2 ratings)"))
    }
}
