@testable import AlmanacDomain
import Foundation
import Testing

/// Builds a habit's series from a compact history: day → value, or "skip".
struct History {
    var habit: Habit
    var created: DayKey
    var entries: [HabitEntry] = []

    init(_ frequency: Frequency = .daily, unit: HabitUnit = .boolean, target: Double = 1,
         direction: Direction = .atLeast, created: String) {
        self.created = DayKey(created)!
        habit = Habit(name: "H", createdAt: Timestamp(millis: Int64(self.created.ordinal) * 86_400_000 + 43_200_000)) { $0.unit = unit; $0.target = target; $0.direction = direction; $0.frequency = frequency }
    }

    mutating func log(_ days: String..., value: Double = 1) {
        for day in days { entries.append(HabitEntry(habitId: habit.id, dayKey: DayKey(day)!, timestampUtc: Timestamp(millis: 0), value: value)) }
    }

    mutating func skip(_ days: String...) {
        for day in days { entries.append(HabitEntry(habitId: habit.id, dayKey: DayKey(day)!, timestampUtc: Timestamp(millis: 0), kind: .skip, value: 0)) }
    }

    /// The series as of a day the clock is still inside, or (`over`) as of the same day once the
    /// clock has passed its end.
    func series(asOf: String, over: Bool = false) -> DaySeries {
        let day = DayKey(asOf)!
        return DaySeries(habit: habit, entries: entries, createdDay: created, asOf: day, today: over ? day.adding(days: 1) : day)
    }

    func metrics(asOf: String, over: Bool, weekStart: Weekday = .monday) -> HabitMetrics {
        HabitMetrics(series: series(asOf: asOf, over: over), weekStart: weekStart)
    }

    func streak(asOf: String, weekStart: Weekday = .monday) -> Streak { series(asOf: asOf).streak(weekStart: weekStart) }

    func rate(_ days: Int?, asOf: String, weekStart: Weekday = .monday) -> CompletionRate {
        series(asOf: asOf).completionRate(lastDays: days, weekStart: weekStart)
    }
}

@Suite struct StreakTests {
    @Test func todayNotYetLoggedDoesNotBreakTheStreak() {
        var h = History(created: "2026-11-01")
        h.log("2026-11-01", "2026-11-02", "2026-11-03", "2026-11-05", "2026-11-06", "2026-11-07", "2026-11-08", "2026-11-09")
        #expect(h.streak(asOf: "2026-11-10") == Streak(current: 5, best: 5, unit: .days))
        // A day later, the unlogged 10th is a finished day and breaks it.
        #expect(h.streak(asOf: "2026-11-11") == Streak(current: 0, best: 5, unit: .days))
        // As of the 4th (in the past), the gap on the 4th is "today".
        #expect(h.streak(asOf: "2026-11-04") == Streak(current: 3, best: 3, unit: .days))
    }

    @Test func skipDaysNeitherCountNorBreak() {
        var h = History(created: "2026-11-01")
        h.log("2026-11-01", "2026-11-02", "2026-11-04")
        h.skip("2026-11-03")
        #expect(h.streak(asOf: "2026-11-04").current == 3)
        h.skip("2026-11-05", "2026-11-06")
        #expect(h.streak(asOf: "2026-11-06").current == 3)
    }

    @Test func weekdayHabitsPassOverUnscheduledDays() {
        var h = History(.weekdays([.monday, .wednesday, .friday]), created: "2026-11-02")
        h.log("2026-11-02", "2026-11-04", "2026-11-06", "2026-11-09")
        h.log("2026-11-07")   // a Saturday run: welcome, but not an occurrence
        #expect(h.streak(asOf: "2026-11-10") == Streak(current: 4, best: 4, unit: .days))
        // Wednesday the 11th not done, and Friday the 13th is "today": the 11th breaks it.
        #expect(h.streak(asOf: "2026-11-13").current == 0)
    }

