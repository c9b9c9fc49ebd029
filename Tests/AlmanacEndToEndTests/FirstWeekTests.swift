import AlmanacTestSupport
import Foundation
import SwiftCSV
import Testing

/// A new user's first week, as they would live it: the nightly recipe after midnight, a per-month
/// habit's weeks, the words of the commands, the sample beside their own site, a store they may
/// only read, and what a young site shows.
@Suite struct FirstWeekTests {
    /// Weeks from Monday: Drink water (8 glasses a day), Run (per-month:4, done Sun 22, Thu 26 and
    /// Fri 27 Nov), created Fri 20 Nov 2026 in Berlin.
    func store(_ backend: TestBackend = .sqlite) throws -> Session {
        var s = Session(backend)
        s.now = "2026-11-20T08:00:00Z"
        try s.ok("init", "--timezone", "Europe/Berlin", "--week-start", "monday")
        try s.ok("habit", "add", "Drink water", "--unit", "count", "--target", "8")
        try s.ok("habit", "add", "Call mum", "--frequency", "per-month:4")
        s.now = "2026-11-28T20:00:00Z"
        for day in ["2026-11-22", "2026-11-26", "2026-11-27"] { try s.ok("log", "call mum", "--date", day) }
        try s.ok("log", "drink water", "8", "--date", "2026-11-27")
        return s
    }

    /// `--as-of` takes the day words `log -d` takes, in the store's time zone: at 00:05 in Berlin
    /// (23:05 UTC the day before) `yesterday` is the day that has just ended.
    @Test(arguments: TestBackend.available) func asOfTakesTodayYesterdayAndDaysAgo(_ backend: TestBackend) throws {
        var s = try store(backend)
        s.now = "2026-11-28T23:05:00Z"   // Sunday 29 Nov, 00:05 in Berlin
        #expect(try s.ok("report", "--out", "site", "--as-of", "yesterday").hasPrefix("Report as of 2026-11-28 "))
        let page = String(decoding: s.folder.bytes("site/index.html"), as: UTF8.self)
        #expect(page.contains("Saturday, 28 November 2026") && !page.contains("29 November"))
        #expect(try s.ok("status", "--as-of", "-1").contains("Saturday 2026-11-28"))
        #expect(try s.ok("status", "--as-of", "today").contains("Sunday 2026-11-29"))
        #expect(try s.ok("stats", "call mum", "--as-of", "-2").contains("as of 2026-11-27"))
        #expect(try s.ok("export", "csv", "--out", "csv", "--as-of", "yesterday").contains("(as of 2026-11-28)"))
        #expect(try s.ok("export", "xlsx", "--out", "book.xlsx", "--as-of", "-1").contains("(as of 2026-11-28)"))
        try s.ok("backup", "--out", "b.json", "--as-of", "yesterday")
        #expect(String(decoding: s.folder.bytes("b.json"), as: UTF8.self).contains("\"exportedAt\":\"2026-11-28T00:00:00.000Z\""))
        // The ranges of log, history and the lists take them too.
        #expect(try s.ok("log", "drink water", "--skip", "--from", "-3", "--to", "yesterday").contains("(3 days excused)"))
        let history = try s.ok("history", "drink water", "--from", "-3", "--to", "yesterday")
        #expect(history.contains("2026-11-26") && history.contains("2026-11-28") && !history.contains("2026-11-25"))
        let bad = try s.run("report", "--out", "x", "--as-of", "tomorrow")
        #expect(bad.status == 2 && bad.stderr.contains("today, yesterday or -2"))
    }

    /// A per-month habit's week shows its days done and owes nothing: in `stats`, `weeks.csv` and
    /// the dashboard's last weeks (docs/METRICS.md).
    @Test func aPerMonthHabitsWeeksShowWhatHappenedInThem() throws {
        let s = try store()
        let stats = try s.ok("stats", "call mum", "--as-of", "2026-11-28")
        #expect(stats.contains("2026-W48 from 23 Nov (so far)  2 done"))
        #expect(stats.contains("2026-W47 from 16 Nov           1 done"))
        // The month in progress counts once it has its four, as in the rates; its three so far are
        // shown beside.
        #expect(stats.contains("2026-11 (so far)  3 of 4 so far, counted once met"))
        try s.ok("export", "csv", "--out", "csv", "--as-of", "2026-11-28")
        let weeks = try CSV<Named>(url: s.folder.url.appendingPathComponent("csv/weeks.csv"))
        let calls = weeks.rows.filter { $0["habit_name"] == "Call mum" }
            .map { "\($0["week_start"]!) \($0["days_done"]!) \($0["done"]!) \($0["due"]!)" }
        #expect(calls == ["2026-11-16 1 1 0", "2026-11-23 2 2 0"])
        try s.ok("report", "--out", "site", "--as-of", "2026-11-28")
        let dashboard = String(decoding: s.folder.bytes("site/index.md"), as: UTF8.self)
        #expect(dashboard.contains("| [Call mum](habits/call-mum.md) | 1 done | 2 done |"))
    }

