import Foundation

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
        let body = CommonMark.withHTML(from: markdown) { Self.body($0, tables: tables) }
        let context: TemplateFields = [
            "title": .text(XMLText.escape(title)), "root": .text(root), "asOf": .text(XMLText.escape(asOf)), "body": .text(body),
            "head": .text(meta.head(root: root)),
        ]
        return try templates.layout.render(context)
    }

    /// The page's body from the HTML cmark made of its Markdown, in one pass over its bytes: our
    /// own SVG images embedded (`embedSVGImages`), each table put where its marker paragraph is
    /// (a habit page has a table per year of history).
    static func body(_ html: UnsafeBufferPointer<UInt8>, tables: [String: HTMLTable]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(html.count * (tables.isEmpty ? 1 : 3) + 1024)
        var position = 0
        var nextImage = find(image, in: html, from: 0)
        var nextTable = tables.isEmpty ? nil : find(tableOpen, in: html, from: 0)
        while nextImage != nil || nextTable != nil {
            if let start = nextTable, nextImage.map({ start < $0 }) ?? true {
                let nameStart = start + tableOpen.count
                guard let end = find(tableClose, in: html, from: nameStart) else { nextTable = nil; continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: html[position..<start]))
                if let table = tables[String(decoding: UnsafeBufferPointer(rebasing: html[nameStart..<end]), as: UTF8.self)] {
                    table.render(into: &out)
                } else {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: html[start..<(end + tableClose.count)]))
                }
                position = end + tableClose.count
                nextTable = find(tableOpen, in: html, from: position)
            } else if let tagStart = nextImage {
                let srcStart = tagStart + image.count
                guard let srcEnd = html[srcStart...].firstIndex(of: UInt8(ascii: "\"")),
                      let closeStart = find(imageClose, in: html, from: srcEnd) else { nextImage = nil; continue }
                let tagEnd = closeStart + imageClose.count
                out.append(contentsOf: UnsafeBufferPointer(rebasing: html[position..<tagStart]))
                embed(UnsafeBufferPointer(rebasing: html[tagStart..<tagEnd]), src: UnsafeBufferPointer(rebasing: html[srcStart..<srcEnd]),
                      into: &out)
                position = tagEnd
                nextImage = find(image, in: html, from: position)
            }
            if let table = nextTable, table < position { nextTable = find(tableOpen, in: html, from: position) }
            if let tag = nextImage, tag < position { nextImage = find(image, in: html, from: position) }
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: html[position...]))
        return String(decoding: out, as: UTF8.self)
    }

    private static let image = Array("<img src=\"".utf8), imageClose = Array(" />".utf8), charts = Array("charts/".utf8)
    private static let tableOpen = Array("<p>⟦table:".utf8), tableClose = Array("⟧</p>".utf8)

    /// An `<img>` tag cmark made (`tag`, its `src`): an `<object>` that shows our own SVG as a
    /// document (so the heatmaps' tooltips work on hover), with the image as its fallback; any
    /// other image as it is.
    private static func embed(_ tag: UnsafeBufferPointer<UInt8>, src bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        guard isOwnSVG(bytes) else { return out.append(contentsOf: tag) }
        // An own SVG's source is `heatmaps/…` or `charts/…`, behind "../" on a habit's page.
        let chart = find(charts, in: bytes, from: 0) != nil
        // A year grid sits in a span that scrolls sideways on a phone (style.css).
        out.append(chart ? "<object class=\"chart\" data=\"" : "<span class=\"heatmap\"><object class=\"heatmap\" data=\"")
        out.append(contentsOf: bytes)
        out.append("\" type=\"image/svg+xml\">")
        out.append(contentsOf: tag)
        out.append(chart ? "</object>" : "</object></span>")
    }

    /// The first place `needle` starts in `bytes` at or after `start`: its first byte found by
    /// `memchr`, the rest compared by `memcmp`.
    static func find(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress, let first = needle.first else { return nil }
        return needle.withUnsafeBytes { needle in
            var at = start
            while bytes.count - at >= needle.count {
                guard let hit = memchr(base + at, Int32(first), bytes.count - needle.count + 1 - at) else { return nil }
                at = UnsafeRawPointer(hit).assumingMemoryBound(to: UInt8.self) - base
                if memcmp(base + at, needle.baseAddress!, needle.count) == 0 { return at }
                at += 1
            }
            return nil
        }
    }

    /// Replaces `<img src="…/heatmaps/x.svg" alt="…" />` that cmark produced for our own SVG files
    /// with an `<object>` that shows the SVG as a document (keeping the image as its fallback).
    /// Only sources of the site's own shape (`heatmaps/`, `charts/` or `charts/wellbeing/`, a slug,
    /// `.svg`) qualify.
    static func embedSVGImages(_ html: String) -> String {
        var html = html
        return html.withUTF8 { body($0, tables: [:]) }
    }

    static func isOwnSVG(_ src: String) -> Bool {
        var src = src
        return src.withUTF8 { isOwnSVG($0) }
    }

    /// Whether a source (its UTF-8 bytes) is one of the site's own SVG files.
    static func isOwnSVG(_ src: UnsafeBufferPointer<UInt8>) -> Bool {
        func starts(_ prefix: StaticString, at offset: Int) -> Bool {
            let count = prefix.utf8CodeUnitCount
            return src.count - offset >= count && memcmp(src.baseAddress! + offset, prefix.utf8Start, count) == 0
        }
        var at = starts("../", at: 0) ? 3 : 0
        if starts("heatmaps/", at: at) {
            at += 9
        } else if starts("charts/wellbeing/", at: at) {
            at += 17
        } else if starts("charts/", at: at) {
            at += 7
        } else {
            return false
        }
        let end = src.count - 4
        guard end > at, starts(".svg", at: end) else { return false }
        return UnsafeBufferPointer(rebasing: src[at..<end]).allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
        }
    }
}
