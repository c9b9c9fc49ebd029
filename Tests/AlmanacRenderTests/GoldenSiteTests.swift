@testable import AlmanacRender
import AlmanacDomain
import Foundation
import Testing

/// Whole rendered documents compared with golden files. After an intended change, re-record with
/// `ALMANAC_RECORD=1 swift test --filter GoldenSiteTests` and review the diff.
@Suite struct GoldenSiteTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static let record = ProcessInfo.processInfo.environment["ALMANAC_RECORD"] == "1"

    /// The sample store of 4 habits over a year, as the read step would give it.
    static func sampleInput(notes: Bool = false) throws -> SiteInput {
        let sample = SampleHistory.generate(habits: 4, years: 1, seed: 5)
        let calendar = try StoreCalendar(settings: sample.settings)
        var facts: [String: [DayFact]] = [:]
        var noteTexts: [String: [HabitNote]] = [:]
        for entry in sample.habitEntries where entry.deletedAt == nil {
            facts[entry.habitId.description, default: []].append(DayFact(day: entry.dayKey, kind: entry.kind, value: entry.value))
            if notes, let note = entry.note { noteTexts[entry.habitId.description, default: []].append(HabitNote(day: entry.dayKey, text: note, skipped: entry.kind == .skip)) }
        }
        let snapshot = StoreSnapshot(settings: sample.settings, calendar: calendar, habits: sample.habits, facts: facts)
        return SiteInput(snapshot: snapshot, categories: sample.categories, notes: noteTexts)
    }

    /// The site's ids in these tests: a plain, stable function of the name (the report's are
    /// name-based UUIDs, `EntityID.derived` in `siteNamespace`).
    static let ids: @Sendable (String) -> String = { "id-" + $0 }

    static func sampleSite(options: SiteOptions = SiteOptions(asOf: SampleHistory.defaultEndDay, today: SampleHistory.defaultEndDay, uuid: ids)) throws -> [SitePage] {
        try SiteDerivation(input: sampleInput(notes: options.includeNotes), options: options).pages()
    }

    @Test(arguments: ["index.md", "index.html", "habits/run.md", "heatmaps/all-2026.svg", "heatmaps/smoking-2026.svg", "charts/run-score.svg"])
    func renderedFileMatchesItsGoldenCopy(_ path: String) throws {
        let page = try #require(try Self.sampleSite().first { $0.path == path })
        let golden = Self.folder.appendingPathComponent(path.replacingOccurrences(of: "/", with: "__"))
        let rendered = Data(try page.render(TemplateSet.builtIn()))
        if Self.record {
            try rendered.write(to: golden)
            return
        }
        let expected = try Data(contentsOf: golden)
        #expect(String(decoding: rendered, as: UTF8.self) == String(decoding: expected, as: UTF8.self),
                "\(path) differs from its golden copy; re-record with ALMANAC_RECORD=1 if the change is intended")
    }

    /// The built-in templates name only values their pages give: every page of the sample site,
    /// with notes, journal and a web address, in every language, rendered in the strict mode
    /// where a missing name is an error rather than nothing.
    @Test(arguments: Language.allCases) func theBuiltInTemplatesNameOnlyValuesTheirPagesHave(_ language: Language) throws {
        var options = SiteOptions(asOf: SampleHistory.defaultEndDay, today: SampleHistory.defaultEndDay, includeNotes: true, includeJournal: true,
                                  baseURL: "https://example.org/habits/", uuid: Self.ids)
        options.words = .of(language)
        let pages = try Self.sampleSite(options: options)
        let templates = TemplateSet.builtIn()
        try BoundedTemplate.$strict.withValue(true) {
            for page in pages where !page.path.hasSuffix(".png") { _ = try page.render(templates) }
        }
        #expect(pages.count > 20)
    }

    @Test func theEmbeddedTemplatesAreTheFilesInTemplates() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Templates")
        for name in TemplateSet.fileNames {
            let onDisk = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            #expect(TemplateSet.builtInSources[name] == onDisk, "\(name): the binary carries another text than Templates/ (rebuild)")
        }
    }
}

/// No two habits' files can share a path: in each folder, what follows a slug (`-score.svg`,
/// `-2026.svg`, `.html`) never ends with another such ending after a dash and more words, which
/// is what a longer slug (`read-last`) would need to meet a shorter one's (`read`) file.
@Suite struct SitePathTests {
    @Test func noSlugsEndingCanMeetAnotherFileKind() throws {
        let sample = try GoldenSiteTests.sampleInput()
        let slugs = Slug.of(sample.snapshot.habits)
        var endings: [String: Set<String>] = [:]   // folder → what follows a slug there
        for page in try GoldenSiteTests.sampleSite() {
            let folder = page.path.split(separator: "/").dropLast().joined(separator: "/"), name = String(page.path.split(separator: "/").last!)
            for slug in slugs where name.hasPrefix(slug) {
                let rest = String(name.dropFirst(slug.count))
                if rest.hasPrefix("-") || rest.hasPrefix(".") { endings[folder, default: []].insert(rest) }
            }
        }
        #expect(endings["charts"]?.isSuperset(of: ["-score.svg", "-month.svg", "-weekdays.svg", "-lastmonth.svg"]) == true, "\(endings)")
        #expect(endings["heatmaps"]?.isEmpty == false && endings["habits"]?.isEmpty == false)
        let slugWords = try Regex("^-[a-z0-9]+(-[a-z0-9]+)*$")
        for (folder, kinds) in endings {
            for longer in kinds {
                for shorter in kinds where shorter != longer && longer.hasSuffix(shorter) {
                    let between = String(longer.dropLast(shorter.count))
                    #expect(between.wholeMatch(of: slugWords) == nil, "\(folder): a slug ending in \(between) with \(shorter) meets \(longer)")
                }
            }
        }
        // The check itself: the old ending of last month's grid would be caught.
        #expect("-last".wholeMatch(of: slugWords) != nil && "-last-month.svg".hasSuffix("-month.svg"))
    }
}
