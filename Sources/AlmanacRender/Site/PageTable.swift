/// A table of a page, as a value of its model: the figures behind a picture (a heatmap's months,
/// a chart's values) or a view of their own (weeks, months, years). The HTML page gets a real
/// `<table>` (folded in `<details>` under its picture when it has a summary line), the Markdown
/// file a pipe table, which forges render. Cells are display text, escaped here for each.
public struct PageTable: Sendable, Equatable {
    /// Unique within its page: the marker's name and, in HTML, the element's id.
    public var name: String
    /// When set, the HTML table is folded under this line ("Table: 2026 by month").
    public var summary: String?
    public var header: [String]
    public var rows: [[String]]
    /// The page each row's first cell links to, if any, in the format of the table's own page,
    /// which is `from`.
    public var links: [SiteMap.Page?]
    public var from: SiteMap.Page

    public init(name: String, summary: String? = nil, header: [String], rows: [[String]], links: [SiteMap.Page?] = [], from: SiteMap.Page = .dashboard) {
        self.name = name; self.summary = summary; self.header = header; self.rows = rows; self.links = links; self.from = from
    }

    /// What the page's Markdown holds in its place: the marker the HTML page replaces, or the pipe
    /// table of the Markdown file.
    func placeholder(_ format: PageFormat) -> String {
        format == .html ? HTMLTable.markerStart + name + HTMLTable.markerEnd : markdown()
    }

    /// A pipe table; each cell escaped, a linked cell as a Markdown link. Built as bytes, appended
    /// in place (no closure holds the buffer): a habit page has a table per year of history.
    func markdown() -> String {
        var out: [UInt8] = []
        out.reserveCapacity(64 + rows.count * (header.count * 12 + 4))
        if let summary { out.append("*"); MarkdownText.append(summary, to: &out); out.append("*\n\n") }
        out.append("| ")
        for (index, cell) in header.enumerated() {
            if index > 0 { out.append(" | ") }
            MarkdownText.append(cell, to: &out)
        }
        out.append(" |\n| ")
        for index in header.indices { out.append(index > 0 ? " | ---" : "---") }
        out.append(" |")
        for (i, row) in rows.enumerated() {
            out.append("\n| ")
            for (column, cell) in row.enumerated() {
                if column > 0 { out.append(" | ") }
                if column == 0, i < links.count, let link = links[i] {
                    out.append("["); MarkdownText.append(cell, to: &out); out.append("](")
                    out.append(contentsOf: SiteMap.link(link.path(.markdown), from: from).utf8); out.append(")")
                } else {
                    MarkdownText.append(cell, to: &out)
                }
            }
            out.append(" |")
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The HTML table, folded under its summary line when it has one.
    var html: HTMLTable {
        HTMLTable(header: header, rows: rows.enumerated().map { i, row in
            row.enumerated().map { column, text in
                if column == 0, i < links.count, let link = links[i] { return .link(text, href: SiteMap.link(link.path(.html), from: from)) }
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
