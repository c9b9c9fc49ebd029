@testable import AlmanacRender
import AlmanacDomain
import Foundation
import Crypto
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

    static func sampleSite(options: SiteOptions = SiteOptions(asOf: SampleHistory.defaultEndDay, today: SampleHistory.defaultEndDay)) throws -> [SitePage] {
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

    @Test func theEmbeddedTemplatesAreTheFilesInTemplates() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Templates")
        for name in TemplateSet.fileNames {
            let onDisk = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            #expect(TemplateSet.builtInSources[name] == onDisk, "\(name): the binary carries another text than Templates/ (rebuild)")
        }
    }
}

/// A page's key is derived from its model, the renderer and the templates — nothing else.
@Suite struct PageKeyTests {
    static let templates = TemplateSet.builtIn()

    func keys(_ pages: [SitePage], renderer: String = "test", templates: TemplateSet = PageKeyTests.templates) throws -> [String: String] {
        Dictionary(uniqueKeysWithValues: try pages.map { ($0.path, try $0.key(renderer: renderer, templates: templates)) })
    }

    @Test func equalInputsGiveEqualKeysAndEveryFileHasOne() throws {
        let one = try keys(GoldenSiteTests.sampleSite()), two = try keys(GoldenSiteTests.sampleSite())
        #expect(one == two)
        #expect(one.count > 20 && Set(one.values).count == one.count)
    }

    @Test func aChangedModelChangesOnlyItsOwnKeys() throws {
        let day = SampleHistory.defaultEndDay
        let before = try keys(GoldenSiteTests.sampleSite(options: SiteOptions(asOf: day, today: day)))
        // Notes are on the habit pages only.
        let notes = try keys(GoldenSiteTests.sampleSite(options: SiteOptions(asOf: day, today: day, includeNotes: true)))
        let changed = Set(before.keys.filter { before[$0] != notes[$0] })
        #expect(changed == Set(before.keys.filter { $0.hasPrefix("habits/") }), "\(changed.sorted())")
        // The next day: last year's heatmaps stay, this year's and the pages do not.
        let next = try keys(GoldenSiteTests.sampleSite(options: SiteOptions(asOf: day.adding(days: 1), today: day.adding(days: 1))))
        #expect(before["heatmaps/all-2025.svg"] == next["heatmaps/all-2025.svg"])
        #expect(before["heatmaps/all-2026.svg"] != next["heatmaps/all-2026.svg"])
        #expect(before["index.md"] != next["index.md"] && before["habits/run.html"] != next["habits/run.html"])
    }

    @Test func theRendererAndTheTemplatesArePartOfTheKey() throws {
        let pages = try GoldenSiteTests.sampleSite()
        let before = try keys(pages)
        #expect(try keys(pages, renderer: "another build").allSatisfy { before[$0.key] != $0.value })
        var sources = TemplateSet.builtInSources
        sources["style.css"]! += "\n/* mine */\n"
        let edited = try keys(pages, templates: TemplateSet(sources: sources, folder: "mine"))
        let drawn = Set(pages.compactMap { page -> String? in
            if case .drawn = page.model { return page.path } else { return nil }
        })
        #expect(drawn.contains("feed.xml") && drawn.contains("heatmaps/run-2026.svg") && !drawn.contains("index.html"))
        for (path, key) in edited {
            // Templated files (pages, the stylesheet) change; drawn files (SVG, the feed, the
            // calendar) do not use the templates.
            #expect((key == before[path]) == drawn.contains(path), "\(path)")
        }
    }

