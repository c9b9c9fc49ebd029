import AlmanacKit
import AlmanacDomain
import AlmanacRender
import AlmanacSQLite
import Foundation

// In-process timings of Almanac's hot paths on the bench store of SPEC section 7
// (100 habits × 10 years, seed 1). Each figure is the median of several runs.
// Usage: almanac-bench STORE_PATH   (the store is created when missing)

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

let generate = median(3) { _ = SampleHistory.generate(habits: 100, years: 10, seed: 1) }
report("generate sample history (in memory)", generate)

if !FileManager.default.fileExists(atPath: path) {
    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
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

let metrics = median(5) {
    let all = snapshot!.metrics(asOf: asOf)
    _ = DailyOverview(series: all.map { ($0.series, snapshot!.archivedDay(of: $0.habit)) }, asOf: asOf, weekStart: .monday)
}
report("all metrics of all habits + daily overview", metrics, target: 0.3)

// Backup and restore, split into their phases.
let folder = (path as NSString).deletingLastPathComponent
let backupPath = folder + "/bench-backup.json"
let backup = try seconds {
    _ = try BackupExport(store: store, clock: .system, asOf: asOf).run(to: .file(backupPath))
}
report("backup (in process)", backup)
let data = FileManager.default.contents(atPath: backupPath)!
var decoded: StoreContents?
let decode = try median(3) { decoded = try BackupDocument.decode(data).contents }
report("decode + validate the backup (\(data.count / 1_048_576) MB)", decode)
let restorePath = folder + "/bench-restore.sqlite"
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
