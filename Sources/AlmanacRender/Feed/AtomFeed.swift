import AlmanacDomain
import Foundation

/// The site's Atom feed (RFC 4287, `feed.xml`): one entry per day, newest first — what was done,
/// the streaks that reached a milestone and the achievements earned that day. Its links are
/// relative to the feed (resolved against its own address, as RFC 4287 allows) unless the site
/// has a base URL; its ids (`SiteDerivation.siteID`) are one for the feed and one per day, the
/// same for as long as the store is, whatever is logged or added. An entry's `updated` is when
/// what its day says last changed, so a reader shows a corrected day again.
public struct AtomFeed: DrawnModel {
    public struct Entry: Sendable {
        /// The entry's permanent id.
        public var id: String
        public var day: DayKey
        public var title: String
        /// Plain text lines; the entry's content is their list.
        public var lines: [String]
        /// When what the day says last changed (RFC 3339): the start of the day, or a later write.
        public var updated: String
        /// The page the entry is about, relative to the site's root.
        public var link: String

        public init(id: String, day: DayKey, title: String, lines: [String], updated: String, link: String = SiteMap.Page.dashboard.path()) {
            self.id = id; self.day = day; self.title = title; self.lines = lines; self.updated = updated; self.link = link
        }
    }

    public var title: String
    /// What the feed carries, in its language.
    public var subtitle: String
    /// The feed's language (`xml:lang`, JSON Feed's `language`): "en".
    public var language: String
    /// An absolute URL ending in "/", or nil for relative links.
    public var baseURL: String?
    /// The feed's permanent id.
    public var id: String
    public var updated: String
    public var entries: [Entry]

    public init(title: String, subtitle: String, language: String, baseURL: String?, id: String, updated: String, entries: [Entry]) {
        self.title = title; self.subtitle = subtitle; self.language = language
        self.baseURL = baseURL; self.id = id; self.updated = updated; self.entries = entries
    }

    public func draw() -> [UInt8] { Array(render().utf8) }

    func render() -> String {
        let root = baseURL ?? ""
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\(XMLText.escape(language))">
            <title>\(XMLText.escape(title))</title>
            <subtitle>\(XMLText.escape(subtitle))</subtitle>
            <id>\(XMLText.escape(id))</id>
            <updated>\(updated)</updated>
            <author><name>Almanac</name></author>
            <generator>Almanac</generator>
            <link rel="self" type="application/atom+xml" href="\(XMLText.escape(root + SiteMap.atomFeed))"/>
            <link rel="alternate" type="text/html" href="\(XMLText.escape(root + SiteMap.Page.dashboard.path()))"/>

            """
        for entry in entries {
            let content = "<ul>" + entry.lines.map { "<li>\(XMLText.escape($0))</li>" }.joined() + "</ul>"
            xml += """
                <entry>
                <title>\(XMLText.escape(entry.title))</title>
                <id>\(XMLText.escape(entry.id))</id>
                <updated>\(entry.updated)</updated>
                <link rel="alternate" type="text/html" href="\(XMLText.escape(root + entry.link))"/>
                <summary>\(XMLText.escape(entry.lines.joined(separator: " · ")))</summary>
                <content type="html">\(XMLText.escape(content))</content>
                </entry>

                """
        }
        return xml + "</feed>\n"
    }
}

/// The same feed as JSON Feed 1.1 (`feed.json`, jsonfeed.org): the Atom feed's entries with
/// their permanent ids and `updated` dates, for readers and tools that take JSON. Its addresses
/// are absolute under the site's base URL, and left out without one (the format has no
/// relative links).
public struct JSONFeed: DrawnModel {
    public var atom: AtomFeed

    public init(atom: AtomFeed) { self.atom = atom }

    struct Document: Encodable {
        struct Author: Encodable { var name: String }
        struct Item: Encodable {
            var id: String
            var url: String?
            var title: String
            var summary: String
            var content_text: String
            var date_modified: String
        }
        var version = "https://jsonfeed.org/version/1.1"
        var title: String
        var description: String
        var language: String
        var home_page_url: String?
        var feed_url: String?
        var authors = [Author(name: "Almanac")]
        var items: [Item]
    }

    public func draw() -> [UInt8] {
        let root = atom.baseURL
        let document = Document(title: atom.title, description: atom.subtitle, language: atom.language, home_page_url: root.map { $0 + SiteMap.Page.dashboard.path() }, feed_url: root.map { $0 + SiteMap.jsonFeed },
                                items: atom.entries.map { entry in
            Document.Item(id: entry.id, url: root.map { $0 + entry.link }, title: entry.title, summary: entry.lines.joined(separator: " · "),
                          content_text: entry.lines.map { "• " + $0 }.joined(separator: "\n"), date_modified: entry.updated)
        })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Strings and optional strings always encode. `<`, `>` and `&` (which only strings hold)
        // are written as \u escapes, so no reader that shows the text as HTML meets markup.
        var out: [UInt8] = []
        for byte in try! encoder.encode(document) {
            switch byte {
            case UInt8(ascii: "<"): out += Array("\\u003c".utf8)
            case UInt8(ascii: ">"): out += Array("\\u003e".utf8)
            case UInt8(ascii: "&"): out += Array("\\u0026".utf8)
            default: out.append(byte)
            }
        }
        return out + [UInt8(ascii: "\n")]
    }
}