    /// Every stored property of every model is in its canonical encoding: models use the
    /// synthesized conformance, so no field can be left out of a key.
    @Test func everyStoredPropertyOfEveryModelIsEncoded() throws {
        var seen = Set<String>()
        for page in try GoldenSiteTests.sampleSite(options: SiteOptions(asOf: SampleHistory.defaultEndDay, today: SampleHistory.defaultEndDay, includeNotes: true, includeJournal: true)) {
            let model: any PageModel
            switch page.model {
            case .drawn(let drawn): model = drawn
            case .templated(let templated): model = templated
            }
            let labels = Mirror(reflecting: model).children.compactMap { child -> String? in
                // encodeIfPresent leaves out a nil optional
                let mirror = Mirror(reflecting: child.value)
                if mirror.displayStyle == .optional && mirror.children.isEmpty { return nil }
                return child.label
            }
            let encoded = try CanonicalTokens(CanonicalEncoding.bytes(of: model)).topLevelKeys()
            #expect(Set(labels) == Set(encoded), "\(type(of: model)): \(Set(labels).symmetricDifference(encoded))")
            seen.insert(String(describing: type(of: model)))
        }
        #expect(seen.isSuperset(of: ["StylesheetModel", "HeatmapSVG", "MonthGridSVG", "ScoreChartSVG", "WeekdayChartSVG",
                                     "HabitPageModel", "DashboardModel", "JournalPageModel"]), "\(seen)")
    }

    struct Shape: Encodable { var a: Inner; var b: Int }
    struct Inner: Encodable { var x: Int; var b: Int? }
    struct Flat: Encodable { var a: Inner }

    /// Values of different shapes never share bytes: nesting, lengths and kinds are all written.
    @Test func differentValuesGiveDifferentBytes() throws {
        let values: [[UInt8]] = try [
            CanonicalEncoding.bytes(of: Shape(a: Inner(x: 1, b: nil), b: 2)),
            CanonicalEncoding.bytes(of: Flat(a: Inner(x: 1, b: 2))),
            CanonicalEncoding.bytes(of: ["ab", "c"]), CanonicalEncoding.bytes(of: ["a", "bc"]),
            CanonicalEncoding.bytes(of: [1.0, 2.0]), CanonicalEncoding.bytes(of: [1, 2]),
            CanonicalEncoding.bytes(of: [[1], [2]]), CanonicalEncoding.bytes(of: [[1, 2]]),
            CanonicalEncoding.bytes(of: [["ab"], ["c"]]), CanonicalEncoding.bytes(of: [["a", "bc"]]), CanonicalEncoding.bytes(of: [["ab", "c"]]),
            CanonicalEncoding.bytes(of: [[String]]()), CanonicalEncoding.bytes(of: [[String]()]),
            CanonicalEncoding.bytes(of: ["": ""]), CanonicalEncoding.bytes(of: [String]()), CanonicalEncoding.bytes(of: [Int]()),
            CanonicalEncoding.bytes(of: Optional<Int>.none), CanonicalEncoding.bytes(of: 0), CanonicalEncoding.bytes(of: false),
            CanonicalEncoding.bytes(of: -0.0), CanonicalEncoding.bytes(of: 0.0),
        ]
        #expect(Set(values).count == values.count)
        #expect(try CanonicalEncoding.bytes(of: [1.5, 2]) == CanonicalEncoding.bytes(of: [1.5, 2.0]))
    }

    /// A day series' digest follows every day's value, check and skip, its days and its habit.
    @Test func aSeriesDigestFollowsEveryDay() throws {
        for (habit, facts, created) in try PastYearsTests.sampleHabits(habits: 3, years: 2, seed: 9) {
            let asOf = DayKey("2026-11-20")!
            let series = DaySeries(habit: habit, facts: facts, createdDay: created, asOf: asOf, today: asOf)
            let digest = try HabitFigures.digest(of: series)
            #expect(try HabitFigures.digest(of: DaySeries(habit: habit, facts: facts, createdDay: created, asOf: asOf, today: asOf)) == digest)
            var renamed = habit
            renamed.name += "!"
            let others = [
                DaySeries(habit: habit, facts: facts, createdDay: created, asOf: asOf.adding(days: 1), today: asOf.adding(days: 1)),
                DaySeries(habit: renamed, facts: facts, createdDay: created, asOf: asOf, today: asOf),
                DaySeries(habit: habit, facts: facts + [DayFact(day: asOf, kind: .check, value: 0.5)], createdDay: created, asOf: asOf, today: asOf),
                DaySeries(habit: habit, facts: facts.filter { $0.day != facts.filter { $0.day <= asOf }.map(\.day).max() }, createdDay: created, asOf: asOf, today: asOf),
            ]
            for other in others { #expect(try HabitFigures.digest(of: other) != digest, "\(habit.name)") }
        }
    }

    /// The canonical bytes fed to a hash as they are made give the hash of the bytes made whole:
    /// for every model of a site with notes and journal, each habit's parts (their day series
    /// sent from the arrays' own memory) and values around the sizes where the hash is handed
    /// the gathered bytes.
    @Test func hashingAsTheBytesAreMadeIsHashingTheBytes() throws {
        func check<Value: Encodable>(_ value: Value, _ label: String) throws {
            var streamed = SHA256()
            try CanonicalEncoding.hash(value, into: &streamed)
            let whole = SHA256.hash(data: try CanonicalEncoding.bytes(of: value))
            #expect(Array(streamed.finalize()) == Array(whole), "\(label)")
        }
        let options = SiteOptions(asOf: SampleHistory.defaultEndDay, today: SampleHistory.defaultEndDay, includeNotes: true, includeJournal: true)
        let plan = try SiteDerivation(input: GoldenSiteTests.sampleInput(notes: true), options: options).plan()
        for page in plan.shared + plan.parts.flatMap({ $0.pages() }) {
            switch page.model {
            case .drawn(let drawn): try check(drawn, page.path)
            case .templated(let templated): try check(templated, page.path)
            }
        }
        for part in plan.habits { try check(part, part.slug); try check(part.series, part.slug + " series") }
        for part in plan.pastYears { try check(part, part.slug + " earlier years") }
        #expect(!plan.pastYears.isEmpty)
        for count in [0, 1, 511, 512, 4095, 4096, 4097, 20_000, 40_000] {
            try check([Bool](repeating: true, count: count), "flags \(count)")
            try check((0..<count).map(Double.init), "numbers \(count)")
            try check(Shape(a: Inner(x: count, b: nil), b: count), "shape \(count)")
            try check([String](repeating: "ab", count: count), "strings \(count)")
        }
    }
}

