import AlmanacDomain

/// A habit's card for a README or a blog (`cards/<slug>.svg`): its name, current and best
/// streak, strength score and this year's grid in small cells. Self-contained — no fonts,
/// images or links from elsewhere — and light or dark with the reader's preference, or dark
/// always (`dark`, `cards/dark/<slug>.svg`: the variant a README's `<picture>` shows in a dark
/// theme, where the page's theme is not the reader's system preference).
public struct HabitCardSVG: DrawnModel {
    /// The name (emoji first), whole: the card shortens it to fit (`shownName`), a link preview
    /// wraps it.
    public var name: String
    public var streak: String
    public var figures: String
    public var footer: String
    public var color: String
    public var grid: HeatmapGrid
    public var cells: DayCells
    public var idPrefix: String
    public var dark = false

    public init(name: String, streak: String, figures: String, footer: String, color: String, grid: HeatmapGrid,
                cells: DayCells, idPrefix: String) {
        self.name = name; self.streak = streak; self.figures = figures; self.footer = footer
        self.color = HeatmapSVG.isColor(color) ? color : Habit.defaultColor
        self.grid = grid; self.cells = cells; self.idPrefix = idPrefix
    }

    static let pitch = 6, cell = 5, left = 16, gridTop = 80

    public func draw() -> [UInt8] {
        let width = max(360, Self.left * 2 + grid.columns * Self.pitch), height = 150
        var kinds = Set<HeatmapCell.Kind>()
        grid.forEachCell(of: cells) { cell, _, _ in kinds.insert(cell.kind) }
        let svg = HeatmapSVG.opening(
            width: width, height: height, title: shownName, summary: "\(streak); \(figures). \(footer).", color: color, hatch: "\(idPrefix)-hatch",
            extra: ".card{fill:#ffffff;stroke:#d0d7de}.name{font-size:16px;font-weight:600;fill:#1f2328}.big{font-size:12px;fill:#1f2328}.small{font-size:10px}"
                + (dark ? Self.darkRules + HeatmapSVG.darkRules : "@media (prefers-color-scheme: dark){\(Self.darkRules)}"),
            cells: kinds, side: Self.cell, radius: 1) + """
            <rect class="card" x="0.5" y="0.5" width="\(width - 1)" height="\(height - 1)" rx="6"/>
            <text class="name" x="\(Self.left)" y="30">\(XMLText.escape(shownName))</text>
            <text class="big" x="\(Self.left)" y="50">\(XMLText.escape(streak))</text>
            <text class="big" x="\(Self.left)" y="68">\(XMLText.escape(figures))</text>

            """
        // The cells as bytes: a year of them on every card.
        var out = Array(svg.utf8)
        grid.forEachCell(of: cells) { cell, column, row in
            out.append("<use href=\"#"); out.append(contentsOf: cell.kind.rawValue.utf8)
            out.append("\" x=\""); out.append(number: Self.left + column * Self.pitch)
            out.append("\" y=\""); out.append(number: Self.gridTop + row * Self.pitch)
            out.append("\"/>")
        }
        out.append(contentsOf: "\n<text class=\"small\" x=\"\(Self.left)\" y=\"\(height - 14)\">\(XMLText.escape(footer))</text>\n</svg>\n".utf8)
        return out
    }

    /// The name as the card shows it: at most 34 characters.
    var shownName: String { Self.shortened(name, to: 34) }

    /// The card's own colours on a dark background.
    static let darkRules = ".card{fill:#0d1117;stroke:#3d444d}.name,.big{fill:#e6edf3}"

    /// The card drawn dark whatever the reader's preference.
    public var darkVariant: HabitCardSVG {
        var card = self
        card.dark = true
        return card
    }

    /// At most `limit` characters, an ellipsis marking a cut — at the end the text reads to: a
    /// right-to-left name's ellipsis is followed by a right-to-left mark, so that it stays on its
    /// left in a card whose text runs left to right.
    static func shortened(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        var cut = text.prefix(limit - 1)
        while cut.last == " " { cut = cut.dropLast() }
        return String(cut) + "…" + (TextDirection.isRightToLeft(text) ? "\u{200F}" : "")
    }
}
