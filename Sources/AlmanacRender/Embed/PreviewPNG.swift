import CPreview
import Glibc

/// A page's link preview (`previews/<page>.png`): the page's picture — its card, or a year's grid
/// — fitted on a 1200 × 630 canvas and rasterised by librsvg over cairo, for the chat and social
/// apps whose link previews take PNG, not SVG. Made only for a site with a web address (`og:image`
/// needs one).
public struct PreviewPNG: TemplatedModel {
    public static let width = 1200, height = 630
    /// The picture, as it is drawn into the site, and its path there (`cards/run.svg`).
    public var picture: any DrawnModel
    public var picturePath: String

    public init(picture: any DrawnModel, at picturePath: String) { self.picture = picture; self.picturePath = picturePath }

    /// Why a preview could not be drawn.
    public struct Problem: Error, CustomStringConvertible {
        public var description: String
    }

    public func render(_ templates: TemplateSet) throws -> [UInt8] { try Self.rasterise(picture.draw()) }

    /// The PNG of an SVG document on the site's light background, inside a margin.
    public static func rasterise(_ svg: [UInt8]) throws -> [UInt8] {
        var png: UnsafeMutablePointer<UInt8>?
        var length = 0
        let status = svg.withUnsafeBufferPointer { almanac_svg_to_png($0.baseAddress, $0.count, Int32(width), Int32(height), 0xF6F8FA, 48, &png, &length) }
        guard status == 0, let png else {
            throw Problem(description: status == 3 ? "librsvg and cairo, which draw the link previews, are not installed (Debian: librsvg2-2)"
                                                   : "librsvg could not draw the picture (status \(status))")
        }
        defer { free(png) }
        return Array(UnsafeBufferPointer(start: png, count: length))
    }
}
