@testable import AlmanacDomain
import Foundation
import Testing

/// A day is over when the clock has passed its end in the store's time zone: as of a day that is
/// over, a due day without its target met is missed; only an as-of day the clock is still inside
/// is in progress (docs/METRICS.md, "Days that are over"). Every figure is hand-computed.
@Suite struct FinishedDayTests {
    /// The clock's day in Berlin, around the night clocks go back (Sun 25 Oct 2026, 03:00 CEST →
    /// 02:00 CET) and forward (Sun 29 Mar 2026, 02:00 CET → 03:00 CEST).
    @Test func theDayTheClockIsInFollowsTheStoresZoneAcrossDSTChanges() {
        let berlin = StoreCalendar(timeZone: TimeZone(identifier: "Europe/Berlin")!, weekStart: .monday)
        func today(_ instant: String) -> DayKey { berlin.dayKey(for: Timestamp(iso8601: instant)!) }
        // 00:05 CET on Monday 26 Oct is 23:05 UTC on Sunday: Sunday is over in Berlin, not in UTC.
        #expect(today("2026-10-25T23:05:00Z") == DayKey("2026-10-26"))
        #expect(today("2026-10-25T22:55:00Z") == DayKey("2026-10-25"))   // 23:55 CET: still Sunday
        // Sunday 25 Oct has 25 hours: 23:30 UTC on the 24th is 01:30 CEST on the 25th.
        #expect(today("2026-10-24T23:30:00Z") == DayKey("2026-10-25"))
        // Monday 30 Mar: 00:05 CEST is 22:05 UTC on Sunday.
        #expect(today("2026-03-29T22:05:00Z") == DayKey("2026-03-30"))
        #expect(today("2026-03-29T21:55:00Z") == DayKey("2026-03-29"))   // 23:55 CEST
    }

    /// A daily habit not logged on the as-of day: passed over while the day goes on, missed once
    /// it is over.
    @Test func aDailyHabitNotLoggedIsMissedOnceTheDayIsOver() {
        var h = History(created: "2026-11-02")
        h.log("2026-11-02", "2026-11-03", "2026-11-04")
        let going = h.metrics(asOf: "2026-11-05", over: false)
        #expect(going.todayState == .unknown)
        #expect(going.streak.current == 3)
        #expect(going.rate30 == CompletionRate(completed: 3, expected: 3))
        #expect(going.weeks.last.map { "\($0.done)/\($0.due) \($0.inProgress)" } == "3/3 true")
        let over = h.metrics(asOf: "2026-11-05", over: true)
        #expect(over.todayState == .missed)
        #expect(over.asOfIsOver)
        #expect(over.streak == Streak(current: 0, best: 3, unit: .days))
        #expect(over.rate30 == CompletionRate(completed: 3, expected: 4))
        #expect(over.rate7 == CompletionRate(completed: 3, expected: 4))
        // The week of 2 Nov still has Friday to Sunday to come: in progress, 3 of 4 so far.
        #expect(over.weeks.last.map { "\($0.done)/\($0.due) \($0.inProgress)" } == "3/4 true")
        #expect(over.rateAll == CompletionRate(completed: 3, expected: 4))
        // Logged and short of the target is missed once the day is over; while it goes on it is
        // neither a success nor a failure yet.
        var water = History(unit: .count, target: 8, created: "2026-11-02")
        water.log("2026-11-02", value: 8)
        water.log("2026-11-03", value: 3)
        #expect(water.metrics(asOf: "2026-11-03", over: true).todayState == .missed)
        #expect(water.metrics(asOf: "2026-11-03", over: true).streak.current == 0)
        #expect(water.metrics(asOf: "2026-11-03", over: false).todayState == .unknown)
        #expect(water.metrics(asOf: "2026-11-03", over: false).streak.current == 1)
        #expect(water.metrics(asOf: "2026-11-03", over: false).rate30 == CompletionRate(completed: 1, expected: 1))
    }

