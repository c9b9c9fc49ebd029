/// One wellbeing metric (mood, energy, sleep …) over time: the mean of its ratings in each of the
/// store's weeks, for the chart and table on the journal page.
///
/// Only day ratings count (a habit's difficulty rating belongs to that habit). A metric rated on
/// more than one scale is put on its largest one (3 of 5 counts as 6 of 10), so the means compare.
public struct WellbeingTrend: Sendable, Codable, Equatable {
    public var metric: String
    /// The largest scale the metric's ratings use: the top of the chart.
    public var scaleMax: Double
    /// Consecutive weeks, oldest first: from the first week with a rating within the window to the
    /// week of the as-of day.
    public var weeks: [Week]

    public init(metric: String, scaleMax: Double, weeks: [Week]) {
        self.metric = metric; self.scaleMax = scaleMax; self.weeks = weeks
    }

    public struct Week: Sendable, Codable, Equatable {
        /// The week's first day, by the store's week start.
        public var first: DayKey
        public var ratings: Int
        /// The mean rating on the metric's scale; nil for a week without one.
        public var mean: Double?

        public init(first: DayKey, ratings: Int, mean: Double?) {
            self.first = first; self.ratings = ratings; self.mean = mean
        }
    }

    /// The trend of every metric rated within the last `weekCount` weeks through `asOf`, by name.
    /// Deleted ratings and ratings after the as-of day are left out.
    public static func trends(_ ratings: [WellbeingEntry], through asOf: DayKey, weekStart: Weekday,
                              weekCount: Int = 52) -> [WellbeingTrend] {
        let lastWeek = asOf.startOfWeek(weekStart)
        let windowStart = lastWeek.adding(days: -7 * (weekCount - 1))
        var byMetric: [String: [WellbeingEntry]] = [:]
        for rating in ratings where rating.habitId == nil && rating.deletedAt == nil && rating.scaleMax > 0
            && rating.dayKey >= windowStart && rating.dayKey <= asOf {
            byMetric[rating.metric, default: []].append(rating)
        }
        return byMetric.keys.sorted().map { metric in
            let rated = byMetric[metric]!
            let scale = rated.map(\.scaleMax).max()!
            let first = rated.map(\.dayKey).min()!.startOfWeek(weekStart)
            var sums = [Double](repeating: 0, count: first.days(to: lastWeek) / 7 + 1)
            var counts = [Int](repeating: 0, count: sums.count)
            for rating in rated {
                let week = first.days(to: rating.dayKey) / 7
                sums[week] += rating.value * scale / rating.scaleMax
                counts[week] += 1
            }
            let weeks = sums.indices.map { i in
                Week(first: first.adding(days: 7 * i), ratings: counts[i], mean: counts[i] == 0 ? nil : sums[i] / Double(counts[i]))
            }
            return WellbeingTrend(metric: metric, scaleMax: scale, weeks: weeks)
        }
    }
}