    /// An at-most day is within its limit only by a logged value (0 included); a finished day with
    /// nothing logged is missed, unless the habit counts such a day as none. The day still going
    /// on is never done yet, whatever was logged.
    @Test func atMostDaysWithNothingLoggedAreMissedUnlessTheHabitCountsThemAsNone() {
        var h = History(unit: .count, target: 2, direction: .atMost, created: "2026-11-01")
        h.log("2026-11-01", value: 1)
        h.log("2026-11-02", value: 3)
        h.log("2026-11-04", value: 0)
        h.log("2026-11-05", value: 2)
        // The 2nd is over the limit; the 3rd, unlogged, is missed; the 4th (0) is within; the 5th
        // is still going on: not done yet, and it breaks nothing.
        #expect(h.streak(asOf: "2026-11-05") == Streak(current: 1, best: 1, unit: .days))
        let series = h.series(asOf: "2026-11-05")
        #expect(series.state(at: 1) == .missed)
        #expect(series.state(at: 2) == .missed && !series.isCompleted(2))
        #expect(series.state(at: 3) == .done)
        #expect(series.state(at: 4) == .unknown && !series.isCompleted(4))
        let metrics = HabitMetrics(series: series, weekStart: .monday)
        #expect(metrics.rate7 == CompletionRate(completed: 2, expected: 4))
        // Once the 5th is over it is within the limit: 3 of 5.
        let over = HabitMetrics(series: h.series(asOf: "2026-11-05", over: true), weekStart: .monday)
        #expect(over.rate7 == CompletionRate(completed: 3, expected: 5))
        #expect(over.streak == Streak(current: 2, best: 2, unit: .days))
        // A person who logs only the slips: the 3rd counts as 0, within the limit (as Loop's score
        // counts it): the 3rd to the 5th done once the 5th is over.
        h.habit.unloggedMeansNone = true
        let slips = h.series(asOf: "2026-11-05", over: true)
        #expect(slips.state(at: 2) == .done && slips.isCompleted(2))
        #expect(HabitMetrics(series: slips, weekStart: .monday).rate7 == CompletionRate(completed: 4, expected: 5))
        #expect(h.streak(asOf: "2026-11-05") == Streak(current: 2, best: 2, unit: .days))   // the 5th still going on
        // Neither rule makes the day still going on a success.
        #expect(!h.series(asOf: "2026-11-06").isCompleted(5))
        #expect(h.series(asOf: "2026-11-06", over: true).isCompleted(5))
    }

    @Test func countHabitsNeedTheTarget() {
        var h = History(unit: .count, target: 8, created: "2026-11-01")
        h.log("2026-11-01", value: 8)
        h.log("2026-11-02", value: 5)
        h.log("2026-11-02", value: 3)   // two entries on one day add up
        h.log("2026-11-03", value: 7.5)
        #expect(h.streak(asOf: "2026-11-03") == Streak(current: 2, best: 2, unit: .days))
        #expect(h.streak(asOf: "2026-11-04").current == 0)
    }

    @Test func perWeekStreaksDependOnTheWeekStart() {
        // Created on Sunday 2026-11-01; three per week.
        var h = History(.perWeek(3), created: "2026-11-01")
        h.log("2026-11-01", "2026-11-02", "2026-11-03", "2026-11-08")
        // Monday weeks: [Sun 1st] owes one (done), [2nd–8th] three (done), [9th–] in progress.
        #expect(h.streak(asOf: "2026-11-14", weekStart: .monday) == Streak(current: 2, best: 2, unit: .weeks))
        // Sunday weeks: [1st–7th] three (done), [8th–14th] in progress with one.
        #expect(h.streak(asOf: "2026-11-14", weekStart: .sunday) == Streak(current: 1, best: 1, unit: .weeks))
        // Once the Sunday week ends short, it breaks.
        #expect(h.streak(asOf: "2026-11-15", weekStart: .sunday) == Streak(current: 0, best: 1, unit: .weeks))
        #expect(h.rate(nil, asOf: "2026-11-14", weekStart: .monday) == CompletionRate(completed: 4, expected: 4))
        #expect(h.rate(nil, asOf: "2026-11-15", weekStart: .sunday) == CompletionRate(completed: 4, expected: 6))
    }

