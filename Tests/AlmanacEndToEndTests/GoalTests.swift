import AlmanacTestSupport
import Foundation
import Testing

/// Goals (HabitFlow's Northstar): views over habits; nothing of their progress is stored.
@Suite struct GoalTests {
    @Test(arguments: TestBackend.available) func aGoalShowsItsHabitsCombinedRateStreaksAndDaysLeft(_ backend: TestBackend) throws {
        let s = Session(backend)
        try s.ok("init", "--timezone", "Europe/Berlin")
        try s.ok("habit", "add", "Run")
        try s.ok("habit", "add", "Stretch")
        try s.ok("log", "run", "-d", "2026-11-21")
        try s.ok("log", "run", "stretch")
        #expect(try s.ok("goal", "add", "Marathon 2027", "--habits", "run, stretch", "--target-date", "2027-04-12")
                == "Added the goal Marathon 2027 over 2 habits, aiming for 2027-04-12.\n")
        #expect(try s.ok("goal", "list") == """
            Marathon 2027 — 30 days 100% (3/3) · 141 days left (2027-04-12)
              Run: streak 2 days (best 2 days)
              Stretch: streak 1 day (best 1 day)

            """)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try s.ok("goal", "list", "--json").utf8)) as? [[String: Any]])
        #expect(json.first?["daysLeft"] as? Int == 141 && (json.first?["rate30"] as? [String: Any])?["expected"] as? Int == 3)
        try s.ok("report", "--out", "site")
        let dashboard = String(decoding: s.folder.bytes("site/index.md"), as: UTF8.self)
        #expect(dashboard.contains("## Goals") && dashboard.contains("- **Marathon 2027** — 30 days 100% (3/3) · 141 days left (12 Apr 2027) · streaks: Run 2 days, Stretch 1 day"))
        try s.ok("goal", "edit", "marathon 2027", "--new-name", "Spring run", "--habits", "run", "--no-target-date")
        #expect(try s.ok("goal", "list").hasPrefix("Spring run — 30 days 100% (2/2)\n"))
        #expect(try s.ok("goal", "delete", "SPRING RUN") == "Deleted the goal Spring run; its habits stay.\n")
        #expect(try s.ok("habit", "list").contains("Stretch") && (try s.ok("history", "run")).contains("done"))
    }

    /// `--habits` repeated keeps every habit it was given, one name each (commas and all); a list
    /// separated by commas is taken while no habit's name has a comma.
    @Test func aGoalKeepsEveryHabitItWasGiven() throws {
        let s = Session()
        try s.ok("init")
        for name in ["Run", "Stretch", "Eat, pray, love"] { try s.ok("habit", "add", name) }
        try s.ok("goal", "add", "Both", "--habits", "run", "--habits", "stretch")
        try s.ok("goal", "add", "Commas", "--habits", "eat, pray, love", "--habits", "RUN")
        try s.ok("goal", "edit", "both", "--habits", "stretch", "--habits", "Eat, pray, love", "--habits", "run")
        let goals = try #require(try JSONSerialization.jsonObject(with: Data(try s.ok("goal", "list", "--json").utf8)) as? [[String: Any]])
        func habits(_ goal: String) -> Int? { (goals.first { $0["name"] as? String == goal }?["habits"] as? [Any])?.count }
        #expect(habits("Both") == 3 && habits("Commas") == 2, "\(goals)")
        // With a comma in a habit's name, a comma separates nothing: said, nothing added.
        let bad = BadInputTests()
        try bad.expectRefused(s, ["goal", "add", "List", "--habits", "run,stretch"], status: 1, mentioning: ["a habit's name has a comma", "on its own"])
        #expect(try s.run("goal", "add", "Nothing").status == 2)
    }

    @Test(arguments: TestBackend.available) func aGoalNamingAnUnknownHabitOrATakenNameIsRefused(_ backend: TestBackend) throws {
        let s = Session(backend)
        try s.ok("init")
        try s.ok("habit", "add", "Run")
        try s.ok("goal", "add", "Fit", "--habits", "run")
        let bad = BadInputTests()
        try bad.expectRefused(s, ["goal", "add", "Other", "--habits", "run,swim"], status: 1, mentioning: ["No habit named \"swim\""])
        try bad.expectRefused(s, ["goal", "add", "FIT", "--habits", "run"], status: 1, mentioning: ["already exists"])
        try bad.expectRefused(s, ["goal", "add", "Empty", "--habits", ","], status: 1, mentioning: ["at least one habit"])
        try bad.expectRefused(s, ["goal", "edit", "nope"], status: 1, mentioning: ["No goal named \"nope\""])
        try bad.expectRefused(s, ["goal", "add", "Late", "--habits", "run", "--target-date", "2027-02-30"], status: 2, mentioning: ["2027-02-30"])
    }
}

/// XP, levels and achievements (Habitto), as `status` shows them: derived, so un-logging a day
/// takes its XP away with nothing to revoke.
@Suite struct ExperienceEndToEndTests {
    @Test(arguments: TestBackend.available) func aPerfectDayEarnsFiftyXPUntilItIsUnlogged(_ backend: TestBackend) throws {
        let s = Session(backend)
        try s.ok("init")
        try s.ok("habit", "add", "Run")
        try s.ok("log", "run", "-d", "yesterday")
        #expect(try s.ok("status").contains("\nLevel 1 · 50 XP (50 of 300 to level 2)\n"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try s.ok("status", "--json").utf8)) as? [String: Any])
        #expect((json["experience"] as? [String: Any])?["xp"] as? Int == 50)
        try s.ok("unlog", "run", "-d", "yesterday")
        #expect(try s.ok("status").contains("\nLevel 1 · 0 XP (0 of 300 to level 2)\n"))
    }
}
