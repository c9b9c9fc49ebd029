import AlmanacDomain
import AlmanacTestSupport
@testable import AlmanacImport
import Foundation
import GRDB
import Testing

/// Each reader on its fixture (`Tests/AlmanacEndToEndTests/ImportFixtures`, whose README says
/// where each comes from), read into Almanac's terms without a store. The expected values are
/// read off the fixtures by hand.
@Suite struct ImportReaderTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("AlmanacEndToEndTests/ImportFixtures")
    static let calendar = try! StoreCalendar(settings: Settings(timeZone: "Europe/Berlin"))
    /// Databases made from the SQL fixtures, and other files a test makes: removed after it.
    let scratch = TemporaryFolder("reader")

    /// A fixture read by the importer: a file or folder as it is, or an SQL dump made into a
    /// database first.
    func read(_ name: String, format: ImportFormat? = nil) throws -> ImportedHistory {
        var path = Self.fixtures.appendingPathComponent(name).path
        if name.hasSuffix(".sql") {
            let folder = scratch.url.appendingPathComponent(UUID().uuidString.prefix(8).description)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            path = folder.appendingPathComponent(name.replacingOccurrences(of: ".sql", with: ".db")).path
            let database = try DatabaseQueue(path: path)
            try database.write { try $0.execute(sql: String(contentsOf: Self.fixtures.appendingPathComponent(name), encoding: .utf8)) }
            try database.close()
        }
        return try ImportSource.read(path, format: format, calendar: Self.calendar)
    }

    /// "Meditate 2016-03-18 check 1" for each entry, in the reader's order.
    func lines(_ history: ImportedHistory) -> [String] {
        history.entries.map { entry in
            let habit = history.habits.first { $0.id == entry.habitId }?.name ?? "?"
            return "\(habit) \(entry.day) \(entry.kind.rawValue) \(NumberText.plain(entry.value))" + (entry.note.map { " \($0)" } ?? "")
        }
    }

    @Test func habitBullReadsMonthFirstDatesAndCountsFromTheirValues() throws {
        let history = try read("habitbull.csv")
        #expect(history.format == .habitBull)
        #expect(history.habits.map(\.name) == ["Meditate", "Pushups", "run"])
        #expect(history.habits.map(\.unit) == [.boolean, .count, .boolean])
        #expect(history.habits.map(\.category) == ["Mind", "Body", "Body"])
        #expect(lines(history) == ["Meditate 2016-03-18 check 1", "Meditate 2016-03-19 check 0 Too busy", "Pushups 2020-11-05 check 30 Felt strong, again",
                                   "Pushups 2020-11-06 check 100", "run 2020-11-05 check 1"])
    }

    @Test func harshReadsSectionsFrequenciesSkipsAndAmounts() throws {
        let history = try read("harsh")
        #expect(history.format == .harsh)
        #expect(history.habits.map(\.name) == ["Meditate", "Sleep tracking", "Gym", "Laundry", "Tax return"])
        #expect(history.habits.map(\.frequency) == [.daily, .daily, .perWeek(3), .perWeek(1), .daily])
        #expect(history.habits.map(\.category) == ["Daily", "Daily", "Weekly", "Weekly", "Weekly"])
        #expect(history.habits.map(\.archived) == [false, false, false, false, true])   // its end date has passed
        #expect(history.habits[2].unit == .count && history.habits[2].target == 45.5)
        #expect(history.warnings == ["Sleep tracking: tracking only (0) in harsh; kept as daily."])
        // Two lines of Meditate on the 3rd: the later is the day's, read in place of the earlier.
        #expect(lines(history) == ["Meditate 2026-11-01 check 1", "Gym 2026-11-01 check 45.5 legs", "Meditate 2026-11-02 check 0 tired",
                                   "Gym 2026-11-02 skip 0", "Meditate 2026-11-03 check 0 changed my mind", "Laundry 2026-11-03 check 1"])
        #expect(history.entryRows == 7 && history.entries.map(\.earlier) == [0, 0, 0, 0, 1, 0])
    }

    @Test func tickmateReadsZeroBasedMonthsAndSeveralTicksADayAsACount() throws {
        let history = try read("tickmate.sql")
        #expect(history.format == .tickmate)
        #expect(history.habits.map(\.name) == ["Run", "Coffee", "Old"])   // by the tracks' order
        #expect(history.habits.map(\.unit) == [.boolean, .count, .boolean])
        #expect(history.habits.map(\.archived) == [false, false, true])
        #expect(history.habits[0].category == "Health")
        #expect(Set(lines(history)) == ["Coffee 2016-03-18 check 3", "Coffee 2016-03-19 check 1", "Run 2016-02-29 check 1",
                                        "Run 2016-03-18 check 1", "Old 2016-01-01 check 1"])
    }

    @Test func rewireReadsSchedulesAndOnlyDoneCheckIns() throws {
        let history = try read("rewire.sql")
        #expect(history.format == .rewire)
        #expect(history.habits.map(\.frequency) == [.weekdays([.monday, .wednesday, .friday]), .perWeek(2), .perDays(times: 1, period: 3)])
        #expect(history.habits.map(\.archived) == [false, false, true])
        #expect(lines(history) == ["Floss 2026-11-02 check 1", "Floss 2026-11-04 check 1", "Call mum 2026-11-03 check 1",
                                   "Water plants 2026-11-01 check 1"])
        #expect(history.warnings == ["2 check-ins of types other than done (2) were left out, as Loop leaves them out."])
    }

    @Test func loopReadsManualChecksSkipsNotesAndFrequencies() throws {
        let history = try read("loop-v25.sql")
        #expect(history.format == .loopDatabase)
        #expect(history.habits.map(\.frequency) == [.daily, .perDays(times: 2, period: 3)])
        // 2 = checked by hand, 0 = not done, 3 = skipped; an automatic check (1) is Loop's own
        // inference and stays out; a note on an unknown day (-1) becomes a journal entry.
        #expect(lines(history) == ["Meditate 2025-11-01 check 1 Calm", "Meditate 2025-11-02 check 0 Sick", "Meditate 2025-11-03 skip 0 Travel",
                                   "Meditate 2025-11-05 check 1", "Wake up early 2025-11-01 check 1"])
        #expect(history.journal.map { "\($0.day) \($0.title)" } == ["2025-11-04 Meditate"])
    }

    @Test func loopsOwnDatabaseAndCSVExportRead() throws {
        let database = try read("loop-v12.db")
        #expect(database.habits.count == 9 && database.entries.count == 164)
        let csv = try read("loop-csv-export")
        #expect(csv.format == .loopCSV)
        #expect(csv.habits.map(\.name) == ["Meditate", "Wake up early"])
        #expect(csv.entries.count == 7 && csv.journal.count == 2)
    }

    @Test func theSeedAppsFilesRead() throws {
        let habitto = try read("habitto.json")
        #expect(habitto.habits.map(\.name) == ["Morning run", "Water", "Smoking"])
        #expect(habitto.habits[2].direction == .atMost && habitto.habits[2].baseline == 15 && habitto.habits[2].target == 2)
        #expect(habitto.wellbeing.map { "\($0.day) \($0.metric) \(NumberText.plain($0.value))" }
                == ["2026-11-02 difficulty 7", "2026-11-04 difficulty 4", "2026-11-03 difficulty 9"])
        let habitat = try read("habitat.json")
        #expect(habitat.habits.map(\.weight) == [3, 5] && habitat.habits.map(\.category) == ["Nutrition", "Movement"])
        #expect(habitat.entries.count == 3)
        let tracker = try read("habit-tracker.json")
        #expect(tracker.habits.map(\.frequency) == [.weekdays([.monday, .wednesday, .friday]), .daily, .perMonth(2)])
        #expect(lines(tracker) == ["Read 2026-11-02 check 1 Dune", "Read 2026-11-04 check 1", "Water 2026-11-02 check 8 hot day",
                                   "Budget review 2026-10-31 check 1"])
        let lucidPal = try read("lucidpal")
        #expect(lucidPal.habits.map(\.unit) == [.count, .duration, .boolean, .boolean])
        #expect(lucidPal.entries.count == 5 && lucidPal.habits[2].archived)
    }

    @Test func aFileOfNoKnownFormatIsNamedAsSuch() throws {
        let folder = scratch.url
        let file = folder.appendingPathComponent("notes.txt")
        try Data("just some text\n".utf8).write(to: file)
        #expect(throws: ImportProblem.self) { try ImportSource.read(file.path, format: nil, calendar: Self.calendar) }
        do { _ = try ImportSource.read(file.path, format: nil, calendar: Self.calendar) } catch let problem as ImportProblem {
            #expect(problem.formatNotRecognised)
        }
    }
}
