import AlmanacTestSupport
import Foundation
import GRDB
import ZIPFoundation
import Testing

/// What a hostile round of testing broke, each held by a test that failed before the fix.
@Suite struct HardeningTests {
    func prepared() throws -> Session {
        let s = Session()
        try s.ok("init", "--timezone", "Europe/Berlin")
        try s.ok("habit", "add", "Run")
        try s.ok("habit", "add", "Water", "--unit", "count", "--target", "8")
        try s.ok("log", "run", "--date", "2026-11-20")
        return s
    }

    /// Runs a command that must be refused: its status, one line naming `words`, the store unchanged.
    func refused(_ s: Session, _ arguments: [String], status: Int32, environment: [String: String] = [:],
                 mentioning words: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = s.snapshot()
        var env = ["ALMANAC_STORE": s.store, "ALMANAC_NOW": s.now]
        env.merge(environment) { $1 }
        let result = try s.binary.run(arguments, environment: env, in: s.folder.url)
        #expect(result.status == status, "\(arguments): \(result.status) \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
        for word in words { #expect(result.stderr.contains(word), "\(result.stderr) lacks \(word)", sourceLocation: sourceLocation) }
        #expect(s.snapshot() == before, "\(arguments) changed the store", sourceLocation: sourceLocation)
    }

    func sqlite(_ path: String, _ sql: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path, sql]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
    }

