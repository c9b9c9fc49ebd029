import AlmanacWords
/// What a page tells browsers, feed readers and link previews about itself: its description,
/// the site's icon and feed, and Open Graph title, description and picture. Links are relative to
/// the page; with the site's base URL the Open Graph address and picture are absolute (link
/// previews need them so) — without one there is no `og:image`. The picture a link preview shows
/// is a 1200 × 630 PNG of the page's own picture (`PreviewPNG`, at `previewPath`): the previews
/// of chat and social apps take PNG, not SVG.
public struct PageMeta: Sendable, Equatable {
    /// The page (`habits/run.html`).
    public var page: SiteMap.Page
    public var title: String
    public var description: String
    /// The site path of the page's preview picture (`cards/run.svg`).
    public var image: String?
    public var baseURL: String?
    /// Whether search engines may index the page (`SiteOptions.isPublic`); else it says `noindex`.
    public var isPublic: Bool
    /// The language the page is written in (`<html lang>`, the layout's words).
    public var words: SiteLanguage

    public init(page: SiteMap.Page, title: String, description: String, image: String?, baseURL: String?, isPublic: Bool = false,
                words: SiteLanguage) {
        self.page = page; self.title = title; self.description = description; self.image = image; self.baseURL = baseURL
        self.isPublic = isPublic; self.words = words
    }

    /// The page's path in the site (`habits/run.html`).
    public var path: String { page.path(.html) }

    /// Where the page's link preview is: `previews/habits/run.png` for `habits/run.html`.
    public var previewPath: String { SiteMap.preview(of: page) }

    /// The lines for the page's `<head>`, escaped.
    func head() -> String {
        let e = XMLText.escape, feed = e(words["feed.title"]), link = { SiteMap.link($0, from: page) }
        var lines = [
            "<meta name=\"description\" content=\"\(e(description))\">",
            "<link rel=\"icon\" href=\"\(link(SiteMap.favicon))\" type=\"image/svg+xml\">",
            "<link rel=\"alternate\" type=\"application/atom+xml\" title=\"\(feed)\" href=\"\(link(SiteMap.atomFeed))\">",
            "<link rel=\"alternate\" type=\"application/feed+json\" title=\"\(feed)\" href=\"\(link(SiteMap.jsonFeed))\">",
            "<meta property=\"og:type\" content=\"website\">",
            "<meta property=\"og:title\" content=\"\(e(title))\">",
            "<meta property=\"og:description\" content=\"\(e(description))\">",
        ]
        if !isPublic { lines.insert("<meta name=\"robots\" content=\"noindex\">", at: 0) }
        if let baseURL {
            lines.append("<meta property=\"og:url\" content=\"\(e(baseURL + path))\">")
            lines.append("<link rel=\"canonical\" href=\"\(e(baseURL + path))\">")
            if image != nil {
                lines.append("<meta property=\"og:image\" content=\"\(e(baseURL + previewPath))\">")
                lines.append("<meta property=\"og:image:type\" content=\"image/png\">")
                lines.append("<meta property=\"og:image:width\" content=\"\(PreviewPNG.width)\">")
                lines.append("<meta property=\"og:image:height\" content=\"\(PreviewPNG.height)\">")
                lines.append("<meta property=\"og:image:alt\" content=\"\(e(title))\">")
                lines.append("<meta name=\"twitter:card\" content=\"summary_large_image\">")
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// A page model with a description and a picture (`PageMeta`).
protocol DescribedPage { var meta: PageMeta { get } }

extension DashboardModel: DescribedPage {}
extension HabitPageModel: DescribedPage {}
extension YearPageModel: DescribedPage {}
extension JournalPageModel: DescribedPage {}

extension SitePage {
    /// The link previews of `pages`: for each HTML page with a picture among `pages`, when the
    /// site has a web address, that picture as a PNG at the page's `previewPath`.
    static func previews(of pages: [SitePage]) -> [SitePage] {
        var pictures: [String: PreviewPNG.Picture] = [:]
        for page in pages {
            if let card = page.model as? HabitCardSVG { pictures[page.path] = .card(card) }
            if let heatmap = page.model as? HeatmapSVG { pictures[page.path] = .heatmap(heatmap) }
        }
        return pages.compactMap { page in
            guard page.path.hasSuffix(".html"), let meta = (page.model as? any DescribedPage)?.meta,
                  meta.baseURL != nil, let image = meta.image, let picture = pictures[image] else { return nil }
            return SitePage(path: meta.previewPath, templated: PreviewPNG(picture: picture, title: SiteMap.isCard(image) ? nil : meta.title))
        }
    }
}
