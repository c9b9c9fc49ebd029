import AlmanacDomain

/// What the site computes from one habit's day series and the week start alone: the habit's
/// metrics (its page, the dashboard, the goals) and the days its streaks reached a milestone
/// (the feed). Most of a report's derive step on a large store.
///
/// A pure function of those two inputs.
public struct HabitFigures: Sendable, Equatable {
    public let metrics: HabitMetrics
    /// Every day a streak reached a milestone, oldest first (`DaySeries.streakMilestones`).
    public let milestones: [StreakMilestone]
    /// The first day the streak reached each of the achievements' lengths
    /// (`DaySeries.streakAchievementDays`).
    public let streakDays: [DayKey?]
    /// The strength score of every day of the series (`DaySeries.strengthScores`), which the
    /// metrics' score is the last of: for the score chart.
    public let scores: [Double]

    public init(series: DaySeries, weekStart: Weekday) {
        let computed = HabitMetrics.computed(series: series, weekStart: weekStart)
        metrics = computed.metrics
        milestones = computed.milestones
        streakDays = computed.streakDays
        scores = computed.scores
    }
}
