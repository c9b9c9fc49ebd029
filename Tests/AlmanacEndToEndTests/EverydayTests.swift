import AlmanacTestSupport
import Foundation
import Testing

/// Everyday use, as a new user types it.
@Suite struct EverydayTests {
    @Test(arguments: TestBackend.available) func fasterLogging(_ backend: TestBackend) throws {
        let s = Session(backend)   // Sunday 2026-11-22
        try s.ok("init", "--timezone", "UTC")
        try s.ok("habit", "add", "Meditate")
        try s.ok("habit", "add", "Run", "--frequency", "weekdays:mon,wed,fri")
        try s.ok("habit", "add", "Water", "--unit", "count", "--target", "8")
        // Several yes/no habits at once; a typo logs none of them.
        #expect(try s.run("log", "meditate", "rnu").status == 1)
        #expect(!(try s.ok("status")).contains("✓"))   // nothing was logged by the refused command
        let both = try s.ok("log", "meditate", "run")
        #expect(both.contains("Logged Meditate today") && both.contains("Logged Run today"))
        #expect(both.contains("Run is not due on Sundays (Mon, Wed, Fri); logged anyway."))
        // Short flags and relative days.
        #expect(try s.ok("log", "water", "3", "-d", "yesterday", "-n", "-1 glass").contains("Logged Water yesterday: 3"))
        #expect(try s.ok("log", "water", "5", "--date", "-2").contains("Logged Water 2 days ago: 5"))
        let entries = try s.ok("export", "csv", "--out", "out")
        #expect(!entries.isEmpty)
        let csv = String(decoding: s.folder.bytes("out/entries.csv"), as: UTF8.self)
        #expect(csv.contains("2026-11-21,") && csv.contains("2026-11-20,"))
        #expect(try s.run("log", "water", "2", "-d", "tomorrow").stderr.contains("today, yesterday or -2"))
        #expect(try s.run("log", "meditate", "run", "2").stderr.contains("A value goes with one habit"))
        // A mistyped option: the day is named as a day.
        #expect(try s.run("log", "water", "--dat", "2026-11-20").stderr.contains("2026-11-20 is a day, not a value: give it with --date"))
    }

