import AlmanacTestSupport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// Every file of a site folder, by relative path.
func siteFiles(_ folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let base = folder.standardizedFileURL.path
    let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])!
    for case let url as URL in enumerator where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
        let path = url.standardizedFileURL.path
        files[String(path.dropFirst(base.count + 1))] = try Data(contentsOf: url)
    }
    return files
}

@Suite struct ReportTests {
    static let hostileName = "<script>alert(1)</script> | pipes | *stars* &amp; 💧 שלום"
    static let hostileName2 = "\"><svg onload=alert(1)> [x](javascript:alert(1))"

    /// A store whose names, units, notes and journal are hostile.
    func hostileStore() throws -> Session {
        var s = Session()
        s.now = "2026-11-01T08:00:00Z"
        try s.ok("init", "--timezone", "Europe/Berlin")
        try s.ok("habit", "add", Self.hostileName, "--emoji", "🧪", "--unit", "count", "--target", "3", "--unit-label", "<b>cups</b>")
        try s.ok("habit", "add", "Run", "--frequency", "weekdays:mon,wed,fri")
        try s.ok("habit", "add", Self.hostileName2)
        try s.ok("habit", "add", "../../etc")
        try s.ok("habit", "add", "CON")
        s.now = "2026-11-20T18:00:00Z"
        for day in ["2026-11-16", "2026-11-18", "2026-11-20"] {
            try s.ok("log", "run", "--date", day, "--note", "SECRET-NOTE <img src=x onerror=alert(1)> \(day)")
            try s.ok("log", Self.hostileName, "2", "--date", day, "--note", "[click](javascript:alert(1)) SECRET-NOTE")
        }
        try s.ok("log", "../../etc", "--date", "2026-11-19")
        try s.ok("log", Self.hostileName2, "--date", "2026-11-19")
        try s.ok("journal", "add", "SECRET-JOURNAL <script>x</script>", "--body", "line *one*\n\n<iframe src=x></iframe> SECRET-JOURNAL")
        try s.ok("wellbeing", "add", "mood", "4", "--note", "SECRET-MOOD")
        return s
    }

    @Test func hostileTextComesOutEscapedInEveryFile() throws {
        let s = try hostileStore()
        try s.ok("report", "--out", "site", "--include-notes", "--include-journal")
        let files = try siteFiles(s.folder.url.appendingPathComponent("site"))
        #expect(files.keys.contains("index.html") && files.keys.contains("journal.html"))
        for (path, data) in files where path != "manifest.json" {
            // In Markdown, "\<" is an escaped, literal "<".
            let text = String(decoding: data, as: UTF8.self).lowercased().replacingOccurrences(of: "\\<", with: "")
            #expect(!text.contains("<script"), "\(path)")
            #expect(!text.contains("<svg onload"), "\(path)")
            #expect(!text.contains("<iframe") && !text.contains("<img src=x"), "\(path)")
            // No tag carries an event handler (escaped text and attribute values may mention one).
            #expect(eventHandlers(in: text).isEmpty, "\(path): \(eventHandlers(in: text))")
            #expect(!text.contains("href=\"javascript:"), "\(path)")
            #expect(!text.contains("<b>cups"), "\(path)")
            if path.hasSuffix(".svg") {
                #expect(XMLParser(data: data).parse(), "\(path) is not well-formed XML")
                // XML 1.0 has no U+FFFE or U+FFFF (xmllint refuses them); they become U+FFFD.
                #expect(!text.unicodeScalars.contains { $0.value == 0xFFFE || $0.value == 0xFFFF }, "\(path)")
            }
        }
        // The text itself is there, escaped for its context.
        let index = String(decoding: files["index.html"]!, as: UTF8.self)
        #expect(index.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(index.contains("| pipes |"))
        #expect(index.contains("*stars*"))
        #expect(index.contains("&amp;amp;"))
        #expect(index.contains("שלום"))
        let markdown = String(decoding: files["index.md"]!, as: UTF8.self)
        #expect(markdown.contains("\\<script\\>"))
        #expect(markdown.contains("\\| pipes \\|"))
        #expect(index.contains("&quot;&gt;&lt;svg onload=alert(1)&gt; [x](javascript:alert(1))"))
        // Slugs stay inside the folder.
        #expect(files.keys.contains("habits/etc.html"))
        #expect(files.keys.contains("habits/con-habit.html"))
        #expect(files.keys.allSatisfy { !$0.contains("..") })
        #expect(!FileManager.default.fileExists(atPath: s.folder.path("etc.html")))
    }

