import AlmanacDomain
import AlmanacWords

/// Renders a year heatmap as a standalone SVG document: weeks as columns, month and weekday
/// labels, a legend, and every day a `<use>` of its kind's cell with its words as a `<title>`
/// tooltip. `role="img"` with the root's `<title>` and `<desc>` give it a name and a summary.
public struct HeatmapSVG: DrawnModel {
    public var grid: HeatmapGrid
    /// What each day of the year shows, in order (`grid.days`).
    public var cells: DayCells
    /// The accessible title ("Drink water, 2026").
    public var title: String
    /// The text summary ("250 of 300 due days done (83 %)").
    public var summary: String
    /// `#RRGGBB` of the levels.
    public var color: String
    /// Makes ids unique if several heatmaps share a page.
    public var idPrefix: String

    public init(grid: HeatmapGrid, cells: DayCells, title: String, summary: String, color: String, idPrefix: String) {
        self.grid = grid; self.cells = cells; self.title = title; self.summary = summary
        self.color = Self.isColor(color) ? color : Habit.defaultColor
        self.idPrefix = idPrefix
    }

    static let cell = 11, pitch = 13, left = 34, top = 20
    /// The drawing is shown 1.3 times its drawn size: a whole year is then about as wide as the
    /// page's column (cells of 14 px), and a shorter grid (a habit's first months) is
    /// proportionally narrower instead of stretched.
    static let displayScale = 1.3

    public func render() -> String { String(decoding: draw(), as: UTF8.self) }

    public func draw() -> [UInt8] {
        let days = cells.cells.prefix(grid.firstDay.days(to: grid.lastDay) + 1)
        // The weekday labels on both sides, so they are in view at either end of a grid that
        // scrolls on a phone; at least as wide as the legend, for a grid of a few months.
        let gridRight = Self.left + grid.columns * Self.pitch
        let width = max(gridRight + Self.rightLabels, Self.legendWidth, 4 + Self.lineWidth(kinds(self.cells)))
        let legendY = Self.top + 7 * Self.pitch + 12
        let height = legendY + Self.legendHeight
        var head = Self.opening(width: width, height: height,
                                shown: (Int((Double(width) * Self.displayScale).rounded()), Int((Double(height) * Self.displayScale).rounded())),
                                title: title, summary: summary, color: color, hatch: "\(idPrefix)-hatch", cells: Set(days.map(\.kind)))
        let words = self.cells.words, months = words.monthAbbreviations
        for (month, column) in grid.monthColumns {
            head += "<text x=\"\(Self.left + column * Self.pitch)\" y=\"\(Self.top - 6)\">\(XMLText.escape(months[month - 1]))</text>\n"
        }
        for (row, weekday) in grid.rowWeekdays.enumerated() where row % 2 == 0 && row < 6 {
            let y = Self.top + row * Self.pitch + 9, name = XMLText.escape(words.weekdayShort(weekday))
            head += "<text x=\"0\" y=\"\(y)\">\(name)</text>"
            head += "<text x=\"\(gridRight + 3)\" y=\"\(y)\">\(name)</text>\n"
        }
        var out = Array(head.utf8)
        out.reserveCapacity(out.count + days.count * 80 + 1024)
        cellMarkup(into: &out)
        out.append(contentsOf: legend(y: legendY, right: width - 4).utf8)
        out.append(contentsOf: "</svg>\n".utf8)
        return out
    }

    /// The day cells, built as bytes: 366 of them per heatmap and a thousand heatmaps per site
    /// make these the site's bulk. Each is a `<use>` of its kind's cell (`defsAndStyle`) at its
    /// place, with the day's words as its `<title>` (the tooltip a person hovers):
    /// about 80 bytes a day, some 26 of them its words.
    private func cellMarkup(into out: inout [UInt8]) {
        var day = grid.firstDay.parts
        grid.forEachCell(of: self.cells) { cell, column, row in
            out.append("<use href=\"#"); out.append(contentsOf: cell.kind.rawValue.utf8)
            out.append("\" x=\""); out.append(number: Self.left + column * Self.pitch)
            out.append("\" y=\""); out.append(number: Self.top + row * Self.pitch)
            out.append("\"><title>"); out.append(year: day.year, month: day.month, day: day.day)
            if !cell.label.isEmpty { out.append(" · "); out.append(escaped: cell.label) }
            out.append("</title></use>\n")
            day.day += 1
            if day.day > DayKey.daysIn(month: day.month, year: day.year) {
                day.day = 1; day.month += 1
                if day.month > 12 { day.month = 1; day.year += 1 }
            }
        }
    }

