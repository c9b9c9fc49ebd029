@testable import AlmanacDomain
import Foundation
import Testing

@Suite struct StrengthScoreTests {
    @Test func dailyHabitReaches80PercentIn30DaysAnd96In60() {
        var h = History(created: "2026-01-01")
        for i in 0..<60 { h.log(DayKey("2026-01-01")!.adding(days: i).description) }
        let scores = h.series(asOf: "2026-03-01").strengthScores()
        #expect(NumberText.rounded(scores[29], digits: 2) == "0.8")
        #expect(NumberText.rounded(scores[59], digits: 2) == "0.96")
    }

    @Test func skipDaysLeaveTheScoreUnchanged() {
        var h = History(created: "2026-01-01")
        h.log("2026-01-01", "2026-01-02")
        h.skip("2026-01-03")
        let scores = h.series(asOf: "2026-01-04", over: true).strengthScores()
        #expect(scores[2] == scores[1])
        #expect(scores[3] < scores[2])
    }

    /// The day still going on leaves the score where it was until it is done: the score never
    /// drops at midnight for a day that has just begun.
    @Test func theDayStillGoingOnCountsOnlyOnceDone() {
        var h = History(unit: .count, target: 8, created: "2026-01-01")
        h.log("2026-01-01", value: 8)
        h.log("2026-01-02", value: 4)
        let going = h.series(asOf: "2026-01-02").strengthScores()
        #expect(going[1] == going[0])
        #expect(h.series(asOf: "2026-01-02", over: true).strengthScores()[1] > going[0])
        h.log("2026-01-02", value: 4)   // 8 of 8: done while the day goes on
        #expect(h.series(asOf: "2026-01-02").strengthScores()[1] > going[0])
        // An at-most day is decided when it is over; a finished one with nothing logged is missed
        // (0), unless the habit counts it as none.
        var coffee = History(unit: .count, target: 3, direction: .atMost, created: "2026-01-01")
        coffee.log("2026-01-01", value: 1)
        let m = pow(0.5, 1.0 / 13)
        #expect(coffee.series(asOf: "2026-01-01").strengthScores() == [1])
        #expect(coffee.series(asOf: "2026-01-02", over: true).strengthScores()[1] == coffee.series(asOf: "2026-01-01", over: true).strengthScores()[0] * m)
        coffee.habit.unloggedMeansNone = true
        #expect(coffee.series(asOf: "2026-01-02", over: true).strengthScores()[1] == 1)
    }

    @Test func numericHabitsUseTheShareOfTheTarget() {
        var h = History(unit: .count, target: 8, created: "2026-01-01")
        h.log("2026-01-01", value: 4)
        let m = pow(0.5, 1.0 / 13)
        #expect(abs(h.series(asOf: "2026-01-01", over: true).strengthScores()[0] - 0.5 * (1 - m)) < 1e-12)
        var atMost = History(unit: .count, target: 2, direction: .atMost, created: "2026-01-01")
        atMost.log("2026-01-01", value: 3)   // 50 % over: achievement 0.5, from a start of 1
        #expect(abs(atMost.series(asOf: "2026-01-01", over: true).strengthScores()[0] - (m + 0.5 * (1 - m))) < 1e-12)
    }

    /// Loop Habit Tracker's own export: its per-day checkmarks and the scores Loop computed.
    @Test func equalsLoopHabitTrackerOnItsOwnExport() throws {
        let folder = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent("loop")
        let checkmarks = try String(contentsOf: folder.appendingPathComponent("checkmarks.csv"), encoding: .utf8)
        let loopScores = try String(contentsOf: folder.appendingPathComponent("scores.csv"), encoding: .utf8)
        func rows(_ text: String) -> [[String]] {
            text.split(whereSeparator: \.isNewline).dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        }
        let marks = rows(checkmarks), expected = rows(loopScores)
        // Column 1: Meditate (1/1), column 2: Wake up early (2 in 3 days).
        for (column, ratio) in [(1, (1, 1)), (2, (2, 3))] {
            let days = marks.map { DayKey($0[0])! }
            let first = days.min()!, last = days.max()!
            var h = History(.daily, created: first.description)
            for row in marks where row[column] == "YES_MANUAL" { h.log(row[0]) }   // YES_AUTO is not a repetition
            let scores = h.series(asOf: last.description).strengthScores(ratio: ratio)
            for row in expected {
                let index = first.days(to: DayKey(row[0])!)
                #expect(String(format: "%.4f", scores[index]) == row[column], "\(row[0]) column \(column)")
            }
        }
    }
}

@Suite struct MetricPropertyTests {
    /// Over generated histories: best ≥ current, rates and scores in [0, 1], and metrics as of a
    /// day do not change when entries after that day are added.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func metricsHoldTheirInvariants(seed: UInt64) throws {
        let sample = SampleHistory.generate(habits: 12, years: 2, seed: seed)
        let calendar = try StoreCalendar(settings: sample.settings)
        let asOf = DayKey("2026-06-15")!
        for habit in sample.habits {
            let entries = sample.habitEntries.filter { $0.habitId == habit.id }
            let full = DaySeries(habit: habit, entries: entries, createdDay: calendar.dayKey(for: habit.createdAt), asOf: asOf, today: asOf)
            let cut = DaySeries(habit: habit, entries: entries.filter { $0.dayKey <= asOf },
                                createdDay: calendar.dayKey(for: habit.createdAt), asOf: asOf, today: asOf)
            for weekStart in [Weekday.monday, .sunday] {
                let a = HabitMetrics(series: full, weekStart: weekStart)
                #expect(a == HabitMetrics(series: cut, weekStart: weekStart), "\(habit.name)")
                #expect(a.streak.best >= a.streak.current)
                for window in HabitMetrics.rateWindows {
                    let rate = a.rate(window)
                    #expect(rate.completed <= rate.expected && rate.completed >= 0)
                    if let value = rate.value { #expect((0...1).contains(value)) }
                }
            }
            #expect(full.strengthScores().allSatisfy { (0...1).contains($0) })
        }
    }
}
