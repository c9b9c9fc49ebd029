import AlmanacDomain
import AlmanacWords

/// The strength score over time as an SVG line chart (0–100 %), with year gridlines.
public struct ScoreChartSVG: DrawnModel {
    public var start: DayKey
    /// The score as of each day from `start`.
    public var scores: [Double]
    public var title: String
    public var color: String
    public var words: SiteLanguage

    public init(start: DayKey, scores: [Double], title: String, color: String, words: SiteLanguage) {
        self.start = start; self.scores = scores; self.title = title; self.words = words
        self.color = HeatmapSVG.isColor(color) ? color : Habit.defaultColor
    }

    /// The percentages are written inside the plot, above their gridlines, so the plot takes the
    /// whole width. Drawn narrower than 480 px (a phone), the labels grow to stay readable (the
    /// chart's own media query) and only every third month keeps its label.
    static let width = 720, height = 190, left = 4, right = 4, top = 22, bottom = 26

    public func draw() -> [UInt8] { Array(render().utf8) }

    public func render() -> String {
        let w = Self.width, h = Self.height
        let plotW = Double(w - Self.left - Self.right), plotH = Double(h - Self.top - Self.bottom)
        let last = scores.last ?? 0
        let summary = scores.isEmpty ? words["noHistory"] :
            words["score.summary", ["from": words.mediumDay(start), "through": words.mediumDay(start.adding(days: scores.count - 1)),
                                    "now": words.percent(last), "best": words.percent(scores.max() ?? 0)]]
        var svg = LineChartFrame.open(width: w, height: h, title: title, summary: summary,
                                      marks: ".line{fill:none;stroke:\(color);stroke-width:1.5}\n.area{fill:\(color);fill-opacity:.12}")
        for percent in [0, 25, 50, 75, 100] {
            let y = Double(Self.top) + plotH * (1 - Double(percent) / 100)
            svg += LineChartFrame.gridline(y: y, label: words.percent(Double(percent) / 100), from: Self.left, to: w - Self.right)
        }
        guard scores.count > 0 else { return svg + "</svg>\n" }
        let span = max(1, scores.count - 1)
        func x(_ i: Int) -> Double { Double(Self.left) + plotW * Double(i) / Double(span) }
        func y(_ s: Double) -> Double { Double(Self.top) + plotH * (1 - s) }
        let monthly = scores.count >= 60 && scores.count < 730, crowded = scores.count > 240
        for (i, label) in timeTicks() {
            let minor = monthly && crowded && (start.adding(days: i).month - 1) % 3 != 0 ? " class=\"minor\"" : ""
            svg += "<line class=\"grid\" x1=\"\(fmt(x(i)))\" x2=\"\(fmt(x(i)))\" y1=\"\(Self.top)\" y2=\"\(h - Self.bottom)\"/>"
            // A label that would run past the chart's right edge ends at its line instead.
            let fits = x(i) + 2 + Double(label.count) * 6 <= Double(w)
            svg += fits ? "<text\(minor) x=\"\(fmt(x(i) + 2))\" y=\"\(h - 5)\">\(label)</text>\n"
                        : "<text\(minor) x=\"\(fmt(x(i) - 2))\" y=\"\(h - 5)\" text-anchor=\"end\">\(label)</text>\n"
        }
        // At most ~720 points: one per pixel column is all the eye can see.
        let step = max(1, scores.count / 720)
        var points: [UInt8] = []   // "x,y x,y …", as bytes: hundreds of points on every chart
        points.reserveCapacity(scores.count / step * 12 + 16)
        func point(_ i: Int, _ score: Double) {
            if !points.isEmpty { points.append(UInt8(ascii: " ")) }
            NumberText.append(x(i), digits: 1, to: &points)
            points.append(UInt8(ascii: ","))
            NumberText.append(y(score), digits: 1, to: &points)
        }
        var i = 0
        while i < scores.count {
            point(i, scores[i])
            i += step
        }
        if (scores.count - 1) % step != 0 { point(scores.count - 1, last) }
        let line = String(decoding: points, as: UTF8.self)
        svg += "<polygon class=\"area\" points=\"\(fmt(x(0))),\(fmt(y(0))) \(line) \(fmt(x(scores.count - 1))),\(fmt(y(0)))\"/>\n"
        svg += "<polyline class=\"line\" points=\"\(line)\"/>\n"
        return svg + "</svg>\n"
    }

    private func fmt(_ value: Double) -> String { NumberText.rounded(value, digits: 1) }

    /// Where the time axis is labelled, as day indexes: years for two years of history or more,
    /// months ("Jan 2026" for a January) for two months or more, else weeks ("16 Nov") — so a
    /// young habit's chart has a time axis too.
    func timeTicks() -> [(index: Int, label: String)] {
        var ticks: [(Int, String)] = []
        if scores.count >= 730 {
            var year = start.year + 1
            while let first = DayKey(year: year, month: 1, day: 1), start.days(to: first) < scores.count {
                ticks.append((start.days(to: first), "\(year)"))
                year += 1
            }
        } else if scores.count >= 60 {
            var month = start.firstOfMonth.adding(days: start.daysInMonth)
            while start.days(to: month) < scores.count {
                let name = words.monthAbbreviations[month.month - 1]
                ticks.append((start.days(to: month), month.month == 1 ? "\(name) \(month.year)" : name))
                month = month.adding(days: month.daysInMonth)
            }
        } else {
            var i = 0
            while i < scores.count {
                let day = start.adding(days: i)
                ticks.append((i, words.shortDay(day)))
                i += 7
            }
        }
        return ticks
    }
}
