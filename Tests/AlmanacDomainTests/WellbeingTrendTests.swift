import AlmanacDomain
import Testing

/// A wellbeing metric's weekly means: the journal page's charts and their tables.
@Suite struct WellbeingTrendTests {
    private func rating(_ metric: String, _ value: Double, of scale: Double = 5, on day: String, habit: EntityID? = nil,
                        deleted: Bool = false) -> WellbeingEntry {
        let stamp = Timestamp(millis: 0)
        return WellbeingEntry(dayKey: DayKey(day)!, timestampUtc: stamp, metric: metric, value: value, scaleMax: scale,
                              habitId: habit, deletedAt: deleted ? stamp : nil)
    }

    private func weeks(_ trend: WellbeingTrend) -> [String] {
        trend.weeks.map { "\($0.first) \($0.ratings) \($0.mean.map { NumberText.rounded($0, digits: 2) } ?? "-")" }
    }

    @Test func eachWeekIsTheMeanOfItsRatingsOnTheLargestScale() {
        let ratings = [
            rating("mood", 6, of: 10, on: "2026-11-03"),
            rating("mood", 4, on: "2026-11-16"), rating("mood", 2, on: "2026-11-22"),   // Mon and Sun of one week: 8 and 4 of 10
            rating("mood", 1, on: "2026-11-23"),                                        // after the as-of day
            rating("mood", 5, on: "2026-11-17", deleted: true),
            rating("difficulty", 7, of: 10, on: "2026-11-17", habit: EntityID()),      // a habit's, not a day's
            rating("energy", 3, on: "2026-11-20"),
        ]
        let trends = WellbeingTrend.trends(ratings, through: DayKey("2026-11-22")!, weekStart: .monday)
        #expect(trends.map(\.metric) == ["energy", "mood"])
        #expect(trends[1].scaleMax == 10)
        #expect(weeks(trends[1]) == ["2026-11-02 1 6", "2026-11-09 0 -", "2026-11-16 2 6"])
        #expect(weeks(trends[0]) == ["2026-11-16 1 3"])
    }

    @Test func weeksFollowTheStoresWeekStart() {
        // Sunday-first weeks: Sun 22 Nov starts a new week, so the two ratings fall apart.
        let ratings = [rating("mood", 4, on: "2026-11-16"), rating("mood", 2, on: "2026-11-22")]
        let trend = WellbeingTrend.trends(ratings, through: DayKey("2026-11-24")!, weekStart: .sunday)[0]
        #expect(weeks(trend) == ["2026-11-15 1 4", "2026-11-22 1 2"])
    }

    @Test func onlyTheLastYearIsCharted() {
        // 52 weeks through the as-of week: a rating in the 53rd week back is out, and a metric
        // with nothing newer gets no chart.
        let asOf = DayKey("2026-11-24")!   // a Tuesday; its week starts on 23 Nov
        let ratings = [rating("mood", 3, on: "2025-11-30"), rating("mood", 5, on: "2025-12-01"), rating("sleep", 4, on: "2025-11-24")]
        let trends = WellbeingTrend.trends(ratings, through: asOf, weekStart: .monday)
        #expect(trends.map(\.metric) == ["mood"])
        #expect(trends[0].weeks.count == 52)
        #expect(trends[0].weeks.first?.first == DayKey("2025-12-01"))
        #expect(trends[0].weeks.first?.mean == 5)
    }
}
