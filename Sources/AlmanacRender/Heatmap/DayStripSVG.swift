import AlmanacDomain

/// A habit's last days as one row of cells, the picture of its line on the dashboard: the same
/// kinds and colours as its heatmaps (done, partly, missed, skipped, not due), a `<title>` per day
/// and the day counts as the picture's text.
public struct DayStripSVG: DrawnModel {
    public var days: [DayKey]
    public var cells: DayCells
    public var title: String
    public var summary: String
    public var color: String
    public var idPrefix: String

    /// The days a strip shows: `count` days ending with `last`.
    public static func days(endingWith last: DayKey, count: Int = 14) -> [DayKey] {
        (0..<count).map { last.adding(days: $0 - count + 1) }
    }

    static let cell = 12, pitch = 15

    public func draw() -> [UInt8] {
        let width = days.count * Self.pitch - (Self.pitch - Self.cell), height = Self.cell
        var out = Array(HeatmapSVG.opening(width: width, height: height, title: title, summary: summary,
                                           color: HeatmapSVG.isColor(color) ? color : Habit.defaultColor, hatch: "\(idPrefix)-hatch").utf8)
        for (index, (day, cell)) in zip(days, cells.cells).enumerated() {
            out.append("<rect x=\""); out.append(number: index * Self.pitch); out.append("\" y=\"0\" width=\"")
            out.append(number: Self.cell); out.append("\" height=\""); out.append(number: Self.cell)
            out.append("\" rx=\"2\" class=\""); out.append(contentsOf: cell.kind.rawValue.utf8)
            out.append("\"><title>"); out.append(year: day.year, month: day.month, day: day.day)
            if !cell.label.isEmpty { out.append(" · "); out.append(escaped: cell.label) }
            out.append("</title></rect>\n")
        }
        out.append("</svg>\n")
        return out
    }

    public func render() -> String { String(decoding: draw(), as: UTF8.self) }
}