    /// What a young site shows: the last 12 months as the combined grid, no weeks before any
    /// history, no "Last month" before there was one; a skip's note; a difficulty with its habit.
    @Test func aYoungSiteShowsWhatItHas() throws {
        let s = try store()
        try s.ok("log", "call mum", "--skip", "--date", "2026-11-25", "--note", "she was away")
        try s.ok("log", "call mum", "--date", "2026-11-28", "--difficulty", "6")
        try s.ok("report", "--out", "site", "--as-of", "2026-11-28", "--include-notes", "--include-journal")
        let dashboard = String(decoding: s.folder.bytes("site/index.md"), as: UTF8.self)
        #expect(dashboard.contains("## All habits, the last 12 months"))
        #expect(dashboard.contains("(heatmaps/all-12-months.svg)"))
        #expect(dashboard.contains("| Habit | Week of 16 Nov | Week of 23 Nov (so far) |"))
        #expect(!dashboard.contains("Week of 9 Nov") && !dashboard.contains("## Last month"))
        let grid = try XMLTree.parse(s.folder.bytes("site/heatmaps/all-12-months.svg")).root
        func cells(_ element: XMLTree.Element) -> [XMLTree.Element] {
            element.children.flatMap { $0.name == "use" ? [$0] : cells($0) }
        }
        let days = cells(grid).compactMap { $0.first("title").map { String($0.text.prefix(10)) } }
        // A history of nine days is drawn from four weeks back, not as a year of empty days.
        #expect(days.first == "2026-11-02" && days.last == "2026-11-29" && days.count == 4 * 7)
        let page = String(decoding: s.folder.bytes("site/habits/call-mum.html"), as: UTF8.self)
        #expect(page.contains("Skipped: she was away"))
        let journal = String(decoding: s.folder.bytes("site/journal.html"), as: UTF8.self)
        #expect(journal.contains("Difficulty of Call mum 6/10"))
    }

