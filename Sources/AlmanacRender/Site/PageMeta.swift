/// What a page tells browsers, feed readers and link previews about itself: its description,
/// the site's icon and feed, and Open Graph title, description and picture. Links are relative to
/// the page; with the site's base URL the Open Graph address and picture are absolute (link
/// previews need them so) — without one there is no `og:image`.
public struct PageMeta: Sendable, Equatable {
    /// The page's path in the site (`habits/run.html`).
    public var path: String
    public var title: String
    public var description: String
    /// The site path of the page's preview picture (`cards/run.svg`).
    public var image: String?
    public var baseURL: String?
    /// Whether search engines may index the page (`SiteOptions.isPublic`); else it says `noindex`.
    public var isPublic: Bool

    public init(path: String, title: String, description: String, image: String?, baseURL: String?, isPublic: Bool = false) {
        self.path = path; self.title = title; self.description = description; self.image = image; self.baseURL = baseURL
        self.isPublic = isPublic
    }

    /// The lines for the page's `<head>`, escaped.
    func head(root: String) -> String {
        let e = XMLText.escape
        var lines = [
            "<meta name=\"description\" content=\"\(e(description))\">",
            "<link rel=\"icon\" href=\"\(root)favicon.svg\" type=\"image/svg+xml\">",
            "<link rel=\"alternate\" type=\"application/atom+xml\" title=\"Habit progress, day by day\" href=\"\(root)feed.xml\">",
            "<link rel=\"alternate\" type=\"application/feed+json\" title=\"Habit progress, day by day\" href=\"\(root)feed.json\">",
            "<meta property=\"og:type\" content=\"website\">",
            "<meta property=\"og:title\" content=\"\(e(title))\">",
            "<meta property=\"og:description\" content=\"\(e(description))\">",
        ]
        if !isPublic { lines.insert("<meta name=\"robots\" content=\"noindex\">", at: 0) }
        if let baseURL {
            lines.append("<meta property=\"og:url\" content=\"\(e(baseURL + path))\">")
            lines.append("<link rel=\"canonical\" href=\"\(e(baseURL + path))\">")
            if let image { lines.append("<meta property=\"og:image\" content=\"\(e(baseURL + image))\">") }
        }
        return lines.joined(separator: "\n")
    }
}
