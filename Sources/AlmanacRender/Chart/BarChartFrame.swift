import AlmanacDomain

/// What the bar charts (by weekday, by hour) share: the SVG document's opening with its
/// accessible title and summary and the stylesheet, and the base line under the bars.
enum BarChartFrame {
    static func open(width: Int, height: Int, title: String, summary: String, color: String, fontSize: Int) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\(width)" height="\(height)" \
        viewBox="0 0 \(width) \(height)" role="img">
        <title>\(XMLText.escape(title))</title>
        <desc>\(XMLText.escape(summary))</desc>
        <style type="text/css"><![CDATA[
        svg{color-scheme:light dark}text{font:\(fontSize)px system-ui,-apple-system,'Segoe UI',sans-serif;fill:#57606a;text-anchor:middle}
        .bar{fill:\(color)}.base{stroke:#d0d7de;stroke-width:1}
        @media (prefers-color-scheme: dark){text{fill:#8b949e}.base{stroke:#30363d}}
        ]]></style>

        """
    }

    /// The base line at `y`, from `inset` to `width − inset`, and the document's end.
    static func close(width: Int, y: Int, inset: Int) -> String {
        "<line class=\"base\" x1=\"\(inset)\" x2=\"\(width - inset)\" y1=\"\(y)\" y2=\"\(y)\"/>\n</svg>\n"
    }
}
