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
        var out: [UInt8] = []
        render(into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The table's HTML, appended to a page's bytes. Built as bytes: a habit page has a table per
    /// year of history, and appending to a String cell by cell was most of their cost.
    func render(into out: inout [UInt8]) {
        func add(_ literal: StaticString) { out.append(literal) }
        func idAttribute() {
            guard let id else { return }
            add(" id=\""); XMLText.append(id, to: &out); add("\"")
        }
        if let summary {
            add("<details class=\"table\""); idAttribute(); add("><summary>")
            XMLText.append(summary, to: &out)
            add("</summary>\n<table>\n")
        } else {
            add("<table"); idAttribute(); add(">\n")
        }
        if !header.isEmpty {
            add("<thead><tr>")
            for text in header { add("<th scope=\"col\">"); XMLText.append(text, to: &out); add("</th>") }
            add("</tr></thead>\n")
        }
        add("<tbody>\n")
        for row in rows {
            add("<tr>")
            for (i, cell) in row.enumerated() {
                let heading = rowHeadings && i == 0
                add(heading ? "<th scope=\"row\">" : "<td>")
                switch cell {
                case .text(let text): XMLText.append(text, to: &out)
                case .link(let text, let href):
                    add("<a href=\""); XMLText.append(href, to: &out); add("\">")
                    XMLText.append(text, to: &out); add("</a>")
                }
                add(heading ? "</th>" : "</td>")
            }
            add("</tr>\n")
        }
        add("</tbody>\n</table>")
        if summary != nil { add("\n</details>") }
    }

    /// The text of the paragraph that marks where a table goes in a page's Markdown (HTML variant):
    /// `⟦table:NAME⟧`.
    static let markerStart = "⟦table:", markerEnd = "⟧"
}