    /// The legend in two lines ending at the right edge, under the latest weeks (where a grid
    /// that scrolls on a phone opens): "Less … More" (and "over the limit" for an at-most habit),
    /// then missed, skipped, not due, not tracked.
    private func legend(y: Int, right: Int) -> String {
        func line(_ items: [(kind: String, label: String)], y: Int) -> String {
            var x = right - Self.lineWidth(items)
            var out = ""
            for item in items {
                out += Self.legendItem(item, x: x, y: y)
                x += Self.itemWidth(item.label)
            }
            return out
        }
        let words = cells.words, less = words["legend.less"], more = words["legend.more"]
        // "Less" and "More" take about 5 units a letter ("Weniger" more than "Less").
        let lessWidth = max(24, less.count * 5 + 4), scale = lessWidth + 5 * Self.pitch + max(26, more.count * 5 + 6)
        let over = cells.hasLimit ? [(kind: "over", label: words["overLimit"])] : []
        var x = right - scale - over.reduce(0) { $0 + Self.itemWidth($1.label) }
        var out = "<g class=\"legend\"><text x=\"\(x)\" y=\"\(y + 9)\">\(XMLText.escape(less))</text>\n"
        x += lessWidth
        for level in ["l0", "l1", "l2", "l3", "l4"] {
            out += Self.swatch(level, x: x, y: y)
            x += Self.pitch
        }
        out += "<text x=\"\(x + 2)\" y=\"\(y + 9)\">\(XMLText.escape(more))</text>\n"
        out += line(over, y: y)
        out += line(kinds(cells), y: y + 16)
        return out + "</g>\n"
    }

    /// The kinds of day the second line of a year's legend names: missed (one habit's), skipped,
    /// not due, not tracked.
    private func kinds(_ cells: DayCells) -> [(kind: String, label: String)] {
        let words = cells.words
        return (cells.allHabits ? [] : [("miss", words["missed"])])
            + [("skip", words["skipped"]), ("off", words["notDue"]), ("out", words["notTracked"])]
    }

    /// A legend item's drawn width: its swatch, its label (about 5 units a letter) and a gap.
    static func itemWidth(_ label: String) -> Int { 15 + label.count * 5 + 8 }

    /// A legend's swatch of a kind of cell, and an item: the swatch and its words.
    static func swatch(_ kind: String, x: Int, y: Int) -> String {
        "<rect x=\"\(x)\" y=\"\(y)\" width=\"11\" height=\"11\" rx=\"2\" class=\"\(kind)\"/>"
    }
    static func legendItem(_ item: (kind: String, label: String), x: Int, y: Int) -> String {
        swatch(item.kind, x: x, y: y) + "<text x=\"\(x + 15)\" y=\"\(y + 9)\">\(XMLText.escape(item.label))</text>\n"
    }

    /// The drawn width of a line of legend items.
    static func lineWidth(_ items: [(kind: String, label: String)]) -> Int { items.reduce(0) { $0 + itemWidth($1.label) } }

    /// Legend items in lines of at most `width` from `y` down, each 16 high: a swatch of the
    /// cells' kind and its words. Returns the markup and the height it takes.
    static func wrappedLegend(_ items: [(kind: String, label: String)], width: Int, y: Int) -> (markup: String, height: Int) {
        var out = "<g class=\"legend\">", x = 0, line = 0
        for item in items {
            let w = itemWidth(item.label)
            if x > 0 && x + w > width { x = 0; line += 1 }
            out += legendItem(item, x: x, y: y + line * 16)
            x += w
        }
        return (out + "</g>\n", (line + 1) * 16)
    }

    /// The opening of a grid of days as an SVG document: the element with its size (`shown`, when
    /// it is shown larger than drawn) and text, its title and description, and the grids' shared
    /// definitions and style.
    static func opening(width: Int, height: Int, shown: (width: Int, height: Int)? = nil, title: String, summary: String, color: String,
                        hatch: String, extra: String = "", cross: String = defaultCross,
                        cells: Set<HeatmapCell.Kind> = [], side: Int = 11, radius: Int = 2) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\(shown?.width ?? width)" height="\(shown?.height ?? height)" \
        viewBox="0 0 \(width) \(height)" role="img">
        <title>\(XMLText.escape(title))</title>
        <desc>\(XMLText.escape(summary))</desc>
        \(defsAndStyle(color: color, hatch: hatch, extra: extra, cross: cross, cells: cells, side: side, radius: radius))