    @Test func perMonthStreaksAcrossALeapFebruary() {
        var h = History(.perMonth(2), created: "2024-02-01")
        h.log("2024-02-28", "2024-02-29", "2024-03-31")
        #expect(h.streak(asOf: "2024-02-29") == Streak(current: 1, best: 1, unit: .months))
        #expect(h.streak(asOf: "2024-03-31") == Streak(current: 1, best: 1, unit: .months))   // March in progress
        #expect(h.streak(asOf: "2024-04-10") == Streak(current: 0, best: 1, unit: .months))
        #expect(h.rate(nil, asOf: "2024-04-10") == CompletionRate(completed: 3, expected: 4))
    }

    @Test func aHabitCreatedTodayHasNothingYet() {
        let h = History(created: "2026-11-22")
        let metrics = HabitMetrics(series: h.series(asOf: "2026-11-22"), weekStart: .monday)
        #expect(metrics.streak == Streak(current: 0, best: 0, unit: .days))
        #expect(metrics.rate30.value == nil)
        #expect(metrics.score == 0)
        #expect(metrics.todayState == .unknown)
        // As of a day before it existed, the series is empty.
        #expect(h.series(asOf: "2026-11-21").count == 0)
    }
}

@Suite struct CompletionRateTests {
    @Test func windowsAreClampedToTheCreationDay() {
        var h = History(created: "2026-11-05")
        h.log("2026-11-05", "2026-11-06", "2026-11-08")
        // 30-day window, but the habit is 5 days old; the 9th is today, not yet done.
        #expect(h.rate(30, asOf: "2026-11-09") == CompletionRate(completed: 3, expected: 4))
        #expect(h.rate(7, asOf: "2026-11-09") == h.rate(nil, asOf: "2026-11-09"))
        h.log("2026-11-09")
        #expect(h.rate(30, asOf: "2026-11-09") == CompletionRate(completed: 4, expected: 5))
    }

    @Test func skipDaysLeaveTheExpectation() {
        var h = History(created: "2026-11-01")
        h.log("2026-11-01", "2026-11-02")
        h.skip("2026-11-03", "2026-11-04")
        h.log("2026-11-05")
        #expect(h.rate(7, asOf: "2026-11-06") == CompletionRate(completed: 3, expected: 3))
    }

    @Test func weekdayHabitsExpectOnlyTheirDays() {
        var h = History(.weekdays([.monday, .wednesday, .friday]), created: "2026-11-02")
        h.log("2026-11-02", "2026-11-06")
        // Mon 2, Wed 4, Fri 6, Mon 9 were due by Tuesday the 10th.
        #expect(h.rate(30, asOf: "2026-11-10") == CompletionRate(completed: 2, expected: 4))
    }

    /// Loop's "2 times in 3 days": periods of 3 days counted from the habit's first day, whatever
    /// the week start.
    @Test func perDaysPeriodsStartOnTheHabitsFirstDay() {
        var h = History(.perDays(times: 2, period: 3), created: "2024-02-27")
        // Periods: [27th–29th] (a leap day), [1 Mar–3 Mar], [4 Mar–6 Mar], [7 Mar–].
        h.log("2024-02-27", "2024-02-29", "2024-03-02", "2024-03-03", "2024-03-04")
        let periods = h.series(asOf: "2024-03-07").periods(weekStart: .monday)
        #expect(periods.map(\.first.description) == ["2024-02-27", "2024-03-01", "2024-03-04", "2024-03-07"])
        #expect(periods.map(\.completed) == [2, 2, 1, 0])
        for weekStart in [Weekday.monday, .sunday] {
            // On the 6th the third period is still going on; once it has ended short, it breaks.
            #expect(h.streak(asOf: "2024-03-06", weekStart: weekStart) == Streak(current: 2, best: 2, unit: .periods))
            #expect(h.streak(asOf: "2024-03-07", weekStart: weekStart) == Streak(current: 0, best: 2, unit: .periods))
        }
        // On the 6th the third period (1 of 2 so far) is in progress and unmet: it is not rated yet.
        #expect(h.rate(nil, asOf: "2024-03-06") == CompletionRate(completed: 4, expected: 4))
        #expect(h.rate(nil, asOf: "2024-03-07") == CompletionRate(completed: 5, expected: 6))
        #expect(StrengthScore.ratio(of: .perDays(times: 2, period: 3)) == (2, 3))
    }

