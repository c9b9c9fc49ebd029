import AlmanacTestSupport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// A published habit page is private to search engines unless its owner says otherwise.
@Suite struct SearchEngineTests {
    @Test func aSiteIsPrivateToSearchEnginesUnlessPublishedAsPublic() throws {
        let s = Session()
        try s.ok("init")
        try s.ok("habit", "add", "Run")
        try s.ok("log", "run")
        try s.ok("report", "--out", "site", "--include-journal")
        #expect(String(decoding: s.folder.bytes("site/robots.txt"), as: UTF8.self).hasSuffix("User-agent: *\nDisallow: /\n"))
        #expect(!FileManager.default.fileExists(atPath: s.folder.path("site/sitemap.xml")))
        for page in ["index.html", "habits/run.html", "journal.html"] {
            #expect(String(decoding: s.folder.bytes("site/" + page), as: UTF8.self).contains("<meta name=\"robots\" content=\"noindex\">"), "\(page)")
        }
        // --public needs the address the sitemap lists pages by.
        let refused = try s.run("report", "--out", "site", "--public")
        #expect(refused.status == 2 && refused.stderr.contains("--public needs --base-url"), "\(refused.stderr)")
        try s.ok("report", "--out", "site", "--public", "--base-url", "https://me.example/habits")
        #expect(String(decoding: s.folder.bytes("site/robots.txt"), as: UTF8.self)
                == "User-agent: *\nAllow: /\n\nSitemap: https://me.example/habits/sitemap.xml\n")
        #expect(!String(decoding: s.folder.bytes("site/index.html"), as: UTF8.self).contains("noindex"))
        let sitemap = try XMLDocument(data: s.folder.bytes("site/sitemap.xml"))
        let urls = try sitemap.nodes(forXPath: "//*[local-name()='loc']").compactMap(\.stringValue)
        // Every page of the site: the dashboard, each habit's and each year's.
        #expect(urls == ["https://me.example/habits/index.html", "https://me.example/habits/habits/run.html",
                         "https://me.example/habits/years/2026.html"])
        // The next report without --public makes it private again: never public unless said.
        try s.ok("report", "--out", "site", "--base-url", "https://me.example/habits")
        #expect(String(decoding: s.folder.bytes("site/robots.txt"), as: UTF8.self).hasSuffix("Disallow: /\n"))
        #expect(!FileManager.default.fileExists(atPath: s.folder.path("site/sitemap.xml")))
    }
}
