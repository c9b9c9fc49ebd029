import AlmanacTestSupport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// Breaking a habit against a baseline (Habitto), as a user sets it up and reads it.
@Suite struct BreakingHabitTests {
    @Test(arguments: TestBackend.available) func statsAndTheHabitPageShowTheReductionAgainstTheBaseline(_ backend: TestBackend) throws {
        let s = Session(backend)
        try s.ok("init", "--timezone", "Europe/Berlin")
        try s.ok("habit", "add", "Smoking", "--unit", "count", "--unit-label", "cigarettes", "--direction", "at-most",
                 "--target", "2", "--baseline", "15")
        for (day, value) in [("2026-11-16", "4"), ("2026-11-18", "2"), ("2026-11-20", "1"), ("2026-11-22", "2")] {
            try s.ok("log", "smoking", value, "-d", day)
        }
        let text = try s.ok("stats", "smoking")
        #expect(text.contains("Reduction   2.3 cigarettes a day over the last 4 weeks against a baseline of 15 cigarettes: 85% less; 3 of 4 logged days within the target."))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try s.ok("stats", "smoking", "--json").utf8)) as? [String: Any])
        let reduction = try #require((json["metrics"] as? [String: Any])?["reduction"] as? [String: Any])
        #expect(reduction["baseline"] as? Double == 15 && reduction["averagePerDay"] as? Double == 2.25 && reduction["daysLogged"] as? Int == 4)
        try s.ok("report", "--out", "site")
        let page = String(decoding: s.folder.bytes("site/habits/smoking.md"), as: UTF8.self)
        #expect(page.contains("## Breaking it"))
        #expect(page.contains("- **Week of 16 Nov 2026:** 2\\.3 cigarettes a day, 85% less; 3 of 4 logged days within the target"), "\(page)")
        let html = String(decoding: s.folder.bytes("site/habits/smoking.html"), as: UTF8.self)
        #expect(html.contains("<h2>Breaking it</h2>") && html.contains("2.3 cigarettes a day over the last 4 weeks against a baseline of 15"))
        let backup = try s.ok("backup", "--out", "-")
        #expect(backup.contains(#""direction":"atMost","baseline":15,"frequency""#))
    }

    @Test(arguments: TestBackend.available) func aBaselineIsForAtMostHabitsAndNotNegative(_ backend: TestBackend) throws {
        let s = Session(backend)
        try s.ok("init")
        try s.ok("habit", "add", "Run")
        let bad = BadInputTests()
        try bad.expectRefused(s, ["habit", "edit", "run", "--baseline", "3"], status: 1, mentioning: ["for at-most habits"])
        try bad.expectRefused(s, ["habit", "add", "Smoking", "--unit", "count", "--direction", "at-most", "--target", "2", "--baseline", "-1"],
                              status: 1, mentioning: ["from 0 to a billion", "-1"])
    }
}

/// A day over an at-most habit's limit is a failure of its own colour, explained in the legend.
@Suite struct OverTheLimitTests {
    @Test func daysOverTheLimitAreDrawnAsFailures() throws {
        let s = Session()
        try s.ok("init")
        try s.ok("habit", "add", "Smoking", "--unit", "count", "--direction", "at-most", "--target", "2")
        try s.ok("habit", "add", "Run")
        try s.ok("log", "smoking", "5", "-d", "2026-11-20")
        try s.ok("log", "smoking", "1", "-d", "2026-11-21")
        try s.ok("log", "run", "-d", "2026-11-20")
        try s.ok("report", "--out", "site")
        let svg = String(decoding: s.folder.bytes("site/heatmaps/smoking-2026.svg"), as: UTF8.self)
        #expect(svg.contains(#/<use href="#over" [^>]*><title>2026-11-20 · /#), "the day over the limit")
        #expect(svg.contains(#/<use href="#l[34]" [^>]*><title>2026-11-21 · /#))
        #expect(svg.contains(">over the limit</text>") && svg.contains(".over{fill:"))
        #expect(XMLParser(data: s.folder.bytes("site/heatmaps/smoking-2026.svg")).parse())
        let run = String(decoding: s.folder.bytes("site/heatmaps/run-2026.svg"), as: UTF8.self)
        #expect(!run.contains(">over the limit</text>"), "an at-least habit has no limit to explain")
    }
}
