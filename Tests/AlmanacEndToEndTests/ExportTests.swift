import AlmanacTestSupport
import Foundation
import SwiftCSV
import Testing

@Suite struct CSVExportTests {
    /// A store with hostile text everywhere, a corrected log, a skip and an orphaned entry.
    func hostileStore() throws -> Session {
        var s = Session()
        s.now = "2026-11-01T08:00:00Z"
        try s.ok("init", "--timezone", "UTC")
        try s.ok("habit", "add", "=HYPERLINK(\"x\"),\"quoted\"", "--emoji", "🧪")
        try s.ok("habit", "add", "Wasser 💧, kalt", "--unit", "count", "--target", "8", "--unit-label", "glasses")
        try s.ok("habit", "add", "Gone")
        s.now = "2026-11-20T08:00:00Z"
        try s.ok("log", "=hyperlink(\"x\"),\"quoted\"", "--date", "2026-11-18", "--note", "line one\nline \"two\", end")
        try s.ok("log", "wasser 💧, kalt", "3", "--date", "2026-11-18")
        try s.ok("log", "wasser 💧, kalt", "9", "--date", "2026-11-18")   // replaces 3 (kept in history only)
        try s.ok("log", "wasser 💧, kalt", "--skip", "--date", "2026-11-19")
        try s.ok("log", "wasser 💧, kalt", "2.5", "--date", "2026-11-20", "--note", "-1 glass, @home")
        try s.ok("log", "gone", "--date", "2026-11-19")
        try s.ok("habit", "delete", "gone", "--yes")
        try s.ok("journal", "add", "+ week", "--body", "*bold*, \"quotes\"\nnext line", "--date", "2026-11-19")
        try s.ok("wellbeing", "add", "mood", "4", "--note", "=1+1")
        return s
    }

    func parse(_ s: Session, _ name: String) throws -> CSV<Named> {
        let text = String(decoding: s.folder.bytes("out/\(name)"), as: UTF8.self)
        return try CSV<Named>(string: text, delimiter: .comma, loadColumns: false)
    }

    @Test func filesParseBackToTheSameValues() throws {
        let s = try hostileStore()
        try s.ok("export", "csv", "--out", "out")
        let entries = try parse(s, "entries.csv")
        #expect(entries.header == ["date", "habit_id", "habit_name", "kind", "value", "unit", "target", "note", "timestamp_utc", "entry_id"])
        #expect(entries.rows.count == 5)   // live rows only: the replaced 3 is not here
        let first = try #require(entries.rows.first { $0["habit_name"]!.hasPrefix("'=") })
        #expect(first["habit_name"] == "'=HYPERLINK(\"x\"),\"quoted\"")
        #expect(first["note"] == "line one\nline \"two\", end")
        let water = entries.rows.filter { $0["habit_name"] == "Wasser 💧, kalt" }
        #expect(water.map { $0["value"]! } == ["9", "0", "2.5"])
        #expect(water.map { $0["kind"]! } == ["check", "skip", "check"])
        #expect(water[2]["note"] == "'-1 glass, @home")
        #expect(water[0]["timestamp_utc"] == "2026-11-20T08:00:00.000Z")
        // The entry of the deleted habit stays, without a name.
        #expect(entries.rows.contains { $0["date"] == "2026-11-19" && $0["habit_name"] == "" && $0["kind"] == "check" })

        // Completion is a fact of the day: one row per habit and day in days.csv.
        let days = try parse(s, "days.csv")
        #expect(days.header == ["date", "habit_id", "habit_name", "value", "unit", "target", "direction", "done", "skipped"])
        let waterDays = days.rows.filter { $0["habit_name"] == "Wasser 💧, kalt" }
        #expect(waterDays.map { $0["date"]! } == ["2026-11-18", "2026-11-19", "2026-11-20"])
        #expect(waterDays.map { $0["value"]! } == ["9", "", "2.5"])
        #expect(waterDays.map { $0["done"]! } == ["true", "", "false"])
        #expect(waterDays.map { $0["skipped"]! } == ["false", "true", "false"])
        #expect(days.rows.first { $0["habit_name"]!.hasPrefix("'=") }?["done"] == "true")

        let habits = try parse(s, "habits.csv")
        #expect(habits.rows.map { $0["name"]! } == ["'=HYPERLINK(\"x\"),\"quoted\"", "Wasser 💧, kalt"])
        #expect(habits.rows[1]["target"] == "8")
        #expect(habits.rows[1]["direction"] == "at-least")   // the command line's spelling
        #expect(habits.rows[1]["total_checkins"] == "2")
        #expect(habits.rows[1]["total_value"] == "11.5")

        let daily = try parse(s, "daily.csv")
        #expect(daily.header == ["date", "'=HYPERLINK(\"x\"),\"quoted\"", "Wasser 💧, kalt", "skipped", "weighted_score"])
        #expect(daily.rows.map { $0["date"]! } == ["2026-11-18", "2026-11-19", "2026-11-20"])
        #expect(daily.rows.map { $0["Wasser 💧, kalt"]! } == ["9", "", "2.5"])   // numeric columns stay numeric
        #expect(daily.rows.map { $0["skipped"]! } == ["", "Wasser 💧, kalt", ""])
        #expect(daily.rows.map { $0["'=HYPERLINK(\"x\"),\"quoted\""]! } == ["1", "", ""])
        // 18th: both due and done; 19th: water skipped, the other due and not logged; 20th: neither met.
        #expect(daily.rows.map { $0["weighted_score"]! } == ["1", "0", "0"])

        let journal = try parse(s, "journal.csv")
        #expect(journal.rows.first?["title"] == "'+ week")
        #expect(journal.rows.first?["body"] == "*bold*, \"quotes\"\nnext line")
        let wellbeing = try parse(s, "wellbeing.csv")
        #expect(wellbeing.rows.first?["note"] == "'=1+1")
        #expect(wellbeing.rows.first?["value"] == "4")
    }

