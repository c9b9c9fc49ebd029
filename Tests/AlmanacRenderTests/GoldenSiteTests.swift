@testable import AlmanacRender
import AlmanacDomain
import Foundation
import Testing

/// Whole rendered documents compared with golden files. After an intended change, re-record with
/// `ALMANAC_RECORD=1 swift test --filter GoldenSiteTests` and review the diff.
@Suite struct GoldenSiteTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static let record = ProcessInfo.processInfo.environment["ALMANAC_RECORD"] == "1"

    static func sampleSite(previous: [String: String] = [:]) throws -> [SiteFile] {
        let kept = previous.mapValues { KeptFile(inputDigest: $0, size: 0, sha256: "") }
        let sample = SampleHistory.generate(habits: 4, years: 1, seed: 5)
        let calendar = try StoreCalendar(settings: sample.settings)
        var facts: [String: [DayFact]] = [:]
        for entry in sample.habitEntries where entry.deletedAt == nil {
            facts[entry.habitId.description, default: []].append(DayFact(day: entry.dayKey, kind: entry.kind, value: entry.value))
        }
        let snapshot = StoreSnapshot(settings: sample.settings, calendar: calendar, habits: sample.habits, facts: facts)
        let input = SiteInput(snapshot: snapshot, categories: sample.categories)
        let options = SiteOptions(asOf: SampleHistory.defaultEndDay, previousFiles: kept)
        return try SiteBuilder(input: input, options: options, templates: TemplateSet.builtIn()).build()
    }

    @Test(arguments: ["index.md", "index.html", "habits/run.md", "heatmaps/all-2026.svg", "heatmaps/smoking-2026.svg", "charts/run-score.svg"])
    func renderedFileMatchesItsGoldenCopy(_ path: String) throws {
        let files = try Self.sampleSite()
        let file = try #require(files.first { $0.path == path })
        let golden = Self.folder.appendingPathComponent(path.replacingOccurrences(of: "/", with: "__"))
        let rendered = Data(try #require(file.rendered))
        if Self.record {
            try rendered.write(to: golden)
            return
        }
        let expected = try Data(contentsOf: golden)
        #expect(String(decoding: rendered, as: UTF8.self) == String(decoding: expected, as: UTF8.self),
                "\(path) differs from its golden copy; re-record with ALMANAC_RECORD=1 if the change is intended")
    }

    @Test func unchangedInputsAreNotRenderedAgain() throws {
        let first = try Self.sampleSite()
        let digests = Dictionary(uniqueKeysWithValues: first.compactMap { file in file.inputDigest.map { (file.path, $0) } })
        let reusable = first.filter { $0.path.hasSuffix(".svg") || $0.path.hasPrefix("habits/") }
        #expect(digests.count == reusable.count)
        let second = try Self.sampleSite(previous: digests)
        #expect(second.filter { $0.path.hasSuffix(".svg") || $0.path.hasPrefix("habits/") }.allSatisfy { $0.rendered == nil })
        #expect(second.filter { $0.path.hasPrefix("index.") || $0.path == "style.css" }.allSatisfy { $0.rendered != nil })
        // A changed input renders again.
        var changed = digests
        changed["habits/run.md"] = "0000000000000000"
        #expect(try Self.sampleSite(previous: changed).first { $0.path == "habits/run.md" }?.rendered != nil)
    }

    @Test func theEmbeddedTemplatesAreTheFilesInTemplates() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Templates")
        for name in TemplateSet.fileNames {
            let onDisk = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            #expect(TemplateSet.builtInSources[name] == onDisk, "\(name) changed: run `make templates`")
        }
    }
}
