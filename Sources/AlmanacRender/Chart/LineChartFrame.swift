import AlmanacDomain

/// What the line charts (strength score, wellbeing) share: the SVG document's opening with its
/// accessible title and summary and the stylesheet (gridlines, labels that grow on a phone), and
/// a labelled horizontal gridline.
enum LineChartFrame {
    /// `marks` styles what the chart draws (`.line`, …); `darkMarks` their dark-scheme colours.
    static func open(width: Int, height: Int, title: String, summary: String, marks: String, darkMarks: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" \
        role="img">
        <title>\(XMLText.escape(title))</title>
        <desc>\(XMLText.escape(summary))</desc>
        <style type="text/css"><![CDATA[
        svg{color-scheme:light dark}text{font:11px system-ui,-apple-system,'Segoe UI',sans-serif;fill:#57606a}
        .grid{stroke:#d0d7de;stroke-width:.5}\(marks)
        @media (prefers-color-scheme: dark){text{fill:#8b949e}.grid{stroke:#30363d}\(darkMarks)}
        @media (max-width: 480px){text{font-size:21px}.minor{display:none}}
        ]]></style>

        """
    }

    /// A gridline across the plot at `y`, its label (escaped here) just above it at the left.
    static func gridline(y: Double, label: String, from left: Int, to right: Int) -> String {
        let at = NumberText.rounded(y, digits: 1), above = NumberText.rounded(y - 3, digits: 1)
        return "<line class=\"grid\" x1=\"\(left)\" x2=\"\(right)\" y1=\"\(at)\" y2=\"\(at)\"/><text x=\"\(left + 3)\" y=\"\(above)\">\(XMLText.escape(label))</text>\n"
    }
}