    @Test(arguments: TestBackend.available) func historyShowsDaysNotesSkipsAndCorrections(_ backend: TestBackend) throws {
        let s = Session(backend)   // Sunday 2026-11-22
        try s.ok("init", "--timezone", "UTC")
        try s.ok("habit", "add", "Water", "--unit", "count", "--target", "8", "--unit-label", "glasses")
        try s.ok("log", "water", "5", "-d", "2026-11-20", "-n", "hot day")
        try s.ok("log", "water", "9", "-d", "2026-11-20")
        try s.ok("log", "water", "--skip", "-d", "2026-11-21", "-n", "sick")
        let text = try s.ok("history", "water")
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("2026-11-21  skipped") == true, "\(text)")
        #expect(lines.contains { $0.hasPrefix("2026-11-20") && $0.contains("✓ 9 glasses") && $0.contains("was 5 until") })
        let json = try JSONSerialization.jsonObject(with: Data(try s.ok("history", "water", "--json").utf8)) as? [String: Any]
        let days = json?["days"] as? [[String: Any]] ?? []
        #expect(days.count == 2 && (days[1]["corrections"] as? [Any])?.count == 1)
        // stats draws the last weeks: the 20th done, the 21st skipped, the 22nd not logged yet.
        let stats = try s.ok("stats", "water")
        #expect(stats.contains("Fri") && stats.contains("Last 12 weeks"))
        #expect(stats.split(separator: "\n").contains { $0.hasPrefix("  Fri") && $0.hasSuffix("█") })
        #expect(stats.split(separator: "\n").contains { $0.hasPrefix("  Sat") && $0.hasSuffix("s") })
    }

    @Test(arguments: TestBackend.available) func journalAndRatingsCanBeChangedAndDeletedKeepingHistory(_ backend: TestBackend) throws {
        let s = Session(backend)
        try s.ok("init", "--timezone", "UTC")
        try s.ok("journal", "add", "Long week", "--body", "tired")
        try s.ok("wellbeing", "add", "mood", "2", "--note", "meh")
        let journalID = try #require(try s.ok("journal", "list").split(separator: " ").dropFirst().first { !$0.isEmpty }.map(String.init))
        #expect(journalID.count == 8)
        try s.ok("journal", "edit", journalID, "--title", "Short week", "--body", "rested")
        let listed = try s.ok("journal", "list")
        #expect(listed.contains("Short week") && listed.contains("rested") && !listed.contains("Long week"))
        let ratingID = try #require(try s.ok("wellbeing", "list").split(separator: " ").dropFirst().first { !$0.isEmpty }.map(String.init))
        try s.ok("wellbeing", "edit", ratingID, "--value", "4")
        #expect(try s.ok("wellbeing", "list").contains("4/5"))
        let newRating = try #require(try s.ok("wellbeing", "list").split(separator: " ").dropFirst().first { !$0.isEmpty }.map(String.init))
        try s.ok("wellbeing", "delete", newRating)
        #expect(try s.ok("wellbeing", "list").isEmpty)
        #expect(try s.run("journal", "delete", "zzzz").stderr.contains("No journal entry has an id starting with zzzz"))
        // History keeps every version: the backup has 2 journal entries and 2 ratings, one of each live.
        try s.ok("backup", "--out", "b.json")
        let backup = try JSONSerialization.jsonObject(with: s.folder.bytes("b.json")) as? [String: Any]
        let journal = backup?["journalEntries"] as? [[String: Any]] ?? []
        let ratings = backup?["wellbeingEntries"] as? [[String: Any]] ?? []
        #expect(journal.count == 2 && journal.filter { $0["deletedAt"] is NSNull }.count == 1)
        #expect(ratings.count == 2 && ratings.allSatisfy { !($0["deletedAt"] is NSNull) })
    }

    @Test(arguments: TestBackend.available) func perWeekHabitsShowTheirProgressInTheWeek(_ backend: TestBackend) throws {
        let s = Session(backend)   // Sunday 2026-11-22, weeks from Monday
        try s.ok("init", "--timezone", "UTC")
        try s.ok("habit", "add", "Gym", "--frequency", "per-week:3")
        try s.ok("log", "gym", "-d", "2026-11-18")
        try s.ok("log", "gym", "-d", "2026-11-20")
        #expect(try s.ok("status").contains("2 of 3 so far this week"))
        let stats = try s.ok("stats", "gym")
        #expect(stats.contains("This week") && stats.contains("2 of 3 so far"))
        #expect(stats.contains("4 weeks") && !stats.contains("7d"))
        try s.ok("report", "--out", "site")
        #expect(String(decoding: s.folder.bytes("site/index.md"), as: UTF8.self).contains("2 of 3 so far this week"))
        // As of the same Sunday once it is over, the week ended short.
        var night = s
        night.now = "2026-11-23T00:05:00Z"
        #expect(try night.ok("status", "--as-of", "yesterday").contains("✗ not done · 2 of 3 this week"))
    }

    @Test(arguments: TestBackend.available) func newHabitsGetDistinctColoursAndVersionIsShownOnce(_ backend: TestBackend) throws {
        let s = Session(backend)
        try s.ok("init", "--timezone", "UTC")
        for name in ["A", "B", "C"] { try s.ok("habit", "add", name) }
        let list = try JSONSerialization.jsonObject(with: Data(try s.ok("habit", "list", "--json").utf8)) as? [[String: Any]] ?? []
        #expect(Set(list.compactMap { $0["color"] as? String }).count == 3)
        #expect(try s.ok("--version").trimmingCharacters(in: .whitespacesAndNewlines) == "0.1.0")
        #expect(try s.ok("--help").contains("--version"))
        #expect(!(try s.ok("log", "--help")).contains("--version"))
    }
}

/// Shell completion of habit names, and the man page kept with the commands.
@Suite struct CompletionTests {
    @Test(arguments: TestBackend.available) func habitNamesAreCompletedFromTheStore(_ backend: TestBackend) throws {
        let s = Session(backend)
        try s.ok("init", "--timezone", "UTC")
        try s.ok("habit", "add", "Meditate")
        try s.ok("habit", "add", "Run")
        let names = try s.ok("---completion", "stats", "--", "positional@0", "2", "0")
        #expect(names.split(separator: "\n") == ["Meditate", "Run"])
        #expect(try s.ok("--generate-completion-script", "bash").contains("---completion stats"))
    }

