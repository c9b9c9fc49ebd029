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

    public func draw() -> [UInt8] {
        let cells = self.cells.cells()
        let offset = month.weekday.position(weekStart: weekStart)
        let rows = (offset + cells.count + 6) / 7
        let width = 7 * Self.pitch, height = Self.top + rows * Self.pitch
        let hatch = "\(idPrefix)-hatch"
        var out = Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\(width)" height="\(height)" \
            viewBox="0 0 \(width) \(height)" role="img" aria-label="\(XMLText.escape("\(title): \(summary)"))">
            <title>\(XMLText.escape(title))</title>
            <desc>\(XMLText.escape(summary))</desc>
            \(HeatmapSVG.defsAndStyle(color: color, hatch: hatch, extra: ".n{font-size:10px;fill:#24292f}.l3+.n,.l4+.n,.over+.n{fill:#fff}@media (prefers-color-scheme: dark){.n{fill:#e6edf3}}"))

            """.utf8)
        func put(_ text: StaticString) { out.append(text) }
        func put(_ number: Int) { NumberText.append(Double(number), to: &out) }
        for column in 0..<7 {
            let weekday = Weekday.allCases[(weekStart.isoIndex + column) % 7]
            put("<text x=\""); put(column * Self.pitch + 2); put("\" y=\"10\">"); out.append(contentsOf: weekday.shortTitle.utf8); put("</text>\n")
        }
        // The cells as bytes, as the year heatmaps' are.
        let days = Self.days(of: month)
        let bound = cells.prefix(days.count).reduce(0) { $0 + 360 + ByteCursor.escapedBound($1.value) + ByteCursor.escapedBound($1.label) }
        out.append(atMost: bound) { w in
            for (index, (day, cell)) in zip(days, cells).enumerated() {
                let slot = offset + index
                let x = (slot % 7) * Self.pitch, y = Self.top + (slot / 7) * Self.pitch
                w.put("<rect x=\""); w.put(x); w.put("\" y=\""); w.put(y)
                w.put("\" width=\""); w.put(Self.cell); w.put("\" height=\""); w.put(Self.cell)
                w.put("\" rx=\"4\" class=\""); w.put(cell.kind.rawValue)
                w.put("\" data-date=\""); w.put(day)
                w.put("\" data-value=\""); w.put(escaped: cell.value)
                w.put("\"><title>"); w.put(day)
                if !cell.label.isEmpty { w.put(" · "); w.put(escaped: cell.label) }
                w.put("</title></rect>")
                w.put("<text x=\""); w.put(x + 4); w.put("\" y=\""); w.put(y + 13); w.put("\" class=\"n\">"); w.put(day.day); w.put("</text>\n")
            }
        }
        put("</svg>\n")
        return out
    }

    public func render() -> String { String(decoding: draw(), as: UTF8.self) }
}