/// Reads the canonical token stream back, as far as the tests need: the keys at the top level.
struct CanonicalTokens {
    let bytes: [UInt8]
    var at = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func integer() -> UInt64 {
        var value: UInt64 = 0, shift: UInt64 = 0
        while true {
            let byte = bytes[at]; at += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
    }

    mutating func text() -> String {
        let count = Int(integer())
        defer { at += count }
        return String(decoding: bytes[at..<at + count], as: UTF8.self)
    }

    /// The names of the keys of the outermost keyed container.
    func topLevelKeys() -> [String] {
        var reader = self
        var keys: [String] = []
        while reader.at < reader.bytes.count {
            let tag = reader.bytes[reader.at]; reader.at += 1
            switch tag {
            case 0x4B, 0x55, 0x53, 0x65: _ = reader.integer()                // container opens, elements: a depth
            case 0x6B:                                                       // a key: depth, name
                let depth = reader.integer()
                let name = reader.text()
                if depth == 0 { keys.append(name) }
            case 0x6E: break                                                 // nil
            case 0x62: reader.at += 1                                        // bool
            case 0x69, 0x75, 0x64: reader.at += 8                            // numbers
            case 0x73: _ = reader.text()                                     // string
            case 0x44, 0x49: reader.at += 8 * Int(reader.integer())          // numbers, whole
            case 0x42: reader.at += Int(reader.integer())                    // bytes, whole
            case 0x54: for _ in 0..<reader.integer() { _ = reader.text() }   // strings, whole
            case 0x51: reader.at += Int(reader.integer())                    // flags, whole
            case 0x52:                                                       // a table of strings, whole
                for _ in 0..<reader.integer() { for _ in 0..<reader.integer() { _ = reader.text() } }
            default: Issue.record("unknown tag \(tag)"); return keys
            }
        }
        return keys
    }
}
