import AlmanacDomain
import AlmanacWords

/// One month as a calendar grid (the Habit Tracker app's monthly heatmap): days as cells in rows of weeks from
/// the store's week start, each with its day number, in the same colour levels and kinds as the
/// year heatmaps (done, missed, skipped, not due), with a `<title>` and `data-date`/`data-value`,
/// and a legend under it that names every kind of cell.
public struct MonthGridSVG: DrawnModel {
    public var month: DayKey
    public var weekStart: Weekday
    /// What each day of the month shows, in order.
    public var cells: DayCells
    public var title: String
    public var summary: String
    public var color: String
    public var idPrefix: String

    public init(month: DayKey, weekStart: Weekday, cells: DayCells, title: String, summary: String, color: String, idPrefix: String) {
        self.month = month.firstOfMonth; self.weekStart = weekStart; self.cells = cells; self.title = title
        self.summary = summary; self.color = HeatmapSVG.isColor(color) ? color : Habit.defaultColor; self.idPrefix = idPrefix
    }

    /// The days of the month a grid shows.
    public static func days(of month: DayKey) -> [DayKey] {
        let first = month.firstOfMonth
        return (0..<first.daysInMonth).map { first.adding(days: $0) }
    }

    static let cell = 34, pitch = 38, top = 16

    public func draw() -> [UInt8] {
        let cells = self.cells.cells
        let offset = month.weekday.position(weekStart: weekStart)
        let rows = (offset + cells.count + 6) / 7
        let width = 7 * Self.pitch, gridBottom = Self.top + rows * Self.pitch
        let legend = HeatmapSVG.wrappedLegend(legendItems, width: width, y: gridBottom + 6)
        let height = gridBottom + 6 + legend.height
        let hatch = "\(idPrefix)-hatch"
        // The missed mark in the lower right of a cell, clear of its day number.
        var out = Array(HeatmapSVG.opening(width: width, height: height, title: title, summary: summary, color: color, hatch: hatch,
            extra: ".n{font-size:10px;fill:#24292f}.l3+.n,.l4+.n,.over+.n{fill:#fff}@media (prefers-color-scheme: dark){.n{fill:#e6edf3}}",
            cross: "M.5 .5L.82 .82M.82 .5L.5 .82").utf8)
        func put(_ text: StaticString) { out.append(text) }
        func put(_ number: Int) { NumberText.append(Double(number), to: &out) }
        for column in 0..<7 {
            let weekday = Weekday.allCases[(weekStart.isoIndex + column) % 7]
            put("<text x=\""); put(column * Self.pitch + 2); put("\" y=\"10\">"); out.append(escaped: self.cells.words.weekdayShort(weekday)); put("</text>\n")
        }
        // The cells as bytes, as the year heatmaps' are.
        let days = Self.days(of: month)
        for (index, (day, cell)) in zip(days, cells).enumerated() {
            let slot = offset + index
            let x = (slot % 7) * Self.pitch, y = Self.top + (slot / 7) * Self.pitch
            put("<rect x=\""); put(x); put("\" y=\""); put(y)
            put("\" width=\""); put(Self.cell); put("\" height=\""); put(Self.cell)
            put("\" rx=\"4\" class=\""); out.append(contentsOf: cell.kind.rawValue.utf8)
            put("\" data-date=\""); out.append(year: day.year, month: day.month, day: day.day)
            put("\" data-value=\""); out.append(escaped: cell.value)
            put("\"><title>"); out.append(year: day.year, month: day.month, day: day.day)
            if !cell.label.isEmpty { put(" · "); out.append(escaped: cell.label) }
            put("</title></rect>")
            put("<text x=\""); put(x + 4); put("\" y=\""); put(y + 13); put("\" class=\"n\">"); put(day.day); put("</text>\n")
        }
        out.append(contentsOf: legend.markup.utf8)
        put("</svg>\n")
        return out
    }

    /// Every kind of cell the month shows, named under the grid in this order: done, partly done,
    /// missed, over the limit, nothing logged, skipped, not due, not tracked; for all habits, a
    /// perfect day, some done, none done and nothing due.
    var legendItems: [(kind: String, label: String)] {
        let words = cells.words, shown = Set(cells.cells.map(\.kind))
        let items: [(kinds: [HeatmapCell.Kind], item: (kind: String, label: String))] = cells.allHabits ? [
            ([.level4], ("l4", words["perfectDay"])), ([.level1, .level2, .level3], ("l2", words["legend.someDone"])),
            ([.level0], ("l0", words["legend.noneDone"])), ([.unscheduled], ("off", words["nothingDue"])),
        ] : [
            ([.level3, .level4], ("l3", words["done"])), ([.level1, .level2], ("l1", words["legend.partly"])),
            ([.missed], ("miss", words["missed"])), ([.over], ("over", words["overLimit"])), ([.level0], ("l0", words["nothingLogged"])),
            ([.skipped], ("skip", words["skipped"])), ([.unscheduled], ("off", words["notDue"])), ([.outside], ("out", words["notTracked"])),
        ]
        return items.filter { $0.kinds.contains(where: shown.contains) }.map(\.item)
    }

    public func render() -> String { String(decoding: draw(), as: UTF8.self) }
}
