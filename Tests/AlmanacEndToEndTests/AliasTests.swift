import AlmanacTestSupport
import Foundation
import Testing

/// Names people type: aliases for long names, and habits of the same name from a file that stay
/// apart unless the person says otherwise.
@Suite struct AliasTests {
    static let long = "🧗‍♀️ Bouldern mit der Klettergruppe im Zentrum (Überhang-Training) 🇩🇪"

    /// The command typed every day: a habit found by any word of its name, or the beginnings of
    /// its words in order; two habits with the word are named and nothing is logged.
    @Test func aHabitIsFoundByAnyOfItsWords() throws {
        let s = Session()
        try s.ok("init", "--timezone", "UTC")
        for name in ["Drink water", "Read a book", "No sugar", "Sparkling water"] { try s.ok("habit", "add", name) }
        #expect(try s.ok("log", "drink").contains("Logged Drink water"))
        #expect(try s.ok("log", "book").contains("Logged Read a book"))
        #expect(try s.ok("log", "read b").contains("Logged Read a book"))
        #expect(try s.ok("log", "sugar").contains("Logged No sugar"))
        #expect(try s.ok("log", "spa wa").contains("Logged Sparkling water"))
        let before = s.snapshot()
        let two = try s.run("log", "water")
        #expect(two.status == 1 && two.stderr.contains("Drink water") && two.stderr.contains("Sparkling water"), "\(two.stderr)")
        #expect(s.snapshot() == before)
    }

    @Test(arguments: TestBackend.available) func anAliasNamesAHabitAndIsUniqueAmongNamesAndAliases(_ backend: TestBackend) throws {
        let s = Session(backend)
        try s.ok("init")
        try s.ok("habit", "add", Self.long)
        try s.ok("habit", "add", "Run")
        #expect(try s.ok("habit", "edit", "bouldern", "--alias", "klettern", "--alias", "bo").contains("aliases: none → klettern, bo"))
        // Every command that takes a habit's name takes its alias, in any case.
        #expect(try s.ok("log", "KLETTERN").contains("Bouldern"))
        #expect(try s.ok("habit", "show", "bo").contains("aliases    klettern, bo"))
        try s.ok("goal", "add", "Move", "--habits", "bo", "--habits", "run")
        // Unique among names and aliases, ignoring case; one word.
        try s.ok("habit", "add", "Swim")
        for (alias, problem) in [("BO", "is an alias of"), ("swim", "is the name of another habit"), ("Run", "is the habit's name already"),
                                 ("two words", "cannot be an alias")] {
            let refused = try s.run("habit", "edit", "run", "--alias", alias)
            #expect(refused.status == 1 && refused.stderr.contains(problem), "\(alias): \(refused.stderr)")
        }
        let taken = try s.run("habit", "add", "Klettern")
        #expect(taken.status == 1 && taken.stderr.contains("\"Klettern\" is an alias of"), "\(taken.stderr)")
        // A backup carries them; a restored store answers to them.
        try s.ok("backup", "--out", "b.json")
        let restored = s.folder.path("restored.sqlite")
        try s.ok("restore", "b.json", "--store", restored)
        #expect(try s.ok("habit", "show", "klettern", "--store", restored).contains("Bouldern"))
        #expect(try s.ok("habit", "edit", "bo", "--remove-alias", "klettern").contains("aliases: klettern, bo → bo"))
        let gone = try s.run("log", "klettern")
        #expect(gone.status == 1)
        // A backup whose alias is another habit's name is refused, naming where.
        let clash = String(decoding: s.folder.bytes("b.json"), as: UTF8.self).replacingOccurrences(of: "\"klettern\"", with: "\"Run\"")
        try clash.write(toFile: s.folder.path("clash.json"), atomically: true, encoding: .utf8)
        let refused = try s.run("restore", "clash.json", "--store", s.folder.path("clash.sqlite"))
        #expect(refused.status == 1 && refused.stderr.contains(".aliases") && refused.stderr.contains("is the name of another habit"), "\(refused.stderr)")
    }

    /// Two habits of a file with one name are two habits, beside the store's habit of that name;
    /// one goes into the store's habit only with --merge-into; a followed file names them alike.
    @Test func habitsOfTheSameNameStayApartUnlessMergedOnPurpose() throws {
        let s = Session()
        try s.ok("init", "--timezone", "UTC")
        try s.ok("habit", "add", "Sport")
        try s.ok("log", "sport", "--date", "2026-11-01")
        let csv = "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\nSport,,,2026-11-02,1,\nsport,,,2026-11-03,1,\nRead,,,2026-11-02,1,\n"
        try csv.write(toFile: s.folder.path("hb.csv"), atomically: false, encoding: .utf8)
        let out = try s.ok("import", "hb.csv")
        #expect(out.contains("new: \"Read\"") && out.contains("\"Sport\" is added as \"Sport (2)\""), "\(out)")
        let names = try JSONSerialization.jsonObject(with: Data(try s.ok("habit", "list", "--json").utf8)) as! [[String: Any]]
        #expect(Set(names.map { $0["name"] as! String }) == ["Sport", "Sport (2)", "Read"], "\(names)")
        #expect(try s.ok("history", "sport", "--from", "2026-11-01", "--to", "2026-11-05").contains("2026-11-01"))

        let merged = Session()
        try merged.ok("init", "--timezone", "UTC")
        try merged.ok("habit", "add", "Sport")
        try csv.write(toFile: merged.folder.path("hb.csv"), atomically: false, encoding: .utf8)
        let asked = try merged.ok("import", "hb.csv", "--merge-into", "sport")
        #expect(asked.contains("\"Sport\" goes into \"Sport\" (--merge-into)"), "\(asked)")
        let history = try merged.ok("history", "sport", "--from", "2026-11-01", "--to", "2026-11-05")
        #expect(history.contains("2026-11-02") || history.contains("2026-11-03"), "\(history)")
    }
}
