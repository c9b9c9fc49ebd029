@testable import AlmanacDomain
import Testing

/// The days a streak reaches its milestones (the feed's "streak of 7 days").
@Suite struct StreakMilestoneTests {
    private func reached(_ h: History, asOf: String, weekStart: Weekday = .monday) -> [String] {
        h.series(asOf: asOf).streakMilestones(weekStart: weekStart).map { "\($0.day) \($0.length) \($0.unit.rawValue)" }
    }

    @Test func aDailyStreakReachesSevenOnItsSeventhDoneDayAndAgainAfterABreak() {
        var h = History(created: "2026-11-01")
        // 1–6 done, 7 skipped (passed over), 8 done: the seventh done day is the 8th.
        h.log("2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05", "2026-11-06", "2026-11-08")
        h.skip("2026-11-07")
        // 9th missed (breaks), then 10th–16th done: seven again on the 16th.
        h.log("2026-11-10", "2026-11-11", "2026-11-12", "2026-11-13", "2026-11-14", "2026-11-15", "2026-11-16")
        #expect(reached(h, asOf: "2026-11-20") == ["2026-11-08 7 days", "2026-11-16 7 days"])
        #expect(reached(h, asOf: "2026-11-15") == ["2026-11-08 7 days"])
    }

    @Test func weekdaysOffTheScheduleArePassedOver() {
        var h = History(.weekdays([.monday, .wednesday, .friday]), created: "2026-11-02")
        // Mon 2 … Mon 16: seven scheduled days, all done.
        h.log("2026-11-02", "2026-11-04", "2026-11-06", "2026-11-09", "2026-11-11", "2026-11-13", "2026-11-16")
        #expect(reached(h, asOf: "2026-11-17") == ["2026-11-16 7 days"])
    }

    @Test func aWeeklyStreakIsWonOnTheDayItsCountIsReached() {
        // Twice a week, Monday-first weeks from Mon 2 Nov 2026: four weeks won, the fourth on
        // Tuesday 24 Nov (its second done day).
        var h = History(.perWeek(2), created: "2026-11-02")
        h.log("2026-11-02", "2026-11-03", "2026-11-10", "2026-11-12", "2026-11-16", "2026-11-20", "2026-11-23", "2026-11-24")
        #expect(reached(h, asOf: "2026-11-25") == ["2026-11-24 4 weeks"])
        #expect(reached(h, asOf: "2026-11-23").isEmpty)
    }
}
