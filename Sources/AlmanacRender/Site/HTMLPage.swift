import Foundation
import AlmanacDomain
import AlmanacWords

/// Turns a page's Markdown into its HTML page: libcmark (safe mode) renders the Markdown, our
/// own SVG images become `<object>` embeds (so the heatmaps' tooltips work on hover), and the
/// layout template wraps it.
struct HTMLPage {
    let templates: TemplateSet
    let asOf: DayKey
    let meta: PageMeta

    /// - Parameter tables: the tables the Markdown marks with `⟦table:NAME⟧`, by name.
    func render(markdown: String, title: String, tables: [String: HTMLTable] = [:]) throws -> String {
        let body = Self.body(markdown, tables: tables)
        let words = meta.words, day = words.mediumDay(asOf)
        // The day as a person reads it, the ISO day for a machine in its `datetime`.
        let time = "<time datetime=\"\(asOf)\">\(XMLText.escape(day))</time>"
        let context: TemplateFields = [
            "title": .text(XMLText.escape(title)), "root": .text(meta.page.root), "asOf": .text(XMLText.escape(day)), "body": .text(body),
            "asOfLine": .text(XMLText.escape(words["asOfDay"]).replacingOccurrences(of: "{day}", with: time)),
            "head": .text(meta.head()), "lang": .text(words.language.rawValue),
            "footer": .text(XMLText.escape(words["footer", ["day": day]])),
            "page": .text(meta.page.kind),
        ]
        return try templates.layout.render(context, words: words, escape: XMLText.escape)
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
            guard SiteMap.isOwnSVG(src) else { return nil }
            // A chart is an object; a year grid sits in a span that scrolls sideways on a phone (style.css).
            let chart = SiteMap.isChart(src)
            let object = "<object class=\"\(chart ? "chart" : "heatmap")\" data=\"\(src)\" type=\"image/svg+xml\""
                + " role=\"img\" aria-label=\"\(XMLText.escape(alt))\">"
            return chart ? (object, "</object>") : ("<span class=\"heatmap\">" + object, "</object></span>")
        })
    }
}
