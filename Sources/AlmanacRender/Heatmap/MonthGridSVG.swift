import AlmanacDomain

/// One month as a calendar grid (the Habit Tracker app's monthly heatmap): days as cells in rows of weeks from
/// the store's week start, each with its day number, in the same colour levels and kinds as the
/// year heatmaps (done, missed, skipped, not due), with a `<title>` and `data-date`/`data-value`.
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

    /// "November 2026".
    public static func title(of day: DayKey) -> String {
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                      "October", "November", "December"]
        return "\(months[day.month - 1]) \(day.year)"
    }

    static let cell = 34, pitch = 38, top = 16

    public func draw() -> [UInt8] { Array(render().utf8) }

    public func render() -> String {
        let cells = self.cells.cells()
        let offset = month.weekday.position(weekStart: weekStart)
        let rows = (offset + cells.count + 6) / 7
        let width = 7 * Self.pitch, height = Self.top + rows * Self.pitch
        let hatch = "\(idPrefix)-hatch"
        var svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\(width)" height="\(height)" \
            viewBox="0 0 \(width) \(height)" role="img" aria-label="\(XMLText.escape("\(title): \(summary)"))">
            <title>\(XMLText.escape(title))</title>
            <desc>\(XMLText.escape(summary))</desc>
            \(HeatmapSVG.defsAndStyle(color: color, hatch: hatch, extra: ".n{font-size:10px;fill:#24292f}.l3+.n,.l4+.n,.over+.n{fill:#fff}@media (prefers-color-scheme: dark){.n{fill:#e6edf3}}"))

            """
        for column in 0..<7 {
            let weekday = Weekday.allCases[(weekStart.isoIndex + column) % 7]
            svg += "<text x=\"\(column * Self.pitch + 2)\" y=\"10\">\(weekday.short.capitalized)</text>\n"
        }
        for (index, (day, cell)) in zip(Self.days(of: month), cells).enumerated() {
            let slot = offset + index
            let x = (slot % 7) * Self.pitch, y = Self.top + (slot / 7) * Self.pitch
            svg += "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(Self.cell)\" height=\"\(Self.cell)\" rx=\"4\" class=\"\(cell.kind.rawValue)\" "
                + "data-date=\"\(day)\" data-value=\"\(XMLText.escape(cell.value))\"><title>\(day)"
                + (cell.label.isEmpty ? "" : " · \(XMLText.escape(cell.label))") + "</title></rect>"
            svg += "<text x=\"\(x + 4)\" y=\"\(y + 13)\" class=\"n\">\(day.day)</text>\n"
        }
        return svg + "</svg>\n"
    }
}
