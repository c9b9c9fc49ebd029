import Mustache

/// Turns a page's Markdown into its HTML page: libcmark (safe mode) renders the Markdown, our
/// own SVG images become `<object>` embeds (so the heatmaps' tooltips work on hover), and the
/// layout template wraps it.
struct HTMLPage {
    let templates: TemplateSet
    let asOf: String

    /// - Parameter root: the relative path to the site's root ("" or "../").
    func render(markdown: String, title: String, root: String) -> String {
        let body = Self.embedSVGImages(CommonMark.html(from: markdown))
        let context: [String: Any] = [
            "title": XMLText.escape(title), "root": root, "asOf": XMLText.escape(asOf), "body": body,
        ]
        return templates.layout.render(context)
    }

    /// Replaces `<img src="…/heatmaps/x.svg" alt="…" />` that cmark produced for our own SVG files
    /// with an `<object>` that shows the SVG as a document (keeping the image as its fallback).
    /// Only sources of the site's own shape (`heatmaps/` or `charts/`, a slug, `.svg`) qualify.
    static func embedSVGImages(_ html: String) -> String {
        guard html.contains("<img src=\"") else { return html }
        var out = ""
        var rest = Substring(html)
        while let start = rest.range(of: "<img src=\"") {
            out += rest[..<start.lowerBound]
            let afterSrc = rest[start.upperBound...]
            guard let srcEnd = afterSrc.firstIndex(of: "\""), let tagEnd = afterSrc.range(of: " />") else {
                out += rest[start.lowerBound...]
                return out
            }
            let src = afterSrc[..<srcEnd]
            let tag = rest[start.lowerBound..<tagEnd.upperBound]
            if isOwnSVG(src) {
                let kind = src.contains("charts/") ? "chart" : "heatmap"
                out += "<object class=\"\(kind)\" data=\"\(src)\" type=\"image/svg+xml\">\(tag)</object>"
            } else {
                out += tag
            }
            rest = rest[tagEnd.upperBound...]
        }
        out += rest
        return out
    }

    static func isOwnSVG(_ src: Substring) -> Bool {
        var path = src
        if path.hasPrefix("../") { path = path.dropFirst(3) }
        guard path.hasPrefix("heatmaps/") || path.hasPrefix("charts/"), path.hasSuffix(".svg") else { return false }
        let name = path.drop { $0 != "/" }.dropFirst().dropLast(4)
        return !name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    }
}
