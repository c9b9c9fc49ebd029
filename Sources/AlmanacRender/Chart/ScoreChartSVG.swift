import AlmanacDomain

/// The strength score over time as an SVG line chart (0–100 %), with year gridlines.
public struct ScoreChartSVG {
    public var start: DayKey
    /// The score as of each day from `start`.
    public var scores: [Double]
    public var title: String
    public var color: String

    public init(start: DayKey, scores: [Double], title: String, color: String) {
        self.start = start; self.scores = scores; self.title = title
        self.color = HeatmapSVG.isColor(color) ? color : Habit.defaultColor
    }

    static let width = 720, height = 180, left = 36, right = 10, top = 10, bottom = 24

    public func render() -> String {
        let w = Self.width, h = Self.height
        let plotW = Double(w - Self.left - Self.right), plotH = Double(h - Self.top - Self.bottom)
        let last = scores.last ?? 0
        let summary = scores.isEmpty ? "No history yet." :
            "Strength score from \(start) to \(start.adding(days: scores.count - 1)): now \(Int((last * 100).rounded())) %, best \(Int(((scores.max() ?? 0) * 100).rounded())) %."
        var svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\(w)" height="\(h)" viewBox="0 0 \(w) \(h)" \
            role="img" aria-label="\(XMLText.escape("\(title): \(summary)"))">
            <title>\(XMLText.escape(title))</title>
            <desc>\(XMLText.escape(summary))</desc>
            <style type="text/css"><![CDATA[
            svg{color-scheme:light dark}text{font:9px system-ui,-apple-system,'Segoe UI',sans-serif;fill:#57606a}
            .grid{stroke:#d0d7de;stroke-width:.5}.line{fill:none;stroke:\(color);stroke-width:1.5}
            .area{fill:\(color);fill-opacity:.12}
            @media (prefers-color-scheme: dark){text{fill:#8b949e}.grid{stroke:#30363d}}
            ]]></style>

            """
        for percent in [0, 25, 50, 75, 100] {
            let y = Double(Self.top) + plotH * (1 - Double(percent) / 100)
            svg += "<line class=\"grid\" x1=\"\(Self.left)\" x2=\"\(w - Self.right)\" y1=\"\(fmt(y))\" y2=\"\(fmt(y))\"/>"
            svg += "<text x=\"2\" y=\"\(fmt(y + 3))\">\(percent) %</text>\n"
        }
        guard scores.count > 0 else { return svg + "</svg>\n" }
        let span = max(1, scores.count - 1)
        func x(_ i: Int) -> Double { Double(Self.left) + plotW * Double(i) / Double(span) }
        func y(_ s: Double) -> Double { Double(Self.top) + plotH * (1 - s) }
        // Year boundaries.
        var year = start.year + 1
        while let first = DayKey(year: year, month: 1, day: 1), start.days(to: first) < scores.count {
            let i = start.days(to: first)
            svg += "<line class=\"grid\" x1=\"\(fmt(x(i)))\" x2=\"\(fmt(x(i)))\" y1=\"\(Self.top)\" y2=\"\(h - Self.bottom)\"/>"
            svg += "<text x=\"\(fmt(x(i) + 2))\" y=\"\(h - 8)\">\(year)</text>\n"
            year += 1
        }
        // At most ~720 points: one per pixel column is all the eye can see.
        let step = max(1, scores.count / 720)
        var points: [String] = []
        var i = 0
        while i < scores.count {
            points.append("\(fmt(x(i))),\(fmt(y(scores[i])))")
            i += step
        }
        if (scores.count - 1) % step != 0 { points.append("\(fmt(x(scores.count - 1))),\(fmt(y(last)))") }
        let line = points.joined(separator: " ")
        svg += "<polygon class=\"area\" points=\"\(fmt(x(0))),\(fmt(y(0))) \(line) \(fmt(x(scores.count - 1))),\(fmt(y(0)))\"/>\n"
        svg += "<polyline class=\"line\" points=\"\(line)\"/>\n"
        return svg + "</svg>\n"
    }

    private func fmt(_ value: Double) -> String { NumberText.rounded(value, digits: 1) }
}