        """
    }

    /// The missed mark, in the cell's own units: a cross over its middle.
    static let defaultCross = "M.28 .28L.72 .72M.72 .28L.28 .72"

    /// The grids' colours on a dark background: under the reader's preference, or always (a
    /// card's dark variant).
    static let darkRules = "text{fill:#8b949e}.l0,.missbg{fill:#161b22}.over{fill:#f85149}.missmark{stroke:#f85149}.skipbg{fill:#0c2d6b}\n"
        + ".hatch{stroke:#388bfd}.off{stroke:#30363d}.out{stroke:#21262d}"

    /// The hatch pattern and the stylesheet of the day cells' levels and kinds, shared by the
    /// year heatmaps and the month grids so that both read the same. In print the levels are
    /// shades of grey (ink-friendly, and still ordered on a black-and-white printer) and a day
    /// over an at-most limit is a heavy outline.
    ///
    /// `cells`: the kinds of day a grid of `<use>`d cells draws (a year heatmap's, a card's), each
    /// a square of `side` with corners of `radius` in the definitions (`#l3`).
    static func defsAndStyle(color: String, hatch: String, extra: String = "", cross: String = defaultCross,
                             cells: Set<HeatmapCell.Kind> = [], side: Int = 11, radius: Int = 2) -> String {
        typealias P = DayPalette
        let shapes = HeatmapCell.Kind.allCases.filter(cells.contains).map {
            "<rect id=\"\($0.rawValue)\" width=\"\(side)\" height=\"\(side)\" rx=\"\(radius)\" class=\"\($0.rawValue)\"/>"
        }
        return """
        <defs>\(shapes.joined())<pattern id="\(hatch)" width="4" height="4" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">\
        <rect width="4" height="4" class="skipbg"/><line x1="0" y1="0" x2="0" y2="4" class="hatch"/></pattern>\
        <pattern id="\(hatch)-x" width="1" height="1" patternContentUnits="objectBoundingBox">\
        <rect width="1" height="1" class="missbg"/><path d="\(cross)" class="missmark"/></pattern></defs>
        <style type="text/css"><![CDATA[
        svg{color-scheme:light dark}text{font:9px system-ui,-apple-system,'Segoe UI',sans-serif;fill:#57606a}
        .l0{fill:\(P.css(P.empty))}.l1{fill:\(color);fill-opacity:\(P.css(P.levels[0]))}.l2{fill:\(color);fill-opacity:\(P.css(P.levels[1]))}
        .l3{fill:\(color);fill-opacity:\(P.css(P.levels[2]))}.l4{fill:\(color)}
        .skip{fill:url(#\(hatch))}.skipbg{fill:\(P.css(P.skipped))}
        .miss{fill:url(#\(hatch)-x)}.missbg{fill:\(P.css(P.empty))}.missmark{fill:none;stroke:\(P.css(P.red));stroke-width:.12;stroke-linecap:round}.hatch{stroke:\(P.css(P.hatch));stroke-width:1.5}
        .off{fill:none;stroke:\(P.css(P.notDue));stroke-width:1;stroke-dasharray:2 1.5}
        .out{fill:none;stroke:\(P.css(P.notTracked));stroke-width:.5}.over{fill:\(P.css(P.red))}\(extra)
        @media (prefers-color-scheme: dark){\(darkRules)}
        @media print{text{fill:#000}.l0{fill:#fff;stroke:#aaa;stroke-width:.5}.l1{fill:#ddd;fill-opacity:1}
        .l2{fill:#aaa;fill-opacity:1}.l3{fill:#666;fill-opacity:1}.l4{fill:#000;fill-opacity:1}.skipbg{fill:#fff}
        .hatch{stroke:#888}.off{stroke:#aaa}.out{stroke:#ddd}.over{fill:#fff;stroke:#000;stroke-width:1.5}
        .missbg{fill:#fff}.missmark{stroke:#000}}
        ]]></style>
        """
    }

    /// The drawn width the legend needs (its longer line, with the left margin), its height, and
    /// the room of the weekday labels right of the grid.
    static let legendWidth = 250, legendHeight = 40, rightLabels = 24

    static func isColor(_ text: String) -> Bool {
        (try? HabitRules.checkedColor(text)) != nil
    }
}

/// The light colours of the kinds of day (0xRRGGBB) and the opacities of the levels between none
/// and all (the habit's colour over the page): one palette for the grids' stylesheet and the
/// link previews, which draw the same days.
enum DayPalette {
    static let empty: UInt32 = 0xEBEDF0, skipped: UInt32 = 0xDDF4FF, hatch: UInt32 = 0x54AEFF
    static let red: UInt32 = 0xCF222E, notDue: UInt32 = 0xD0D7DE, notTracked: UInt32 = 0xEAEEF2
    /// Levels 1 to 3; level 4 is the colour itself.
    static let levels = [0.3, 0.55, 0.8]

    /// `#ebedf0`.
    static func css(_ rgb: UInt32) -> String {
        let hex = String(rgb, radix: 16)
        return "#" + String(repeating: "0", count: 6 - hex.count) + hex
    }

    /// `.3`.
    static func css(_ opacity: Double) -> String { String("\(opacity)".dropFirst()) }
}

extension HeatmapSVG {
    /// A habit's heatmap of a year.
    /// - Parameter asOf: the report's day, when it is in `year` (the grid then ends with its week);
    ///   nil for an earlier year, whose grid is whole.
    static func habit(_ series: DaySeries, year: Int, slug: String, weekStart: Weekday, archivedDay: DayKey?, through asOf: DayKey?,
                      text: MetricText) -> HeatmapSVG {
        let grid = HeatmapGrid(year: year, weekStart: weekStart, firstMonth: year == series.start.year ? series.start.month : 1,
                               through: asOf)
        let cells = DayCells.habit(series, days: grid.days, archivedDay: archivedDay, text: text)
        let counts = cells.counts()
        return HeatmapSVG(grid: grid, cells: cells, title: "\(series.habit.name), \(year)",
                          summary: text.words["heatmap.summary", ["done": text.count(counts.done, "daysDone"), "due": "\(counts.levels)", "year": "\(year)"]],
                          color: series.habit.color,
                          idPrefix: "\(slug)-\(year)")
    }
}