    // 2. Days outside 1970–2099 are refused before anything is written.
    @Test func daysAndClocksOutsideTheSupportedRangeAreRefused() throws {
        let s = try prepared()
        try refused(s, ["log", "run"], status: 2, environment: ["ALMANAC_NOW": "9999-12-31T23:59:59Z"], mentioning: ["ALMANAC_NOW", "outside the days"])
        try refused(s, ["log", "run", "--date", "0001-01-01"], status: 2, mentioning: ["0001-01-01", "1970-01-01 to 2099-12-31"])
        try refused(s, ["report", "--out", "site", "--as-of", "9999-12-31"], status: 2, mentioning: ["9999-12-31"])
        #expect(!FileManager.default.fileExists(atPath: s.folder.path("site")))
        try s.ok("backup", "--out", "good.json", "--as-of", "2026-11-20")
        let good = String(decoding: s.folder.bytes("good.json"), as: UTF8.self)
        try Data(good.replacingOccurrences(of: #""dayKey":"2026-11-20""#, with: #""dayKey":"1969-12-31""#).utf8)
            .write(to: s.folder.url.appendingPathComponent("old.json"))
        try refused(s, ["restore", "old.json"], status: 1, mentioning: ["habitEntries[0].dayKey", "outside the days"])
    }

    // 3. A device or a pipe is written through, never replaced; a link inside a site is not followed.
    @Test func backupsGoThroughDevicesAndPipes() throws {
        let s = try prepared()
        let result = try s.run("backup", "--out", "/dev/stdout", "--as-of", "2026-11-20")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix(#"{"format":"almanac-backup""#))
        var info = stat()
        #expect(lstat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
        #expect(try s.run("backup", "--out", "/dev/null").status == 0)
        #expect(lstat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR, "/dev/null was replaced")
        let full = try s.run("backup", "--out", "/dev/full")
        #expect(full.status == 1 && full.stderr.contains("Cannot write /dev/full: No space left on device"), "\(full.stderr)")
        #expect(lstat("/dev/full", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR, "/dev/full was replaced")
    }

    // 4. A merge never leaves two habits with one name; a store restores its own backup.
    @Test func aMergeOfTwoStoresWithTheSameNameIsRefused() throws {
        let s = try prepared()
        var other = Session()
        other.now = s.now
        try other.ok("init", "--timezone", "UTC")
        try other.ok("habit", "add", "RUN")
        try other.ok("backup", "--out", other.folder.path("other.json"))
        try refused(s, ["restore", other.folder.path("other.json")], status: 1, mentioning: ["Two habits would be named", "rename one"])
        try s.ok("backup", "--out", "mine.json")
        let copy = s.folder.path("copy.sqlite")
        try s.ok("restore", "mine.json", "--store", copy)
        try s.ok("restore", "mine.json", "--store", copy, "--mode", "replace")
    }

    // 5. Never through a symlinked folder; a file the user replaced is never removed.
    @Test func reportsDoNotWriteThroughLinksOrRemoveReplacedFiles() throws {
        let s = try prepared()
        let elsewhere = s.folder.path("elsewhere")
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: elsewhere + "/run.html"))
        // An earlier report's site whose habits folder someone replaced by a link.
        try s.ok("report", "--out", "site")
        try FileManager.default.removeItem(atPath: s.folder.path("site/habits"))
        try FileManager.default.createSymbolicLink(atPath: s.folder.path("site/habits"), withDestinationPath: elsewhere)
        let result = try s.run("report", "--out", "site", "--as-of", "2026-11-19")
        #expect(result.status == 1 && result.stderr.contains("symbolic link"), "\(result.stderr)")
        #expect(s.folder.bytes("elsewhere/run.html") == Data("mine".utf8))
        try FileManager.default.removeItem(atPath: s.folder.path("site/habits"))
        try s.ok("report", "--out", "site")
        try Data("my own page".utf8).write(to: s.folder.url.appendingPathComponent("site/habits/water.html"))
        try s.ok("habit", "archive", "water")   // an archived habit without history leaves the site
        try s.ok("report", "--out", "site")
        #expect(s.folder.bytes("site/habits/water.html") == Data("my own page".utf8))
        #expect(!FileManager.default.fileExists(atPath: s.folder.path("site/habits/water.md")))
    }

    // 6. An empty store path is refused, not taken as the default store.
    @Test func anEmptyStorePathIsRefused() throws {
        let s = try prepared()
        try refused(s, ["habit", "list", "--store", ""], status: 2, mentioning: ["--store is empty"])
        try refused(s, ["log", "run"], status: 2, environment: ["ALMANAC_STORE": ""], mentioning: ["ALMANAC_STORE is set but empty"])
    }

    // 7. One rule for text: control characters other than tab and newline are refused with their path or option.
    @Test func controlCharactersInTextAreRefused() throws {
        let s = try prepared()
        try refused(s, ["journal", "add", "Day", "--body", "before\u{1}after"], status: 1, mentioning: ["U+0001"])
        try refused(s, ["log", "run", "--note", "bell\u{7}"], status: 1, mentioning: ["U+0007"])
        try refused(s, ["habit", "add", "Tea", "--unit", "count", "--target", "3", "--unit-label", "cups\u{FFFE}"], status: 1, mentioning: ["U+FFFE"])
        try s.ok("journal", "add", "Day", "--body", "line one\n\tline two")
        try s.ok("backup", "--out", "good.json")
        let good = String(decoding: s.folder.bytes("good.json"), as: UTF8.self)
        try Data(good.replacingOccurrences(of: #"line one"#, with: #"before\u0000after"#).utf8)
            .write(to: s.folder.url.appendingPathComponent("nul.json"))
        try refused(s, ["restore", "nul.json"], status: 1, mentioning: ["journalEntries[0].body", "U+0000"])
    }

    // 9. The undo copy of a replace is complete before the replace starts, or there is none.
    @Test func aReplaceThatCannotSaveItsUndoCopyChangesNothing() throws {
        let s = try prepared()
        for i in 0..<40 { try s.ok("journal", "add", "Day \(i)", "--body", String(repeating: "words ", count: 400)) }
        try s.ok("backup", "--out", "b.json")
        let before = s.snapshot()
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/bash")
        shell.arguments = ["-c", "ulimit -f 40 && exec \"$0\" restore b.json --mode replace", s.binary.url.path]
        shell.environment = ["ALMANAC_STORE": s.store, "ALMANAC_NOW": s.now, "PATH": "/usr/bin:/bin"]
        shell.currentDirectoryURL = s.folder.url
        shell.standardOutput = FileHandle.nullDevice
        shell.standardError = FileHandle.nullDevice
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 1)
        #expect(s.snapshot() == before)
        let names = try FileManager.default.contentsOfDirectory(atPath: s.folder.url.path)
        #expect(!names.contains { $0.contains("before-restore") }, "\(names)")
    }

    // 10. Terminal escape sequences in user text are shown, not sent.
    @Test func listsEscapeControlCharactersForTheTerminal() throws {
        let s = try prepared()
        try sqlite(s.store, "INSERT INTO journalEntry VALUES ('11111111-2222-4333-8444-555555555555', '2026-11-20', '2026-11-20T08:00:00.000Z', 'Hi \u{1B}]0;owned\u{7}', 'clear \u{1B}[2J', '2026-11-20T08:00:00.000Z', NULL); PRAGMA wal_checkpoint(TRUNCATE);")
        let out = try s.ok("journal", "list")
        #expect(!out.contains("\u{1B}") && !out.contains("\u{7}"))
        #expect(out.contains("Hi ^[]0;owned^G") && out.contains("clear ^[[2J"), "\(out)")
        // Bidirectional controls would show the text in another order: shown as code points.
        try s.ok("log", "water", "3", "--date", "2026-11-20", "--note", "\u{202E}reversed \u{2066}isolated")
        let history = try s.ok("history", "water")
        #expect(!history.contains("\u{202E}") && !history.contains("\u{2066}"), "\(history)")
        #expect(history.contains("<U+202E>reversed <U+2066>isolated"), "\(history)")
    }

    // 11. Direction overrides are refused in names and isolated in text.
    @Test func directionOverridesAreRefusedInNamesAndIsolatedInNotes() throws {
        let s = try prepared()
        try refused(s, ["habit", "add", "Gym\u{202E}nur"], status: 1, mentioning: ["U+202E"])
        try s.ok("log", "water", "3", "--date", "2026-11-20", "--note", "\u{202E}reversed")
        try s.ok("report", "--out", "site", "--include-notes")
        let page = String(decoding: s.folder.bytes("site/habits/water.html"), as: UTF8.self)
        #expect(page.contains("\u{2068}\u{202E}reversed\u{202C}\u{2069}"))
    }

    // 12. A template cannot make a report run for hours.
    @Test func aTemplateThatWouldRenderForeverIsRefused() throws {
        let s = try prepared()
        try s.ok("templates", "export", "mine")
        let nested = String(repeating: "{{#rows}}", count: 30) + "x" + String(repeating: "{{/rows}}", count: 30)
        try Data(nested.utf8).write(to: s.folder.url.appendingPathComponent("mine/dashboard.md.mustache"))
        for i in 0..<5 { try s.ok("habit", "add", "Habit \(i)") }
        let started = Date()
        let result = try s.run("report", "--out", "site", "--templates", "mine")
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(result.status == 1 && result.stderr.contains("dashboard.md.mustache") && result.stderr.contains("sections"), "\(result.stderr)")
    }

    // 12b. A template cannot make a page larger than a page may be: rendering stops at 64 MB
    // (1.7 GB here, within the section budget) and nothing is written.
    @Test func aTemplateThatWouldRenderAHugePageIsRefusedBeforeRendering() throws {
        let s = try prepared()
        try s.ok("templates", "export", "mine")
        let big = "{{#rows}}{{#rows}}{{#rows}}" + String(repeating: "{{name}}", count: 200) + "{{/rows}}{{/rows}}{{/rows}}"
        try Data(big.utf8).write(to: s.folder.url.appendingPathComponent("mine/dashboard.md.mustache"))
        let name = String(repeating: "n", count: 90)
        for i in 0..<38 {
            try s.ok("habit", "add", "\(name) \(i)")
            try s.ok("log", "\(name) \(i)", "--date", "2026-11-20")
        }
        let started = Date()
        let result = try s.run("report", "--out", "site", "--templates", "mine")
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(result.status == 1 && result.stderr.contains("dashboard.md.mustache") && result.stderr.contains("larger than 64 MB"), "\(result.stderr)")
    }

    // 12b'. A tag Almanac does not render (a partial, which would render nothing) is refused with
    // its file and line, and nothing is written.
    @Test func aTemplateWithAPartialIsRefusedWithItsLine() throws {
        let s = try prepared()
        try s.ok("templates", "export", "mine")
        let path = s.folder.url.appendingPathComponent("mine/habit.md.mustache")
        let source = try String(contentsOf: path, encoding: .utf8)
        try Data(source.replacingOccurrences(of: "\n\n", with: "\n\n{{> footer}}\n", options: [], range: source.range(of: "\n\n")).utf8).write(to: path)
        let line = source[..<source.range(of: "\n\n")!.lowerBound].count(where: { $0 == "\n" }) + 3
        let result = try s.run("report", "--out", "site", "--templates", "mine")
        #expect(result.status == 1 && result.stderr.contains("mine/habit.md.mustache line \(line): partials"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: s.folder.path("site")))
    }

    // 12b''. Sections nested thousands deep (a 60 kB file) are refused with the line, where
    // swift-mustache's parser ran out of stack and ended the process.
    @Test func sectionsNestedThousandsDeepAreRefused() throws {
        let s = try prepared()
        try s.ok("templates", "export", "mine")
        let deep = String(repeating: "{{#html}}", count: 5_000) + "x" + String(repeating: "{{/html}}", count: 5_000)
        try Data(deep.utf8).write(to: s.folder.url.appendingPathComponent("mine/year.md.mustache"))
        let result = try s.run("report", "--out", "site", "--templates", "mine")
        #expect(result.status == 1 && result.stderr.contains("mine/year.md.mustache line 1: sections are nested more than 100 deep"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: s.folder.path("site")))
    }

    // 12c. Years of archived habits cost a line each: the most recently archived keep their own
    // files, the others are listed by name on the dashboard.
    @Test func archivedHabitsBeyondTheRecentOnesAreListedNotPaged() throws {
        var s = try prepared()
        for i in 0..<30 {
            try s.ok("habit", "add", "Old \(i)")
            try s.ok("log", "old \(i)", "--date", "2026-11-01")
            s.now = "2026-11-\(String(format: "%02d", 2 + i / 3))T1\(i % 3):00:00Z"
            try s.ok("habit", "archive", "old \(i)")
        }
        s.now = "2026-11-22T10:00:00Z"
        try s.ok("report", "--out", "site", "--as-of", "2026-11-20")
        let pages = try FileManager.default.contentsOfDirectory(atPath: s.folder.path("site/habits")).filter { $0.hasPrefix("old-") && $0.hasSuffix(".html") }
        #expect(pages.count == 24, "\(pages.sorted())")
        // The six archived first (on 2 and 3 November) have no files of their own.
        for i in 0..<6 { #expect(!pages.contains("old-\(i).html")) }
        let dashboard = String(decoding: s.folder.bytes("site/index.md"), as: UTF8.self)
        #expect(dashboard.contains("- Old 0 (1 Nov 2026 – archived 2 Nov 2026)"), "\(dashboard)")
        #expect(dashboard.contains("- [Old 29](habits/old-29.md) (1 Nov 2026 – archived 11 Nov 2026)"), "\(dashboard)")
        let manifest = String(decoding: s.folder.bytes("site/manifest.json"), as: UTF8.self)
        #expect(!manifest.contains("old-0.") && manifest.contains("heatmaps/old-29-2026.svg"))
    }

    // 13. One validation for every way in: restore refuses what log refuses; the demo follows the rules.
    @Test func restoreRefusesValuesThatLogRefuses() throws {
        let s = try prepared()
        try s.ok("backup", "--out", "good.json", "--as-of", "2026-11-20")
        let good = String(decoding: s.folder.bytes("good.json"), as: UTF8.self)
        for value in ["9223372036854775808", "1e308", "0.5"] {
            try Data(good.replacingOccurrences(of: #""value":1,"#, with: #""value":\#(value),"#).utf8)
                .write(to: s.folder.url.appendingPathComponent("v.json"))
            try refused(s, ["restore", "v.json"], status: 1, mentioning: ["habitEntries[0].value"])
        }
        // Soft-deleted history of earlier demo stores (a corrected yes/no day of 0.5) still restores.
        let history = good.replacingOccurrences(of: #""value":1,"#, with: #""value":0.5,"#)
            .replacingOccurrences(of: #""deletedAt":null"#, with: #""deletedAt":"2026-11-20T10:00:00.000Z""#)
        try Data(history.utf8).write(to: s.folder.url.appendingPathComponent("history.json"))
        try s.ok("restore", "history.json", "--store", s.folder.path("history.sqlite"))
        try s.ok("demo", "--store", s.folder.path("demo.sqlite"), "--habits", "20", "--years", "2", "--no-report")
        try s.ok("backup", "--store", s.folder.path("demo.sqlite"), "--out", "demo.json")
        try s.ok("restore", "demo.json", "--store", s.folder.path("again.sqlite"))
    }

    // 14. Numbers are decimals; offsets lie within ±14:00.
    @Test func hexNumbersAndImpossibleOffsetsAreRefused() throws {
        let s = try prepared()
        try refused(s, ["log", "water", "0x10"], status: 2, mentioning: ["0x10 is not a number"])
        try refused(s, ["log", "water", "1e3"], status: 2, mentioning: ["1e3 is not a number"])
        try refused(s, ["log", "run"], status: 2, environment: ["ALMANAC_NOW": "2026-11-20T10:00:00+25:00"], mentioning: ["ALMANAC_NOW"])
        try s.ok("log", "water", "2.5")
        try s.ok("log", "water", ".5", "--add")
    }

    // 15. Later runs remove what killed runs left, and only that: files with Almanac's own
    // marker whose process is gone — never another program's temporary files.
    @Test func leftoversOfKilledRunsAreRemovedAndNothingElse() throws {
        let s = try prepared()
        try s.ok("export", "csv", "--out", "out")
        let dead = ".entries.csv.almanac-tmp-999999", alive = ".daily.csv.almanac-tmp-1", mine = ".my-notes"
        let others = [".thesis.md.tmp-4000000", ".vimrc.tmp-12345678", ".entries.csv.tmp-999997"]
        for name in [dead, alive, mine] + others { try Data("x".utf8).write(to: s.folder.url.appendingPathComponent("out/" + name)) }
        try Data("x".utf8).write(to: s.folder.url.appendingPathComponent(".almanac.sqlite.almanac-tmp-999998-wal"))
        for name in others { try Data("x".utf8).write(to: s.folder.url.appendingPathComponent(name)) }
        try s.ok("export", "csv", "--out", "out")
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: s.folder.path("out")))
        #expect(!names.contains(dead) && names.contains(alive) && names.contains(mine))
        #expect(names.isSuperset(of: others), "another program's files were removed: \(Set(others).subtracting(names))")
        try s.ok("demo", "--store", s.folder.path("demo.sqlite"), "--habits", "2", "--years", "1", "--no-report")
        #expect(!FileManager.default.fileExists(atPath: s.folder.path(".almanac.sqlite.almanac-tmp-999998-wal")))
        // A restore into a new store and a report (in place and staged) leave them too.
        try s.ok("backup", "--out", "b.json")
        try s.ok("restore", "b.json", "--store", s.folder.path("new.sqlite"))
        try s.ok("report", "--out", "site", "--as-of", "2026-11-18")
        try Data("x".utf8).write(to: s.folder.url.appendingPathComponent("site/.draft.tmp-4000001"))
        try s.ok("report", "--out", "site")
        try s.ok("report", "--out", "site", "--as-of", "2026-11-19")
        for name in others { #expect(FileManager.default.fileExists(atPath: s.folder.path(name)), "\(name) was removed") }
        #expect(FileManager.default.fileExists(atPath: s.folder.path("site/.draft.tmp-4000001")))
        // Inside the site's folders too, when a run finds nothing to change: only the dead run's file goes.
        let deadInside = "site/habits/.run.html.almanac-tmp-999999", otherInside = "site/habits/.run.html.tmp-4000002"
        for name in [deadInside, otherInside] { try Data("x".utf8).write(to: s.folder.url.appendingPathComponent(name)) }
        #expect(try s.ok("report", "--out", "site", "--as-of", "2026-11-19").contains("0 written"))
        #expect(!FileManager.default.fileExists(atPath: s.folder.path(deadInside)))
        #expect(FileManager.default.fileExists(atPath: s.folder.path(otherInside)))
    }

    // 17. A report replaces its whole folder, so it writes only into a new or empty folder or an
    // earlier report's: never over a folder of the user's own (`--out ..`), never at the root.
    // An empty `--out` is said, not taken for the current folder.
    @Test func aReportNeverReplacesAFolderItDidNotMake() throws {
        let s = try prepared()
        func run(_ arguments: [String], in folder: String? = nil) throws -> AlmanacBinary.Result {
            try s.binary.run(arguments, environment: s.environment, in: URL(fileURLWithPath: folder ?? s.folder.url.path))
        }
        func identity(_ path: String) -> [Int] {
            var info = stat()
            return lstat(path, &info) == 0 ? [Int(info.st_ino), Int(info.st_mode & 0o7777)] : []
        }
        let mine = s.folder.path("mine")
        try FileManager.default.createDirectory(atPath: mine + "/sub", withIntermediateDirectories: true)
        try Data("my thesis".utf8).write(to: URL(fileURLWithPath: mine + "/thesis.md"))
        chmod(mine, 0o711)   // a mode a rebuilt folder would not have
        let before = identity(mine)
        for (out, folder) in [("mine", nil), ("mine/sub/..", nil), ("..", mine + "/sub")] {
            let result = try run(["report", "--out", out], in: folder)
            #expect(result.status == 1 && result.stderr.contains("Refusing to publish a site in") && result.stderr.contains("(sub among them)"),
                    "\(out): \(result.stderr)")
        }
        #expect(identity(mine) == before && s.folder.bytes("mine/thesis.md") == Data("my thesis".utf8))
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: mine)) == ["sub", "thesis.md"])
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: s.folder.url.path)).contains { $0.hasPrefix(".mine.") })   // not even a lock
        let root = try run(["report", "--out", "/"])
        #expect(root.status == 1 && root.stderr.contains("the file system's root"), "\(root.stderr)")
        // An empty folder is a new site's.
        try FileManager.default.createDirectory(atPath: s.folder.path("empty"), withIntermediateDirectories: true)
        try s.ok("report", "--out", "empty")
        #expect(!s.folder.bytes("empty/manifest.json").isEmpty)
        // `demo` checks its site's folder before it writes the sample store.
        let demo = try run(["demo", "--store", s.folder.path("sample.sqlite"), "--habits", "2", "--years", "1", "--out", "mine"])
        #expect(demo.status == 1 && demo.stderr.contains("Refusing to publish a site in"), "\(demo.stderr)")
        #expect(!FileManager.default.fileExists(atPath: s.folder.path("sample.sqlite")))
        for command in [["report"], ["export", "csv"], ["export", "xlsx"], ["backup"]] {
            let result = try run(command + ["--out", ""])
            #expect(result.status == 2 && result.stderr == "almanac: --out is empty; give the folder or file to write to.\n", "\(command): \(result.stderr)")
        }
    }

    // 18. A site folder rebuilt by a report keeps the permissions its owner gave it and the
    // folders in it: a private folder of the user's stays private, night after night.
    @Test func aPublishedFolderKeepsItsModes() throws {
        let s = try prepared()
        func mode(_ relative: String) -> Int {
            var info = stat()
            return lstat(s.folder.path(relative), &info) == 0 ? Int(info.st_mode & 0o7777) : -1
        }
        try s.ok("report", "--out", "site", "--as-of", "2026-11-17")
        chmod(s.folder.path("site"), 0o2750)
        chmod(s.folder.path("site/habits"), 0o750)
        try FileManager.default.createDirectory(atPath: s.folder.path("site/drafts"), withIntermediateDirectories: true)
        try Data("not yet".utf8).write(to: s.folder.url.appendingPathComponent("site/drafts/next.md"))
        chmod(s.folder.path("site/drafts"), 0o700)
        for day in ["2026-11-18", "2026-11-19", "2026-11-20"] {   // night after night, each a new tree
            try s.ok("report", "--out", "site", "--as-of", day)
            let modes: [Int] = [mode("site"), mode("site/habits"), mode("site/drafts")]
            #expect(modes == [0o2750, 0o750, 0o700], "as of \(day)")
            #expect(s.folder.bytes("site/drafts/next.md") == Data("not yet".utf8))
        }
    }

    // 16. Two replace restores in the same second keep two undo copies: neither overwrites the other.
    @Test func anUndoCopyNeverReplacesAnotherOne() throws {
        let s = try prepared()
        try s.ok("backup", "--out", "first.json")
        try s.ok("habit", "add", "Second")
        try s.ok("backup", "--out", "second.json")
        let original = try s.ok("export", "json", "--out", "-", "--as-of", "2026-11-20")
        try s.ok("restore", "first.json", "--mode", "replace")
        try s.ok("restore", "second.json", "--mode", "replace")
        let copies = try FileManager.default.contentsOfDirectory(atPath: s.folder.url.path).filter { $0.contains(".before-restore-") }.sorted()
        try #require(copies.count == 2, "undo copies: \(copies)")
        // The first copy is the store before any restore: exported, it is the original store.
        let first = copies.first { !$0.contains("Z-2.") }!
        let restored = try s.ok("export", "json", "--out", "-", "--as-of", "2026-11-20", "--store", s.folder.path(first))
        #expect(restored == original)
    }

    // 17. A restore that would pass the cap says how many habits it would make.
    @Test func aRestoreOverTheCapSaysWhatItWouldMake() throws {
        let s = Session()
        try s.ok("init", "--timezone", "Europe/Berlin")
        try s.ok("habit", "add", "Alpha 1")
        try s.ok("habit", "add", "Alpha 2")
        try s.ok("demo", "--store", s.folder.path("many.sqlite"), "--habits", "100", "--years", "1", "--no-report")
        try s.ok("backup", "--out", "many.json", "--store", s.folder.path("many.sqlite"))
        try refused(s, ["restore", "many.json"], status: 1, mentioning: ["That would make 10", "active habits, more than the 100"])
    }

    // 18. A reversed range is refused, not answered with "nothing logged"; a rating over the default
    // scale says how to give another scale.
    @Test func aReversedHistoryRangeAndARatingWithoutItsScaleAreRefused() throws {
        let s = try prepared()
        try refused(s, ["history", "run", "--from", "2026-11-20", "--to", "2026-11-18"], status: 2,
                    mentioning: ["--from 2026-11-20 is after --to 2026-11-18"])
        try refused(s, ["wellbeing", "add", "energy", "7"], status: 2, mentioning: ["over the default scale", "--scale 10"])
        try s.ok("wellbeing", "add", "energy", "7", "--scale", "10")
        try refused(s, ["wellbeing", "add", "energy", "11", "--scale", "10"], status: 1, mentioning: ["between 0 and 10"])
    }

    /// A FIFO or a huge sparse file at a site path or beside the site never hangs or blows up a
    /// report: nothing but a regular file is opened for reading (without waiting for a writer),
    /// and what is read is bounded; the site is then the one a fresh report makes.
    @Test func fifosAndHugeFilesBesideOrInsideTheSiteAreNotRead() throws {
        let s = try prepared()
        func reportWithin(_ seconds: Double, _ arguments: [String]) throws -> Int32 {
            let process = try s.spawn(["report"] + arguments)
            let deadline = Date().addingTimeInterval(seconds)
            while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            if process.isRunning { process.terminate(); process.waitUntilExit(); return -1 }
            return process.terminationStatus
        }
        try s.ok("report", "--out", "site", "--as-of", "2026-11-19")
        try s.ok("report", "--out", "fresh", "--as-of", "2026-11-20")
        // A FIFO in place of a published file, and where an earlier version kept its cache.
        try FileManager.default.removeItem(atPath: s.folder.path("site/style.css"))
        #expect(mkfifo(s.folder.path("site/style.css"), 0o644) == 0)
        #expect(mkfifo(s.folder.path(".site.almanac-cache"), 0o600) == 0)
        #expect(try reportWithin(30, ["--out", "site", "--as-of", "2026-11-20"]) == 0)
        for path in try s.folder.files(under: "fresh") where path != "manifest.json" {
            #expect(s.folder.bytes("site/" + path) == s.folder.bytes("fresh/" + path), "\(path)")
        }
        // A sparse 3 GB file in place of a published page: not read, the report's memory stays small.
        let page = s.folder.path("site/index.md")
        try FileManager.default.removeItem(atPath: page)
        #expect(FileManager.default.createFile(atPath: page, contents: nil))
        #expect(truncate(page, 3 << 30) == 0)
        let report = s.folder.path("time.txt")
        let timed = try AlmanacBinary(url: URL(fileURLWithPath: "/usr/bin/time"))
            .run(["-o", report, "-f", "%M", s.binary.url.path, "report", "--out", "site", "--as-of", "2026-11-19"], environment: s.environment, in: s.folder.url)
        #expect(timed.status == 0, "\(timed.stderr)")
        let kilobytes = Int(try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").last!.trimmingCharacters(in: .whitespaces)) ?? .max
        #expect(kilobytes < 300_000, "\(kilobytes) kB")
        // A sparse 3 GB manifest: not an earlier site's; refused in a moment, nothing written.
        let manifest = s.folder.path("site/manifest.json")
        try FileManager.default.removeItem(atPath: manifest)
        #expect(FileManager.default.createFile(atPath: manifest, contents: nil) && truncate(manifest, 3 << 30) == 0)
        try refused(s, ["report", "--out", "site"], status: 1, mentioning: ["Refusing to publish a site in", "no earlier report's site"])
    }

    /// A folder with another program's `manifest.json` is refused before anything is written,
    /// not even the lock beside it; a workbook is not written to a file named `-`; a person's
    /// `.x.almanac-tmp-1` in a site is theirs (PID 1 runs) and is carried over.
    @Test func minorFindingsOfTheFourthRound() throws {
        let s = try prepared()
        try FileManager.default.createDirectory(atPath: s.folder.path("app"), withIntermediateDirectories: true)
        try Data(#"{"name": "My app", "start_url": "/"}"#.utf8).write(to: s.folder.url.appendingPathComponent("app/manifest.json"))
        try refused(s, ["report", "--out", "app"], status: 1, mentioning: ["Refusing to publish a site in", "manifest.json"])
        #expect(!FileManager.default.fileExists(atPath: s.folder.path(".app.lock")))
        let pipe = try s.run("export", "xlsx", "--out", "-")
        #expect(pipe.status == 2 && pipe.stderr.contains("cannot be written to stdout"), "\(pipe.stderr)")
        #expect(!FileManager.default.fileExists(atPath: s.folder.path("-")))
        try s.ok("report", "--out", "site", "--as-of", "2026-11-19")
        try Data("mine".utf8).write(to: s.folder.url.appendingPathComponent("site/.x.almanac-tmp-1"))
        try s.ok("report", "--out", "site", "--as-of", "2026-11-20")
        #expect(s.folder.bytes("site/.x.almanac-tmp-1") == Data("mine".utf8))
    }

    /// Every report sees what an earlier one could have missed: a published file edited to the
    /// same size with its old modification time put back, an entry changed in the `sqlite3` shell,
    /// an older manifest copied back — the next report is the site a fresh report makes, byte for
    /// byte. (`--full` of earlier versions is still taken, and changes nothing.)
    @Test func everyReportRepairsWhatWasChangedBehindItsBack() throws {
        let s = try prepared()
        func sameAsFresh(_ label: String) throws -> [String] {
            try s.ok("report", "--out", "fresh-\(label)", "--as-of", "2026-11-20")
            let site = try siteFiles(s.folder.url.appendingPathComponent("site"))
            let fresh = try siteFiles(s.folder.url.appendingPathComponent("fresh-\(label)"))
            return Set(site.keys).union(fresh.keys).filter { site[$0] != fresh[$0] }.sorted()
        }
        try s.ok("report", "--out", "site", "--as-of", "2026-11-19")
        let older = s.folder.bytes("site/manifest.json")
        try s.ok("report", "--out", "site", "--as-of", "2026-11-20")
        // A same-size edit of a published page, its modification time put back.
        let page = s.folder.path("site/habits/run.html")
        let modified = try FileManager.default.attributesOfItem(atPath: page)[.modificationDate] as! Date
        let text = String(decoding: s.folder.bytes("site/habits/run.html"), as: UTF8.self)
        try Data(text.replacingOccurrences(of: "Run", with: "Rum").utf8).write(to: URL(fileURLWithPath: page))
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: page)
        // An entry changed in the sqlite3 shell.
        #expect(try SiteReuseTests.sqlite3(s.store, "UPDATE habitEntry SET value = 0 WHERE dayKey = '2026-11-20';") == 0)
        try s.ok("report", "--out", "site", "--as-of", "2026-11-20")
        #expect(try sameAsFresh("a").isEmpty)
        // An older manifest copied back over the site's.
        try older.write(to: s.folder.url.appendingPathComponent("site/manifest.json"))
        try s.ok("report", "--out", "site", "--as-of", "2026-11-20", "--full")
        #expect(try sameAsFresh("b").isEmpty)
    }

    /// The fifth round's minor findings: names that show as nothing or hide characters are
    /// refused (an emoji's own joiners and a flag's tags are not); a name's U+FFFE is U+FFFD in
    /// the HTML; a symbolic link at the lock's path is never followed; a time the clocks skip is
    /// refused; every command that writes the store takes `-q`.
    @Test func minorFindingsOfTheFifthRound() throws {
        let s = try prepared()
        for hidden in ["\u{200B}", "\u{200D}", "\u{200E}", "\u{2060}", "\u{2063}", "\u{061C}", "\u{E0041}"] {
            try refused(s, ["habit", "add", "Gym\(hidden)nasium"], status: 1, mentioning: ["shows as nothing or hides"])
        }
        try refused(s, ["habit", "add", "\u{3164}"], status: 1, mentioning: ["U+3164"])
        try refused(s, ["habit", "add", "\u{FEFF}Gym"], status: 1, mentioning: ["U+FEFF"])
        try s.ok("habit", "add", "🧗‍♀️ Bouldern 🏴󠁧󠁢󠁳󠁣󠁴󠁿")
        try s.ok("habit", "add", "Odd\u{FFFE}name")
        try s.ok("report", "--out", "site")   // today: the habits made today are on it
        for page in ["index.html", "index.md"] {
            let text = String(decoding: s.folder.bytes("site/" + page), as: UTF8.self)
            #expect(!text.unicodeScalars.contains { $0.value == 0xFFFE } && text.contains("Odd\u{FFFD}name"), "\(page)")
        }
        // A symbolic link where the lock goes: refused, and its target is not made.
        #expect(symlink(s.folder.path("elsewhere"), s.folder.path(".linked.lock")) == 0)
        let linked = try s.run("report", "--out", "linked", "--as-of", "2026-11-20")
        #expect(linked.status == 1 && linked.stderr.contains("symbolic link"), "\(linked.stderr)")
        #expect(!FileManager.default.fileExists(atPath: s.folder.path("elsewhere")))
        // 02:30 on Sunday 29 March 2026 does not happen in Berlin: the clocks go from 02:00 to 03:00.
        try refused(s, ["log", "run", "--date", "2026-03-29", "--at", "02:30"], status: 1, mentioning: ["02:30 does not exist on 2026-03-29"])
        try s.ok("log", "run", "--date", "2026-03-29", "--at", "03:30")
        // -q: nothing on stdout from any command that writes the store.
        let quiet: [[String]] = [
            ["habit", "add", "Swim"], ["habit", "edit", "swim", "--target", "1"], ["habit", "archive", "swim"], ["habit", "unarchive", "swim"],
            ["log", "swim"], ["unlog", "swim"], ["category", "add", "Sport"], ["category", "rename", "Sport", "Sports"],
            ["goal", "add", "Fit", "--habits", "swim"], ["goal", "edit", "Fit", "--habits", "run"], ["goal", "delete", "Fit"],
            ["category", "delete", "Sports"], ["journal", "add", "A day"], ["wellbeing", "add", "mood", "4", "--scale", "5"],
            ["habit", "delete", "swim", "--yes"],
        ]
        for arguments in quiet {
            let result = try s.binary.run(arguments + ["-q"], environment: s.environment, in: s.folder.url)
            #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty, "\(arguments): \(result.stdout) \(result.stderr)")
        }
    }


    /// Round six: a number another program wrote into the store — a value of 1e300 or ±infinity
    /// in an at-most habit with a baseline, a weight or a target out of range — is refused where it
    /// is read, in one sentence that names it, by every command that makes figures: never a
    /// trap. The nightly job still writes its backup (first) and says which step failed.
    @Test(arguments: TestBackend.available) func numbersFromOutsideAreRefusedWhereTheyAreRead(_ backend: TestBackend) throws {
        var s = Session(backend)
        s.now = "2026-11-21T10:00:00Z"
        try s.ok("init", "--timezone", "UTC")
        try s.ok("habit", "add", "Sugar", "--unit", "count", "--direction", "at-most", "--target", "2", "--baseline", "10")
        try s.ok("habit", "add", "Run")
        try s.ok("log", "sugar", "1", "--date", "2026-11-19")
        try s.ok("log", "sugar", "3", "--date", "2026-11-20")
        try FileManager.default.createDirectory(atPath: s.folder.path("backups"), withIntermediateDirectories: true)
        try s.ok("nightly", "set", "--backups", s.folder.path("backups"), "--csv", s.folder.path("backups"))
        let infinity = backend == .sqlite ? "9e999" : "'Infinity'", minusInfinity = backend == .sqlite ? "-9e999" : "'-Infinity'"
        let cases: [(sql: String, words: [String])] = [
            ("UPDATE habitEntry SET value = 1e300 WHERE dayKey = '2026-11-20'", ["2026-11-20", "1e+300", "a billion"]),
            ("UPDATE habitEntry SET value = \(infinity) WHERE dayKey = '2026-11-20'", ["Infinity"]),
            ("UPDATE habitEntry SET value = \(minusInfinity) WHERE dayKey = '2026-11-20'", ["-Infinity"]),
            ("UPDATE habit SET weight = \(infinity) WHERE name = 'Sugar'", ["weight", "Infinity"]),
            ("UPDATE habit SET target = 0 WHERE name = 'Sugar'", ["target 0", "above 0"]),
            ("UPDATE habit SET baseline = -5 WHERE name = 'Sugar'", ["baseline -5"]),
        ]
        for (sql, words) in cases {
            try backend.runOtherProgram(sql, on: s.store)
            for command in [["report", "--out", "site"], ["status"], ["stats", "sugar"], ["export", "csv", "--out", "csv"]] {
                let result = try s.binary.run(command, environment: s.environment, in: s.folder.url)
                #expect(result.status == 1 && result.stderr.split(separator: "\n").count == 1, "\(sql) · \(command): \(result.status) \(result.stderr)")
                for word in words { #expect(result.stderr.contains(word), "\(sql) · \(command): \(result.stderr)") }
            }
            let night = try s.binary.run(["nightly"], environment: s.environment.merging(["XDG_RUNTIME_DIR": s.folder.path("run")]) { $1 },
                                         in: s.folder.url)
            #expect(night.status == 1 && night.stderr.contains("the nightly csv") && !night.stderr.contains("nightly backup"), "\(night.stderr)")
            #expect(FileManager.default.fileExists(atPath: s.folder.path("backups/almanac-2026-11-20.json.gz")))
            // Mended, every command works again.
            try backend.runOtherProgram("""
                UPDATE habitEntry SET value = 3 WHERE dayKey = '2026-11-20';
                UPDATE habit SET weight = 1, target = 2, baseline = 10 WHERE name = 'Sugar';
                """, on: s.store)
            try s.ok("report", "--out", "site")
        }
    }

    /// Round six: "Read" and "Read last" once both wrote `charts/read-last-month.svg`; each habit's
    /// files are its own, every report the same.
    @Test func twoOrdinaryNamesNeverShareAFile() throws {
        var s = Session()
        s.now = "2026-10-02T08:00:00Z"
        try s.ok("init", "--timezone", "UTC")
        for name in ["Read", "Read last", "Read last month", "Read month", "Read 2026"] { try s.ok("habit", "add", name) }
        try s.ok("log", "read", "--date", "2026-10-01")
        s.now = "2026-11-21T08:00:00Z"
        for _ in 0..<2 { try s.ok("report", "-q", "--out", "site") }
        let charts = try s.folder.files(under: "site/charts")
        for slug in ["read", "read-last", "read-last-month", "read-month", "read-2026"] {
            #expect(charts.contains("\(slug)-month.svg") && charts.contains("\(slug)-score.svg"), "\(slug): \(charts)")
        }
        let page = String(decoding: s.folder.bytes("site/habits/read.md"), as: UTF8.self)
        #expect(page.contains("../charts/read-lastmonth.svg"))
        #expect(String(decoding: s.folder.bytes("site/charts/read-lastmonth.svg"), as: UTF8.self).contains("<title>Read, October 2026</title>"))
    }

    /// Round six: names are bounded in code points and bytes as well as in characters — on the
    /// way in, and when a store is read (a name put in by another program is a refused store, not
    /// gigabytes of pages) — and a name must show something.
    @Test(arguments: TestBackend.available) func namesAreBoundedAndShowSomething(_ backend: TestBackend) throws {
        let s = Session(backend)
        try s.ok("init", "--timezone", "UTC")
        try s.ok("habit", "add", "Run")
        func refusedName(_ name: String, _ words: String) throws {
            let result = try s.binary.run(["habit", "add", name], environment: s.environment, in: s.folder.url)
            #expect(result.status == 1 && result.stderr.contains(words), "\(name.unicodeScalars.prefix(3).map { String($0.value, radix: 16) }): \(result.stderr)")
        }
        try refusedName("a" + String(repeating: "\u{0301}", count: 60_000), "400 Unicode code points")
        try refusedName("a" + String(repeating: "\u{0301}", count: 500), "400 Unicode code points")
        for blank in ["\u{115F}", "\u{2800}", "\u{180E}", "\u{17B4}", "\u{FE0F}", "\u{00AD}", "\u{0301}", "\u{FFF9}", "Gym\u{00AD}"] {
            try refusedName(blank, "name")
        }
        #expect(try s.ok("habit", "list").split(separator: "\n").count == 1)   // Run alone
        try s.ok("habit", "add", "Café ☕️")   // a variation selector after its emoji is the emoji's
        let long = backend == .sqlite ? "replace(hex(zeroblob(100000)), '00', 'ab')" : "repeat('ab', 100000)"
        try backend.runOtherProgram("UPDATE habit SET name = \(long) WHERE name = 'Run'", on: s.store)
        for command in [["status"], ["report", "--out", "site"], ["habit", "list"]] {
            let result = try s.binary.run(command, environment: s.environment, in: s.folder.url)
            #expect(result.status == 1 && result.stderr.contains("a name of 200000 bytes, more than the 1600"), "\(command): \(result.stderr.prefix(300))")
        }
        // Any other text too, by a text's bound: a description of 2 MB put in by another program.
        try backend.runOtherProgram("UPDATE habit SET name = 'Run' WHERE length(name) > 1000", on: s.store)
        let huge = backend == .sqlite ? "replace(hex(zeroblob(1000000)), '00', 'ab')" : "repeat('ab', 1000000)"
        try backend.runOtherProgram("UPDATE habit SET description = \(huge) WHERE name = 'Run'", on: s.store)
        let described = try s.binary.run(["report", "--out", "site"], environment: s.environment, in: s.folder.url)
        #expect(described.status == 1 && described.stderr.contains("a description of 2000000 bytes, more than the 1000000"), "\(described.stderr.prefix(300))")
    }

    /// Round six: a template or words file that is a symbolic link (to `/etc/passwd`) is refused,
    /// never published; so is a linked `words` folder, and a link among the files of a folder
    /// being imported.
    @Test func linksInsideAFolderAreNeverFollowed() throws {
        let s = try prepared()
        try s.ok("templates", "export", "tpl")
        try FileManager.default.removeItem(atPath: s.folder.path("tpl/habit.md.mustache"))
        #expect(symlink("/etc/passwd", s.folder.path("tpl/habit.md.mustache")) == 0)
        try refused(s, ["report", "--out", "site", "--templates", "tpl"], status: 1, mentioning: ["habit.md.mustache", "symbolic link"])
        #expect(!FileManager.default.fileExists(atPath: s.folder.path("site")))
        try FileManager.default.removeItem(atPath: s.folder.path("tpl/habit.md.mustache"))
        try FileManager.default.moveItem(atPath: s.folder.path("tpl/words"), toPath: s.folder.path("words-elsewhere"))
        #expect(symlink(s.folder.path("words-elsewhere"), s.folder.path("tpl/words")) == 0)
        try refused(s, ["report", "--out", "site", "--templates", "tpl"], status: 1, mentioning: ["tpl/words", "symbolic link"])
        // An import folder of harsh's: its log a link.
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("ImportFixtures/harsh").path
        try FileManager.default.createDirectory(atPath: s.folder.path("harsh"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixtures + "/habits", toPath: s.folder.path("harsh/habits"))
        #expect(symlink(fixtures + "/log", s.folder.path("harsh/log")) == 0)
        try refused(s, ["import", "harsh"], status: 1, mentioning: ["log", "symbolic link"])
    }

    /// Round six's minor findings: a store whose settings row another program removed is named
    /// as such on either backend (not "an SQLite database"); the root folder is no nightly place;
    /// the nightly lock's folder is never a link followed; a backup with a key twice at its top
    /// level is refused.
    @Test(arguments: TestBackend.available) func minorFindingsOfTheSixthRound(_ backend: TestBackend) throws {
        var s = Session(backend)
        s.now = "2026-11-21T10:00:00Z"
        try s.ok("init", "--timezone", "UTC")
        try s.ok("habit", "add", "Run")
        let root = try s.run("nightly", "set", "--backups", "/")
        #expect(root.status == 1 && root.stderr.contains("cannot be the root folder"), "\(root.stderr)")
        try FileManager.default.createDirectory(atPath: s.folder.path("backups"), withIntermediateDirectories: true)
        try s.ok("nightly", "set", "--backups", s.folder.path("backups"))
        try FileManager.default.createDirectory(atPath: s.folder.path("run"), withIntermediateDirectories: true)
        #expect(symlink(s.folder.path("elsewhere"), s.folder.path("run/almanac")) == 0)
        try FileManager.default.createDirectory(atPath: s.folder.path("elsewhere"), withIntermediateDirectories: true)
        let linked = try s.binary.run(["nightly"], environment: s.environment.merging(["XDG_RUNTIME_DIR": s.folder.path("run")]) { $1 }, in: s.folder.url)
        #expect(linked.status == 1 && linked.stderr.contains("symbolic link"), "\(linked.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: s.folder.path("elsewhere")).isEmpty)
        try s.ok("backup", "--out", "good.json")
        let good = String(decoding: s.folder.bytes("good.json"), as: UTF8.self)
        let twice = good.replacingOccurrences(of: #""version":(\d+)"#, with: #""version":$1,"habits":[]"#, options: .regularExpression)
        try Data(twice.utf8).write(to: s.folder.url.appendingPathComponent("twice.json"))
        let refused = try s.run("restore", "twice.json", "--store", s.folder.path("twice.sqlite"))
        #expect(refused.status == 1 && refused.stderr.contains("habits appears twice at the top level"), "\(refused.stderr)")
        if backend == .postgres {   // among the shared tables a person may not delete: her administrator does it
            try TestPostgres.psql("DELETE FROM almanac.settings WHERE store = (SELECT id FROM almanac.store WHERE name = '\(TestPostgres.role(of: s.store))')")
        } else {
            try backend.runOtherProgram("DELETE FROM settings", on: s.store)
        }
        let gone = try s.run("status")
        #expect(gone.status == 1 && gone.stderr.contains("has no settings") && !gone.stderr.contains("SQLite"), "\(gone.stderr)")
    }

    /// Round six: a name or an alias that looks like another habit's without being it — the
    /// Cyrillic "а" beside the habit "A", "Rеad" (Cyrillic е) beside "Read" — is refused when it
    /// is new; a store that has such names already keeps them, restores them and edits them.
    @Test func namesThatLookAlikeAreRefusedWhenNew() throws {
        var s = Session()
        s.now = "2026-11-21T10:00:00Z"
        try s.ok("init", "--timezone", "UTC")
        try s.ok("habit", "add", "A")
        try s.ok("habit", "add", "B")
        try s.ok("habit", "add", "Read")
        try s.ok("habit", "add", "Ride")
        try refused(s, ["habit", "edit", "b", "--alias", "\u{430}"], status: 1, mentioning: ["looks like \"A\""])
        try refused(s, ["habit", "add", "R\u{435}ad"], status: 1, mentioning: ["looks like \"Read\""])
        try refused(s, ["habit", "edit", "ride", "--name", "RE\u{391}D"], status: 1, mentioning: ["looks like \"Read\""])
        try s.ok("habit", "edit", "b", "--alias", "bee")   // a different word is fine
        try s.ok("backup", "--out", "good.json", "--as-of", "2026-11-20")
        let twins = String(decoding: s.folder.bytes("good.json"), as: UTF8.self).replacingOccurrences(of: #""name":"Ride""#, with: "\"name\":\"R\u{435}ad\"")
        try Data(twins.utf8).write(to: s.folder.url.appendingPathComponent("twins.json"))
        let store = s.folder.path("twins.sqlite")
        try s.ok("restore", "twins.json", "--store", store)
        try s.ok("habit", "edit", "R\u{435}ad", "--color", "#123456", "--store", store)
        #expect(try s.ok("habit", "list", "--store", store).contains("R\u{435}ad"))
    }

    /// Round six: a words file's markup (HTML, Markdown emphasis, a `javascript:` link) is text in
    /// every page: escaped in index.md, and never an element or a link in index.html.
    @Test func aWordsFilesMarkupIsText() throws {
        var s = Session()
        s.now = "2026-11-21T10:00:00Z"
        try s.ok("init", "--timezone", "UTC")
        try s.ok("habit", "add", "Run")
        try s.ok("log", "run", "--date", "2026-11-20")
        try s.ok("templates", "export", "mine")
        let words = String(decoding: s.folder.bytes("mine/words/en.txt"), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.contains(" = ") && !$0.hasPrefix("#") ? $0 + " <b>X</b> *E* [L](javascript:x)" : String($0) }.joined(separator: "\n")
        try Data(words.utf8).write(to: s.folder.url.appendingPathComponent("mine/words/en.txt"))
        try s.ok("report", "--out", "site", "--templates", "mine", "--as-of", "2026-11-20")
        let markdown = String(decoding: s.folder.bytes("site/index.md"), as: UTF8.self)
        let html = String(decoding: s.folder.bytes("site/index.html"), as: UTF8.self)
        #expect(markdown.contains(#"\<b\>X\</b\> \*E\* \[L\](javascript:x)"#) && !markdown.contains("<b>X"), "\(markdown.prefix(400))")
        #expect(html.contains("&lt;b&gt;X") && !html.contains("<b>X") && !html.contains("href=\"javascript") && !html.contains("<em>E"))
    }

    /// Round six: another app's database whose schema takes long to read (300,000 views) or is
    /// far larger than an app's is refused within seconds — for `import` and for a followed file
    /// — instead of holding the import, and every nightly run behind its lock, for minutes.
    @Test func aDatabaseWithAHugeSchemaIsRefusedWithinSeconds() throws {
        let s = try prepared()
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("ImportFixtures/loop-v12.db").path
        for (name, views) in [("views.db", 300_000), ("some-views.db", 3_000)] {
            try FileManager.default.copyItem(atPath: fixture, toPath: s.folder.path(name))
            let db = try DatabaseQueue(path: s.folder.path(name))
            try db.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA writable_schema = ON")
                try db.inTransaction {
                    try db.execute(sql: """
                        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(views))
                        INSERT INTO sqlite_master SELECT 'view', 'v' || i, 'v' || i, 0, 'CREATE VIEW v' || i || ' AS SELECT 1' FROM n
                        """)
                    return .commit
                }
            }
            try db.close()
        }
        let started = Date()
        try refused(s, ["import", "views.db"], status: 1, mentioning: ["schema took more than 3 s"])
        #expect(Date().timeIntervalSince(started) < 20)
        try refused(s, ["import", "some-views.db"], status: 1, mentioning: ["its schema has 3007 tables, indexes, views and triggers"])
    }

    /// Round six: the cap of 100 active habits is applied while a file is read: a HabitBull CSV
    /// of 200,000 names is refused at its 101st, in a moment.
    @Test func aFileOfAMillionHabitNamesIsRefusedAtTheCap() throws {
        let s = try prepared()
        var csv = "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\n"
        for i in 0..<200_000 { csv += "Habit \(i),,,2026-11-01,1,\n" }
        try Data(csv.utf8).write(to: s.folder.url.appendingPathComponent("many.csv"))
        let started = Date()
        try refused(s, ["import", "many.csv"], status: 1, mentioning: ["line 102", "more than 100 habits"])
        #expect(Date().timeIntervalSince(started) < 10)
    }

    /// Round six: two files of one habit's same day (HabitBull CSV, 200,000 lines and one more)
    /// leave the day's last line and the first file's as history, not 400,000 rows; the store
    /// restores its own backup, plain and compressed, to the byte.
    @Test func aStoreRestoresItsOwnBackupAfterTwoSameDayFiles() throws {
        let s = try prepared()
        for (name, lines) in [("one.csv", 200_000), ("two.csv", 200_001)] {
            var csv = "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\n"
            for i in 0..<lines { csv += "Stretch,,,2026-11-01,1,line \(i)\n" }
            try Data(csv.utf8).write(to: s.folder.url.appendingPathComponent(name))
            try s.ok("import", name)
        }
        try s.ok("backup", "--out", "mine.json", "--as-of", "2026-11-20")
        let backup = try JSONSerialization.jsonObject(with: s.folder.bytes("mine.json")) as! [String: Any]
        let entries = (backup["habitEntries"] as! [[String: Any]]).filter { $0["dayKey"] as? String == "2026-11-01" }
        #expect(entries.count == 2 && entries.filter { $0["deletedAt"] is NSNull }.map { $0["note"] as? String } == ["line 200000"], "\(entries)")
        let gzip = try AlmanacBinary(url: URL(fileURLWithPath: "/usr/bin/gzip")).run(["-k", s.folder.path("mine.json")])
        #expect(gzip.status == 0)
        for file in ["mine.json", "mine.json.gz"] {
            let store = s.folder.path("\(file).sqlite")
            try s.ok("restore", file, "--store", store)
            try s.ok("backup", "--store", store, "--out", "again.json", "--as-of", "2026-11-20")
            #expect(s.folder.bytes("again.json") == s.folder.bytes("mine.json"), "\(file)")
        }
    }

    /// Round six: a Loop database of one day repeated 400,000 times is read in memory of a few
    /// times the file, not a gigabyte: of a habit's day the later row replaces the earlier as it
    /// is read. Its day is imported once, with the id the last row has always had.
    @Test func aFileOfOneDayRepeatedIsReadInLittleMemory() throws {
        let s = try prepared()
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("ImportFixtures/loop-v12.db").path
        try FileManager.default.copyItem(atPath: fixture, toPath: s.folder.path("repeated.db"))
        let db = try DatabaseQueue(path: s.folder.path("repeated.db"))
        try db.write { db in
            try db.execute(sql: """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 400000)
                INSERT INTO Repetitions (habit, timestamp) SELECT 15, 1451606400000 FROM n
                """)
        }
        try db.close()
        let size = try FileManager.default.attributesOfItem(atPath: s.folder.path("repeated.db"))[.size] as! Int
        let report = s.folder.path("time.txt")
        let result = try AlmanacBinary(url: URL(fileURLWithPath: "/usr/bin/time"))
            .run(["-o", report, "-f", "%M", s.binary.url.path, "import", "repeated.db"], environment: s.environment, in: s.folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let kilobytes = Int(try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").last!.trimmingCharacters(in: .whitespaces))!
        #expect(kilobytes * 1024 < 4 * size + 60_000_000, "\(kilobytes) kB for a file of \(size) bytes")
        #expect(result.stdout.contains("400") , "\(result.stdout)")
        let history = try s.ok("history", "wake up early", "--from", "2016-01-01", "--to", "2016-01-01")
        #expect(history.contains("2016-01-01"), "\(history)")
    }

    /// Round six: a Loop CSV zip that unpacks to more than a hundred times its size (a few
    /// hundred kB to gigabytes of rows in memory) is refused as it unpacks.
    @Test func aZipThatUnpacksFarBeyondItsSizeIsRefused() throws {
        let s = try prepared()
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("ImportFixtures/loop-csv-export")
        let archive = try Archive(url: s.folder.url.appendingPathComponent("bomb.zip"), accessMode: .create)
        try archive.addEntry(with: "Habits.csv", relativeTo: fixture)
        let rows = Data(("Date,Value,Notes\n" + String(repeating: "2016-01-01,2,\n", count: 2_500_000)).utf8)
        try archive.addEntry(with: "001 Meditate/Checkmarks.csv", type: .file, uncompressedSize: Int64(rows.count), compressionMethod: .deflate) { position, size in
            rows.subdata(in: Int(position)..<Int(position) + size)
        }
        let size = try FileManager.default.attributesOfItem(atPath: s.folder.path("bomb.zip"))[.size] as! Int
        #expect(size < 200_000)
        try refused(s, ["import", "bomb.zip"], status: 1, mentioning: ["more than 100 times its size"])
    }

    /// A full disk is named as such ("no space left on device", not "disk I/O error"), and the
    /// write is not half-saved: on a small file system of its own (root mounts a tmpfs).
    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/mount")))
    func aFullDiskIsNamedAsSuch() throws {
        let folder = TemporaryFolder("full")
        let mount = try AlmanacBinary(url: URL(fileURLWithPath: "/usr/bin/mount")).run(["-t", "tmpfs", "-o", "size=600k", "tmpfs", folder.path("")])
        guard mount.status == 0 else { return }   // a machine that may not mount: nothing to see
        defer { _ = try? AlmanacBinary(url: URL(fileURLWithPath: "/usr/bin/umount")).run([folder.path("")]) }
        let s = Session()
        let env = ["ALMANAC_STORE": folder.path("s.sqlite"), "ALMANAC_NOW": s.now]
        for arguments in [["init", "--timezone", "UTC"], ["habit", "add", "Run"]] {
            #expect(try s.binary.run(arguments, environment: env, in: s.folder.url).status == 0)
        }
        // The rest of the file system taken by another file.
        let filler = folder.path("filler")
        _ = try AlmanacBinary(url: URL(fileURLWithPath: "/usr/bin/dd")).run(["if=/dev/zero", "of=\(filler)", "bs=1k", "count=2000"])   // stops when full
        let full = try s.binary.run(["journal", "add", "A long day", "--body", String(repeating: "y", count: 100_000)], environment: env, in: s.folder.url)
        #expect(full.status == 1 && full.stderr.contains("no space left on device") && !full.stderr.contains("disk I/O error"), "\(full.stderr)")
        // The workbook of a store elsewhere, onto the full disk: named as such, not the zip
        // writer's "ZIP_ERRNO".
        try s.ok("init", "--timezone", "UTC")
        try s.ok("habit", "add", "Run")
        let book = try s.binary.run(["export", "xlsx", "--out", folder.path("book.xlsx")], environment: s.environment, in: s.folder.url)
        #expect(book.status == 1 && book.stderr.contains("no space left on device") && !book.stderr.contains("ZIP_ERRNO"), "\(book.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("book.xlsx")))
        try FileManager.default.removeItem(atPath: filler)
        let listed = try s.binary.run(["journal", "list"], environment: env, in: s.folder.url)
        #expect(listed.status == 0 && !listed.stdout.contains("A long day"), "\(listed.stdout)")
    }

}