    @Test func periodWindowsCountPeriodsThatAreOverAndTheOneInProgressOnceMet() {
        var h = History(.perWeek(2), created: "2026-10-01")
        h.log("2026-11-02", "2026-11-03", "2026-11-10", "2026-11-18")
        // 7 days to Wednesday the 18th: only the week in progress (Mon 16th–), 1 of 2 so far: not
        // rated until it has its two.
        #expect(h.rate(7, asOf: "2026-11-18") == CompletionRate(completed: 0, expected: 0))
        // 30 days (from Oct 20th): the weeks of Oct 26th (0/2), Nov 2nd (2/2), Nov 9th (1/2).
        #expect(h.rate(30, asOf: "2026-11-18") == CompletionRate(completed: 3, expected: 6))
        // Once the week in progress has its two it counts whole, and stays so when it ends.
        h.log("2026-11-19")
        #expect(h.rate(30, asOf: "2026-11-19") == CompletionRate(completed: 5, expected: 8))
        #expect(h.rate(30, asOf: "2026-11-22") == CompletionRate(completed: 5, expected: 8))
        #expect(h.rate(30, asOf: "2026-11-23") == CompletionRate(completed: 5, expected: 8))
    }

    @Test func aDSTChangeDoesNotMoveTheCreationDay() throws {
        let berlin = StoreCalendar(timeZone: TimeZone(identifier: "Europe/Berlin")!, weekStart: .monday)
        // Created at 00:30 local on 2026-03-29 (still CET, 23:30 UTC the day before).
        let habit = Habit(name: "H", createdAt: Timestamp(iso8601: "2026-03-28T23:30:00Z")!)
        let snapshot = StoreSnapshot(settings: Settings(timeZone: "Europe/Berlin"), calendar: berlin, habits: [habit],
                                     facts: [habit.id.description: [DayFact(day: DayKey("2026-03-29")!, kind: .check, value: 1),
                                                                     DayFact(day: DayKey("2026-03-30")!, kind: .check, value: 1)]])
        let series = snapshot.series(of: habit, asOf: DayKey("2026-03-30")!, today: DayKey("2026-03-30")!)
        #expect(series.start == DayKey("2026-03-29"))
        #expect(series.streak(weekStart: .monday).current == 2)
    }
}

@Suite struct DailyOverviewTests {
    @Test func perfectDaysNeedEveryDueActiveHabit() {
        var daily = History(created: "2026-11-01")
        daily.log("2026-11-01", "2026-11-02", "2026-11-03")
        var mwf = History(.weekdays([.monday, .wednesday, .friday]), created: "2026-11-01")
        mwf.log("2026-11-02")
        var archived = History(created: "2026-11-01")
        archived.log("2026-11-01")
        let overview = DailyOverview(series: [(daily.series(asOf: "2026-11-04"), nil),
                                              (mwf.series(asOf: "2026-11-04"), nil),
                                              (archived.series(asOf: "2026-11-04"), DayKey("2026-11-02"))],
                                     asOf: DayKey("2026-11-04")!, weekStart: .monday)
        let counts = { (day: String) in overview.day(DayKey(day)!).map { [$0.due, $0.done] } }
        #expect(counts("2026-11-01") == [2, 2])   // Sunday: daily + archived
        #expect(counts("2026-11-02") == [2, 2])   // Monday: daily + mwf
        #expect(counts("2026-11-03") == [1, 1])   // Tuesday: daily only
        #expect(counts("2026-11-04") == [2, 0])
        #expect(overview.perfectDays == 3)
    }

