/// The map of a site: every path it publishes, and the link to one from any page. The renderers,
/// the page models, the previews, the HTML checks and the command line all take their paths
/// from here; a test reads the sources and finds no site path written anywhere else.
public enum SiteMap {
    /// A page of the site, published in Markdown and in HTML.
    public enum Page: Hashable, Sendable {
        case dashboard, journal, habit(String), year(Int)

        /// `index.html`, `habits/run.md`, `years/2026.html`.
        public func path(_ format: PageFormat = .html) -> String {
            switch self {
            case .dashboard: "index." + format.rawValue
            case .journal: "journal." + format.rawValue
            case .habit(let slug): "habits/\(slug)." + format.rawValue
            case .year(let year): "years/\(year)." + format.rawValue
            }
        }

        /// What kind of page it is, for the stylesheet (`<main class="habit">`).
        var kind: String {
            switch self {
            case .dashboard: "dashboard"
            case .journal: "journal"
            case .habit: "habit"
            case .year: "year"
            }
        }

        /// The way from the page to the site's root: "" or "../".
        public var root: String { SiteMap.root(of: path()) }
    }

    // A habit's pictures.
    public static func monthChart(_ slug: String) -> String { "charts/\(slug)-month.svg" }
    public static func lastMonthChart(_ slug: String) -> String { "charts/\(slug)-lastmonth.svg" }
    public static func scoreChart(_ slug: String) -> String { "charts/\(slug)-score.svg" }
    public static func weekdayChart(_ slug: String) -> String { "charts/\(slug)-weekdays.svg" }
    public static func hourChart(_ slug: String) -> String { "charts/\(slug)-hours.svg" }
    public static func heatmap(_ slug: String, year: Int) -> String { "heatmaps/\(slug)-\(year).svg" }
    /// An active habit's last 14 days, on its line of the dashboard.
    public static func strip(_ slug: String) -> String { "strips/\(slug).svg" }
    /// The card and badge a README shows; their dark variants (which a `<picture>` shows in a
    /// dark theme) in folders of their own, which no slug can take.
    public static func card(_ slug: String, dark: Bool = false) -> String { "cards/" + (dark ? "dark/" : "") + slug + ".svg" }
    public static func badge(_ slug: String, dark: Bool = false) -> String { "badges/" + (dark ? "dark/" : "") + slug + ".svg" }
    public static let cardsFolder = "cards/"

    // All habits' pictures.
    public static func allHabitsHeatmap(year: Int) -> String { "heatmaps/all-\(year).svg" }
    public static let lastTwelveMonthsHeatmap = "heatmaps/all-12-months.svg"
    public static let allHabitsMonthChart = "charts/all-month.svg"
    public static func wellbeingChart(_ slug: String) -> String { "charts/wellbeing/\(slug).svg" }

    // The site's own files.
    public static let stylesheet = "style.css", favicon = "favicon.svg", atomFeed = "feed.xml", jsonFeed = "feed.json"
    public static let calendar = "calendar.ics", robots = "robots.txt", sitemap = "sitemap.xml"
    /// Every file a report wrote, with its size and SHA-256 (`SiteManifest`).
    public static let manifest = "manifest.json"

    /// A page's link preview, the PNG a chat or social app shows: `previews/habits/run.png` for
    /// `habits/run.html`.
    public static func preview(of page: Page) -> String { "previews/" + page.path(.html).dropLast(5) + ".png" }

    /// The way from the page at `page` to the site's root: "" or "../".
    static func root(of page: String) -> String { String(repeating: "../", count: page.utf8.count { $0 == UInt8(ascii: "/") }) }

    /// The link to the site's `path` from the page at `page`: `../charts/run-score.svg` from
    /// `habits/run.md`, `2025.md` from `years/2026.md`.
    public static func link(_ path: String, from page: Page) -> String {
        let from = page.path()
        if let slash = from.lastIndex(of: "/") {
            let folder = from[...slash]
            if path.hasPrefix(folder) { return String(path.dropFirst(folder.count)) }
        }
        return page.root + path
    }

    /// Whether a link on a page is one of the site's own SVG pictures that a page shows as a
    /// document (so its tooltips work): `heatmaps/`, `charts/wellbeing/` or `charts/` (behind
    /// "../" on a habit's page), a slug, `.svg`.
    static func isOwnSVG(_ src: String) -> Bool {
        let path = src.hasPrefix("../") ? src.dropFirst(3) : Substring(src)
        guard let folder = ["heatmaps/", "charts/wellbeing/", "charts/"].first(where: { path.hasPrefix($0) }), path.hasSuffix(".svg") else { return false }
        let name = path.dropFirst(folder.count).dropLast(4)
        return !name.isEmpty && name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
        }
    }

    /// Whether one of the site's own SVG pictures (`isOwnSVG`) is a chart (else a year's grid).
    static func isChart(_ src: String) -> Bool { src.contains("charts/") }

    /// The card of a habit, which its link preview draws without the page's title over it.
    static func isCard(_ path: String) -> Bool { path.hasPrefix(cardsFolder) }
}
