import AlmanacDomain
import CPreview
import Foundation

/// A page's link preview (`previews/<page>.png`): the page's picture — its card, or its year of
/// days under the page's title — drawn on a 1200 × 630 canvas as what it is (cells are squares,
/// a title is a line of text) straight onto an image surface by cairo, the text laid out by Pango,
/// and written as a PNG of its few colours; for the chat and social apps whose link previews take
/// PNG, not SVG. Made only for a site with a web address (`og:image` needs one).
public struct PreviewPNG: TemplatedModel {
    public static let width = 1200, height = 630, margin = 48
    /// The site's light background, behind every preview.
    static let background: UInt32 = 0xF6F8FA
    /// The picture: a habit's card, or a heatmap of days.
    public enum Picture: Sendable { case card(HabitCardSVG), heatmap(HeatmapSVG) }
    public var picture: Picture
    /// A title drawn above the picture (a card has its own: none).
    public var title: String?

    public init(picture: Picture, title: String?) {
        self.picture = picture; self.title = title
    }

    /// Why a preview could not be drawn.
    public struct Problem: Error, CustomStringConvertible {
        public var description: String
    }

    public func render(_ templates: TemplateSet) throws -> [UInt8] {
        switch picture {
        case .card(let card): try Self.canvas(card: card).png()
        case .heatmap(let heatmap): try canvas(heatmap: heatmap).png()
        }
    }

    /// What a preview draws: its cells and its lines of text.
    struct Canvas {
        var cells: [almanac_cell] = []
        var texts: [(text: String, x: Double, baseline: Double, size: Double, color: UInt32, bold: Bool)] = []

        mutating func text(_ text: String, x: Double = Double(margin), baseline: Double, size: Double, color: UInt32 = 0x1F2328, bold: Bool = false) {
            texts.append((withoutEmoji(text), x, baseline, size, color, bold))
        }

        /// The days of `grid` in square cells as large as fit between `top` and `bottom` (at
        /// most 80 px), centred: weeks across, or, for a few weeks (`across` false), rows of seven
        /// days. Returns the left of the grid, its pitch and the top of its first row.
        @discardableResult
        mutating func days(_ grid: HeatmapGrid, _ cells: DayCells, color: String, top: Double, bottom: Double, across: Bool = true)
            -> (left: Double, pitch: Double, top: Double) {
            let (w, m) = (Double(width), Double(margin))
            let columns = Double(across ? grid.columns : 7), rows = Double(across ? 7 : grid.columns)
            let pitch = min(80, (w - 2 * m) / columns, (bottom - top) / rows).rounded(.down), size = (pitch * 0.86).rounded()
            let left = (m + ((w - 2 * m) - columns * pitch) / 2).rounded(.down)
            let gridTop = (top + ((bottom - top) - rows * pitch) / 2).rounded(.down)
            let paint = Self.paints(color: color)
            grid.forEachCell(of: cells) { cell, week, weekday in
                let (fill, mark, kind) = paint[cell.kind]!
                self.cells.append(almanac_cell(x: left + Double(across ? week : weekday) * pitch, y: gridTop + Double(across ? weekday : week) * pitch,
                                               size: size, fill: fill, mark: mark, kind: kind))
            }
            return (left, pitch, gridTop)
        }

        /// How each kind of day is drawn, in the site's light colours (`DayPalette`): a level is
        /// the habit's colour at the level's opacity over the background.
        static func paints(color: String) -> [HeatmapCell.Kind: (fill: UInt32, mark: UInt32, kind: Int32)] {
            typealias P = DayPalette
            // The card and the heatmap have checked the colour (`HeatmapSVG.isColor`).
            let rgb = UInt32(color.dropFirst(), radix: 16) ?? 0
            func level(_ opacity: Double) -> UInt32 {
                [16, 8, 0].reduce(0) { sum, shift in
                    let over = Double((rgb >> shift) & 255), under = Double((background >> shift) & 255)
                    return sum | UInt32((over * opacity + under * (1 - opacity)).rounded()) << shift
                }
            }
            let fill = Int32(ALMANAC_CELL_FILL)
            return [.level0: (P.empty, 0, fill), .level1: (level(P.levels[0]), 0, fill), .level2: (level(P.levels[1]), 0, fill),
                    .level3: (level(P.levels[2]), 0, fill), .level4: (rgb, 0, fill), .over: (P.red, 0, fill),
                    .skipped: (P.skipped, P.hatch, Int32(ALMANAC_CELL_HATCH)), .missed: (P.empty, P.red, Int32(ALMANAC_CELL_CROSS)),
                    .unscheduled: (0, P.notDue, Int32(ALMANAC_CELL_DASHED)), .outside: (0, P.notTracked, Int32(ALMANAC_CELL_OUTLINE))]
        }