    /// Habitat's impact scoring: the weight of the due habits done ÷ the weight of the due habits.
    @Test func theWeightedScoreWeighsTheDueHabits() {
        var run = History(created: "2026-11-01")
        run.habit.weight = 3
        run.log("2026-11-02", "2026-11-03")
        var read = History(created: "2026-11-01")
        read.log("2026-11-01", "2026-11-03")
        var mwf = History(.weekdays([.monday]), created: "2026-11-01")
        mwf.habit.weight = 6
        let overview = DailyOverview(series: [(run.series(asOf: "2026-11-03"), nil), (read.series(asOf: "2026-11-03"), nil),
                                              (mwf.series(asOf: "2026-11-03"), nil)],
                                     asOf: DayKey("2026-11-03")!, weekStart: .monday)
        let score = { (day: String) in overview.day(DayKey(day)!)?.weightedScore }
        #expect(score("2026-11-01") == 0.25)        // Sunday: read (1) of run (3) + read (1)
        #expect(score("2026-11-02") == 0.3)         // Monday: run (3) of 3 + 1 + 6 — not due today is not counted
        #expect(score("2026-11-03") == 1)
        #expect(overview.day(DayKey("2026-11-02")!)?.share == 1.0 / 3)
    }
}

@Suite struct ReductionTests {
    /// Seed 001's habit breaking: the mean of the logged days of the last 28 days against the
    /// baseline, and per week (Monday weeks here).
    @Test func theReductionIsTheLoggedDaysMeanAgainstTheBaseline() throws {
        var h = History(unit: .count, target: 2, direction: .atMost, created: "2026-11-01")
        h.habit.baseline = 10
        h.log("2026-11-02", value: 6)                       // week of Mon 2 Nov
        h.log("2026-11-09", "2026-11-10", value: 2)         // week of 9 Nov
        h.log("2026-11-11", value: 1)
        h.skip("2026-11-12")
        // The 11th, still going on, is logged within the target: its value counts, whatever the day's outcome.
        let r = try #require(h.series(asOf: "2026-11-11").reduction(weekStart: .monday))
        #expect(r.daysLogged == 4 && r.daysWithinTarget == 3)
        #expect(r.averagePerDay == 11.0 / 4 && r.reduction == (10 - 11.0 / 4) / 10)
        #expect(r.weeks.map(\.start.description) == ["2026-11-01", "2026-11-02", "2026-11-09"])
        #expect(r.weeks.map(\.averagePerDay) == [nil, 6, 5.0 / 3])
        #expect(r.weeks.map(\.daysWithinTarget) == [0, 0, 3])
        // Without a baseline, or for an at-least habit, there is no reduction.
        h.habit.baseline = nil
        #expect(h.series(asOf: "2026-11-11").reduction(weekStart: .monday) == nil)
    }
}

@Suite struct ExperienceTests {
    /// The sample store's habits' series as of 2026-11-20.
    static func sampleSeries(habits: Int, years: Int, seed: UInt64) throws -> [DaySeries] {
        let sample = SampleHistory.generate(habits: habits, years: years, seed: seed)
        let calendar = try StoreCalendar(settings: sample.settings)
        return sample.habits.map { habit in
            DaySeries(habit: habit, entries: sample.habitEntries.filter { $0.habitId == habit.id },
                      createdDay: calendar.dayKey(for: habit.createdAt), asOf: DayKey("2026-11-20")!, today: DayKey("2026-11-20")!)
        }
    }

    @Test func levelsStartAt300XPAndEachTakesMore() {
        #expect(Experience.level(of: 0) == (1, 0, 300))
        #expect(Experience.level(of: 299) == (1, 299, 300))
        #expect(Experience.level(of: 300) == (2, 0, 600))
        #expect(Experience.level(of: 900) == (3, 0, 900))
        #expect(Experience.level(of: 1_250) == (3, 350, 900))
        #expect(Experience.level(of: 1_800) == (4, 0, 1_200))
    }

