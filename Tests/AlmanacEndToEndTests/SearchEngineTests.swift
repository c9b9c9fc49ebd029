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

    /// The owner's setting makes every report of the store public at its address, carried by a
    /// backup into a restored store; `--private` takes it back. On both backends.
    @Test(arguments: TestBackend.available)
    func theSiteIsPublicOnceItsOwnerSaysSoInTheSettings(_ backend: TestBackend) throws {
        let s = Session(backend)
        try s.ok("init")
        try s.ok("habit", "add", "Run")
        try s.ok("log", "run")
        #expect(try s.ok("settings").contains("Site: private"))
        let bad = try s.run("settings", "--public", "me.example/habits")
        #expect(bad.status == 2 && bad.stderr.contains("not a web address"), "\(bad.stderr)")
        #expect(try s.ok("settings", "--public", "https://me.example/habits").contains("Site: public at https://me.example/habits/"))
        try s.ok("report", "--out", "site")   // no flag: the setting says it
        #expect(String(decoding: s.folder.bytes("site/robots.txt"), as: UTF8.self).contains("Sitemap: https://me.example/habits/sitemap.xml"))
        #expect(!String(decoding: s.folder.bytes("site/index.html"), as: UTF8.self).contains("noindex"))
        #expect(String(decoding: s.folder.bytes("site/feed.xml"), as: UTF8.self).contains("href=\"https://me.example/habits/index.html\""))
        // A backup carries it; a store restored from it publishes the same way.
        try s.ok("backup", "--out", "b.json")
        let backup = try JSONSerialization.jsonObject(with: s.folder.bytes("b.json")) as! [String: Any]
        #expect((backup["settings"] as? [String: Any])?["publicAddress"] as? String == "https://me.example/habits/")
        let restored = s.folder.path("restored.sqlite")
        try s.ok("restore", "b.json", "--store", restored)
        try s.ok("report", "--store", restored, "--out", "site2")
        #expect(!String(decoding: s.folder.bytes("site2/index.html"), as: UTF8.self).contains("noindex"))
        // Private again: the next report says noindex and leaves the sitemap out.
        #expect(try s.ok("settings", "--private").contains("Site: private"))
        try s.ok("report", "--out", "site")
        #expect(String(decoding: s.folder.bytes("site/index.html"), as: UTF8.self).contains("<meta name=\"robots\" content=\"noindex\">"))
        #expect(!FileManager.default.fileExists(atPath: s.folder.path("site/sitemap.xml")))
        let json = try JSONSerialization.jsonObject(with: Data(try s.ok("settings", "--json").utf8)) as! [String: Any]
        #expect(json["timeZone"] != nil && json["publicAddress"] == nil)
    }
}
