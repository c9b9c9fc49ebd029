import AlmanacKit
import AlmanacTestSupport
import Foundation
import Testing

/// A habit's files — and, a part of their own, its heatmaps of earlier years — are kept whole,
/// without their models being made, when everything they are made from has the key the previous
/// run recorded for them, and only when that run's record of them is whole.
@Suite struct HabitFilesReuseTests {
    func manifest(_ s: Session, _ site: String = "site") throws -> SiteManifest {
        try JSONDecoder().decode(SiteManifest.self, from: Data(contentsOf: s.folder.url.appendingPathComponent("\(site)/manifest.json")))
    }

    func groups(_ manifest: SiteManifest) -> [String: [String]] {
        Dictionary(grouping: manifest.files.filter { $0.group != nil }, by: { $0.group! }).mapValues { $0.map(\.path) }
    }

    @Test func eachHabitsFilesAreRecordedAsOneGroupAndKeptWholeWhenItsInputIsTheSame() throws {
        let s = Session()
        try s.ok("init", "--timezone", "Europe/Berlin")
        try s.ok("habit", "add", "Run")
        try s.ok("habit", "add", "Water", "--unit", "count", "--target", "8")
        try s.ok("log", "run", "--from", "2025-09-01", "--to", "2026-11-20")
        try s.ok("log", "water", "5", "--from", "2026-10-01", "--to", "2026-11-20", "--at", "07:30")
        try s.ok("report", "--out", "site", "--as-of", "2026-11-20")
        let first = try manifest(s)
        // A group per habit, and one for Run's earlier year: "KEY/COUNT", the count being how
        // many files carry it.
        let before = groups(first)
        #expect(before.count == 3)
        for (group, paths) in before {
            #expect(group.hasSuffix("/\(paths.count)") && group.count == 64 + 1 + String(paths.count).count, "\(group)")
        }
        let runGroup = try #require(before.first { $0.value.contains("habits/run.html") })
        #expect(runGroup.value.contains("heatmaps/run-2026.svg") && !runGroup.value.contains { $0.contains("water") })
        let runPast = try #require(before.first { $0.value.contains("heatmaps/run-2025.svg") })
        #expect(runPast.value == ["heatmaps/run-2025.svg"])
        #expect(first.files.filter { $0.group == nil }.map(\.path).contains("index.html"))

        // Water changes, Run does not: Run's groups are the same, Water's is another.
        try s.ok("log", "water", "1", "--add", "--date", "2026-11-19")
        let outcome = try s.ok("report", "--out", "site", "--as-of", "2026-11-20")
        let after = groups(try manifest(s))
        #expect(after[runGroup.key] == runGroup.value && after[runPast.key] == runPast.value)
        #expect(after.count == 3 && after.keys.filter { before[$0] == nil }.count == 1)
        #expect(!outcome.contains(" 0 written"), "\(outcome)")

        // The next day every habit's files change, but not Run's earlier year: its group holds.
        try s.ok("report", "--out", "next", "--as-of", "2026-11-21")
        let nextDay = groups(try manifest(s, "next"))
        #expect(nextDay[runPast.key] == runPast.value && nextDay[runGroup.key] == nil)

        // A record of Run's files gone from the manifest (and its file with it): the group is no
        // longer whole, so Run's files are made again, and the site is a fresh run's.
        var edited = try manifest(s)
        edited.files.removeAll { $0.path == "heatmaps/run-2025.svg" }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try (encoder.encode(edited) + Data([10])).write(to: s.folder.url.appendingPathComponent("site/manifest.json"))
        try FileManager.default.removeItem(at: s.folder.url.appendingPathComponent("site/heatmaps/run-2025.svg"))
        try s.ok("report", "--out", "site", "--as-of", "2026-11-20")
        try s.ok("report", "--out", "fresh", "--as-of", "2026-11-20")
        let reused = try siteFiles(s.folder.url.appendingPathComponent("site"))
        let fresh = try siteFiles(s.folder.url.appendingPathComponent("fresh"))
        #expect(reused["heatmaps/run-2025.svg"] != nil)
        #expect(Set(reused.keys).union(fresh.keys).filter { reused[$0] != fresh[$0] }.isEmpty)
    }

}