    /// Perfect days earn 50 XP each; a 7-day streak is earned on its seventh day; un-logging a
    /// day takes its XP (and an achievement) away with nothing to revoke.
    @Test func xpAndAchievementsComeFromTheEntries() {
        var run = History(created: "2026-11-02")    // a Monday
        run.log("2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05", "2026-11-06", "2026-11-07", "2026-11-08")
        var mwf = History(.weekdays([.monday, .wednesday, .friday]), created: "2026-11-02")
        mwf.log("2026-11-02", "2026-11-04", "2026-11-06")
        func progress(_ histories: [History], asOf: String) -> Experience {
            let series = histories.map { $0.series(asOf: asOf) }
            let overview = DailyOverview(series: series.map { ($0, nil) }, asOf: DayKey(asOf)!, weekStart: .monday)
            return Experience(overview: overview, series: series, weekStart: .monday)
        }
        let p = progress([run, mwf], asOf: "2026-11-09")
        #expect(p.xp == 7 * 50 && p.level == 2 && p.xpIntoLevel == 50)
        #expect(p.achievements.map(\.key) == ["perfect-week", "streak-7"])
        #expect(p.achievements.map(\.day.description) == ["2026-11-08", "2026-11-08"])
        run.entries.removeAll { $0.dayKey == DayKey("2026-11-05")! }   // un-logged: the streak and the week break
        let after = progress([run, mwf], asOf: "2026-11-09")
        #expect(after.xp == 6 * 50 && after.achievements.isEmpty)
    }

    /// The 100th and 1,000th check-ins are earned on the day of that check-in, counting every
    /// habit's checked days: the same days as sorting them all gives.
    @Test(arguments: [4, 5] as [UInt64])
    func checkInMilestonesFallOnTheDayOfThatCheckIn(seed: UInt64) throws {
        let asOf = DayKey("2026-11-20")!
        let series = try Self.sampleSeries(habits: 6, years: 2, seed: seed)
        let overview = DailyOverview(series: series.map { ($0, nil) }, asOf: asOf, weekStart: .monday)
        let progress = Experience(overview: overview, series: series, weekStart: .monday)
        var days: [Int] = []
        for s in series { for i in 0..<s.count where s.logged[i] { days.append(s.start.ordinal + i) } }
        days.sort()
        for milestone in Experience.checkinMilestones {
            let earned = progress.achievements.first { $0.key == "checkins-\(milestone)" }
            #expect(earned?.day == (days.count >= milestone ? DayKey(ordinal: days[milestone - 1]) : nil), "\(milestone)")
        }
        #expect(days.count >= 1_000)
    }

    /// The overview counted from a day (the dashboard's categories count only the as-of day) has
    /// the whole history's counts on that day and after, for every kind of habit: a period begun
    /// before that day is counted from its start.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func anOverviewFromADayHasTheWholeOverviewsCounts(seed: UInt64) throws {
        let asOf = DayKey("2026-11-20")!
        let series = try Self.sampleSeries(habits: 12, years: 2, seed: seed)
        #expect(series.contains { $0.periodRule != nil })
        let archived = series.map { (series: $0, archivedDay: $0.habit.name.count % 4 == 0 ? DayKey("2026-10-03") : nil) }
        for weekStart in [Weekday.monday, .sunday] {
            let whole = DailyOverview(series: archived, asOf: asOf, weekStart: weekStart)
            for from in ["2026-11-20", "2026-11-18", "2026-10-01", "2026-02-29", "2000-01-01"].compactMap(DayKey.init) {
                let part = DailyOverview(series: archived, asOf: asOf, weekStart: weekStart, from: from)
                #expect(part.first == max(from, whole.first))
                var day = part.first
                while day <= asOf {
                    #expect(part.day(day) == whole.day(day), "\(day) from \(from)")
                    day = day.adding(days: 1)
                }
                #expect(part.day(part.first.adding(days: -1)) == nil)
            }
        }
    }

    /// The days a habit's streak first reached 7, 30, 100 and 365 days, found in one pass, are
    /// those of a walk that counts the streak day by day.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func streakAchievementsFallOnTheDayTheStreakReachedThem(seed: UInt64) throws {
        for s in try Self.sampleSeries(habits: 12, years: 3, seed: seed) {
            var expected = [DayKey?](repeating: nil, count: Experience.streakMilestones.count), run = 0
            if s.periodRule == nil {
                for i in 0..<s.count where !s.skipped[i] && s.habit.frequency.isScheduled(s.day(at: i)) {
                    run = s.isCompleted(i) ? run + 1 : 0
                    if let index = Experience.streakMilestones.firstIndex(of: run), expected[index] == nil { expected[index] = s.day(at: i) }
                }
            }
            #expect(s.firstDaysOfStreaks(Experience.streakMilestones) == expected, "\(s.habit.name)")
        }
    }

    /// XP, levels, achievements, weighted scores and goal progress as of a day do not change when
    /// entries are written later for later days.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func derivedFiguresAsOfADayIgnoreLaterEntries(seed: UInt64) throws {
        let sample = SampleHistory.generate(habits: 10, years: 2, seed: seed)
        let calendar = try StoreCalendar(settings: sample.settings)
        let asOf = DayKey("2026-03-15")!
        func figures(_ entries: [HabitEntry]) -> (Experience, [Double?], [GoalProgress]) {
            let series = sample.habits.map { habit in
                DaySeries(habit: habit, entries: entries.filter { $0.habitId == habit.id }, createdDay: calendar.dayKey(for: habit.createdAt), asOf: asOf, today: asOf)
            }
            let overview = DailyOverview(series: series.map { ($0, nil) }, asOf: asOf, weekStart: .monday)
            let metrics = zip(sample.habits, series).map { (habit: $0, metrics: HabitMetrics(series: $1, weekStart: .monday)) }
            let goals = sample.goals.map { GoalProgress(goal: $0, metrics: metrics, asOf: asOf) }
            return (Experience(overview: overview, series: series, weekStart: .monday), overview.days.map(\.weightedScore), goals)
        }
        let full = figures(sample.habitEntries), cut = figures(sample.habitEntries.filter { $0.dayKey <= asOf })
        #expect(full.0 == cut.0 && full.1 == cut.1 && full.2 == cut.2)
    }
}