    @Test func theManPageNamesEveryCommand() throws {
        let page = try String(contentsOf: HelpTests.folder.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/almanac.1"), encoding: .utf8)
        for path in HelpTests.commandPaths where !path.isEmpty {
            #expect(page.contains(".It Em \(path.last!)\n"), "docs/almanac.1 lacks `\(path.joined(separator: " "))`: run `make man`")
        }
    }
}

/// The smaller things of everyday use, each as a person met it.
@Suite struct EverydaySmallThingsTests {
    @Test func aDayAfterTodayGetsANote() throws {
        let s = Session()
        try s.ok("init")
        try s.ok("habit", "add", "Run")
        let result = try s.run("report", "--out", "site", "--as-of", "2030-01-01")
        #expect(result.status == 0)
        #expect(result.stderr == "note: 2030-01-01 is after today (2026-11-22); the days in between count as not done yet.\n", "\(result.stderr)")
        #expect(try s.run("report", "--out", "site").stderr.isEmpty)
    }

    @Test func theImportPreviewNamesTheNewHabitsAndTheirRenames() throws {
        let s = Session()
        try s.ok("init")
        let out = try s.ok("import", ImportTests.fixture("loop-v12.db"), "--dry-run")
        #expect(out.contains("new habits: \"Wake up early\""), "\(out)")
        #expect(out.contains("\"Vegan\" is added as \"Vegan (2)\": the name is taken"), "\(out)")
    }

    @Test func totalsAreGroupedAndHabitsListedWithTheirFields() throws {
        let s = Session()
        try s.ok("init")
        try s.ok("category", "add", "Health")
        try s.ok("habit", "add", "Steps", "--unit", "count", "--unit-label", "steps", "--target", "10000", "--category", "Health",
                 "--color", "#1F6FEB", "--weight", "2")
        try s.ok("log", "steps", "8426160", "-d", "2026-11-20")
        let stats = try s.ok("stats", "steps")
        #expect(stats.contains("8,426,160 steps"), "\(stats)")
        try s.ok("report", "--out", "site")
        #expect(String(decoding: s.folder.bytes("site/habits/steps.md"), as: UTF8.self).contains("8,426,160 steps"))
        let list = try s.ok("habit", "list")
        #expect(list.contains("Health") && list.contains("#1F6FEB") && list.contains("weight 2"), "\(list)")
        let edited = try s.ok("habit", "edit", "steps", "--target", "12000", "--weight", "3")
        #expect(edited.contains("target: 10000 → 12000; weight: 2 → 3."), "\(edited)")
        #expect(try s.ok("habit", "edit", "steps").contains("nothing changed"))
    }

    /// The columns a line takes in a terminal: an emoji (or a character with VS16) and East Asian
    /// wide characters two, escape sequences none.
    static func columns(_ line: Substring) -> Int {
        let plain = line.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        return plain.reduce(0) { total, character in
            let first = character.unicodeScalars.first!
            let wide = first.properties.isEmojiPresentation || character.unicodeScalars.contains { $0.value == 0xFE0F }
                || (0x1100...0x115F).contains(first.value) || (0x2E80...0xA4CF).contains(first.value) || (0xAC00...0xD7A3).contains(first.value)
            return total + (wide ? 2 : 1)
        }
    }

