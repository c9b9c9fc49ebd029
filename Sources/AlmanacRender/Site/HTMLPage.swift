/// Turns a page's Markdown into its HTML page: libcmark (safe mode) renders the Markdown, our
/// own SVG images become `<object>` embeds (so the heatmaps' tooltips work on hover), and the
/// layout template wraps it.
struct HTMLPage {
    let templates: TemplateSet
    let asOf: String
    let meta: PageMeta

    /// - Parameter root: the relative path to the site's root ("" or "../").
    /// - Parameter tables: the tables the Markdown marks with `⟦table:NAME⟧`, by name.
    func render(markdown: String, title: String, root: String, tables: [String: HTMLTable] = [:]) throws -> String {
        let body = Self.placingTables(tables, in: Self.embedSVGImages(CommonMark.html(from: markdown)))
        let context: TemplateFields = [
            "title": .text(XMLText.escape(title)), "root": .text(root), "asOf": .text(XMLText.escape(asOf)), "body": .text(body),
            "head": .text(meta.head(root: root)),
        ]
        return try templates.layout.render(context)
    }

    /// Puts each table where its marker paragraph is, in one pass over the page (a habit page has
    /// a table per year of history: a search of the whole page per table was most of its cost).
    static func placingTables(_ tables: [String: HTMLTable], in html: String) -> String {
        guard !tables.isEmpty else { return html }
        let bytes = Array(html.utf8)
        let open = Array("<p>⟦table:".utf8), close = Array("⟧</p>".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        var position = 0
        while let start = find(open, in: bytes, from: position) {
            let nameStart = start + open.count
            guard let end = find(close, in: bytes, from: nameStart) else { break }
            out.append(contentsOf: bytes[position..<start])
            if let table = tables[String(decoding: bytes[nameStart..<end], as: UTF8.self)] {
                out.append(contentsOf: table.render().utf8)
            } else {
                out.append(contentsOf: bytes[start..<(end + close.count)])
            }
            position = end + close.count
        }
        out.append(contentsOf: bytes[position...])
        return String(decoding: out, as: UTF8.self)
    }

    /// The first place `needle` starts in `bytes` at or after `start`.
    static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        var i = start
        let last = bytes.count - needle.count
        while i <= last {
            if bytes[i] == first && bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    /// Replaces `<img src="…/heatmaps/x.svg" alt="…" />` that cmark produced for our own SVG files
    /// with an `<object>` that shows the SVG as a document (keeping the image as its fallback).
    /// Only sources of the site's own shape (`heatmaps/`, `charts/` or `charts/wellbeing/`, a slug,
    /// `.svg`) qualify.
    static func embedSVGImages(_ html: String) -> String {
        let bytes = Array(html.utf8)
        let open = Array("<img src=\"".utf8), close = Array(" />".utf8)
        func find(_ needle: [UInt8], from start: Int) -> Int? { Self.find(needle, in: bytes, from: start) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 1024)
        var position = 0
        while let tagStart = find(open, from: position) {
            out.append(contentsOf: bytes[position..<tagStart])
            let srcStart = tagStart + open.count
            guard let srcEnd = bytes[srcStart...].firstIndex(of: UInt8(ascii: "\"")),
                  let closeStart = find(close, from: srcEnd) else { break }
            let tagEnd = closeStart + close.count
            let src = String(decoding: bytes[srcStart..<srcEnd], as: UTF8.self)
            if isOwnSVG(Substring(src)) {
                let kind = src.contains("charts/") ? "chart" : "heatmap"
                // A year grid sits in a span that scrolls sideways on a phone (style.css).
                if kind == "heatmap" { out.append(contentsOf: "<span class=\"heatmap\">".utf8) }
                out.append(contentsOf: "<object class=\"\(kind)\" data=\"\(src)\" type=\"image/svg+xml\">".utf8)
                out.append(contentsOf: bytes[tagStart..<tagEnd])
                out.append(contentsOf: "</object>".utf8)
                if kind == "heatmap" { out.append(contentsOf: "</span>".utf8) }
            } else {
                out.append(contentsOf: bytes[tagStart..<tagEnd])
            }
            position = tagEnd
        }
        out.append(contentsOf: bytes[position...])
        return String(decoding: out, as: UTF8.self)
    }

    static func isOwnSVG(_ src: Substring) -> Bool {
        var path = src
        if path.hasPrefix("../") { path = path.dropFirst(3) }
        guard path.hasPrefix("heatmaps/") || path.hasPrefix("charts/"), path.hasSuffix(".svg") else { return false }
        var name = path.drop { $0 != "/" }.dropFirst().dropLast(4)
        if path.hasPrefix("charts/wellbeing/") { name = name.dropFirst("wellbeing/".count) }
        return !name.isEmpty && name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
        }
    }
}