    /// Tags with an `on…=` attribute, looking at attribute names only (quoted values removed).
    func eventHandlers(in text: String) -> [String] {
        let tags = try! NSRegularExpression(pattern: "<[a-zA-Z][^>]*>")
        let ns = text as NSString
        return tags.matches(in: text, range: NSRange(location: 0, length: ns.length)).compactMap { match in
            let tag = ns.substring(with: match.range)
            let names = tag.replacingOccurrences(of: "\"[^\"]*\"", with: "\"\"", options: .regularExpression)
            return names.range(of: "\\son[a-z]+\\s*=", options: .regularExpression) == nil ? nil : tag
        }
    }

    /// After a public run, nothing beside the published folder that Almanac wrote holds private
    /// text — not the site before it, which a private run published (with the README's layouts
    /// that folder would be inside the web root).
    @Test func aPublicRunLeavesNoPrivateTextBesideTheSite() throws {
        let s = try hostileStore()
        try FileManager.default.createDirectory(atPath: s.folder.path("www"), withIntermediateDirectories: false)
        try s.ok("report", "--out", "www/habits", "--include-notes", "--include-journal")
        try s.ok("report", "--out", "www/habits", "--include-notes", "--include-journal", "--as-of", "2026-11-21")
        for asOf in ["2026-11-21", "2026-11-22"] {
            try s.ok("report", "--out", "www/habits", "--as-of", asOf)
            let written = try s.folder.files(under: "www")
            #expect(written.contains { $0.hasPrefix("habits/") })
            for path in written {
                let text = String(decoding: s.folder.bytes("www/" + path), as: UTF8.self)
                #expect(!text.contains("SECRET"), "\(path) holds private text after a public run")
            }
        }
    }

    @Test func notesJournalAndWellbeingNeedTheirFlags() throws {
        let s = try hostileStore()
        try s.ok("report", "--out", "private")
        for (path, data) in try siteFiles(s.folder.url.appendingPathComponent("private")) {
            let text = String(decoding: data, as: UTF8.self)
            #expect(!text.contains("SECRET"), "\(path) leaks a note, journal or wellbeing text")
            #expect(!path.contains("journal"))
        }
        try s.ok("report", "--out", "notes", "--include-notes")
        let run = String(decoding: s.folder.bytes("notes/habits/run.html"), as: UTF8.self)
        #expect(run.contains("SECRET-NOTE &lt;img src=x onerror=alert(1)&gt; 2026-11-20"))
        #expect(!FileManager.default.fileExists(atPath: s.folder.path("notes/journal.html")))
        try s.ok("report", "--out", "journal", "--include-journal")
        let journal = String(decoding: s.folder.bytes("journal/journal.html"), as: UTF8.self)
        #expect(journal.contains("SECRET-JOURNAL &lt;script&gt;x&lt;/script&gt;"))
        #expect(journal.contains("SECRET-MOOD"))
        #expect(!String(decoding: s.folder.bytes("journal/habits/run.html"), as: UTF8.self).contains("SECRET-NOTE"))
    }

