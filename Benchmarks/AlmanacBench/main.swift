import AlmanacKit
import AlmanacDomain
import AlmanacRender
import AlmanacSQLite
import Foundation
import SystemPackage
import AlmanacStorage
import AlmanacSupport
import Crypto

// In-process timings of Almanac's hot paths on the bench store of docs/PERFORMANCE.md
// (100 habits × 10 years, seed 1). Each figure is the median of several runs.
// Usage: almanac-bench STORE_PATH [SITE]   (the store is created when missing)
// With ALMANAC_BENCH_ONLY=render, only the render step by kind of file (below) is timed.

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func median(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var times: [Double] = []
    for _ in 0..<runs { times.append(try seconds(body)) }
    return times.sorted()[runs / 2]
}

func report(_ label: String, _ value: Double, target: Double? = nil) {
    let goal = target.map { String(format: "  (target ≤ %.2f s: %@)", $0, value <= $0 ? "met" : "MISSED") } ?? ""
    print(String(format: "%-44@ %8.3f s", label as NSString, value) + goal)
}

let path = CommandLine.arguments.dropFirst().first ?? ".build/bench/bench.sqlite"
let asOf = SampleHistory.defaultEndDay

// Rendering by kind of file, on one core (median of 5): every model of the site as of the day
// after the bench store's last day, grouped by the model's type and, for charts, by what the
// file name says they show; each kind's files, bytes, rendering time and the time of their
// SHA-256 (which the manifest records of every file).
func renderByKind(store: SQLiteStore) throws {
    let request = SiteReport.Request(out: "/nonexistent/unused", asOf: .day(asOf.adding(days: 1)))
    let (input, options) = try SiteReport(store: store, request: request, clock: .system).read()
    let figures = median(5) { _ = input.snapshot.habits.map { HabitMetrics.computed(series: input.snapshot.series(of: $0, asOf: options.asOf, today: options.asOf.adding(days: 1)), weekStart: .monday) } }
    report("figures of every habit (one core)", figures)
    let plan = try SiteDerivation(input: input, options: options).plan()
    report("models of every habit's files (one core)", median(5) { _ = plan.habits.map { $0.pages() } })
    let pages = plan.shared + plan.habits.flatMap { $0.pages() }
    func kind(_ page: SitePage) -> String {
        let type = "\(Swift.type(of: page.model))"
        let name = FilePath(page.path).stem ?? ""
        for chart in ["last-month", "month", "score", "weekdays", "hours"] where page.path.hasPrefix("charts/") && name.hasSuffix("-" + chart) {
            return "\(type) (\(chart))"
        }
        return type + (page.path.hasSuffix(".md") ? " (md)" : page.path.hasSuffix(".html") ? " (html)" : "")
    }
    let templates = TemplateSet.builtIn()
    for (kind, group) in Dictionary(grouping: pages, by: kind).sorted(by: { $0.key < $1.key }) {
        var bytes = 0
        let render = try median(5) { bytes = 0; for page in group { bytes += try page.render(templates).count } }
        let rendered = try group.map { try $0.render(templates) }
        let hash = median(5) { for file in rendered { _ = SHA256.hash(data: file) } }
        print(String(format: "    %-40@ %4d files %6.2f MB  render %6.1f ms  SHA-256 %5.1f ms", kind as NSString, group.count,
                     Double(bytes) / 1_048_576, render * 1000, hash * 1000))
    }
}
if ProcessInfo.processInfo.environment["ALMANAC_BENCH_ONLY"] == "render" {
    try renderByKind(store: try SQLiteStore.open(path: path))
    exit(0)
}

let generate = median(3) { _ = SampleHistory.generate(habits: 100, years: 10, seed: 1) }
report("generate sample history (in memory)", generate)

if !FileManager.default.fileExists(atPath: path) {
    try FileManager.default.createDirectory(atPath: FilePath(path).removingLastComponent().string, withIntermediateDirectories: true)
    let contents = SampleHistory.generate(habits: 100, years: 10, seed: 1)
    let write = try seconds {
        let store = try SQLiteStore.open(path: path, mode: .createIfMissing(contents.settings))
        try store.insert(contents)
        try store.close()
    }
    report("write the bench store", write)
}

let store = try SQLiteStore.open(path: path)
var snapshot: StoreSnapshot?
let load = try median(5) { snapshot = try store.snapshot() }
report("load snapshot (\(snapshot!.facts.values.reduce(0) { $0 + $1.count }) live entries)", load)
let loadWithHours = try median(5) { snapshot = try store.reading { try $0.snapshot(through: asOf, hours: true) } }
report("load snapshot with the hours of the checks", loadWithHours)

let metrics = median(5) {
    let all = snapshot!.metrics(asOf: asOf, today: asOf.adding(days: 1))
    _ = DailyOverview(series: all.map { ($0.series, snapshot!.archivedDay(of: $0.habit)) }, asOf: asOf, weekStart: .monday)
}
report("all metrics of all habits + daily overview", metrics, target: 0.3)

