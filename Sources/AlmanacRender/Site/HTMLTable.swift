/// A table for an HTML page. CommonMark has no tables, so a page's Markdown template marks where
/// one goes with a paragraph `⟦table:NAME⟧` (in its HTML variant only: the `.md` file keeps its
/// list) and `HTMLPage` puts the table there. Every cell is escaped here, with `XMLText`.
struct HTMLTable: Sendable {
    enum Cell: Sendable {
        case text(String)
        case link(String, href: String)
    }

    var header: [String]
    var rows: [[Cell]]
    /// Whether the first cell of each row is a row heading (`<th scope="row">`).
    var rowHeadings = false
    /// The element's id, for links to the table.
    var id: String? = nil
    /// When set, the table is folded in a `<details>` element under this line.
    var summary: String? = nil

    func render() -> String {
        let idAttribute = id.map { " id=\"\(XMLText.escape($0))\"" } ?? ""
        var out = summary == nil ? "<table\(idAttribute)>\n" : "<table>\n"
        if !header.isEmpty {
            out += "<thead><tr>" + header.map { "<th scope=\"col\">\(XMLText.escape($0))</th>" }.joined() + "</tr></thead>\n"
        }
        out += "<tbody>\n"
        for row in rows {
            out += "<tr>"
            for (i, cell) in row.enumerated() {
                let tag = rowHeadings && i == 0 ? "th scope=\"row\"" : "td"
                let close = rowHeadings && i == 0 ? "th" : "td"
                switch cell {
                case .text(let text): out += "<\(tag)>\(XMLText.escape(text))</\(close)>"
                case .link(let text, let href): out += "<\(tag)><a href=\"\(XMLText.escape(href))\">\(XMLText.escape(text))</a></\(close)>"
                }
            }
            out += "</tr>\n"
        }
        out += "</tbody>\n</table>"
        guard let summary else { return out }
        return "<details class=\"table\"\(idAttribute)><summary>\(XMLText.escape(summary))</summary>\n" + out + "\n</details>"
    }

    /// The marker paragraph cmark makes of `⟦table:NAME⟧`.
    static func marker(_ name: String) -> String { "<p>⟦table:\(name)⟧</p>" }
}