    @Test(arguments: TestBackend.available) func sameStoreAndDayGiveTheSameBytesAndUnchangedFilesAreNotRewritten(_ backend: TestBackend) throws {
        let s = Session(backend)
        try s.ok("demo", "--store", s.folder.path("demo.sqlite"), "--habits", "6", "--years", "2", "--out", "one")
        try s.ok("report", "--store", s.folder.path("demo.sqlite"), "--out", "two", "--as-of", "2026-11-20")
        var one = try siteFiles(s.folder.url.appendingPathComponent("one"))
        let two = try siteFiles(s.folder.url.appendingPathComponent("two"))
        #expect(one.count > 20)
        // The sample's manifest says it is a sample (`demo` renders only over a sample site).
        let sampleManifest = String(decoding: one["manifest.json"]!, as: UTF8.self)
        #expect(sampleManifest.contains("\"generator\" : \"almanac demo\""))
        one["manifest.json"] = Data(sampleManifest.replacingOccurrences(of: "\"almanac demo\"", with: "\"almanac\"").utf8)
        #expect(one == two)
        // Heatmaps: one per habit and year of history plus the combined ones, with 53 or 54 columns.
        #expect(one.keys.contains("heatmaps/all-2024.svg") && one.keys.contains("heatmaps/drink-water-2025.svg"))

        // The same run again rewrites nothing, the manifest included: every file keeps its time.
        let before = try modificationTimes(s.folder.url.appendingPathComponent("two"))
        Thread.sleep(forTimeInterval: 1.1)
        let again = try s.ok("report", "--store", s.folder.path("demo.sqlite"), "--out", "two", "--as-of", "2026-11-20")
        #expect(again.contains("0 written, \(two.count - 1) unchanged, 0 removed"))
        #expect(try modificationTimes(s.folder.url.appendingPathComponent("two")) == before)
        // One new entry: its habit's files and the overview change, and nothing else is written.
        try s.ok("log", "drink water", "1", "--add", "--date", "2026-11-19", "--store", s.folder.path("demo.sqlite"))
        let changed = try s.ok("report", "--store", s.folder.path("demo.sqlite"), "--out", "two", "--as-of", "2026-11-20")
        let after = try modificationTimes(s.folder.url.appendingPathComponent("two"))
        let rewritten = Set(after.keys.filter { after[$0] != before[$0] })
        #expect(changed.contains("\(rewritten.count - 1) written"), "\(changed) \(rewritten.sorted())")
        #expect(rewritten.contains("manifest.json") && rewritten.contains("habits/drink-water.html"))
        #expect(rewritten.allSatisfy { $0.contains("drink-water") || $0.hasPrefix("index.") || $0.contains("all-") || $0 == "manifest.json"
                || $0 == "feed.xml" || $0 == "feed.json" || $0.hasPrefix("years/") },
                "\(rewritten.sorted())")
        #expect(try siteFiles(s.folder.url.appendingPathComponent("two")) != two)
    }

    /// Every file of a folder with its modification time (nanoseconds).
    func modificationTimes(_ folder: URL) throws -> [String: Int] {
        var times: [String: Int] = [:]
        for path in try siteFiles(folder).keys {
            var info = stat()
            #expect(lstat(folder.appendingPathComponent(path).path, &info) == 0)
            times[path] = info.st_mtim.tv_sec * 1_000_000_000 + info.st_mtim.tv_nsec
        }
        return times
    }

    /// As `mkdir` without `-p`: the folder named, never the folders above it.
    @Test func aReportCreatesItsFolderButNotItsParents() throws {
        let s = try hostileStore()
        let refused = try s.run("report", "--out", "deep/new/site")
        #expect(refused.status == 1 && refused.stderr.contains("the folder deep/new above it does not exist"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: s.folder.path("deep")))
        try FileManager.default.createDirectory(atPath: s.folder.path("deep/new"), withIntermediateDirectories: true)
        try s.ok("report", "--out", "deep/new/site")
        #expect(FileManager.default.fileExists(atPath: s.folder.path("deep/new/site/index.html")))
    }

    @Test func anErrorNamesTheStepAndTheFile() throws {
        let s = try hostileStore()
        try s.ok("templates", "export", "mine")
        try Data("{{#rows}}{{#notThere.x}}{{/notThere.x}}{{/rows}}{{#stats}}".utf8).write(to: s.folder.url.appendingPathComponent("mine/habit.md.mustache"))
        let result = try s.run("report", "--out", "site", "--templates", "mine")
        #expect(result.status == 1)
        #expect(result.stderr.contains("mine/habit.md.mustache"), "\(result.stderr)")
        let nested = String(repeating: "{{#rows}}", count: 30) + "x" + String(repeating: "{{/rows}}", count: 30)
        try Data(nested.utf8).write(to: s.folder.url.appendingPathComponent("mine/habit.md.mustache"))
        try Data(nested.utf8).write(to: s.folder.url.appendingPathComponent("mine/dashboard.md.mustache"))
        let budget = try s.run("report", "--out", "site", "--templates", "mine")
        #expect(budget.status == 1)
        #expect(budget.stderr.contains("render step (index.") && budget.stderr.contains("dashboard.md.mustache")
                && budget.stderr.contains("nothing was written"), "\(budget.stderr)")
        #expect(!FileManager.default.fileExists(atPath: s.folder.path("site/index.html")))
        // A first report that fails leaves no empty folder behind.
        #expect(!FileManager.default.fileExists(atPath: s.folder.path("site")))
    }

    @Test func theManifestListsEveryFileWithItsHash() throws {
        let s = try hostileStore()
        try s.ok("report", "--out", "site")
        let files = try siteFiles(s.folder.url.appendingPathComponent("site"))
        let manifest = try JSONSerialization.jsonObject(with: files["manifest.json"]!) as! [String: Any]
        let entries = manifest["files"] as! [[String: Any]]
        #expect(Set(entries.map { $0["path"] as! String }) == Set(files.keys).subtracting(["manifest.json"]))
        for entry in entries {
            let data = files[entry["path"] as! String]!
            #expect(entry["size"] as? Int == data.count)
            #expect(entry["sha256"] as? String == sha256sum(s.folder.path("site/\(entry["path"] as! String)")))
        }
    }

    func sha256sum(_ path: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try? process.run()
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return String(out.prefix(64))
    }

    @Test func filesFromAnEarlierRunAreRemovedAndNothingElseIs() throws {
        let s = try hostileStore()
        try s.ok("report", "--out", "site")
        try "mine".write(toFile: s.folder.path("site/notes-of-my-own.txt"), atomically: true, encoding: .utf8)
        #expect(FileManager.default.fileExists(atPath: s.folder.path("site/habits/run.html")))
        // A rename keeps the habit's addresses: published links keep working.
        try s.ok("habit", "edit", "run", "--name", "Jog")
        try s.ok("report", "--out", "site")
        #expect(String(decoding: s.folder.bytes("site/habits/run.html"), as: UTF8.self).contains("Jog"))
        #expect(!FileManager.default.fileExists(atPath: s.folder.path("site/habits/jog.html")))
        // A habit deleted: its files go.
        try s.ok("habit", "delete", "jog", "--yes")
        let out = try s.ok("report", "--out", "site")
        #expect(!FileManager.default.fileExists(atPath: s.folder.path("site/habits/run.html")))
        #expect(!FileManager.default.fileExists(atPath: s.folder.path("site/heatmaps/run-2026.svg")))
        #expect(FileManager.default.fileExists(atPath: s.folder.path("site/notes-of-my-own.txt")))
        #expect(out.contains("removed"))
        let leftovers = try FileManager.default.subpathsOfDirectory(atPath: s.folder.path("site")).filter { $0.contains("tmp-") }
        #expect(leftovers.isEmpty)
    }

    @Test func editedTemplatesAreUsedAndBrokenOnesNamed() throws {
        let s = try hostileStore()
        try s.ok("templates", "export", "mine")
        for name in ["layout.html.mustache", "dashboard.md.mustache", "habit.md.mustache", "journal.md.mustache", "style.css"] {
            #expect(FileManager.default.fileExists(atPath: s.folder.path("mine/\(name)")))
        }
        #expect(try s.run("templates", "export", "mine").status == 1)
        let dashboard = s.folder.path("mine/dashboard.md.mustache")
        let text = try String(contentsOfFile: dashboard, encoding: .utf8).replacingOccurrences(of: "# {{{w.habits}}}", with: "# My own progress page")
        try text.write(toFile: dashboard, atomically: true, encoding: .utf8)
        try s.ok("report", "--out", "site", "--templates", "mine")
        #expect(String(decoding: s.folder.bytes("site/index.html"), as: UTF8.self).contains("<h1>My own progress page</h1>"))

        try "line one\n{{#rows}}\nbroken {{/habits}}\n".write(toFile: dashboard, atomically: true, encoding: .utf8)
        let result = try s.run("report", "--out", "broken", "--templates", "mine")
        #expect(result.status == 1)
        #expect(result.stderr.contains("mine/dashboard.md.mustache line 3"))
        #expect(!FileManager.default.fileExists(atPath: s.folder.path("broken")))
    }

    @Test func anInstalledBinaryRendersFromAnyFolder() throws {
        let s = try hostileStore()
        let installed = s.folder.path("bin/almanac")
        try FileManager.default.createDirectory(atPath: s.folder.path("bin"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: s.binary.url.path, toPath: installed)
        let elsewhere = s.folder.url.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let result = try AlmanacBinary(url: URL(fileURLWithPath: installed)).run(
            ["report", "--store", s.store, "--out", "www"], environment: ["ALMANAC_NOW": s.now], in: elsewhere)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("www/index.html").path))
        #expect(FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("www/style.css").path))
    }
}