        /// The picture as a PNG.
        func png() throws -> [UInt8] {
            let strings = texts.map { strdup($0.text) }
            defer { strings.forEach { free($0) } }
            let lines = zip(texts, strings).map { text, string in
                almanac_text(utf8: string, x: text.x, baseline: text.baseline, size: text.size, width: Double(width - margin) - text.x,
                             color: text.color, bold: text.bold ? 1 : 0)
            }
            var png: UnsafeMutablePointer<UInt8>?
            var length = 0
            let status = almanac_draw_preview(Int32(width), Int32(height), background, cells, cells.count, lines, lines.count, &png, &length)
            guard status == 0, let png else {
                throw Problem(description: status == 3 ? "Pango, cairo and libpng, which draw the link previews, are not installed (Debian: libpangocairo-1.0-0, libpng16-16)"
                                                       : "cairo could not draw a link preview")
            }
            defer { free(png) }
            return Array(UnsafeBufferPointer(start: png, count: length))
        }
    }

    /// A habit's preview, laid out for the canvas rather than its card scaled up: the name in
    /// large type on up to two lines (cut only between words), its streak and figures, and its
    /// days filling the rest — a year as weeks across, a few weeks as rows of seven days — so that
    /// three weeks of history fill the picture as a year does.
    static func canvas(card: HabitCardSVG) -> Canvas {
        var canvas = Canvas(), y = Double(margin)
        for line in lines(of: withoutEmoji(card.name), size: 56, width: Double(width - 2 * margin), most: 2) {
            y += 60
            canvas.text(line, baseline: y, size: 56, bold: true)
            y += 8
        }
        y += 14
        for line in [card.streak, card.figures] {
            y += 40
            canvas.text(line, baseline: y, size: 30)
        }
        canvas.text(card.footer, baseline: Double(height - margin), size: 22, color: 0x57606A)
        canvas.days(card.grid, card.cells, color: card.color, top: y + 28, bottom: Double(height - margin - 44), across: card.grid.columns >= 14)
        return canvas
    }

    /// A heatmap's preview: the page's title, and the heatmap's days under their months' names.
    func canvas(heatmap: HeatmapSVG) -> Canvas {
        var canvas = Canvas(), top = Double(Self.margin)
        if let title {
            canvas.text(title, baseline: top + 44, size: 44, bold: true)
            top += 72
        }
        let grid = canvas.days(heatmap.grid, heatmap.cells, color: heatmap.color, top: top + 32, bottom: Double(Self.height - Self.margin))
        let months = heatmap.cells.words.monthAbbreviations
        for (month, column) in heatmap.grid.monthColumns {
            canvas.text(months[month - 1], x: grid.left + Double(column) * grid.pitch, baseline: grid.top - 10, size: 20, color: 0x57606A)
        }
        return canvas
    }

    /// `text` on at most `most` lines of `width` pixels in type of `size` pixels, broken between
    /// words; what does not fit is cut after a whole word, with "…" (at the end a right-to-left
    /// text reads to). Widths are estimated: DejaVu Sans averages 0.62 em a character, twice
    /// that for a wide one.
    static func lines(of text: String, size: Double, width: Double, most: Int) -> [String] {
        func units(_ s: Substring) -> Double { s.reduce(0) { $0 + ($1.unicodeScalars.first!.value >= 0x1100 && $1.unicodeScalars.first!.properties.isIdeographic ? 2 : 1) } }
        let room = width / (size * 0.62)
        var lines: [String] = [], line = ""
        var words = text.split(separator: " ")[...]
        while let word = words.first {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if units(Substring(candidate)) <= room || line.isEmpty {
                line = units(Substring(candidate)) <= room ? candidate : String(candidate.prefix(Int(room) - 1)) + "…"
                words = words.dropFirst()
                continue
            }
            lines.append(line)
            line = ""
            if lines.count == most { break }
        }
        if !line.isEmpty && lines.count < most { lines.append(line) }
        if !words.isEmpty, var last = lines.popLast() {
            // Room for the ellipsis after the last whole word that fits.
            while units(Substring(last + "…")) > room, let space = last.lastIndex(of: " ") { last = String(last[..<space]) }
            lines.append(last + "…" + (TextDirection.isRightToLeft(text) ? "\u{200F}" : ""))
        }
        return lines
    }

    /// Text without emoji: a preview's text is painted in one colour through a mask of its
    /// shapes, so a colour emoji would come out as a one-colour blob. Emoji with their joiners, variation selectors and flags are left out, and
    /// the spaces they leave are made one.
    static func withoutEmoji(_ text: String) -> String {
        var out = ""
        for character in text where character.isASCII || !character.unicodeScalars.contains(where: {
            $0.properties.isEmojiPresentation || $0.value == 0xFE0F || $0.value == 0x200D || (0x1F1E6...0x1F1FF).contains($0.value)
        }) {
            out.append(character)
        }
        return out.replacingOccurrences(of: " {2,}", with: " ", options: .regularExpression).trimmingCharacters(in: .whitespaces)
    }
}
