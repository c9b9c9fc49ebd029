import AlmanacDomain
import AlmanacWords

/// How many days were done on each weekday, as an SVG bar chart in the store's week order.
public struct WeekdayChartSVG: DrawnModel {
    /// Completed days per weekday, Monday first (`HabitMetrics.completedByWeekday`).
    public var counts: [Int]
    public var weekStart: Weekday
    public var title: String
    public var color: String
    public var words: SiteLanguage

    public init(counts: [Int], weekStart: Weekday, title: String, color: String, words: SiteLanguage) {
        self.counts = counts; self.weekStart = weekStart; self.title = title; self.words = words
        self.color = HeatmapSVG.isColor(color) ? color : Habit.defaultColor
    }

    static let width = 360, height = 140, top = 16, bottom = 20, barWidth = 36, gap = 12

    public func draw() -> [UInt8] { Array(render().utf8) }

    public func render() -> String {
        let days = (0..<7).map { Weekday.allCases[(weekStart.isoIndex + $0) % 7] }
        let most = max(1, counts.max() ?? 0)
        let plot = Double(Self.height - Self.top - Self.bottom)
        let summary = days.map { "\(words.weekdayShort($0)) \(counts[$0.isoIndex])" }.joined(separator: ", ")
        var svg = BarChartFrame.open(width: Self.width, height: Self.height, title: title, summary: summary, color: color, fontSize: 10)
        let baseline = Self.height - Self.bottom
        for (i, day) in days.enumerated() {
            let count = counts[day.isoIndex]
            let x = Self.gap + i * (Self.barWidth + Self.gap)
            let h = Int((plot * Double(count) / Double(most)).rounded())
            let center = x + Self.barWidth / 2
            svg += "<rect class=\"bar\" x=\"\(x)\" y=\"\(baseline - h)\" width=\"\(Self.barWidth)\" height=\"\(h)\" rx=\"2\">"
            let name = XMLText.escape(words.weekdayShort(day))
            svg += "<title>\(name): \(XMLText.escape(words.count(count, "daysDone")))</title></rect>\n"
            svg += "<text x=\"\(center)\" y=\"\(baseline - h - 4)\">\(count)</text>"
            svg += "<text x=\"\(center)\" y=\"\(Self.height - 6)\">\(name)</text>\n"
        }
        return svg + BarChartFrame.close(width: Self.width, y: baseline, inset: Self.gap / 2)
    }
}
