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

    @Test func perWeekHabitsCountTheirTimesCappedWhereTheirDaysFall() {
        // 2 times a week from Monday 2026-09-28; weeks Sep 28, Oct 5, Oct 12.
        var h = History(.perWeek(2), created: "2026-09-28")
        h.log("2026-09-28", "2026-09-29", "2026-09-30")   // 3 done, 2 count
        h.log("2026-10-06")                                // 1 of 2
        h.log("2026-10-12")                                // in progress: 1 of 2 so far
        #expect(totals(h, .month, asOf: "2026-10-13") == [
            "2026-09 2026-09-01 2/2 days 3 value 3",
            "2026-10 2026-10-01 1/2 days 2 value 2 now",     // the week in progress counts once met, as in the rates
        ])
        let weeks = h.series(asOf: "2026-10-13").calendarTotals(.week, weekStart: .monday)
        #expect(weeks.map(\.rate) == [CompletionRate(completed: 2, expected: 2), CompletionRate(completed: 1, expected: 2),
                                      CompletionRate(completed: 0, expected: 0)])
        #expect(weeks.map { "\($0.pendingDone)/\($0.pendingDue)" } == ["0/0", "0/0", "1/2"])
        // The all-time rate: the weeks that are over, and the one in progress only once met.
        let all = h.series(asOf: "2026-10-13").completionRate(lastDays: nil, weekStart: .monday)
        #expect(all == CompletionRate(completed: 3, expected: 4))
        // Met while in progress: the week counts whole in its row and its month, as in the rates.
        h.log("2026-10-13")
        #expect(totals(h, .month, asOf: "2026-10-13").last == "2026-10 2026-10-01 3/4 days 3 value 3 now")
        #expect(h.series(asOf: "2026-10-13").completionRate(lastDays: nil, weekStart: .monday) == CompletionRate(completed: 5, expected: 6))
        // A week whose done days are in October belongs to October, even when it starts in September.
        var late = History(.perWeek(2), created: "2026-09-28")
        late.log("2026-10-01", "2026-10-02")
        #expect(totals(late, .month, asOf: "2026-10-04").map { $0.components(separatedBy: " days").first! } == [
            "2026-09 2026-09-01 0/0", "2026-10 2026-10-01 2/2"])
    }

    @Test func atMostDaysWithNothingLoggedAreMissedUnlessTheHabitCountsThemAsNone() {
        var h = History(.daily, unit: .count, target: 3, direction: .atMost, created: "2026-11-02")
        h.log("2026-11-02", value: 5)
        h.log("2026-11-03", value: 2)
        // Mon over, Tue within, Wed nothing logged (missed), Thu the day still going on.
        #expect(totals(h, .week, asOf: "2026-11-05") == ["2026-W45 2026-11-02 1/3 days 1 value 7 now"])
        h.habit.unloggedMeansNone = true
        #expect(totals(h, .week, asOf: "2026-11-05") == ["2026-W45 2026-11-02 2/3 days 2 value 7 now"])
    }

    @Test func weekdayHabitsAreDueOnlyOnTheirDays() {
        var h = History(.weekdays([.monday, .wednesday, .friday]), created: "2026-11-02")
        h.log("2026-11-02", "2026-11-03", "2026-11-06")
        #expect(totals(h, .week, asOf: "2026-11-08") == ["2026-W45 2026-11-02 2/3 days 3 value 3 now"])
    }

    @Test func aPerMonthHabitsWeekShowsItsDoneDaysAndOwesNothing() {
        // "Call mum", 4 times a month from Friday 2026-11-20; done Sun 22, Thu 26, Fri 27; as of Sat 28.
        var h = History(.perMonth(4), created: "2026-11-20")
        h.log("2026-11-22", "2026-11-26", "2026-11-27")
        #expect(totals(h, .week, asOf: "2026-11-28") == [
            "2026-W47 2026-11-16 1/0 days 1 value 1",       // the 22nd is a Sunday: Monday weeks end on it
            "2026-W48 2026-11-23 2/0 days 2 value 2 now",
        ])
        // The month in progress counts once it has its four: left out of its row until then.
        #expect(totals(h, .month, asOf: "2026-11-28") == ["2026-11 2026-11-01 0/0 days 3 value 3 now"])
        // Weeks from Sunday: the 22nd opens a week.
        #expect(totals(h, .week, asOf: "2026-11-28", weekStart: .sunday) == [
            "2026-W47 2026-11-15 0/0 days 0 value 0",
            "2026-W48 2026-11-22 3/0 days 3 value 3 now",
        ])
    }

    @Test func aMonthThatStartsMidweekBooksEachDoneDayInItsOwnWeek() {
        // 4 calls a month from Monday 2026-09-28: none in September's last three days; in October
        // the 1st (a Thursday), 8th, 13th, 20th and 27th — the fifth is over the month's times.
        var h = History(.perMonth(4), created: "2026-09-28")
        h.log("2026-10-01", "2026-10-08", "2026-10-13", "2026-10-20", "2026-10-27")
        #expect(totals(h, .week, asOf: "2026-10-31") == [
            "2026-W40 2026-09-28 1/0 days 1 value 1",       // Oct 1, not all of October
            "2026-W41 2026-10-05 1/0 days 1 value 1",
            "2026-W42 2026-10-12 1/0 days 1 value 1",
            "2026-W43 2026-10-19 1/0 days 1 value 1",
            "2026-W44 2026-10-26 0/0 days 1 value 1 now",   // done, but October had its four
        ])
        #expect(totals(h, .month, asOf: "2026-10-31") == [
            "2026-09 2026-09-01 0/3 days 0 value 0",        // three days of September: it owed three
            "2026-10 2026-10-01 4/4 days 5 value 5 now",
        ])
        #expect(totals(h, .week, asOf: "2026-10-31", weekStart: .sunday).map { $0.components(separatedBy: " days").first! } == [
            "2026-W40 2026-09-27 1/0", "2026-W41 2026-10-04 1/0", "2026-W42 2026-10-11 1/0", "2026-W43 2026-10-18 1/0",
            "2026-W44 2026-10-25 0/0",
        ])
        // The all-time rate is the months' (and the years'), not the weeks'.
        let metrics = HabitMetrics(series: h.series(asOf: "2026-10-31"), weekStart: .monday)
        #expect(metrics.rateAll == CompletionRate(completed: 4, expected: 7))
        #expect(metrics.years.map(\.rate) == [CompletionRate(completed: 4, expected: 7)])
    }

    @Test func aPerDaysPeriodLongerThanAWeekIsSplitIntoWeeksButNotIntoMonths() {
        // 2 times in 10 days from Monday 2026-11-02: periods Nov 2–11 and 12–21.
        var h = History(.perDays(times: 2, period: 10), created: "2026-11-02")
        h.log("2026-11-03", "2026-11-10", "2026-11-11", "2026-11-20")
        #expect(totals(h, .week, asOf: "2026-11-21").map { $0.components(separatedBy: " value").first! } == [
            "2026-W45 2026-11-02 1/0 days 1", "2026-W46 2026-11-09 1/0 days 2", "2026-W47 2026-11-16 1/0 days 1",
        ])
        // The period of the 12th–21st is in progress (1 of 2 so far): left out until it has its two.
        #expect(totals(h, .month, asOf: "2026-11-21").map { $0.components(separatedBy: " days").first! } == ["2026-11 2026-11-01 2/2"])
    }
}