    /// `--raw`: the same files without the spreadsheet guard, for scripts and pandas.
    @Test func rawExportsKeepTextAsItIs() throws {
        let s = try hostileStore()
        try s.ok("export", "csv", "--out", "raw", "--raw")
        let text = String(decoding: s.folder.bytes("raw/wellbeing.csv"), as: UTF8.self)
        let wellbeing = try CSV<Named>(string: text, delimiter: .comma, loadColumns: false)
        #expect(wellbeing.rows.first?["note"] == "=1+1")
        let journal = try CSV<Named>(string: String(decoding: s.folder.bytes("raw/journal.csv"), as: UTF8.self), delimiter: .comma, loadColumns: false)
        #expect(journal.rows.first?["title"] == "+ week")
    }

    @Test func recordsEndInCRLFAndTheBOMIsOptional() throws {
        let s = try hostileStore()
        try s.ok("export", "csv", "--out", "out")
        let plain = s.folder.bytes("out/habits.csv")
        #expect(!plain.starts(with: [0xEF, 0xBB, 0xBF]))
        #expect(String(decoding: plain, as: UTF8.self).hasPrefix("id,name,description,emoji,unit,unit_label,target,direction,frequency,category,color,created_at,archived_at,current_streak,best_streak,rate_7d,rate_30d,rate_365d,score,total_checkins,total_value,rate_recent,rate_recent_window\r\n"))
        let lines = String(decoding: s.folder.bytes("out/journal.csv"), as: UTF8.self)
        #expect(lines.hasSuffix("\r\n"))
        try s.ok("export", "csv", "--out", "out", "--bom")
        #expect(s.folder.bytes("out/habits.csv").starts(with: [0xEF, 0xBB, 0xBF]))
        // No temporary files are left behind.
        let names = try FileManager.default.contentsOfDirectory(atPath: s.folder.path("out")).sorted()
        #expect(names == ["daily.csv", "datapackage.json", "days.csv", "entries.csv", "habits.csv", "journal.csv", "months.csv", "weeks.csv",
                          "wellbeing.csv"])
        // The package describes every file with the encoding it was written in; the same store and
        // day give the same package.
        let package = try JSONSerialization.jsonObject(with: s.folder.bytes("out/datapackage.json")) as! [String: Any]
        let resources = package["resources"] as! [[String: Any]]
        #expect(resources.map { $0["path"] as! String }.sorted() == names.filter { $0.hasSuffix(".csv") })
        #expect(resources.allSatisfy { $0["encoding"] as? String == "utf-8-sig" })
        let habits = try #require(resources.first { $0["name"] as? String == "habits" })
        let fields = (habits["schema"] as! [String: Any])["fields"] as! [[String: Any]]
        let header = String(decoding: s.folder.bytes("out/habits.csv").dropFirst(3), as: UTF8.self).components(separatedBy: "\r\n")[0]
        #expect(fields.map { $0["name"] as! String }.joined(separator: ",") == header)
        #expect(fields.allSatisfy { !($0["description"] as? String ?? "").isEmpty })
        let before = s.folder.bytes("out/datapackage.json")
        try s.ok("export", "csv", "--out", "out", "--bom")
        #expect(s.folder.bytes("out/datapackage.json") == before)
    }

    @Test func asOfLeavesLaterDaysOut() throws {
        let s = try hostileStore()
        try s.ok("export", "csv", "--out", "out", "--as-of", "2026-11-18")
        #expect(try parse(s, "entries.csv").rows.allSatisfy { $0["date"] == "2026-11-18" })
        #expect(try parse(s, "daily.csv").rows.count == 1)
    }
}

