@testable import AlmanacDomain
import Foundation
import Testing

/// The insights' rules with hand-computed cases: the two-proportion test, the correction over
/// every pair tried, pairs shown and not shown, and one habit's year, months and weekdays.
@Suite struct InsightsTests {
    static let asOf = DayKey("2026-11-20")!

    /// A daily habit created `days` days before the as-of day (which is over), done on the days
    /// (counted back from the as-of day: 0 is the as-of day) that `done` says.
    static func series(_ name: String, days: Int = 400, unit: HabitUnit = .boolean, value: Double = 1,
                       done: (Int) -> Bool) -> DaySeries {
        let habit = Habit(name: name, createdAt: Timestamp(millis: 0)) { $0.unit = unit; $0.target = 1 }
        let facts = (0..<days).filter(done).map { DayFact(day: asOf.adding(days: -$0), kind: .check, value: value) }
        return DaySeries(habit: habit, facts: facts, createdDay: asOf.adding(days: -(days - 1)), asOf: asOf, today: asOf.adding(days: 1))
    }

    @Test func theTwoProportionTestAndTheCorrectionByHand() {
        // 60 of 100 against 40 of 100: pooled 0.5, standard error √(0.25 · 0.02) = 0.0707,
        // z = 2.828, p = erfc(2) = 0.004678.
        #expect(abs(PairInsights.twoProportionP(60, 100, 40, 100) - 0.004678) < 0.000001)
        #expect(PairInsights.twoProportionP(30, 30, 40, 40) == 1)   // no spread at all: no evidence
        // m = 4: 0.01·4/1 = 0.04, 0.03·4/2 = 0.06, 0.04·4/3 = 0.0533, 0.2·4/4 = 0.2; each the least
        // of itself and those ranked after it.
        let adjusted = PairInsights.benjaminiHochberg([0.01, 0.04, 0.03, 0.2])
        let expected = [0.04, 0.16 / 3, 0.16 / 3, 0.2]
        for (a, e) in zip(adjusted, expected) { #expect(abs(a - e) < 1e-12) }
    }

    @Test func aPairThatHoldsIsShownAndPairsWithoutEvidenceOrDaysAreNot() {
        // Sleep is done every other day; Run exactly on the days after Sleep was done.
        let sleep = Self.series("Sleep") { $0 % 2 == 1 }
        let run = Self.series("Run") { $0 % 2 == 0 }
        // Read on every third day: unrelated to either (a third of the days on both sides).
        let read = Self.series("Read") { $0 % 3 == 0 }
        // Stretch is 40 days old: fewer than 30 days on each side, never tried.
        let stretch = Self.series("Stretch", days: 40) { $0 % 2 == 0 }
        let insights = PairInsights(series: [sleep, run, read, stretch], asOf: Self.asOf, asOfIsOver: true)
        #expect(insights.through == Self.asOf && insights.from == Self.asOf.adding(days: -364))
        // Sleep, Run and Read, each ordered pair and both lags: 3 · 2 · 2.
        #expect(insights.tried == 12)
        let found = insights.shown.first { $0.condition == sleep.habit.id && $0.outcome == run.habit.id && $0.dayAfter }
        #expect(found != nil)
        if let found {
            // 364 days with a day before in the window: 182 after a done Sleep (Run done on all),
            // 182 after a Sleep not done (Run done on none).
            #expect(found.withDays == 182 && found.withDone == 182 && found.withoutDays == 182 && found.withoutDone == 0)
            #expect(found.adjusted < 1e-10)
        }
        #expect(!insights.shown.contains { $0.condition == read.habit.id || $0.outcome == read.habit.id })
        #expect(!insights.shown.contains { $0.condition == stretch.habit.id || $0.outcome == stretch.habit.id })
    }

    @Test func aDifferenceThatDoesNotSurviveTheCorrectionIsNotShown() {
        // Over 121 days A is done on even days; B on 60 % of the odd days and 40 % of the even
        // ones; C on every third day. Same day, B after A: 25 of 61 against 36 of 60, p ≈ 0.04 on
        // its own — but 12 pairs are tried, and the correction asks the smallest p for
        // 0.05 / 12 ≈ 0.004: nothing is shown.
        let days = 121
        let a = Self.series("A", days: days) { $0 % 2 == 0 }
        let bDone: (Int) -> Bool = { day in day % 2 == 1 ? day % 10 < 6 : day % 10 < 4 }
        let b = Self.series("B", days: days, done: bDone)
        let c = Self.series("C", days: days) { $0 % 3 == 0 }
        let with = (0..<days).filter { $0 % 2 == 0 }, without = (0..<days).filter { $0 % 2 == 1 }
        let p = PairInsights.twoProportionP(with.filter(bDone).count, with.count, without.filter(bDone).count, without.count)
        #expect(with.filter(bDone).count == 25 && with.count == 61 && without.filter(bDone).count == 36 && without.count == 60)
        #expect(p < 0.05 && p > 0.02)
        let insights = PairInsights(series: [a, b, c], asOf: Self.asOf, asOfIsOver: true)
        #expect(insights.tried == 12)
        #expect(insights.shown.isEmpty)
        // The same two habits alone: four pairs tried, each with about this evidence, and the
        // correction lets them through.
        #expect(!PairInsights(series: [a, b], asOf: Self.asOf, asOfIsOver: true).shown.isEmpty)
    }

    /// The weekdays' χ² test by hand: 10 of 10 on Mondays and 5 of 10 on every other weekday,
    /// pooled 40 of 70; χ² = 7.5 + 6 × 0.2083 = 8.75 and with 6 degrees of freedom
    /// p = e^−4.375 (1 + 4.375 + 4.375² / 2) = 0.18813: no best weekday.
    @Test func theWeekdaysTestByHand() {
        #expect(abs(HabitInsights.weekdaysPValue(done: [10, 5, 5, 5, 5, 5, 5], due: Array(repeating: 10, count: 7)) - 0.188134) < 0.000001)
        #expect(HabitInsights.weekdaysPValue(done: Array(repeating: 10, count: 7), due: Array(repeating: 10, count: 7)) == 1)
        #expect(HabitInsights.weekdaysPValue(done: [20, 0, 0, 0, 0, 0, 0], due: Array(repeating: 20, count: 7)) < 1e-20)
    }

    /// Twelve habits done at random (a coin for each day, seeded) over 400 days: the weekdays
    /// differ beyond chance for none of them, so none names a best weekday; each says on how many
    /// due days the test rests.
    @Test func habitsDoneAtRandomHaveNoBestWeekday() {
        var state: UInt64 = 77
        func coin() -> Bool {   // SplitMix64
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return (z ^ (z >> 31)) & 1 == 1
        }
        for index in 0..<12 {
            let days = (0..<400).map { _ in coin() }
            let series = Self.series("Random \(index)") { days[$0] }
            let insights = HabitInsights(series: series, metrics: HabitMetrics(series: series, weekStart: .monday), habitsTested: 12)
            #expect(insights.weekdays?.differ == false && insights.bestWeekday == nil, "\(index): \(String(describing: insights.weekdays))")
            #expect(insights.weekdays?.dueDays == 400)
        }
    }

    @Test func oneHabitsYearMonthsAndWeekdays() {
        // Done on Mondays only, for 700 days: last year's 1 January through 20 November and this
        // year's the same span; Monday is its best weekday.
        let mondays = Self.series("Swim", days: 700) { Self.asOf.adding(days: -$0).weekday == .monday }
        let metrics = HabitMetrics(series: mondays, weekStart: .monday)
        let insights = HabitInsights(series: mondays, metrics: metrics)
        func mondaysBetween(_ from: String, _ to: String) -> Double {
            let a = DayKey(from)!, b = DayKey(to)!
            return Double((a.ordinal...b.ordinal).filter { DayKey(ordinal: $0).weekday == .monday }.count)
        }
        #expect(insights.yearAgainstYear == HabitInsights.YearAgainstYear(
            year: 2026, through: Self.asOf, thisYear: mondaysBetween("2026-01-01", "2026-11-20"),
            lastYear: mondaysBetween("2025-01-01", "2025-11-20"), doneDays: true))
        #expect(insights.bestWeekday?.label == "1" && insights.bestWeekday?.share == 1)
        // Every month has a share of about 4 of 30: best and worst are the months with 5 Mondays
        // and with 4 in the fewest days.
        #expect(insights.bestMonth != nil && insights.worstMonth != nil)
        #expect(insights.bestMonth!.share > insights.worstMonth!.share)
        // A habit younger than last year's 1 January has no comparison.
        let young = Self.series("New", days: 100) { _ in true }
        #expect(HabitInsights(series: young, metrics: HabitMetrics(series: young, weekStart: .monday)).yearAgainstYear == nil)
    }

    /// A goal's pace: Sleep done every other day (15 of 30 in the last 30 days), the target date
    /// 60 days ahead: 60 due days ahead at one a day, 30 of them done at that rate.
    @Test func aGoalsPaceAtItsThirtyDayRate() {
        let sleep = Self.series("Sleep") { $0 % 2 == 1 }
        let metrics = HabitMetrics(series: sleep, weekStart: .monday)
        #expect(metrics.rate30.completed == 15 && metrics.rate30.expected == 30)
        let goal = Goal(name: "Rested", habitIds: [sleep.habit.id], targetDate: Self.asOf.adding(days: 60), createdAt: Timestamp(millis: 0))
        let progress = GoalProgress(goal: goal, metrics: [(sleep.habit, metrics)], asOf: Self.asOf)
        #expect(progress.pace == GoalProgress.Pace(done: 30, due: 60))
        let past = Goal(name: "Late", habitIds: [sleep.habit.id], targetDate: Self.asOf.adding(days: -1), createdAt: Timestamp(millis: 0))
        #expect(GoalProgress(goal: past, metrics: [(sleep.habit, metrics)], asOf: Self.asOf).pace == nil)
        // A habit of 20 days: its 30-day rate is all it has, no pace from it.
        let young = Self.series("Young", days: 20) { _ in true }
        let youngGoal = Goal(name: "Soon", habitIds: [young.habit.id], targetDate: Self.asOf.adding(days: 60), createdAt: Timestamp(millis: 0))
        #expect(GoalProgress(goal: youngGoal, metrics: [(young.habit, HabitMetrics(series: young, weekStart: .monday))], asOf: Self.asOf).pace == nil)
    }

    /// A habit's years: done every day from 25 December 2025 to 10 January 2026 but 5 January.
    /// 2025: 7 days done, its longest run 7 (a run ends with its year); 2026: 9 done, longest 5
    /// (6 to 10 January).
    @Test func aHabitsYearsCountRunsWithinEachYear() {
        let first = DayKey("2025-12-25")!, last = DayKey("2026-01-10")!, gap = DayKey("2026-01-05")!
        let series = Self.series("Y") { back in
            let day = Self.asOf.adding(days: -back)
            return day >= first && day <= last && day != gap
        }
        let years = HabitYear.byYear(series: series, metrics: HabitMetrics(series: series, weekStart: .monday))
        #expect(years[2025]?.doneDays == 7 && years[2025]?.longestStreak == 7)
        #expect(years[2026]?.doneDays == 9 && years[2026]?.longestStreak == 5)
        #expect(years[2026]?.bestMonth?.label == "2026-01-01")
    }

    /// A year names its best month only among months that are over, and only with two of them
    /// that differ: not the only month there is, still in progress.
    @Test func aYearsBestMonthIsAmongTwoFinishedMonths() {
        func best(days: Int, _ done: @escaping (Int) -> Bool) -> String? {
            let series = Self.series("M", days: days, done: done)
            return HabitYear.byYear(series: series, metrics: HabitMetrics(series: series, weekStart: .monday))[2026]?.bestMonth?.label
        }
        #expect(best(days: 19) { _ in true } == nil)                       // November only, in progress
        #expect(best(days: 50) { _ in true } == nil)                       // October, November: one finished
        #expect(best(days: 81) { $0 < 50 || $0 % 2 == 0 } == "2026-10-01")  // September half done, October whole
    }
}
