import AlmanacDomain
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import AlmanacRender
import Testing

/// The journal page's wellbeing charts: their scale, their time axis, and what they say.
@Suite struct WellbeingChartTests {
    @Test func gridlinesFallOnRoundPointsOfTheScale() {
        #expect(WellbeingChartSVG.levels(5) == [0, 1, 2, 3, 4, 5])
        #expect(WellbeingChartSVG.levels(10) == [0, 2, 4, 6, 8, 10])
        #expect(WellbeingChartSVG.levels(7) == [0, 2, 4, 6, 7])
        #expect(WellbeingChartSVG.levels(100) == [0, 20, 40, 60, 80, 100])
        #expect(WellbeingChartSVG.levels(3) == [0, 1, 2, 3])
    }

    private func trend(from first: String, weeks: Int, rated: [Int: Double]) -> WellbeingTrend {
        let start = DayKey(first)!
        return WellbeingTrend(metric: "mood", scaleMax: 5, weeks: (0..<weeks).map { i in
            WellbeingTrend.Week(first: start.adding(days: 7 * i), ratings: rated[i] == nil ? 0 : 1, mean: rated[i])
        })
    }

    @Test func monthsAreLabelledAtTheWeekTheyStartIn() {
        // Mondays from 29 Dec 2025: January starts in the first week (named with its year),
        // February in the week of 26 Jan (index 4), March in the week of 23 Feb (index 8).
        let chart = WellbeingChartSVG(trend: trend(from: "2025-12-29", weeks: 12, rated: [0: 3]), text: .english)
        #expect(chart.ticks().map { "\($0.index) \($0.label)" } == ["0 Jan 2026", "4 Feb", "8 Mar"])
        // Under eight weeks, every week is labelled by its first day.
        let young = WellbeingChartSVG(trend: trend(from: "2026-11-09", weeks: 3, rated: [2: 4]), text: .english)
        #expect(young.ticks().map(\.label) == ["9 Nov", "16 Nov", "23 Nov"])
    }

    @Test func aGapBreaksTheLineAndEveryRatedWeekHasItsDot() throws {
        let chart = WellbeingChartSVG(trend: trend(from: "2026-10-05", weeks: 8, rated: [0: 3, 1: 4, 3: 2, 4: 2.5, 5: 5]), text: .english)
        let svg = chart.render()
        #expect(svg.components(separatedBy: "<polyline").count - 1 == 2)   // weeks 0–1 and 3–5; week 2 unrated, 6–7 unrated
        #expect(svg.components(separatedBy: "<circle").count - 1 == 5)
        #expect(svg.contains("<title>Week of 2 Nov 2026: 2.5 of 5 (1 rating)</title>"))
        #expect(chart.summary.contains("latest 5 of 5 (week of 9 Nov 2026)"))
        #expect(XMLParser(data: Data(svg.utf8)).parse())
    }
}