    /// `status` of the demo store in a real terminal (a pseudo-terminal of 80 and of 60
    /// columns, through `script`) and with `COLUMNS`: no line is wider than the terminal; at 80
    /// columns every name is whole; where a name is cut, the cut names still differ; today's
    /// words move under the name rather than wrapping.
    @Test func statusFitsTheTerminal() throws {
        var s = Session()
        s.now = "2026-11-22T10:00:00Z"
        try s.ok("demo", "--store", s.store, "--no-report", "--force")
        let names = (try JSONSerialization.jsonObject(with: Data(try s.ok("status", "--json").utf8)) as! [String: Any])["habits"] as! [[String: Any]]
        let habitNames = names.map { $0["name"] as! String }
        #expect(habitNames.count == 11 && habitNames.contains { $0.count > 30 })
        for width in [80, 60] {
            let runs = [
                try s.binary.run(["status"], environment: s.environment.merging(["COLUMNS": "\(width)"]) { $1 }, in: s.folder.url).stdout,
                try AlmanacBinary(url: URL(fileURLWithPath: "/usr/bin/script"))
                    .run(["-qec", "stty cols \(width) rows 50; \"\(s.binary.url.path)\" status", "/dev/null"], environment: s.environment, in: s.folder.url).stdout
                    .replacingOccurrences(of: "\r", with: ""),
            ]
            for (index, output) in runs.enumerated() {
                let lines = output.split(separator: "\n")
                #expect(lines.count > 20 && lines.allSatisfy { Self.columns($0) <= width }, "\(width) \(index): \(lines.map { "\(Self.columns($0)) \($0)" })")
                let shown = lines.filter { line in habitNames.contains { line.contains($0) } || line.contains("…") }
                #expect(shown.count == 11, "\(width) \(index): \(shown)")
                if width == 80 { #expect(habitNames.allSatisfy { name in lines.contains { $0.contains(name) } }) }
                let cuts = shown.compactMap { line in line.range(of: "…").map { String(line[..<$0.lowerBound]) } }
                #expect(Set(cuts).count == cuts.count)
                #expect(index == 0 || output.contains("\u{1B}["))   // the terminal's run is painted
            }
        }
    }

    /// A long name is typed by its first word; a beginning of two names logs nothing and lists
    /// them; status and habit list fit the terminal, cutting the name, never wrapping a row.
    @Test func namesPeopleTypeAndRowsThatFit() throws {
        let s = Session()
        try s.ok("init")
        let long = "Bouldern mit der Klettergruppe im Zentrum (Überhang-Training) 🇩🇪"
        try s.ok("habit", "add", long, "--emoji", "🧗‍♀️")
        try s.ok("habit", "add", "Boxen")
        #expect(try s.ok("log", "bouldern").hasPrefix("Logged \(long) today"))
        let before = try s.ok("history", "boxen")
        let ambiguous = try s.run("log", "bo")
        #expect(ambiguous.status == 1 && ambiguous.stderr.contains("\"bo\" begins the names of 2 habits") && ambiguous.stderr.contains("\"Boxen\""),
                "\(ambiguous.stderr)")
        #expect(try s.ok("history", "boxen") == before)
        for (command, after) in [(["status"], "✓ done"), (["habit", "list"], "done or not")] {
            let result = try s.binary.run(command, environment: s.environment.merging(["COLUMNS": "60"]) { $1 }, in: s.folder.url)
            let lines = result.stdout.split(separator: "\n")
            let at = try #require(lines.firstIndex { $0.contains("Bouldern") }, "\(lines)")
            // The name cut; the row's other columns on its line (status: today's words on the next).
            let row = lines[at] + (command == ["status"] ? lines[at + 1] : "")
            #expect(row.contains("Bouldern mit") && row.contains("…") && !row.contains("Training") && row.contains(after), "\(row)")
            #expect(lines.allSatisfy { $0.count <= 60 }, "\(lines)")
        }
        // On the site the name has no soft hyphen of Almanac's inside a word ("Klette-rgruppe"):
        // the stylesheet lets the browser hyphenate by the page's language.
        try s.ok("report", "--out", "site")
        let habitPage = try #require(try FileManager.default.contentsOfDirectory(atPath: s.folder.path("site/habits")).first { $0.hasPrefix("bouldern") && $0.hasSuffix(".html") })
        for page in ["index.html", "index.md", "habits/" + habitPage] {
            let text = String(decoding: s.folder.bytes("site/" + page), as: UTF8.self)
            #expect(text.contains("Klettergruppe") && !text.contains("\u{AD}") && !text.contains("&shy;"), "\(page)")
        }
        let css = String(decoding: s.folder.bytes("site/style.css"), as: UTF8.self)
        #expect(css.contains("hyphens: auto") && String(decoding: s.folder.bytes("site/index.html"), as: UTF8.self).contains("<html lang=\"en\">"))
    }

