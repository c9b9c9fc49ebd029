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

    /// The charts a new day rarely changes (the hours, the weekdays, last month's grid) are keyed
    /// by their own models when the rest of their habit's files are made again: the next day
    /// keeps them under the same keys, one whose model changed gets a new key, and the site is
    /// a fresh run's either way.
    @Test func chartsKeyedAloneKeepTheirKeysWhenTheRestOfTheirHabitChanges() throws {
        let s = Session()
        try s.ok("init", "--timezone", "Europe/Berlin")
        try s.ok("habit", "add", "Water", "--unit", "count", "--target", "8")
        try s.ok("log", "water", "9", "--from", "2026-09-01", "--to", "2026-11-20", "--at", "07:30")
        try s.ok("report", "--out", "site", "--as-of", "2026-11-20")
        let alone = ["charts/water-hours.svg", "charts/water-weekdays.svg", "charts/water-last-month.svg"]
        func records(_ manifest: SiteManifest) -> [String: SiteManifest.Record] {
            Dictionary(uniqueKeysWithValues: manifest.files.map { ($0.path, $0) })
        }
        let first = records(try manifest(s))
        let page = try #require(first["habits/water.html"])
        for path in alone {
            let record = try #require(first[path], "\(path)")
            // In the habit's group, under a key of its own.
            #expect(record.group == page.group && record.key != page.key && record.key?.count == 64, "\(path)")
        }

        // The next day, nothing new: the page's group is another, the three keep their keys.
        try s.ok("report", "--out", "site", "--as-of", "2026-11-21")
        let next = records(try manifest(s))
        let nextPage = try #require(next["habits/water.html"])
        #expect(nextPage.group != page.group)
        for path in alone {
            #expect(next[path]?.key == first[path]?.key && next[path]?.group == nextPage.group, "\(path)")
        }
        try s.ok("report", "--out", "fresh", "--as-of", "2026-11-21")
        let reused = try siteFiles(s.folder.url.appendingPathComponent("site"))
        var fresh = try siteFiles(s.folder.url.appendingPathComponent("fresh"))
        #expect(Set(reused.keys) == Set(fresh.keys))
        #expect(reused.keys.filter { $0 != "manifest.json" && reused[$0] != fresh[$0] }.isEmpty)

        // A check in the evening: the hour chart's model changes, so does its key and its file.
        try s.ok("log", "water", "1", "--add", "--date", "2026-11-21", "--at", "21:15")
        try s.ok("report", "--out", "site", "--as-of", "2026-11-21")
        let evening = records(try manifest(s))
        #expect(evening["charts/water-hours.svg"]?.key != next["charts/water-hours.svg"]?.key)
        #expect(evening["charts/water-last-month.svg"]?.key == next["charts/water-last-month.svg"]?.key)
        try FileManager.default.removeItem(at: s.folder.url.appendingPathComponent("fresh"))
        try s.ok("report", "--out", "fresh", "--as-of", "2026-11-21")
        let after = try siteFiles(s.folder.url.appendingPathComponent("site"))
        fresh = try siteFiles(s.folder.url.appendingPathComponent("fresh"))
        #expect(Set(after.keys) == Set(fresh.keys))
        #expect(after.keys.filter { $0 != "manifest.json" && after[$0] != fresh[$0] }.isEmpty)
        #expect(after["charts/water-hours.svg"] != reused["charts/water-hours.svg"])
    }
}
