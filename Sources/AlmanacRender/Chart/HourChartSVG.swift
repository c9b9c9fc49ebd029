import AlmanacDomain
import AlmanacWords

/// When in the day a habit is done (Habitat's tracked times): an SVG bar chart of checks per
/// local hour, 0 to 23.
public struct HourChartSVG: DrawnModel {
    /// Checks per hour, 24 counts.
    public var counts: [Int]
    public var title: String
    public var color: String
    public var words: SiteLanguage

    public init(counts: [Int], title: String, color: String, words: SiteLanguage) {
        self.words = words
        self.counts = counts.count == 24 ? counts : [Int](repeating: 0, count: 24)
        self.title = title
        self.color = HeatmapSVG.isColor(color) ? color : Habit.defaultColor
    }

    static let width = 384, height = 120, top = 14, bottom = 20, barWidth = 12, pitch = 15, left = 12

    public func draw() -> [UInt8] { Array(render().utf8) }

    public func render() -> String {
        let most = max(1, counts.max() ?? 0)
        let plot = Double(Self.height - Self.top - Self.bottom)
        let checks = words.count(counts.reduce(0, +), "hours.checks")
        let busiest = counts.enumerated().max { $0.element < $1.element }.flatMap { $0.element > 0 ? Self.hour($0.offset) : nil }
        let summary = busiest.map { words["hours.summaryBusiest", ["checks": checks, "hour": $0]] } ?? checks
        var svg = BarChartFrame.open(width: Self.width, height: Self.height, title: title, summary: summary, color: color, fontSize: 9)
        let baseline = Self.height - Self.bottom
        for (hour, count) in counts.enumerated() {
            let x = Self.left + hour * Self.pitch
            let h = Int((plot * Double(count) / Double(most)).rounded())
            svg += "<rect class=\"bar\" x=\"\(x)\" y=\"\(baseline - h)\" width=\"\(Self.barWidth)\" height=\"\(h)\" rx=\"1\" data-hour=\"\(hour)\" data-value=\"\(count)\">"
            svg += "<title>\(Self.hour(hour))–\(Self.hour((hour + 1) % 24)): \(XMLText.escape(words.count(count, "check")))</title></rect>\n"
            if hour % 3 == 0 { svg += "<text x=\"\(x + Self.barWidth / 2)\" y=\"\(Self.height - 6)\">\(Self.hour(hour))</text>\n" }
        }
        return svg + BarChartFrame.close(width: Self.width, y: baseline, inset: Self.left / 2)
    }

    /// "07:00".
    static func hour(_ hour: Int) -> String { (hour < 10 ? "0" : "") + "\(hour):00" }
}