/// The sample store's history and a snapshot of it (its live entries as day facts).
func sampleSnapshot(habits: Int, years: Int, seed: UInt64) throws -> (StoreContents, StoreSnapshot) {
    let sample = SampleHistory.generate(habits: habits, years: years, seed: seed)
    var facts: [String: [DayFact]] = [:]
    for entry in sample.habitEntries where entry.deletedAt == nil {
        facts[entry.habitId.description, default: []].append(DayFact(day: entry.dayKey, kind: entry.kind, value: entry.value))
    }
    return (sample, StoreSnapshot(settings: sample.settings, calendar: try StoreCalendar(settings: sample.settings),
                                  habits: sample.habits, facts: facts))
}

@Suite struct OneWalkTests {
    /// The sample store's habits (daily, weekdays, per-week, per-month and per-days, at-least and
    /// at-most) as of days that end a week, a month and a year and that do not.
    static func series(seed: UInt64) throws -> [DaySeries] {
        let (sample, snapshot) = try sampleSnapshot(habits: 16, years: 3, seed: seed)
        let days = ["2026-11-20", "2025-12-31", "2026-02-28", "2026-03-01", "2024-02-29", "2026-11-22"].map { DayKey($0)! }
        // Each as of a day still going on and as of the same day once it is over.
        return sample.habits.flatMap { habit in
            days.flatMap { [snapshot.series(of: habit, asOf: $0, today: $0), snapshot.series(of: habit, asOf: $0, today: $0.adding(days: 1))] }
        }
    }

    /// Weeks, months and years added up together are each unit's own totals.
    @Test(arguments: [1, 2] as [UInt64])
    func totalsOfSeveralUnitsAtOnceAreEachUnitsTotals(seed: UInt64) throws {
        let all = try Self.series(seed: seed)
        #expect(all.contains { $0.periodRule != nil } && all.contains { $0.periodRule == nil })
        for series in all {
            for weekStart in [Weekday.monday, .sunday] {
                let together = series.calendarTotals([.week, .month, .year], weekStart: weekStart)
                let alone = CalendarUnit.allCases.map { unit in calendarTotalsByPeriod(series, unit, weekStart: weekStart) }
                #expect(together == alone, "\(series.habit.name) as of \(series.asOf), weeks from \(weekStart)")
            }
        }
    }