    @Test func theWordsSayWhatHappened() throws {
        let s = try store()
        try s.ok("habit", "add", "Coffee", "--unit", "count", "--target", "3")
        func error(_ arguments: String...) throws -> String {
            let result = try s.binary.run(arguments, environment: s.environment, in: s.folder.url)
            #expect(result.status != 0, "\(arguments)")
            return result.stderr
        }
        #expect(try error("log", "walk").contains("No habit named \"walk\"; the closest are"))
        #expect(try error("log", "water", "10", "coffee", "3").contains("log each habit with its value on its own"))
        #expect(try error("log", "coffee", "3", "cups").contains("without \"cups\": `almanac log coffee 3`"))
        #expect(try error("log", "coffee", "-1").contains("from 0 to a billion, not -1"))
        #expect(try error("log", "coffee", "--bogus").contains("Unknown option '--bogus'"))
        #expect(try error("log", "call mum", "coffee", "walk").contains("None of the 3 habits was logged."))
        #expect(try error("stauts").contains("did you mean `almanac stats` or `almanac status`?"))
        #expect(try error("wellbeing", "add", "energy", "9", "--scale", "5").contains("An energy rating"))
        try s.ok("habit", "add", "Once")
        try s.ok("log", "once")
        #expect(try s.ok("habit", "delete", "once", "--yes").contains("its 1 entry stays"))
        try s.ok("backup", "--out", "b.json")
        #expect(try s.ok("restore", s.folder.path("b.json")).contains("0 rows changed"))
        try s.ok("report", "--out", "site")
        #expect(try s.ok("report", "--out", "site").contains(" written, "))
        let again = try s.ok("report", "--out", "site")
        let counts = again.split(separator: "(")[0].split(separator: ":")[1]
        #expect(again.contains("files and manifest.json"), "\(again)")
        let numbers = counts.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces).split(separator: " ")[0])! }
        let files = Int(again.split(separator: "(")[1].split(separator: " ")[0])!
        #expect(numbers[0] + numbers[1] == files, "\(again)")
    }

    /// `demo` never renders over a site made from another store; into its own folder it does.
    @Test func theSampleNeverReplacesAPersonsSite() throws {
        let s = try store()
        try s.ok("report", "--out", "Output")
        let before = try siteFiles(s.folder.url.appendingPathComponent("Output"))
        let refused = try s.run("demo", "--store", s.folder.path("demo.sqlite"), "--habits", "2", "--years", "1")
        #expect(refused.status == 1 && refused.stderr.contains("Refusing to render the sample site into Output"))
        #expect(!FileManager.default.fileExists(atPath: s.folder.path("demo.sqlite")))
        #expect(try siteFiles(s.folder.url.appendingPathComponent("Output")) == before)
        try s.ok("demo", "--store", s.folder.path("demo.sqlite"), "--habits", "2", "--years", "1", "--out", "sample")
        try s.ok("demo", "--store", s.folder.path("demo.sqlite"), "--habits", "2", "--years", "1", "--out", "sample", "--force")
        // A folder kept in git by its .gitignore alone counts as empty, and the file stays.
        try FileManager.default.createDirectory(atPath: s.folder.path("kept"), withIntermediateDirectories: true)
        try Data("*\n!.gitignore\n".utf8).write(to: s.folder.url.appendingPathComponent("kept/.gitignore"))
        try s.ok("report", "--out", "kept")
        try s.ok("report", "--out", "kept", "--as-of", "2026-11-27")
        #expect(s.folder.bytes("kept/.gitignore") == Data("*\n!.gitignore\n".utf8))
    }

    /// A store owned by another user, in a folder one may not write, is read: `status` and
    /// `report` work; `log` says which permission is missing. Run as `nobody` when the tests run
    /// as root (as CI does), else with the file and folder made read-only.
    @Test func aStoreOneMayOnlyReadIsReported() throws {
        let s = try store()
        let shared = s.folder.path("shared")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: s.folder.path("almanac.sqlite"), toPath: shared + "/almanac.sqlite")
        try? FileManager.default.removeItem(atPath: s.folder.path("almanac.sqlite-wal"))
        try? FileManager.default.removeItem(atPath: s.folder.path("almanac.sqlite-shm"))
        let out = s.folder.path("public")
        let command: (String, [String]) -> (status: Int32, stderr: String)
        if getuid() == 0 {
            guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser") else { return }
            // `nobody` must reach the binary (a copy beside the store: the build's folder may be
            // private) and write the site's folder.
            let binary = s.folder.path("almanac")
            try FileManager.default.copyItem(atPath: s.binary.url.path, toPath: binary)
            for path in [s.folder.url.path, shared, binary] { chmod(path, 0o755) }
            chmod(shared + "/almanac.sqlite", 0o644)
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            chown(out, 65534, 65534)
            command = { store, arguments in
                // The copy's descriptor, open for writing while it was made, may live on a moment
                // in a process another test started then (it inherits what is not close-on-exec):
                // "Text file busy" until that process ends.
                for _ in 0..<100 {
                    let result = try! AlmanacBinary(url: URL(fileURLWithPath: "/usr/sbin/runuser"))
                        .run(["-u", "nobody", "--", binary] + arguments + ["--store", store],
                             environment: ["ALMANAC_NOW": "2026-11-28T20:00:00Z"], in: URL(fileURLWithPath: "/"))
                    if !result.stderr.contains("Text file busy") { return (result.status, result.stderr) }
                    Thread.sleep(forTimeInterval: 0.1)
                }
                return (126, "Text file busy for 10 s")
            }
        } else {
            chmod(shared + "/almanac.sqlite", 0o444)
            chmod(shared, 0o555)
            command = { store, arguments in
                let result = try! s.binary.run(arguments + ["--store", store], environment: ["ALMANAC_NOW": "2026-11-28T20:00:00Z"],
                                               in: s.folder.url)
                return (result.status, result.stderr)
            }
        }
        defer { chmod(shared, 0o755) }
        let store = shared + "/almanac.sqlite"
        #expect(command(store, ["status"]).status == 0)
        let report = command(store, ["report", "--out", out + "/site", "--as-of", "2026-11-28"])
        #expect(report.status == 0, "\(report.stderr)")
        #expect(FileManager.default.fileExists(atPath: out + "/site/index.html"))
        let log = command(store, ["log", "drink water", "3"])
        #expect(log.status == 1 && log.stderr.contains("can only be read here") && log.stderr.contains("write permission"), "\(log.stderr)")
    }
}
