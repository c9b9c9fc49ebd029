import AlmanacDomain

/// What the site computes from one habit's day series and the week start alone: the habit's
/// metrics (its page, the dashboard, the goals) and the days its streaks reached a milestone
/// (the feed). Most of a report's derive step on a large store.
///
/// A pure function of those two inputs, so a report may keep the figures of a run beside the
/// site and take them again for a series whose canonical bytes are the same (`key`): the next
/// run computes only the figures of the habits whose series changed (docs/REPORTS.md).
public struct HabitFigures: Sendable, Equatable {
    public let metrics: HabitMetrics
    /// Every day a streak reached a milestone, oldest first (`DaySeries.streakMilestones`).
    public let milestones: [StreakMilestone]
    /// The first day the streak reached each of the achievements' lengths
    /// (`DaySeries.streakAchievementDays`).
    public let streakDays: [DayKey?]
    /// The strength score of every day of the series (`DaySeries.strengthScores`), which the
    /// metrics' score is the last of: at hand for the score chart when the figures were computed
    /// in this run; nil for figures read back from an earlier run (the chart then computes them).
    /// Not part of the figures' equality, nor kept: a by-product of computing them.
    public let scores: [Double]?
    /// The fold of the series' days before its as-of day (`DayFold`), when computed in this run:
    /// where the figures of a later day start. Not part of the figures' equality.
    public let settled: DayFold?

    /// - Parameter resuming: the fold of the days before an earlier as-of day of the same habit
    ///   and facts, which the figures start from when it can (`HabitMetrics.computed`).
    public init(series: DaySeries, weekStart: Weekday, resuming: consuming DayFold? = nil) {
        let computed = HabitMetrics.computed(series: series, weekStart: weekStart, resuming: resuming)
        metrics = computed.metrics
        milestones = computed.milestones
        streakDays = computed.streakDays
        scores = computed.scores
        settled = computed.settled
    }

    /// Figures as they were computed by an earlier run (read back from where it kept them).
    public init(metrics: HabitMetrics, milestones: [StreakMilestone], streakDays: [DayKey?]) {
        self.metrics = metrics; self.milestones = milestones; self.streakDays = streakDays; scores = nil; settled = nil
    }

    public static func == (lhs: HabitFigures, rhs: HabitFigures) -> Bool {
        lhs.metrics == rhs.metrics && lhs.milestones == rhs.milestones && lhs.streakDays == rhs.streakDays
    }

    /// The key of the figures of `series` under `weekStart`: the week start and a SHA-256 of the
    /// series' canonical bytes (`seriesDigest`). The build that computes them is not part of
    /// it: kept figures are only ever taken by the build that kept them.
    public static func key(seriesDigest: [UInt8], weekStart: Weekday) -> String {
        "\(weekStart.rawValue)/\(Hex.string(seriesDigest))"
    }

    /// A SHA-256 of the series' canonical bytes: the habit, its first and as-of days, and every
    /// day's value, check and skip.
    public static func digest(of series: DaySeries) throws -> [UInt8] {
        try CanonicalEncoding.sha256(of: series)
    }
}

/// Figures an earlier run computed, by key (`HabitFigures.key`), each read when it is asked for:
/// a report whose day series all changed (the next day) reads none of them, and a re-run reads
/// each on the core that makes its habit's part.
public struct KnownFigures: Sendable {
    /// The keys of the figures held.
    public let keys: Set<String>
    private let read: @Sendable (String) -> HabitFigures?

    /// - Parameter read: the figures of a key in `keys`, or nil when they cannot be read (they
    ///   are then computed).
    public init(keys: Set<String>, read: @escaping @Sendable (String) -> HabitFigures?) {
        self.keys = keys; self.read = read
    }

    /// Figures already at hand.
    public init(_ figures: [String: HabitFigures]) {
        self.init(keys: Set(figures.keys)) { figures[$0] }
    }

    public static let none = KnownFigures([:])

    public subscript(key: String) -> HabitFigures? { keys.contains(key) ? read(key) : nil }
}

/// Digests of day series (`HabitFigures.digest`) an earlier run computed, found by what a series
/// is made from — its habit and its as-of day, with what the caller knows of the habit's entries:
/// a report takes them for the habits whose entries did not change, instead of hashing every
/// series again. Never changes what the site shows: a digest is only ever the one the same series
/// gives.
public struct KnownSeriesDigests: Sendable {
    private let lookup: @Sendable (Habit, DayKey) -> [UInt8]?

    /// - Parameter lookup: the digest of the series of a habit as of a day, when known.
    public init(_ lookup: @escaping @Sendable (Habit, DayKey) -> [UInt8]?) { self.lookup = lookup }

    public static let none = KnownSeriesDigests { _, _ in nil }

    /// The digest of `series`: the one known for its habit and day, else computed from its bytes.
    public func digest(of series: DaySeries) throws -> [UInt8] {
        try known(series.habit, asOf: series.asOf) ?? HabitFigures.digest(of: series)
    }

    /// The digest known for the series of `habit` as of `day`, when an earlier run kept it.
    public func known(_ habit: Habit, asOf day: DayKey) -> [UInt8]? { lookup(habit, day) }
}

/// The folds of habits' days an earlier run kept (`DayFold`: the days before its as-of day), by
/// habit: the one returned for a habit is of the same habit and facts as the series the report
/// read (the keeper checks what they were made from), else none. A fold that cannot start a
/// series (`DayFold.canResume`) is not taken. Never changes what the site shows.
public struct KnownFolds: Sendable {
    private let lookup: @Sendable (Habit) -> DayFold?

    /// - Parameter lookup: the kept fold of a habit, when what it was made from is what the
    ///   habit's series is made from now.
    public init(_ lookup: @escaping @Sendable (Habit) -> DayFold?) { self.lookup = lookup }

    public static let none = KnownFolds { _ in nil }

    public func fold(of habit: Habit) -> DayFold? { lookup(habit) }
}
