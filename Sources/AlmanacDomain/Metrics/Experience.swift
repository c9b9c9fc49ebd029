/// XP, levels and achievements (Habitto), derived from the entries as of a day and never
/// stored: un-logging a day takes its XP away by itself, so nothing is granted or revoked.
///
/// - XP: every day on which every due habit was done (a perfect day of the daily overview)
///   earns 50 XP.
/// - Levels: level 1 at 0 XP; going from level L to L + 1 takes 300 × L XP (level 2 at 300 XP,
///   3 at 900, 4 at 1,800, 5 at 3,000).
/// - Achievements, each with the day it was earned: a 7, 30, 100 and 365-day streak of one habit
///   (day-counted habits: daily and weekdays), a first perfect week (a week from the store's
///   week start whose every day was perfect or had nothing due, with at least one perfect day),
///   and 100 and 1,000 check-ins (days with a check, over all habits).
public struct Experience: Sendable, Equatable, Codable {
    public struct Achievement: Sendable, Equatable, Codable {
        /// A stable key: `streak-7`, `perfect-week`, `checkins-1000`.
        public var key: String
        public var title: String
        public var day: DayKey
    }

    public static let xpPerPerfectDay = 50
    public static let firstLevelXP = 300
    public static let streakMilestones = [7, 30, 100, 365]
    public static let checkinMilestones = [100, 1_000]

    public var xp: Int
    public var level: Int
    /// XP gained since the current level began, and what the next level needs from there.
    public var xpIntoLevel: Int
    public var xpForNextLevel: Int
    /// Earned achievements, in the order they were earned.
    public var achievements: [Achievement]

    /// The level of an amount of XP, with the XP into it and what the next one takes.
    public static func level(of xp: Int) -> (level: Int, into: Int, next: Int) {
        var level = 1, floor = 0
        while xp >= floor + firstLevelXP * level { floor += firstLevelXP * level; level += 1 }
        return (level, xp - floor, firstLevelXP * level)
    }

    /// - Parameter series: every habit's series as of the overview's day.
    public init(overview: DailyOverview, series: [DaySeries], weekStart: Weekday) {
        self.init(overview: overview, series: series, streakDays: series.map(\.streakAchievementDays), weekStart: weekStart)
    }

    /// - Parameters:
    ///   - series: every habit's series as of the overview's day.
    ///   - streakDays: each series' `streakAchievementDays`, in the same order (worked out by the
    ///     caller, such as one series at a time on several cores).
    public init(overview: DailyOverview, series: [DaySeries], streakDays reached: [[DayKey?]], weekStart: Weekday) {
        precondition(reached.count == series.count, "one list of streak days per series")
        xp = overview.perfectDays * Self.xpPerPerfectDay
        (level, xpIntoLevel, xpForNextLevel) = Self.level(of: xp)
        var earned: [Achievement] = []
        for (index, milestone) in Self.streakMilestones.enumerated() {
            if let day = reached.compactMap({ $0[index] }).min() {
                earned.append(Achievement(key: "streak-\(milestone)", title: "\(milestone)-day streak", day: day))
            }
        }
        if let day = Self.firstPerfectWeek(overview, weekStart: weekStart) {
            earned.append(Achievement(key: "perfect-week", title: "First perfect week", day: day))
        }
        // The day of the n-th check-in: days with a check counted per day (no sort of them all).
        let first = series.filter { $0.count > 0 }.map(\.start.ordinal).min() ?? 0
        let last = series.filter { $0.count > 0 }.map { $0.start.ordinal + $0.count - 1 }.max() ?? -1
        var perDay = [Int](repeating: 0, count: max(0, last - first + 1))
        for s in series {
            let offset = s.start.ordinal - first
            s.logged.withUnsafeBufferPointer { logged in
                for i in 0..<logged.count where logged[i] { perDay[offset + i] += 1 }
            }
        }
        var milestones = Self.checkinMilestones[...], total = 0
        for (index, count) in perDay.enumerated() where count > 0 {
            total += count
            while let milestone = milestones.first, total >= milestone {
                earned.append(Achievement(key: "checkins-\(milestone)", title: "\(milestone.formattedWithSeparator) check-ins",
                                          day: DayKey(ordinal: first + index)))
                milestones = milestones.dropFirst()
            }
        }
        achievements = earned.sorted { ($0.day, $0.key) < ($1.day, $1.key) }
    }

    /// The last day of the first week in which every day was perfect or had nothing due.
    static func firstPerfectWeek(_ overview: DailyOverview, weekStart: Weekday) -> DayKey? {
        var start = overview.first.startOfWeek(weekStart)
        if start < overview.first { start = start.adding(days: 7) }
        while start.adding(days: 6) <= overview.asOf {
            let days = (0..<7).compactMap { overview.day(start.adding(days: $0)) }
            if days.count == 7, days.allSatisfy({ $0.due == 0 || $0.isPerfect }), days.contains(where: \.isPerfect) {
                return start.adding(days: 6)
            }
            start = start.adding(days: 7)
        }
        return nil
    }
}

extension DaySeries {
    /// For each of `Experience.streakMilestones`, the first day the series' streak reached it
    /// (`firstDaysOfStreaks`): what the streak achievements are earned from.
    public var streakAchievementDays: [DayKey?] { firstDaysOfStreaks(Experience.streakMilestones) }

    /// For each of `lengths`, the first day a day-counted habit's streak reached it (skipped and
    /// unscheduled days pass over, a missed due day breaks it); nil for per-period habits or
    /// never. One pass over the days.
    func firstDaysOfStreaks(_ lengths: [Int]) -> [DayKey?] {
        var days = [DayKey?](repeating: nil, count: lengths.count)
        guard periodRule == nil else { return days }
        var run = 0, left = lengths.count
        let shortest = lengths.min() ?? 0, longest = lengths.max() ?? 0
        forEachScheduledDay(in: 0..<count) { i, completed in
            guard left > 0 else { return }
            guard completed else { run = 0; return }
            run += 1
            guard run >= shortest, run <= longest else { return }
            for (index, length) in lengths.enumerated() where length == run && days[index] == nil {
                days[index] = day(at: i)
                left -= 1
            }
        }
        return days
    }
}

extension Int {
    /// "1,000".
    var formattedWithSeparator: String { NumberText.grouped(Double(self)) }
}
