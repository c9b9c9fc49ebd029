import AlmanacDomain

/// `robots.txt`: a site is private to search engines unless it is published as public — then
/// crawling is allowed and the sitemap named (the robots exclusion protocol, RFC 9309).
public struct RobotsTxt: DrawnModel {
    /// The sitemap's absolute address, for a public site; nil: every path disallowed.
    public var sitemap: String?

    public func draw() -> [UInt8] {
        guard let sitemap else {
            return Array("# A personal habit page: not for search engines.\nUser-agent: *\nDisallow: /\n".utf8)
        }
        return Array("User-agent: *\nAllow: /\n\nSitemap: \(sitemap)\n".utf8)
    }
}

/// `sitemap.xml` of a public site (sitemaps.org protocol 0.9): the address of each HTML page,
/// absolute, with the report's day as its last change.
public struct Sitemap: DrawnModel {
    public var urls: [String]
    public var lastModified: DayKey

    public func draw() -> [UInt8] {
        var out = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n".utf8)
        for url in urls {
            out.append("<url><loc>"); out.append(escaped: url); out.append("</loc><lastmod>")
            out.append(contentsOf: lastModified.description.utf8); out.append("</lastmod></url>\n")
        }
        out.append("</urlset>\n")
        return out
    }
}
