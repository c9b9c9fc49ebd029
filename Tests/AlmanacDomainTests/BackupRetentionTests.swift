import AlmanacDomain
import Testing

/// The retention rule of the dated backups, counted by hand as restic's `forget` counts it.
@Suite struct BackupRetentionTests {
    private func days(_ texts: [String]) -> [DayKey] { texts.map { DayKey($0)! } }
    private func kept(_ rule: BackupRetention, _ texts: [String]) -> [String] { rule.kept(days(texts)).sorted().map(\.description) }

    @Test func theNewestDailyOnesAreKept() {
        let rule = BackupRetention(daily: 3, weekly: 0, monthly: 0, weekStart: .monday)
        #expect(kept(rule, ["2026-11-18", "2026-11-20", "2026-11-19", "2026-11-21", "2026-11-16"]) == ["2026-11-19", "2026-11-20", "2026-11-21"])
        // Fewer backups than the rule keeps: all of them.
        #expect(kept(rule, ["2026-11-21"]) == ["2026-11-21"])
        #expect(kept(rule, []) == [])
    }

    /// Weeks and months count only those that have a backup, newest first; each keeps its newest.
    @Test func aWeekAndAMonthKeepTheirNewestOnTopOfTheDailyOnes() {
        let all = ["2026-10-30", "2026-11-02", "2026-11-08", "2026-11-09", "2026-11-15", "2026-11-22", "2026-11-28", "2026-11-29", "2026-11-30"]
        // Monday weeks: 30 Nov (Mon) is a week of its own; 22–29 Nov fall in the week of 23 Nov
        // (22 is a Sunday, of the week of 16 Nov).
        let monday = BackupRetention(daily: 1, weekly: 3, monthly: 0, weekStart: .monday)
        #expect(kept(monday, all) == ["2026-11-22", "2026-11-29", "2026-11-30"])
        // Sunday weeks: 29 Nov starts a week with 30 Nov; 22–28 Nov is one week; 15 Nov another.
        let sunday = BackupRetention(daily: 1, weekly: 3, monthly: 0, weekStart: .sunday)
        #expect(kept(sunday, all) == ["2026-11-15", "2026-11-28", "2026-11-30"])
        // Months: November's newest, then October's (its only one).
        let months = BackupRetention(daily: 1, weekly: 0, monthly: 2, weekStart: .monday)
        #expect(kept(months, all) == ["2026-10-30", "2026-11-30"])
        // A year of months with gaps: the 12 counted are those that have backups.
        let sparse = ["2024-01-31", "2024-02-29", "2024-06-01", "2025-12-31", "2026-01-01"]
        #expect(kept(BackupRetention(daily: 1, weekly: 0, monthly: 3, weekStart: .monday), sparse) == ["2024-06-01", "2025-12-31", "2026-01-01"])
    }

    /// The parts add up: a backup any part keeps is kept once.
    @Test func thePartsOfTheRuleAreUnited() {
        let all = (0..<60).map { DayKey("2026-01-01")!.adding(days: $0).description }
        let rule = BackupRetention(daily: 7, weekly: 4, monthly: 12, weekStart: .monday)
        // 7 newest: 23 Feb – 1 Mar; weeks: 1 Mar (Sun, week of 23 Feb), 22 Feb, 15 Feb, 8 Feb;
        // months: 1 Mar, 28 Feb, 31 Jan.
        #expect(kept(rule, all) == ["2026-01-31", "2026-02-08", "2026-02-15", "2026-02-22", "2026-02-23", "2026-02-24", "2026-02-25",
                                    "2026-02-26", "2026-02-27", "2026-02-28", "2026-03-01"])
    }
}
