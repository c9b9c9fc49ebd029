import Foundation
import AlmanacDomain

/// Turns a page's Markdown into its HTML page: libcmark (safe mode) renders the Markdown, our
/// own SVG images become `<object>` embeds (so the heatmaps' tooltips work on hover), and the
/// layout template wraps it.
struct HTMLPage {
    let templates: TemplateSet
    let asOf: DayKey
    let meta: PageMeta

    /// - Parameter root: the relative path to the site's root ("" or "../").
    /// - Parameter tables: the tables the Markdown marks with `⟦table:NAME⟧`, by name.
    func render(markdown: String, title: String, root: String, tables: [String: HTMLTable] = [:]) throws -> String {
        let body = Self.body(markdown, tables: tables)
        let words = meta.words, day = words.mediumDay(asOf)
        // The day as a person reads it, the ISO day for a machine in its `datetime`.
        let time = "<time datetime=\"\(asOf)\">\(XMLText.escape(day))</time>"
        let context: TemplateFields = [
            "title": .text(XMLText.escape(title)), "root": .text(root), "asOf": .text(XMLText.escape(day)), "body": .text(body),
            "asOfLine": .text(XMLText.escape(words["asOfDay"]).replacingOccurrences(of: "{day}", with: time)),
            "head": .text(meta.head(root: root)), "lang": .text(words.language.rawValue),
            "footer": .text(XMLText.escape(words["footer", ["day": day]])),
            "page": .text(Self.kind(of: meta.path)),
        ]
        return try templates.layout.render(context, words: words, escape: XMLText.escape)
    }

    /// What kind of page a path is, for the stylesheet (`<main class="dashboard">`): dashboard,
    /// habit, year or journal.
    static func kind(of path: String) -> String {
        path.hasPrefix("habits/") ? "habit" : path.hasPrefix("years/") ? "year" : path.hasPrefix("journal") ? "journal" : "dashboard"
    }

    /// The page's body: the Markdown through cmark's node tree, with each table put where its
    /// marker paragraph is (`PageTable.placeholder`; a habit page has a table per year of history)
    /// and our own SVG images shown as `<object>` documents (so the heatmaps' tooltips work on
    /// hover), named by the image's text for assistive technology, the image kept inside as the
    /// fallback.
    static func body(_ markdown: String, tables: [String: HTMLTable]) -> String {
        CommonMark.html(from: markdown, block: { text in
            guard text.hasPrefix(HTMLTable.markerStart), text.hasSuffix(HTMLTable.markerEnd) else { return nil }
            return tables[String(text.dropFirst(HTMLTable.markerStart.count).dropLast(HTMLTable.markerEnd.count))]?.render()
        }, aroundImage: { src, alt in
            guard isOwnSVG(src) else { return nil }
            // A chart is an object; a year grid sits in a span that scrolls sideways on a phone (style.css).
            let object = "<object class=\"\(src.contains("charts/") ? "chart" : "heatmap")\" data=\"\(src)\" type=\"image/svg+xml\""
                + " role=\"img\" aria-label=\"\(XMLText.escape(alt))\">"
            return src.contains("charts/") ? (object, "</object>") : ("<span class=\"heatmap\">" + object, "</object></span>")
        })
    }

    /// Whether a source is one of the site's own SVG files: `heatmaps/`, `charts/wellbeing/` or
    /// `charts/` (behind "../" on a habit's page), a slug, `.svg`.
    static func isOwnSVG(_ src: String) -> Bool {
        let path = src.hasPrefix("../") ? src.dropFirst(3) : Substring(src)
        guard let folder = ["heatmaps/", "charts/wellbeing/", "charts/"].first(where: { path.hasPrefix($0) }), path.hasSuffix(".svg") else { return false }
        let name = path.dropFirst(folder.count).dropLast(4)
        return !name.isEmpty && name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
        }
    }
}
