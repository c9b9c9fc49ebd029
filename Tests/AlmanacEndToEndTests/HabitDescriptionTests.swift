import AlmanacTestSupport
import Foundation
import SwiftCSV
import Testing

/// What a habit is about, in its person's words: set and cleared by `habit add|edit
/// --description`, shown on its page (escaped, its lines kept), kept by both stores, the backup
/// and `habits.csv`; a backup of an earlier version restores without one.
@Suite struct HabitDescriptionTests {
    static let words = "Two glasses before noon <b>not</b> *this*\nand one [with](javascript:x) dinner"

    @Test(arguments: TestBackend.available) func aDescriptionIsShownOnItsPageAndKeptEverywhere(_ backend: TestBackend) throws {
        var s = Session(backend)
        try s.ok("init", "--timezone", "UTC")
        try s.ok("habit", "add", "Water", "--unit", "count", "--target", "8", "--description", Self.words)
        try s.ok("habit", "add", "Run")
        s.now = "2026-11-20T20:00:00Z"
        try s.ok("log", "water", "3")
        try s.ok("report", "--out", "site")
        let markdown = String(decoding: s.folder.bytes("site/habits/water.md"), as: UTF8.self)
        #expect(markdown.contains("#  Water\n\nTwo glasses before noon \\<b\\>not\\</b\\> \\*this\\*\\\nand one \\[with\\](javascript:x) dinner\n\n"), "\(markdown)")
        let page = String(decoding: s.folder.bytes("site/habits/water.html"), as: UTF8.self)
        #expect(page.contains("<p>Two glasses before noon &lt;b&gt;not&lt;/b&gt; *this*<br />\nand one [with](javascript:x) dinner</p>"), "\(page)")
        #expect(!page.contains("<b>not") && !page.contains("href=\"javascript"))
        // A habit without one has no empty paragraph.
        let run = String(decoding: s.folder.bytes("site/habits/run.md"), as: UTF8.self)
        #expect(run.hasPrefix("#  Run\n\nDone or not"), "\(run)")

        // The backup carries it, and a restored copy has it.
        try s.ok("backup", "--out", "b.json")
        let backup = try JSONSerialization.jsonObject(with: s.folder.bytes("b.json")) as! [String: Any]
        #expect(backup["version"] as? Int == 9)
        let habits = backup["habits"] as! [[String: Any]]
        #expect(habits.first { $0["name"] as? String == "Water" }?["description"] as? String == Self.words)
        #expect(habits.first { $0["name"] as? String == "Run" }?["description"] as? String == "")
        try s.ok("restore", "b.json", "--store", s.folder.path("copy.sqlite"))
        #expect(try s.ok("export", "csv", "--store", s.folder.path("copy.sqlite"), "--out", "csv").contains("habits.csv"))
        let csv = try CSV<Named>(url: s.folder.url.appendingPathComponent("csv/habits.csv"))
        #expect(csv.rows.first { $0["name"] == "Water" }?["description"] == Self.words)

        // An edit says what changed (a line break shown as the terminal's ^J), and "" clears it.
        let cleared = try s.ok("habit", "edit", "water", "--description", "")
        #expect(cleared.contains("description: \(Self.words.replacingOccurrences(of: "\n", with: "^J")) → none"), "\(cleared)")
        try s.ok("report", "--out", "site")
        #expect(String(decoding: s.folder.bytes("site/habits/water.md"), as: UTF8.self).hasPrefix("#  Water\n\nAt least 8"))
    }

    /// A description has at most 1,000 characters and no control characters; one that breaks
    /// the rule changes nothing.
    @Test func aDescriptionOutOfBoundsIsRefused() throws {
        let s = Session()
        try s.ok("init")
        try s.ok("habit", "add", "Run")
        let before = s.snapshot()
        let long = try s.run("habit", "edit", "run", "--description", String(repeating: "a", count: 1_001))
        #expect(long.status != 0 && long.stderr.contains("The description holds at most 1000 characters."), "\(long.stderr)")
        let control = try s.run("habit", "edit", "run", "--description", "a\u{7}b")
        #expect(control.status != 0 && control.stderr.contains("The description contains U+0007"), "\(control.stderr)")
        #expect(s.snapshot() == before)
    }

    /// A backup of version 8 (before descriptions) restores, its habits without one.
    @Test func anEarlierBackupRestoresWithoutDescriptions() throws {
        let s = Session()
        try s.ok("init")
        try s.ok("habit", "add", "Run", "--description", "Round the park")
        try s.ok("backup", "--out", "b.json")
        var backup = try JSONSerialization.jsonObject(with: s.folder.bytes("b.json")) as! [String: Any]
        backup["version"] = 8
        backup["habits"] = (backup["habits"] as! [[String: Any]]).map { var habit = $0; habit["description"] = nil; return habit }
        try JSONSerialization.data(withJSONObject: backup).write(to: s.folder.url.appendingPathComponent("v8.json"))
        try s.ok("restore", "v8.json", "--store", s.folder.path("old.sqlite"))
        #expect(try s.ok("habit", "edit", "run", "--store", s.folder.path("old.sqlite"), "--description", "Again").contains("description: none → Again"))
    }
}