    /// Every day before the as-of day is over: an unlogged due day is missed on the heatmaps'
    /// and the status's terms alike.
    @Test func pastUnloggedDueDaysAreMissedAndUnscheduledOnesAreNot() {
        var h = History(.weekdays([.monday, .wednesday]), created: "2026-11-02")
        h.log("2026-11-02")
        let series = h.series(asOf: "2026-11-05", over: false)
        #expect(series.state(at: 0) == .done)          // Mon
        #expect(series.state(at: 1) == .unscheduled)   // Tue
        #expect(series.state(at: 2) == .missed)        // Wed, over
        #expect(series.inProgressIndex == 3)
        #expect(h.series(asOf: "2026-11-05", over: true).inProgressIndex == nil)
    }

    /// Gym, 3 times a week, two sessions by Sunday the 8th, the day its week ends.
    @Test func aWeekEndingOnTheAsOfDayBeforeAndAfterMidnight() {
        var gym = History(.perWeek(3), created: "2026-10-26")
        gym.log("2026-10-27", "2026-10-28", "2026-10-30")   // the week of 26 Oct: 3 of 3
        gym.log("2026-11-03", "2026-11-05")                 // the week of 2 Nov: 2 so far
        // Sunday evening: the week is still going on.
        let evening = gym.metrics(asOf: "2026-11-08", over: false)
        #expect(evening.period == .init(kind: .week, done: 2, times: 3, inProgress: true))
        #expect(evening.todayState == .unknown)
        #expect(evening.streak == Streak(current: 1, best: 1, unit: .weeks))
        // Its row and the rates leave it out until it has its 3, and the row says so.
        #expect(evening.weeks.last.map { "\($0.done)/\($0.due) \($0.inProgress) pending \($0.pendingDone)/\($0.pendingDue)" } == "0/0 true pending 2/3")
        #expect(evening.rates[0] == .init(length: 4, unit: .weeks, rate: CompletionRate(completed: 3, expected: 3)))
        // Just after midnight, as of the Sunday: the week ended short.
        let night = gym.metrics(asOf: "2026-11-08", over: true)
        #expect(night.period == .init(kind: .week, done: 2, times: 3, inProgress: false))
        #expect(night.todayState == .missed)
        #expect(night.streak == Streak(current: 0, best: 1, unit: .weeks))
        #expect(night.weeks.last.map { "\($0.done)/\($0.due) \($0.inProgress)" } == "2/3 false")
        #expect(night.rates[0] == .init(length: 4, unit: .weeks, rate: CompletionRate(completed: 5, expected: 6)))
        #expect(night.rateAll == CompletionRate(completed: 5, expected: 6))
        // A third session on Saturday: met in progress, rated whole, and the rate does not drop
        // when the week ends.
        gym.log("2026-11-07")
        let met = gym.metrics(asOf: "2026-11-07", over: false)
        #expect(met.rates[0].rate == CompletionRate(completed: 6, expected: 6))
        #expect(gym.metrics(asOf: "2026-11-08", over: false).rates[0].rate == CompletionRate(completed: 6, expected: 6))
        #expect(gym.metrics(asOf: "2026-11-08", over: true).rates[0].rate == CompletionRate(completed: 6, expected: 6))
        #expect(gym.metrics(asOf: "2026-11-08", over: true).streak.current == 2)
    }

