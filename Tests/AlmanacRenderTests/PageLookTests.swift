@testable import AlmanacRender
import AlmanacDomain
import Foundation
import Testing

/// What a reader sees that no golden file pins down: colours that do not collide, labels that
/// stay inside their chart, long names that break with a hyphen, the grid of the last 12 months.
@Suite struct PageLookTests {
    /// The hue of `#RRGGBB` in degrees, and its saturation (HSV).
    static func hue(_ hex: String) -> (hue: Double, saturation: Double) {
        let value = Int(hex.dropFirst(), radix: 16)!
        let r = Double(value >> 16 & 0xFF) / 255, g = Double(value >> 8 & 0xFF) / 255, b = Double(value & 0xFF) / 255
        let high = max(r, g, b), low = min(r, g, b), d = high - low
        guard d > 0 else { return (0, 0) }
        var h: Double
        if high == r { h = 60 * ((g - b) / d) } else if high == g { h = 60 * ((b - r) / d + 2) } else { h = 60 * ((r - g) / d + 4) }
        if h < 0 { h += 360 }
        return (h, d / high)
    }

    /// No habit colour reads as the red of a day over an at-most limit, in light or dark: every one
    /// is saturated (not the grey of a day with nothing) and at least 20° of hue from both reds.
    @Test func habitColoursAreNotTheOverLimitRed() throws {
        let style = HeatmapSVG.defsAndStyle(color: "#2DA44E", hatch: "h")
        let reds = style.matches(of: /\.over\{fill:(#[0-9a-f]{6})\}/).map { String($0.1).uppercased() }
        #expect(reds == HabitPalette.overLimit)
        for color in HabitPalette.colors {
            let (h, saturation) = Self.hue(color)
            #expect(saturation > 0.5, "\(color)")
            for red in reds {
                let distance = abs(h - Self.hue(red).hue)
                #expect(min(distance, 360 - distance) >= 20, "\(color) is too close to \(red)")
            }
        }
        #expect(Set(HabitPalette.colors).count == HabitPalette.colors.count)
    }

    /// A label at the chart's right end ends at its gridline instead of running past the edge.
    @Test func theScoreChartsLastLabelStaysInside() throws {
        for days in [57, 64, 400, 760] {
            let chart = ScoreChartSVG(start: DayKey("2024-10-03")!, scores: Array(repeating: 0.5, count: days), title: "t", color: "#2DA44E", words: .english)
            let svg = chart.render()
            for text in svg.matches(of: /<text(?: class="minor")? x="([0-9.]+)" y="[0-9]+"( text-anchor="end")?>([^<]*)<\/text>/) {
                let x = Double(text.1)!, label = String(text.3)
                if text.2 == nil { #expect(x + Double(label.count) * 6 <= Double(ScoreChartSVG.width), "\(days) days: \(label) at \(x)") }
            }
        }
        // Eight weeks and a day: the last weekly tick is at the right edge.
        let svg = ScoreChartSVG(start: DayKey("2026-10-03")!, scores: Array(repeating: 0.5, count: 57), title: "t", color: "#2DA44E", words: .english).render()
        #expect(svg.contains(#"text-anchor="end">28 Nov</text>"#))
    }

    /// The dashboard's grid of the last 12 months: 53 weeks ending with the as-of day's, month
    /// labels across the new year.
    @Test func theLastTwelveMonthsRunAcrossTheNewYear() {
        let grid = HeatmapGrid(lastYearThrough: DayKey("2026-02-11")!, weekStart: .monday)
        #expect(grid.columns == 53 && grid.days.count == 53 * 7)
        #expect(grid.firstDay == DayKey("2025-02-10")! && grid.lastDay == DayKey("2026-02-15")!)
        #expect(grid.monthColumns.map(\.month) == [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 1, 2])
        #expect(grid.monthColumns.first!.column == 2 && grid.monthColumns.last!.column == 50)
        // A year's grid is as it was.
        #expect(HeatmapGrid(year: 2025, weekStart: .monday).monthColumns.map(\.month) == Array(1...12))
    }
}
