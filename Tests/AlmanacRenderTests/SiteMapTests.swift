@testable import AlmanacRender
import AlmanacDomain
import Foundation
import Testing

/// The one map of a site's paths: its links from any page, and no site path written anywhere
/// else in the sources.
@Suite struct SiteMapTests {
    @Test func linksAreRelativeToThePageTheyAreOn() {
        #expect(SiteMap.Page.habit("run").path(.markdown) == "habits/run.md" && SiteMap.Page.year(2026).path() == "years/2026.html")
        #expect(SiteMap.link(SiteMap.scoreChart("run"), from: .habit("run")) == "../charts/run-score.svg")
        #expect(SiteMap.link(SiteMap.Page.habit("run").path(.markdown), from: .dashboard) == "habits/run.md")
        #expect(SiteMap.link(SiteMap.Page.dashboard.path(), from: .year(2026)) == "../index.html")
        // Within one folder a link is the file's name.
        #expect(SiteMap.link(SiteMap.Page.year(2025).path(.markdown), from: .year(2026)) == "2025.md")
        #expect(SiteMap.link(SiteMap.Page.habit("walk").path(), from: .habit("run")) == "walk.html")
        #expect(SiteMap.preview(of: .habit("run")) == "previews/habits/run.png" && SiteMap.preview(of: .dashboard) == "previews/index.png")
        #expect(SiteMap.card("run", dark: true) == "cards/dark/run.svg" && SiteMap.Page.journal.root == "" && SiteMap.Page.habit("a").root == "../")
    }

    /// The template files come from the one table the binary carries: every language's words are
    /// among them.
    @Test func theTemplateFilesAreTheBinarysTable() {
        #expect(TemplateSet.fileNames.prefix(6) == ["layout.html.mustache", "dashboard.md.mustache", "habit.md.mustache",
                                                    "journal.md.mustache", "year.md.mustache", "style.css"])
        #expect(Set(TemplateSet.fileNames.dropFirst(6)) == Set(Language.allCases.map(TemplateSet.wordsFile)))
        #expect(TemplateSet.fileNames.allSatisfy { !TemplateSet.builtInSources[$0]!.isEmpty })
    }

    /// A site path in a Swift string literal outside `SiteMap.swift` (a folder of the site, or a
    /// file name with one of its endings) is a second map.
    @Test func noSourceWritesASitePathOfItsOwn() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources")
        let folders = #"(charts|heatmaps|habits|years|strips|cards|badges|previews)/"#
        let files = #"[a-z0-9-]+\.(html|md|svg|png|ics|xml|json|css|txt)\b"#
        let literal = try Regex(#""(\.\./)?("# + folders + "|" + files + #")"#)
        var found: [String] = []
        for case let url as URL in FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
        where url.pathExtension == "swift" && url.lastPathComponent != "SiteMap.swift" {
            let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
            for (number, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                if line.contains(literal) { found.append("\(url.lastPathComponent):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))") }
            }
        }
        // Files that are not the site's: a template set's own names, the CSV export's files.
        let others = found.filter { !$0.hasPrefix("TemplateSet.swift:") && !$0.hasPrefix("CSVExport.swift:") }
        #expect(others == [])
    }
}
