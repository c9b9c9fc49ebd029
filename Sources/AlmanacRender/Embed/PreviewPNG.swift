import AlmanacDomain
import CPreview
import Foundation

/// A page's link preview (`previews/<page>.png`): the page's picture — its card, or a grid of
/// days under the page's title — fitted on a 1200 × 630 canvas and rasterised by librsvg over
/// cairo, for the chat and social apps whose link previews take PNG, not SVG. Made only for a
/// site with a web address (`og:image` needs one).
public struct PreviewPNG: TemplatedModel {
    public static let width = 1200, height = 630, margin = 48
    /// The picture, as it is drawn into the site.
    public var picture: any DrawnModel
    /// A title drawn above the picture (a card has its own: none).
    public var title: String?

    public init(picture: any DrawnModel, title: String?) {
        self.picture = picture; self.title = title
    }

    /// Why a preview could not be drawn.
    public struct Problem: Error, CustomStringConvertible {
        public var description: String
    }

    public func render(_ templates: TemplateSet) throws -> [UInt8] {
        try Self.rasterise((picture as? HabitCardSVG).map(Self.canvas(card:)) ?? canvas(picture.draw()))
    }

    /// A habit's preview, laid out for the canvas rather than its card scaled up: the name in
    /// large type on up to two lines (cut only between words), its streak and figures, and its
    /// days filling the rest — a year as weeks across, a few weeks as rows of seven days — so that
    /// three weeks of history fill the picture as a year does.
    static func canvas(card: HabitCardSVG) -> [UInt8] {
        let (w, h, m) = (Double(width), Double(height), Double(margin))
        let font = "font-family:'DejaVu Sans',sans-serif"
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">"
            + HeatmapSVG.defsAndStyle(color: card.color, hatch: "preview-hatch")
            + "<rect width=\"\(width)\" height=\"\(height)\" fill=\"#ffffff\"/>"
        var y = m
        for line in lines(of: withoutEmoji(card.name), size: 56, width: w - 2 * m, most: 2) {
            y += 60
            out += "<text x=\"\(margin)\" y=\"\(NumberText.plain(y))\" style=\"\(font);font-size:56px;font-weight:bold;fill:#1f2328\">\(XMLText.escape(line))</text>"
            y += 8
        }
        y += 14
        for line in [card.streak, card.figures] {
            y += 40
            out += "<text x=\"\(margin)\" y=\"\(NumberText.plain(y))\" style=\"\(font);font-size:30px;fill:#1f2328\">\(XMLText.escape(withoutEmoji(line)))</text>"
        }
        out += "<text x=\"\(margin)\" y=\"\(height - margin)\" style=\"\(font);font-size:22px;fill:#57606a\">\(XMLText.escape(card.footer))</text>"
        // The days between the figures and the footer: weeks across for a long history, rows of
        // seven days for a few weeks; square cells as large as fit (at most 80 px).
        let top = y + 28, bottom = h - m - 44, across = card.grid.columns >= 14
        let columns = Double(across ? card.grid.columns : 7), rows = Double(across ? 7 : card.grid.columns)
        let pitch = min(80, (w - 2 * m) / columns, (bottom - top) / rows), cell = pitch * 0.86
        let gridTop = top + ((bottom - top) - rows * pitch) / 2   // centred in the height left
        card.forEachCell { kind, week, weekday in
            let x = m + Double(across ? week : weekday) * pitch, y = gridTop + Double(across ? weekday : week) * pitch
            out += "<rect x=\"\(NumberText.rounded(x, digits: 1))\" y=\"\(NumberText.rounded(y, digits: 1))\" width=\"\(NumberText.rounded(cell, digits: 1))\" "
                + "height=\"\(NumberText.rounded(cell, digits: 1))\" rx=\"\(NumberText.rounded(cell * 0.15, digits: 1))\" class=\"\(kind.rawValue)\"/>"
        }
        return Array((out + "</svg>").utf8)
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

    /// Text without emoji: librsvg draws text as paths, so a colour emoji would come out as a
    /// one-colour blob. Emoji with their joiners, variation selectors and flags are left out, and
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

    /// The canvas as SVG: the site's light background, the title, and the picture's own SVG
    /// below it, scaled to fit and centred (drawn as vectors, as sharp as the site's file).
    func canvas(_ svg: [UInt8]) -> [UInt8] {
        let (w, h, m) = (Double(Self.width), Double(Self.height), Double(Self.margin))
        var text = Self.withoutEmoji(String(decoding: svg, as: UTF8.self))
        if text.hasPrefix("<?xml"), let end = text.range(of: "?>") { text = String(text[end.upperBound...]) }
        let top = title == nil ? m : m + 72
        let (pictureWidth, pictureHeight) = Self.size(of: text) ?? (w - 2 * m, h - top - m)
        let scale = min((w - 2 * m) / pictureWidth, (h - top - m) / pictureHeight)
        let x = m + ((w - 2 * m) - pictureWidth * scale) / 2, y = top + ((h - top - m) - pictureHeight * scale) / 2
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.width)\" height=\"\(Self.height)\" viewBox=\"0 0 \(Self.width) \(Self.height)\">"
            + "<rect width=\"\(Self.width)\" height=\"\(Self.height)\" fill=\"#f6f8fa\"/>"
        if let title {
            // An inline style: the picture's own stylesheet, now in the same document, styles every text.
            out += "<text x=\"\(Self.margin)\" y=\"\(Self.margin + 44)\" style=\"font-family:'DejaVu Sans',sans-serif;font-size:44px;font-weight:bold;fill:#1f2328\">"
                + XMLText.escape(Self.withoutEmoji(title)) + "</text>"
        }
        out += "<g transform=\"translate(\(NumberText.plain(x)) \(NumberText.plain(y))) scale(\(NumberText.plain(scale)))\">" + text + "</g></svg>"
        return Array(out.utf8)
    }

    /// The width and height a picture's root element gives (`width="360" height="150"`).
    static func size(of svg: String) -> (Double, Double)? {
        guard let root = svg.range(of: "<svg"), let close = svg[root.upperBound...].firstIndex(of: ">") else { return nil }
        let tag = svg[root.upperBound..<close]
        func value(_ name: String) -> Double? {
            guard let start = tag.range(of: " \(name)=\"") else { return nil }
            return Double(tag[start.upperBound...].prefix { $0 != "\"" })
        }
        guard let width = value("width"), let height = value("height"), width > 0, height > 0 else { return nil }
        return (width, height)
    }

    /// The PNG of an SVG document of the canvas's size.
    static func rasterise(_ svg: [UInt8]) throws -> [UInt8] {
        var png: UnsafeMutablePointer<UInt8>?
        var length = 0
        let status = svg.withUnsafeBufferPointer { almanac_svg_to_png($0.baseAddress, $0.count, Int32(width), Int32(height), 0xF6F8FA, 0, &png, &length) }
        guard status == 0, let png else {
            throw Problem(description: status == 3 ? "librsvg, cairo and libpng, which draw the link previews, are not installed (Debian: librsvg2-2)"
                                                   : "librsvg could not draw the picture (status \(status))")
        }
        defer { free(png) }
        return Array(UnsafeBufferPointer(start: png, count: length))
    }
}