@Suite struct ReportEdgeTests {
    /// Days outside 1970–2099 written into the store by another program (an entry of year 1, a
    /// habit created in year 1) are left out with a note naming the habit: the site has the
    /// files of the days Almanac keeps, not a heatmap per year since year 1.
    @Test func daysOutsideTheRangeWrittenDirectlyAreLeftOutAndSaid() throws {
        var s = Session()
        s.now = "2026-11-20T18:00:00Z"
        try s.ok("init", "--timezone", "UTC")
        try s.ok("habit", "add", "Run")
        try s.ok("habit", "add", "Read")
        try s.ok("log", "run")
        try s.ok("log", "read")
        try s.ok("report", "--out", "before")
        let files = try siteFiles(s.folder.url.appendingPathComponent("before")).count
        #expect(try SiteReuseTests.sqlite3(s.store, """
            INSERT INTO habitEntry (id, habitId, dayKey, timestampUtc, kind, value, note, createdAt, deletedAt)
            SELECT lower(hex(randomblob(16))), id, '0001-01-01', '0001-01-01T12:00:00.000Z', 'check', 1, NULL, '2026-11-20T18:00:00.000Z', NULL
            FROM habit WHERE name = 'Run';
            UPDATE habit SET createdAt = '0001-01-01T00:00:00.000Z' WHERE name = 'Read';
            """) == 0)
        let run = try s.run("report", "--out", "after")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("note: Run has an entry on days outside the days Almanac keeps (1970-01-01 to 2099-12-31), the first on 0001-01-01"), "\(run.stderr)")
        #expect(run.stderr.contains("note: Read was created on 0001-01-01"), "\(run.stderr)")
        let after = try siteFiles(s.folder.url.appendingPathComponent("after"))
        #expect(!after.keys.contains { $0.contains("-0001.svg") || $0.contains("-1969.svg") })
        // Read counts from its first entry: no more files than before.
        #expect(after.count <= files + 2, "\(after.count) files")
        #expect(try s.ok("stats", "run").contains("Check-ins   1"))
    }

    @Test(arguments: TestBackend.available) func emptyStoresAndDaysBeforeAnyHistoryRender(_ backend: TestBackend) throws {
        var s = Session(backend)
        s.now = "2026-11-20T18:00:00Z"
        try s.ok("init", "--timezone", "UTC")
        let empty = try s.ok("report", "--out", "site")
        #expect(empty.contains("written"))
        let files = try siteFiles(s.folder.url.appendingPathComponent("site"))
        #expect(Set(files.keys.filter { $0.hasPrefix("heatmaps/") }) == ["heatmaps/all-2026.svg", "heatmaps/all-12-months.svg"])
        try s.ok("habit", "add", "Run")
        try s.ok("log", "run")
        try s.ok("report", "--out", "past", "--as-of", "2020-01-01")
        #expect(try siteFiles(s.folder.url.appendingPathComponent("past")).keys.filter { $0.hasPrefix("heatmaps/") }.sorted() == ["heatmaps/all-12-months.svg", "heatmaps/all-2020.svg"])
        try s.ok("report", "--out", "future", "--as-of", "2027-02-01")
        let future = try siteFiles(s.folder.url.appendingPathComponent("future"))
        #expect(future.keys.contains("heatmaps/run-2027.svg") && future.keys.contains("heatmaps/run-2026.svg"))
        #expect(try s.ok("status", "--as-of", "2020-01-01").contains("nothing due"))
    }
}

/// Journal text keeps its line breaks on the site, and a line that looks like Markdown stays text.
@Suite struct JournalTextTests {
    @Test func lineBreaksAndParagraphsSurvive() throws {
        let s = Session()
        try s.ok("init")
        try s.ok("journal", "add", "Week", "--body", "line one\n- not a list\n# not a heading\n\nsecond paragraph")
        try s.ok("report", "--out", "site", "--include-journal")
        let markdown = String(decoding: s.folder.bytes("site/journal.md"), as: UTF8.self)
        #expect(markdown.contains("line one\\\n\\- not a list\\\n\\# not a heading\n\nsecond paragraph"), "\(markdown)")
        let html = String(decoding: s.folder.bytes("site/journal.html"), as: UTF8.self)
        #expect(html.contains("<p>line one<br />\n- not a list<br />\n# not a heading</p>\n<p>second paragraph</p>"), "\(html)")
        #expect(!html.contains("<ul>") && !html.contains("<h1>#"))
    }
}