// Backup and restore, split into their phases.
let folder = FilePath(path).removingLastComponent().string
let backupPath = folder + "/bench-backup.json"
let backup = try seconds {
    _ = try BackupExport(store: store, clock: .system, asOf: asOf).run(to: .file(backupPath))
}
report("backup (in process)", backup)
let data = FileManager.default.contents(atPath: backupPath)!
var decoded: StoreContents?
let decode = try median(3) {
    var reader = BackupDocument.Reader()
    try data.withUnsafeBytes { try reader.read($0.bindMemory(to: UInt8.self)) }
    decoded = try reader.finish().contents
}
report("decode + validate the backup (\(data.count / 1_048_576) MB)", decode)
let restorePath = folder + "/bench-restore.sqlite"
report("cells of every entry", median(3) { var n = 0; for e in decoded!.habitEntries { n &+= e.cells.count }; precondition(n > 0) })
report("validate only", try median(3) { try decoded!.validate() })
let restore = try median(3) {
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: restorePath + suffix) }
    let target = try SQLiteStore.open(path: restorePath, mode: .createIfMissing(decoded!.settings))
    _ = try target.restore(decoded!, mode: .merge, dryRun: false)
    try target.close()
}
report("apply the backup to an empty store", restore)

// Markdown → HTML of a rendered site's pages (compare with the `cmark` CLI in run.sh).
if CommandLine.arguments.count > 2 {
    let site = CommandLine.arguments[2]
    let pages = (FileManager.default.enumerator(atPath: site)?.allObjects as? [String] ?? [])
        .filter { $0.hasSuffix(".md") }.sorted()
        .compactMap { FileManager.default.contents(atPath: site + "/" + $0).map { String(decoding: $0, as: UTF8.self) } }
    let markdown = median(5) { for page in pages { _ = AlmanacRender.CommonMark.html(from: page) } }
    report("libcmark on the site's \(pages.count) Markdown pages", markdown)
}

// The report's steps alone, on the bench store as of its last day (median of 5): what every run
// pays (read, derive), and rendering every file.
let siteRequest = SiteReport.Request(out: folder + "/unused", asOf: .day(asOf))
var siteRead: (SiteInput, SiteOptions)?
report("report step read: one read transaction", try median(5) { siteRead = try SiteReport(store: store, request: siteRequest, clock: .system).read() })
var pages: [SitePage] = []
report("report step derive: \(try SiteDerivation(input: siteRead!.0, options: siteRead!.1).pages().count) models",
       try median(5) { pages = try SiteDerivation(input: siteRead!.0, options: siteRead!.1).pages() })
let templates = TemplateSet.builtIn()
report("… rendering every file", try median(5) { _ = try Parallel.map(pages) { try $0.render(templates) } })
print("… every file of the next day's site rendered, by kind (one core):")
try renderByKind(store: store)

// The report's steps, in process (median of 5 each): a first run into an empty folder, the next
// night with nothing new, and a re-run after one new entry (one more glass on the day before).
func reportSteps(_ label: String, runs: Int = 5, before: () throws -> Void = {}, _ run: () throws -> SiteReport.Outcome) rethrows {
    var outcomes: [SiteReport.Outcome] = []
    var totals: [Double] = []
    for _ in 0..<runs {
        try before()
        var outcome: SiteReport.Outcome?
        totals.append(try seconds { outcome = try run() })
        outcomes.append(outcome!)
    }
    let middle = totals.indices.sorted { totals[$0] < totals[$1] }[runs / 2]
    let steps = ReportStep.allCases.map { String(format: "%@ %.3f", $0.rawValue, outcomes[middle].seconds[$0] ?? 0) }.joined(separator: ", ")
    report("report, \(label)", totals[middle])
    print("    steps: \(steps); \(outcomes[middle].written) written, \(outcomes[middle].unchanged) unchanged")
}
let sites = folder + "/bench-sites"
try? FileManager.default.removeItem(atPath: sites)
var fresh = 0
try reportSteps("first run into an empty folder") {
    fresh += 1
    return try SiteReport(store: store, request: .init(out: "\(sites)/fresh-\(fresh)", asOf: .day(asOf)), clock: .system).run()
}
let nightly = "\(sites)/nightly"
_ = try SiteReport(store: store, request: .init(out: nightly, asOf: .day(asOf)), clock: .system).run()
var night = 0
try reportSteps("the next night, nothing new") {
    night += 1
    return try SiteReport(store: store, request: .init(out: nightly, asOf: .day(asOf.adding(days: night))), clock: .system).run()
}
let copyPath = folder + "/bench-one-more.sqlite"
for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: copyPath + suffix) }
try store.copy(to: copyPath)
let copy = try SQLiteStore.open(path: copyPath)
let again = "\(sites)/again"
_ = try SiteReport(store: copy, request: .init(out: again, asOf: .day(asOf)), clock: .system).run()
try reportSteps("again after one new entry", before: {
    _ = try HabitLog(store: copy, clock: .system).log(.init(habit: "drink water", value: 1, days: .day(asOf.adding(days: -1)), mode: .add))
}) {
    try SiteReport(store: copy, request: .init(out: again, asOf: .day(asOf)), clock: .system).run()
}
try? FileManager.default.removeItem(atPath: sites)