    /// The metrics from one fold of the days (`DayFold`) are the figures each pass of its own
    /// gives: the streak and its milestones (a walk of the streak's steps), the all-time rate,
    /// the sum, the completed days per weekday, the achievements' streak days.
    @Test(arguments: [1, 2] as [UInt64])
    func metricsFromOneFoldAreEachOnItsOwn(seed: UInt64) throws {
        for series in try Self.series(seed: seed) {
            let both = HabitMetrics.computed(series: series, weekStart: .monday)
            let name = "\(series.habit.name) as of \(series.asOf)"
            #expect(both.metrics == HabitMetrics(series: series, weekStart: .monday), "\(name)")
            #expect(both.metrics.streak == series.streak(weekStart: .monday), "\(name)")
            #expect(both.metrics.rateAll == series.completionRate(lastDays: nil, weekStart: .monday), "\(name)")
            #expect(both.metrics.totalValue == series.values.reduce(0, +), "\(name)")
            #expect(both.metrics.completedByWeekday == Weekday.allCases.map { weekday in
                (0..<series.count).filter { series.isCompleted($0) && series.day(at: $0).weekday == weekday }.count
            }, "\(name)")
            #expect(both.scores == series.strengthScores() && both.metrics.score == (both.scores.last ?? 0), "\(name)")
            #expect(both.milestones.map { "\($0.day) \($0.length) \($0.unit)" }
                    == series.streakMilestones(weekStart: .monday).map { "\($0.day) \($0.length) \($0.unit)" }, "\(name)")
            #expect(both.streakDays == series.firstDaysOfStreaks(Experience.streakMilestones), "\(name)")
        }
    }

    /// One unit's totals as the rules say, period by period: the days of each calendar period
    /// added up on their own (the reference the one walk is held to).
    func calendarTotalsByPeriod(_ series: DaySeries, _ unit: CalendarUnit, weekStart: Weekday) -> [CalendarTotal] {
        guard series.count > 0 else { return [] }
        var totals: [CalendarTotal] = []
        var first = unit.start(of: series.start, weekStart: weekStart)
        while first <= series.asOf {
            let next = unit.next(after: first)
            var total = CalendarTotal(unit: unit, first: first, daysDone: 0, done: 0, due: 0, value: 0,
                                      inProgress: !series.isOver(next.adding(days: -1)))
            for i in 0..<series.count where series.day(at: i) >= first && series.day(at: i) < next {
                total.value += series.values[i]
                let completed = series.isCompleted(i)
                if completed { total.daysDone += 1 }
                guard series.periodRule == nil, !series.skipped[i], series.habit.frequency.isScheduled(series.day(at: i)) else { continue }
                if completed { total.done += 1; total.due += 1 } else if i != series.inProgressIndex { total.due += 1 }
            }
            totals.append(total)
            first = next
        }
        if let rule = series.periodRule {
            // A habit's period longer than the unit's (a month and a week; per-days over 7 days
            // and a week) owes the unit nothing: its done days count, in order, up to its times.
            let longer = rule.kind == .month ? unit == .week
                : rule.kind == .period && rule.length > (unit == .week ? 7 : unit == .month ? 28 : 365)
            let slot = { (day: DayKey) in totals.lastIndex { $0.first <= day }! }
            for period in series.periods(weekStart: weekStart) {
                // A period in progress counts only once met; until then the last calendar period
                // holds what it has so far.
                if period.inProgress && !period.succeeded && !longer {
                    totals[totals.count - 1].pendingDone = min(period.completed, period.required)
                    totals[totals.count - 1].pendingDue = period.required
                    continue
                }
                // Its done days, in order up to its times, count where they fall; what it still
                // owes is due where its last day (through the as-of day) falls.
                let done = (period.first.ordinal...period.last.ordinal).map(DayKey.init(ordinal:)).filter { day in
                    let i = series.start.days(to: day)
                    return !series.skipped[i] && series.isCompleted(i)
                }.prefix(period.required)
                for day in done {
                    totals[slot(day)].done += 1
                    if !longer { totals[slot(day)].due += 1 }
                }
                if !longer { totals[slot(period.last)].due += period.required - done.count }
            }
        }
        return totals
    }
}
