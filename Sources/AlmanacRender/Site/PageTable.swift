/// A table of a page, as a value of its model: the figures behind a picture (a heatmap's months,
/// a chart's values) or a view of their own (weeks, months, years). The HTML page gets a real
/// `<table>` (folded in `<details>` under its picture when it has a summary line), the Markdown
/// file a pipe table, which forges render. Cells are display text, escaped here for each.
public struct PageTable: Codable, Sendable, Equatable {
    /// Unique within its page: the marker's name and, in HTML, the element's id.
    public var name: String
    /// When set, the HTML table is folded under this line ("Table: 2026 by month").
    public var summary: String?
    public var header: [String]
    public var rows: [[String]]
    /// The page each row's first cell links to, if any: a path relative to the page without its
    /// extension (`habits/run`), which each format completes (`.md`, `.html`).
    public var links: [String?]

    public init(name: String, summary: String? = nil, header: [String], rows: [[String]], links: [String?] = []) {
        self.name = name; self.summary = summary; self.header = header; self.rows = rows; self.links = links
    }

    /// What the page's Markdown holds in its place: the marker the HTML page replaces, or the pipe
    /// table of the Markdown file.
    func placeholder(_ format: PageFormat) -> String {
        format == .html ? "⟦table:\(name)⟧" : markdown()
    }

    /// A pipe table; each cell escaped, a linked cell as a Markdown link.
    func markdown() -> String {
        let md = MarkdownText.escape
        var out = ""
        out.reserveCapacity(64 + rows.count * (header.count * 12 + 4))
        func line<Cells: Sequence<String>>(_ cells: Cells) {
            out += "| "
            var first = true
            for cell in cells {
                if !first { out += " | " }
                out += cell
                first = false
            }
            out += " |"
        }
        if let summary { out += "*\(md(summary))*\n\n" }
        line(header.lazy.map(md))
        out += "\n"
        line(header.lazy.map { _ in "---" })
        for (i, row) in rows.enumerated() {
            out += "\n"
            if i < links.count, let link = links[i], !row.isEmpty {
                var cells = row.map(md)
                cells[0] = "[\(cells[0])](\(link).md)"
                line(cells)
            } else {
                line(row.lazy.map(md))
            }
        }
        return out
    }

    /// The HTML table, folded under its summary line when it has one.
    var html: HTMLTable {
        HTMLTable(header: header, rows: rows.enumerated().map { i, row in
            row.enumerated().map { column, text in
                if column == 0, i < links.count, let link = links[i] { return .link(text, href: link + ".html") }
                return .text(text)
            }
        }, rowHeadings: true, id: "table-\(name)", summary: summary)
    }
}

extension [PageTable] {
    /// What a page's Markdown holds for the table `name`: its marker (HTML) or pipe table; empty
    /// when the page has no such table.
    func placeholder(_ format: PageFormat, _ name: String) -> String {
        first { $0.name == name }?.placeholder(format) ?? ""
    }
}