    /// 2 times in 3 days from Thursday 5 Nov: periods 5–7, 8–10, 11–13 Nov. The period of 8–10
    /// crosses the end of the Monday week (Sun 8 | Mon 9).
    @Test func aPerDaysPeriodAcrossAWeeksEndCountsItsDaysWhereTheyFall() {
        var h = History(.perDays(times: 2, period: 3), created: "2026-11-05")
        h.log("2026-11-05", "2026-11-06", "2026-11-07")   // 2 of 2 (the 7th is over its times)
        h.log("2026-11-09", "2026-11-10")                 // Mon and Tue: 2 of 2, both in the next week
        let weeks = h.metrics(asOf: "2026-11-10", over: true).weeks
        // Week of 2 Nov: 5th and 6th count (2 of 2); days done 3. Week of 9 Nov: 9th and 10th.
        #expect(weeks.map { "\($0.first) \($0.done)/\($0.due) days \($0.daysDone)" } == [
            "2026-11-02 2/2 days 3", "2026-11-09 2/2 days 2"])
        for week in weeks { #expect(week.done <= week.daysDone) }
        // With one done day on Sunday the 8th and none after, the period ends short on the 10th:
        // Sunday's week gets its one done day, the 10th's week what the period still owed.
        var short = History(.perDays(times: 2, period: 3), created: "2026-11-05")
        short.log("2026-11-05", "2026-11-06", "2026-11-08")
        #expect(short.metrics(asOf: "2026-11-10", over: true).weeks.map { "\($0.first) \($0.done)/\($0.due) days \($0.daysDone)" } == [
            "2026-11-02 3/3 days 3", "2026-11-09 0/1 days 0"])
    }

    /// 10 times a month, 7 done by Sunday 22 Nov: the period progress says "7 of 10 so far"; the
    /// month's row counts it as the rates do, once it has its 10.
    @Test func aMonthInProgressOwesItsFullTarget() {
        var h = History(.perMonth(10), created: "2026-10-01")
        for day in 1...10 { h.log(DayKey(year: 2026, month: 10, day: day)!.description) }
        for day in [2, 4, 6, 9, 12, 16, 20] { h.log(DayKey(year: 2026, month: 11, day: day)!.description) }
        let m = h.metrics(asOf: "2026-11-22", over: true)
        #expect(m.months.map { "\($0.label) \($0.done)/\($0.due) days \($0.daysDone) \($0.inProgress)" } == [
            "2026-10 10/10 days 10 false", "2026-11 0/0 days 7 true"])
        #expect(m.years.map { "\($0.label) \($0.done)/\($0.due) pending \($0.pendingDone)/\($0.pendingDue)" } == ["2026 10/10 pending 7/10"])
        #expect(m.period == .init(kind: .month, done: 7, times: 10, inProgress: true))
        #expect(m.rates[0].rate == CompletionRate(completed: 10, expected: 10))
        // Done more than the times: the row and the progress both stop at the times.
        for day in [23, 24, 25, 26] { h.log(DayKey(year: 2026, month: 11, day: day)!.description) }
        let more = h.metrics(asOf: "2026-11-26", over: true)
        #expect(more.months.last.map { "\($0.done)/\($0.due) days \($0.daysDone)" } == "10/10 days 11")
        #expect(more.period == .init(kind: .month, done: 10, times: 10, inProgress: true))
        #expect(more.rates[0].rate == CompletionRate(completed: 20, expected: 20))
        // The month ends on the 30th: over after its midnight, in progress before.
        #expect(h.metrics(asOf: "2026-11-30", over: false).months.last?.inProgress == true)
        #expect(h.metrics(asOf: "2026-11-30", over: true).months.last?.inProgress == false)
    }

    /// The daily overview's "due" is the feed's and perfect days': a per-week habit is listed on a
    /// day it was done, and on the last day of a week that ended short — never on a day without a
    /// check of a week still open.
    @Test func aPerWeekHabitIsListedWhenDoneOrOnTheLastDayOfAMissedWeek() {
        var gym = History(.perWeek(3), created: "2026-11-02")
        gym.log("2026-11-02", "2026-11-04")
        func listed(_ series: DaySeries, archivedDay: DayKey? = nil) -> [String] {
            var due: [String] = []
            series.forEachDueDay(from: nil, archivedDay: archivedDay, weekStart: .monday) { i, done in
                due.append("\(series.day(at: i).day)\(done ? "✓" : "✗")")
            }
            return due
        }
        // Sunday evening: the week is still open.
        #expect(listed(gym.series(asOf: "2026-11-08", over: false)) == ["2✓", "4✓"])
        // Once Sunday is over, the week ended short: missed on its last day.
        #expect(listed(gym.series(asOf: "2026-11-08", over: true)) == ["2✓", "4✓", "8✗"])
        #expect(listed(gym.series(asOf: "2026-11-10", over: true)) == ["2✓", "4✓", "8✗"])
        // Archived on the 4th: counted up to the 3rd.
        #expect(listed(gym.series(asOf: "2026-11-08", over: true), archivedDay: DayKey("2026-11-04")) == ["2✓"])
        // A met week lists its done days only.
        gym.log("2026-11-06")
        #expect(listed(gym.series(asOf: "2026-11-10", over: true)) == ["2✓", "4✓", "6✓"])
    }
}
