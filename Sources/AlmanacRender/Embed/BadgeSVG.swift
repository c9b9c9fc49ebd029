import AlmanacDomain

/// A shields-style badge (`badges/<slug>.svg`): a grey label and a coloured message,
/// "streak | 12 days". Widths come from the text's length in Verdana-like metrics; the SVG
/// carries its own font list and no external resource. Its dark variant (`badges/dark/<slug>.svg`)
/// has a label side that stays apart from a dark page.
public struct BadgeSVG: DrawnModel {
    public var label: String
    public var message: String
    /// `#RRGGBB` of the message's side.
    public var color: String
    /// The label side's colour: shields' grey, or a lighter one on a dark page.
    public var labelColor = "#555"

    public init(label: String, message: String, color: String) {
        self.label = label; self.message = message
        self.color = HeatmapSVG.isColor(color) ? color : Habit.defaultColor
    }

    public func draw() -> [UInt8] {
        let left = Self.textWidth(label) + 12, right = Self.textWidth(message) + 12, width = left + right
        let text = "\(label): \(message)"
        let svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\(width)" height="20" viewBox="0 0 \(width) 20" \
            role="img">
            <title>\(XMLText.escape(text))</title>
            <linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>
            <clipPath id="r"><rect width="\(width)" height="20" rx="3" fill="#fff"/></clipPath>
            <g clip-path="url(#r)"><rect width="\(left)" height="20" fill="\(labelColor)"/><rect x="\(left)" width="\(right)" height="20" fill="\(color)"/>\
            <rect width="\(width)" height="20" fill="url(#s)"/></g>
            <g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">\
            <text x="\(left / 2)" y="15" fill="#010101" fill-opacity=".3">\(XMLText.escape(label))</text>\
            <text x="\(left / 2)" y="14">\(XMLText.escape(label))</text>\
            <text x="\(left + right / 2)" y="15" fill="#010101" fill-opacity=".3">\(XMLText.escape(message))</text>\
            <text x="\(left + right / 2)" y="14">\(XMLText.escape(message))</text></g>
            </svg>

            """
        return Array(svg.utf8)
    }

    /// The badge for a dark page.
    public var darkVariant: BadgeSVG {
        var badge = self
        badge.labelColor = "#6e7681"
        return badge
    }

    /// The drawn width of text at 11 px Verdana, near enough: narrow letters, digits and wide
    /// letters by their classes; anything else (emoji, other scripts) as a wide letter.
    static func textWidth(_ text: String) -> Int {
        var width = 0.0
        for character in text {
            switch character {
            case "i", "l", "j", "I", "!", "|", ".", ",", ":", ";", "'": width += 3.5
            case "f", "t", "r", " ", "(", ")", "-": width += 4.6
            case "m", "w", "M", "W": width += 10.5
            case _ where character.isNumber || character.isLowercase: width += 7
            case _ where character.isUppercase: width += 8
            default: width += 11
            }
        }
        return Int(width.rounded(.up))
    }
}
