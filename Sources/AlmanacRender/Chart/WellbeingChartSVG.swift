import AlmanacDomain
import AlmanacWords

/// One wellbeing metric over time as an SVG line chart: the mean rating of each week on the
/// metric's scale, a dot per rated week, the line broken where a week has no rating.
public struct WellbeingChartSVG: DrawnModel {
    public var trend: WellbeingTrend
    public var text: MetricText
    private var words: SiteLanguage { text.words }

    public init(trend: WellbeingTrend, text: MetricText) { self.trend = trend; self.text = text }

    static let width = 720, height = 170, left = 4, right = 8, top = 22, bottom = 26
    static let color = "#8250df"

    public var title: String { words["wellbeing.title", ["metric": Self.capitalized(trend.metric)]] }

    /// "3.5 of 5".
    static func value(_ mean: Double, scale: Double, words: SiteLanguage) -> String {
        words["ofScale", ["value": words.rounded(mean, digits: 1), "scale": words.number(scale)]]
    }

    static func capitalized(_ metric: String) -> String { metric.prefix(1).uppercased() + metric.dropFirst() }

    public var summary: String {
        let rated = trend.weeks.filter { $0.mean != nil }
        guard let first = trend.weeks.first, let latest = rated.last, let mean = latest.mean else { return words["noRatings"] }
        let all = rated.reduce(0.0) { $0 + $1.mean! } / Double(rated.count)
        return words["wellbeing.summary", ["from": words.mediumDay(first.first), "through": words.mediumDay(trend.weeks.last!.first),
                                           "latest": Self.value(mean, scale: trend.scaleMax, words: words), "latestWeek": words.mediumDay(latest.first),
                                           "average": Self.value(all, scale: trend.scaleMax, words: words)]]
    }

    public func draw() -> [UInt8] { Array(render().utf8) }

    public func render() -> String {
        let w = Self.width, h = Self.height, color = Self.color
        let plotW = Double(w - Self.left - Self.right), plotH = Double(h - Self.top - Self.bottom)
        var svg = LineChartFrame.open(width: w, height: h, title: title, summary: summary,
                                      marks: ".line{fill:none;stroke:\(color);stroke-width:1.5}.dot{fill:\(color)}",
                                      darkMarks: ".line{stroke:#a371f7}.dot{fill:#a371f7}")
        let scale = trend.scaleMax
        for level in Self.levels(scale) {
            let y = Double(Self.top) + plotH * (1 - level / scale)
            svg += LineChartFrame.gridline(y: y, label: words.rounded(level, digits: 1), from: Self.left, to: w - Self.right)
        }
        let weeks = trend.weeks
        guard !weeks.isEmpty else { return svg + "</svg>\n" }
        // Each week is drawn at its middle, so one week alone sits in the middle of the plot.
        func x(_ i: Int) -> Double { Double(Self.left) + plotW * (Double(i) + 0.5) / Double(weeks.count) }
        func y(_ mean: Double) -> Double { Double(Self.top) + plotH * (1 - mean / scale) }
        for (i, label, minor) in ticks() {
            let left = Double(Self.left) + plotW * Double(i) / Double(weeks.count)
            svg += "<line class=\"grid\" x1=\"\(fmt(left))\" x2=\"\(fmt(left))\" y1=\"\(Self.top)\" y2=\"\(h - Self.bottom)\"/>"
            svg += "<text\(minor ? " class=\"minor\"" : "") x=\"\(fmt(left + 2))\" y=\"\(h - 5)\">\(label)</text>\n"
        }
        // Runs of consecutive rated weeks are joined; a gap breaks the line.
        var run: [String] = []
        func closeRun() {
            if run.count > 1 { svg += "<polyline class=\"line\" points=\"\(run.joined(separator: " "))\"/>\n" }
            run = []
        }
        for (i, week) in weeks.enumerated() {
            guard let mean = week.mean else { closeRun(); continue }
            run.append("\(fmt(x(i))),\(fmt(y(mean)))")
        }
        closeRun()
        for (i, week) in weeks.enumerated() {
            guard let mean = week.mean else { continue }
            svg += "<circle class=\"dot\" cx=\"\(fmt(x(i)))\" cy=\"\(fmt(y(mean)))\" r=\"2.5\">"
            svg += "<title>" + XMLText.escape(words["wellbeing.week", ["week": words.mediumDay(week.first), "value": Self.value(mean, scale: scale, words: words),
                                                                      "ratings": text.count(week.ratings, "rating")]]) + "</title></circle>\n"
        }
        return svg + "</svg>\n"
    }

    /// The gridlines: from 0 to the scale in the smallest round step that gives at most six lines
    /// (every point of a 1–5 scale, every second of a 1–10 one), and the scale's top.
    static func levels(_ scale: Double) -> [Double] {
        var magnitude = 0.1
        while scale / (magnitude * 10) > 6 { magnitude *= 10 }
        let step = [1.0, 2, 2.5, 5, 10].map { $0 * magnitude }.first { scale / $0 <= 5 } ?? scale
        var levels = Array(stride(from: 0, to: scale - step / 4, by: step))
        levels.append(scale)
        return levels
    }

    private func fmt(_ value: Double) -> String { NumberText.rounded(value, digits: 1) }

    /// Where the time axis is labelled, as week indexes: the week each month starts in ("Jan 2026"
    /// for a January; over half a year, on a phone only every third month) for eight weeks or more, else every week
    /// by its first day ("16 Nov").
    func ticks() -> [(index: Int, label: String, minor: Bool)] {
        let names = words.monthAbbreviations
        return trend.weeks.enumerated().compactMap { i, week in
            guard trend.weeks.count >= 8 else { return (i, words.shortDay(week.first), false) }
            let last = week.first.adding(days: 6)
            guard week.first.day == 1 || last.month != week.first.month else { return nil }
            let month = last.firstOfMonth
            let name = names[month.month - 1]
            return (i, month.month == 1 ? "\(name) \(month.year)" : name, trend.weeks.count > 26 && (month.month - 1) % 3 != 0)
        }
    }
}
