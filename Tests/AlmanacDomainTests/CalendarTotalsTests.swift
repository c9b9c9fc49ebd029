@testable import AlmanacDomain
import Testing

/// Weeks, months and years: hand-counted cases of done of due and values.
@Suite struct CalendarTotalsTests {
    private func totals(_ h: History, _ unit: CalendarUnit, asOf: String, weekStart: Weekday = .monday) -> [String] {
        h.series(asOf: asOf).calendarTotals(unit, weekStart: weekStart).map {
            "\($0.label) \($0.first) \($0.done)/\($0.due) days \($0.daysDone) value \(NumberText.plain($0.value))\($0.inProgress ? " now" : "")"
        }
    }

    @Test func dailyWeeksFollowTheWeekStartAndTheAsOfDayCountsOnlyWhenDone() {
        // 2026-11-04 is a Wednesday; as of Tuesday the 10th.
        var h = History(created: "2026-11-04")
        h.log("2026-11-04", "2026-11-05", "2026-11-08", "2026-11-09")
        h.skip("2026-11-06")
        #expect(totals(h, .week, asOf: "2026-11-10") == [
            // Wed–Sun: 4th, 5th, 8th done, 6th skipped, 7th missed.
            "2026-W45 2026-11-02 3/4 days 3 value 3",
            // Mon 9th done, Tue 10th (the as-of day, not yet done) not due yet.
            "2026-W46 2026-11-09 1/1 days 1 value 1 now",
        ])
        // Weeks from Sunday: Sun 1st–Sat 7th (history from Wed 4th), Sun 8th–.
        #expect(totals(h, .week, asOf: "2026-11-10", weekStart: .sunday) == [
            "2026-W45 2026-11-01 2/3 days 2 value 2",
            "2026-W46 2026-11-08 2/2 days 2 value 2 now",
        ])
    }

    @Test func isoWeeksAcrossTheTurnOfTheYear() {
        #expect(DayKey("2026-12-28")!.isoWeekLabel == "2026-W53")   // 2026 has 53 ISO weeks
        #expect(DayKey("2027-01-04")!.isoWeekLabel == "2027-W01")
        #expect(DayKey("2024-12-30")!.isoWeekLabel == "2025-W01")
        // A week starting on Sunday 2025-12-28 is named by its Thursday (New Year's Day 2026).
        #expect(DayKey("2025-12-28")!.isoWeekLabel == "2026-W01")
        #expect(DayKey("2021-01-03")!.isoWeekLabel == "2021-W01")   // Sunday start: Thursday the 7th
    }

    @Test func monthsAndYearsAcrossALeapFebruary() {
        var h = History(.daily, unit: .count, target: 2, created: "2024-02-27")
        h.log("2024-02-27", value: 2)
        h.log("2024-02-28", value: 1)
        h.log("2024-02-29", value: 3)
        h.log("2024-03-01", value: 2)
        #expect(totals(h, .month, asOf: "2024-03-02") == [
            "2024-02 2024-02-01 2/3 days 2 value 6",
            "2024-03 2024-03-01 1/1 days 1 value 2 now",
        ])
        #expect(totals(h, .year, asOf: "2025-01-01") == [
            // Feb 27 – Dec 31 2024: 309 days, 3 done.
            "2024 2024-01-01 3/309 days 3 value 8",
            "2025 2025-01-01 0/0 days 0 value 0 now",
        ])
    }

    @Test func perWeekHabitsCountTheirTimesCappedInTheMonthTheWeekStarts() {
        // 2 times a week from Monday 2026-09-28; weeks Sep 28, Oct 5, Oct 12.
        var h = History(.perWeek(2), created: "2026-09-28")
        h.log("2026-09-28", "2026-09-29", "2026-09-30")   // 3 done, 2 count
        h.log("2026-10-06")                                // 1 of 2
        h.log("2026-10-12")                                // in progress: 1 so far
        #expect(totals(h, .month, asOf: "2026-10-13") == [
            "2026-09 2026-09-01 2/2 days 3 value 3",
            "2026-10 2026-10-01 2/3 days 2 value 2 now",
        ])
        let weeks = h.series(asOf: "2026-10-13").calendarTotals(.week, weekStart: .monday)
        #expect(weeks.map(\.rate) == [CompletionRate(completed: 2, expected: 2), CompletionRate(completed: 1, expected: 2),
                                      CompletionRate(completed: 1, expected: 1)])
        // The sum of the weeks is the all-time rate.
        let all = h.series(asOf: "2026-10-13").completionRate(lastDays: nil, weekStart: .monday)
        #expect(all == CompletionRate(completed: weeks.map(\.done).reduce(0, +), expected: weeks.map(\.due).reduce(0, +)))
    }

    @Test func atMostDaysWithNothingLoggedAreDone() {
        var h = History(.daily, unit: .count, target: 3, direction: .atMost, created: "2026-11-02")
        h.log("2026-11-02", value: 5)
        h.log("2026-11-03", value: 2)
        #expect(totals(h, .week, asOf: "2026-11-05") == ["2026-W45 2026-11-02 3/4 days 3 value 7 now"])
    }

    @Test func weekdayHabitsAreDueOnlyOnTheirDays() {
        var h = History(.weekdays([.monday, .wednesday, .friday]), created: "2026-11-02")
        h.log("2026-11-02", "2026-11-03", "2026-11-06")
        #expect(totals(h, .week, asOf: "2026-11-08") == ["2026-W45 2026-11-02 2/3 days 3 value 3 now"])
    }
}