/// The five files of an export are one unit: a write that fails part-way (here a file-size
/// limit, as a full disk would) leaves every file of the previous export as it was.
@Suite struct CSVExportUnitTests {
    @Test(arguments: TestBackend.available) func aFailedExportLeavesEveryOldFile(_ backend: TestBackend) throws {
        let s = Session(backend)
        try s.ok("demo", "--store", s.store, "--habits", "12", "--years", "2", "--seed", "4", "--no-report")
        try s.ok("export", "csv", "--out", "out", "--as-of", "2026-06-30")
        let names = ["habits.csv", "entries.csv", "days.csv", "daily.csv", "weeks.csv", "months.csv", "journal.csv", "wellbeing.csv",
                     "datapackage.json"]
        let before = names.map { s.folder.bytes("out/\($0)") }
        #expect(before[1].count > 200_000)
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/bash")
        // 100 KiB per file: habits.csv fits, entries.csv does not.
        shell.arguments = ["-c", "ulimit -f 100 && exec \"$0\" export csv --out out", s.binary.url.path]
        shell.environment = s.environment.merging(["PATH": "/usr/bin:/bin"]) { $1 }
        shell.currentDirectoryURL = s.folder.url
        let err = Pipe()
        shell.standardError = err
        shell.standardOutput = FileHandle.nullDevice
        try shell.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 1, "\(message)")
        #expect(message.contains("entries.csv") && message.contains("File too large"), "\(message)")
        #expect(names.map { s.folder.bytes("out/\($0)") } == before)
        let left = try FileManager.default.contentsOfDirectory(atPath: s.folder.path("out"))
        #expect(left.sorted() == names.sorted(), "temporary files left: \(left)")
    }

    /// The tables made from the snapshot are written beside the entries: when the last of them
    /// fails (a folder where datapackage.json goes), the entries, days and the rest written by
    /// then are dropped as well, and every old file stays.
    @Test func aFailureBesideTheEntriesLeavesEveryOldFile() throws {
        let s = Session()
        try s.ok("demo", "--store", s.store, "--habits", "6", "--years", "1", "--seed", "2", "--no-report")
        try s.ok("export", "csv", "--out", "out", "--as-of", "2026-06-30")
        let names = ["habits.csv", "entries.csv", "days.csv", "daily.csv", "weeks.csv", "months.csv", "journal.csv", "wellbeing.csv"]
        let before = names.map { s.folder.bytes("out/\($0)") }
        try FileManager.default.removeItem(atPath: s.folder.path("out/datapackage.json"))
        try FileManager.default.createDirectory(atPath: s.folder.path("out/datapackage.json"), withIntermediateDirectories: false)
        let failed = try s.run("export", "csv", "--out", "out")
        #expect(failed.status != 0 && failed.stderr.contains("datapackage.json"), "\(failed.stderr)")
        #expect(names.map { s.folder.bytes("out/\($0)") } == before)
        let left = try FileManager.default.contentsOfDirectory(atPath: s.folder.path("out"))
        #expect(left.sorted() == (names + ["datapackage.json"]).sorted(), "temporary files left: \(left)")
    }
}

/// A day logged twice with --add is one day: summing `done` counts days, not entries.
@Suite struct DaysCSVTests {
    @Test func aDayWithTwoEntriesIsOneDoneDay() throws {
        let s = Session()
        try s.ok("init")
        try s.ok("habit", "add", "Water", "--unit", "count", "--target", "8")
        try s.ok("log", "water", "5", "-d", "2026-11-20")
        try s.ok("log", "water", "4", "--add", "-d", "2026-11-20")
        try s.ok("log", "water", "3", "-d", "2026-11-21")
        try s.ok("export", "csv", "--out", "out")
        let entries = try CSV<Named>(string: String(decoding: s.folder.bytes("out/entries.csv"), as: UTF8.self), delimiter: .comma, loadColumns: false)
        #expect(entries.rows.count == 3)
        let days = try CSV<Named>(string: String(decoding: s.folder.bytes("out/days.csv"), as: UTF8.self), delimiter: .comma, loadColumns: false)
        #expect(days.rows.map { [$0["date"]!, $0["value"]!, $0["done"]!] } == [["2026-11-20", "9", "true"], ["2026-11-21", "3", "false"]])
        #expect(days.rows.filter { $0["done"] == "true" }.count == 1)
    }
}

