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

    public func render(_ templates: TemplateSet) throws -> [UInt8] { try Self.rasterise(canvas(picture.draw())) }

    /// The canvas as SVG: the site's light background, the title, and the picture's own SVG
    /// below it, scaled to fit and centred (drawn as vectors, as sharp as the site's file).
    func canvas(_ svg: [UInt8]) -> [UInt8] {
        let (w, h, m) = (Double(Self.width), Double(Self.height), Double(Self.margin))
        var text = String(decoding: svg, as: UTF8.self)
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
                + XMLText.escape(title) + "</text>"
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