    /// Words people type: durations as they say them, a city for a time zone, and a missing store
    /// named with the command that makes it there (not the default store).
    @Test func durationsZonesAndAMissingStoreAsPeopleSayThem() throws {
        let s = Session()
        try s.ok("init")
        try s.ok("habit", "add", "Yoga", "--unit", "duration", "--target", "1.5h")
        #expect(try s.ok("habit", "show", "yoga").contains("at least 90 min"))
        for (typed, minutes) in [("45mins", "45"), ("1.5h", "90"), ("90 min", "90"), ("1 h 30 min", "90"), ("2 hours", "120"), ("1h30m", "90"),
                                 ("1:15", "75"), ("45m", "45")] {
            #expect(try s.ok("log", "yoga", typed, "--date", "2026-11-10").contains("Logged Yoga on 2026-11-10: \(minutes) min"), "\(typed)")
        }
        for wrong in ["1h75m", "1.5h30m", "h"] {
            #expect(try s.run("log", "yoga", wrong, "--date", "2026-11-10").status != 0, "\(wrong)")
        }
        let zone = try s.run("init", "--timezone", "berlin", "--store", s.folder.path("z.sqlite"))
        #expect(zone.status == 2 && zone.stderr.contains("did you mean Europe/Berlin?"), "\(zone.stderr)")
        let missing = try s.run("status", "--store", s.folder.path("typo.sqlite"))
        #expect(missing.status == 1 && missing.stderr.contains("No store at \(s.folder.path("typo.sqlite"))")
                && missing.stderr.contains("almanac init --store \(s.folder.path("typo.sqlite"))"), "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: s.folder.path("typo.sqlite")))
    }

    /// A log says what it did beyond the value: a planned skip it replaced, an archived habit.
    @Test func aLogSaysItReplacedASkipOrThatTheHabitIsArchived() throws {
        var s = Session()
        try s.ok("init")
        try s.ok("habit", "add", "Run")
        try s.ok("habit", "add", "Old")
        try s.ok("log", "run", "--skip", "--from", "2026-11-24", "--to", "2026-11-26")
        s.now = "2026-11-25T10:00:00Z"
        let over = try s.ok("log", "run")
        #expect(over.contains("It replaces the skip planned for the day") && !over.contains("Replaced 1 earlier entry"), "\(over)")
        #expect(try s.ok("history", "run", "--from", "2026-11-25", "--to", "2026-11-25").contains("done"))
        try s.ok("habit", "archive", "old")
        #expect(try s.ok("log", "old").contains("Old is archived: this counts in its history; `almanac habit unarchive Old` tracks it again."))
        #expect(!(try s.ok("log", "run", "-d", "2026-11-23")).contains("skip"))
    }

    /// One definition of a habit: a unit change is said, needs a target that fits the new unit,
    /// and takes the old unit's label away.
    @Test func aUnitChangeIsSaidAndAsksForATarget() throws {
        let s = Session()
        try s.ok("init")
        try s.ok("habit", "add", "Water", "--unit", "count", "--unit-label", "cups", "--target", "8")
        let refused = try s.run("habit", "edit", "water", "--unit", "duration")
        #expect(refused.status == 1 && refused.stderr.contains("from count to duration needs a new target (in minutes)"), "\(refused.stderr)")
        #expect(try s.ok("habit", "show", "water").contains("8 cups"))
        let edited = try s.ok("habit", "edit", "water", "--unit", "duration", "--target", "30")
        #expect(edited.contains("unit: count → duration; unitLabel: cups → none; target: 8 → 30."), "\(edited)")
        let shown = try s.ok("habit", "show", "water")
        #expect(shown.contains("at least 30 min") && !shown.contains("cups"), "\(shown)")
        #expect(try s.ok("habit", "edit", "water", "--unit", "boolean").contains("unit: duration → boolean; target: 30 → 1."))
    }

    @Test func correctionsShowTheStoresTime() throws {
        var s = Session()
        try s.ok("init", "--timezone", "Europe/Berlin")
        try s.ok("habit", "add", "Water", "--unit", "count", "--target", "8")
        s.now = "2026-11-22T09:00:00Z"
        try s.ok("log", "water", "3")
        s.now = "2026-11-22T11:00:00Z"
        try s.ok("log", "water", "5")
        let history = try s.ok("history", "water")
        #expect(history.contains("was 3 until 2026-11-22 12:00"), "Berlin is an hour ahead of UTC in November: \(history)")
    }

    @Test func durationsReadAsHoursAndMinutes() throws {
        let s = Session()
        try s.ok("init")
        try s.ok("habit", "add", "Read", "--unit", "duration", "--target", "1:30")
        #expect(try s.ok("habit", "list").contains("90"))
        for (text, minutes) in [("1h15m", "75"), ("1:05", "65"), ("45min", "45"), ("2h", "120"), ("30m", "30")] {
            let out = try s.ok("log", "read", text, "-d", "2026-11-20")
            #expect(out.contains(minutes), "\(text): \(out)")
        }
        let bad = try s.run("log", "read", "1:75", "-d", "2026-11-20")
        #expect(bad.status != 0)
    }
}