/// A per-week habit's rates are the same figures in `stats`, its JSON, its page and habits.csv.
@Suite struct OneSetOfFiguresTests {
    @Test func aPerWeekHabitShowsTheSameRatesEverywhere() throws {
        let s = Session()
        try s.ok("init")
        try s.ok("import", ImportTests.fixture("loop-v12.db"))
        let json = try JSONSerialization.jsonObject(with: Data(try s.ok("stats", "wake up early", "--as-of", "2016-03-21", "--json").utf8)) as! [String: Any]
        let rates = json["rates"] as! [[String: Any]]
        let first = rates[0], rate = first["rate"] as! [String: Int]
        #expect(first["window"] as? String == "4 weeks")
        #expect(rate == ["completed": 6, "expected": 9])
        #expect(try s.ok("stats", "wake up early", "--as-of", "2016-03-21").contains("4 weeks 67% (6/9)"))
        try s.ok("report", "--out", "site", "--as-of", "2016-03-21")
        let page = String(decoding: s.folder.bytes("site/habits/wake-up-early.md"), as: UTF8.self)
        #expect(page.contains("Completion, 4 weeks") && page.contains("67% (6 of 9)"), "\(page)")
        #expect(!page.contains("Completion, 7 days"))
        try s.ok("export", "csv", "--out", "out", "--as-of", "2016-03-21")
        let habits = try CSV<Named>(string: String(decoding: s.folder.bytes("out/habits.csv"), as: UTF8.self), delimiter: .comma, loadColumns: false)
        let row = try #require(habits.rows.first { $0["name"] == "Wake up early" })
        #expect(row["rate_recent"] == "0.6667" && row["rate_recent_window"] == "4 weeks", "\(row)")
    }
}

/// LibreOffice (headless, C.UTF-8), where it is installed: with the filter options docs/FORMATS.md
/// gives, every file reads back with its accents and emoji; without them it guesses another
/// character set, which is why the options are documented.
@Suite struct LibreOfficeCSVTests {
    static let soffice = "/usr/bin/soffice"

    func convert(_ s: Session, files: [String], into folder: String, filter: String?) throws {
        try Self.run(s, (filter.map { ["--infilter=\($0)"] } ?? [])
            + ["--convert-to", "csv:Text - txt - csv (StarCalc):44,34,76,1", "--outdir", s.folder.path(folder)] + files.map { s.folder.path("out/\($0)") })
    }

    /// Runs LibreOffice headless in a C.UTF-8 locale with a home of its own in the session's folder.
    static func run(_ s: Session, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: soffice)
        process.arguments = ["--headless"] + arguments
        process.environment = ["HOME": s.folder.path("lo-home"), "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, sourceLocation: sourceLocation)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: soffice)))
    func theDocumentedFilterOptionsReadTheFilesAsUTF8() throws {
        let s = Session()
        try s.ok("init")
        try s.ok("habit", "add", "Wasser 💧 kühl", "--unit", "count", "--target", "8")
        try s.ok("log", "wasser 💧 kühl", "3", "-d", "2026-11-20", "-n", "Grüße, «quote» ✓")
        try s.ok("export", "csv", "--out", "out", "--bom")
        let files = ["habits.csv", "entries.csv", "days.csv"]
        try convert(s, files: files, into: "filtered", filter: "CSV:44,34,76,1")
        for file in files {
            let text = String(decoding: s.folder.bytes("filtered/\(file)"), as: UTF8.self)
            #expect(text.contains("Wasser 💧 kühl"), "\(file): \(text)")
        }
        #expect(String(decoding: s.folder.bytes("filtered/entries.csv"), as: UTF8.self).contains("Grüße, «quote» ✓"))
        try convert(s, files: ["entries.csv"], into: "guessed", filter: nil)
        #expect(!String(decoding: s.folder.bytes("guessed/entries.csv"), as: UTF8.self).contains("Wasser 💧 kühl"),
                "LibreOffice now reads UTF-8 unaided: the documented options may be simplified")
    }
}
