import AlmanacDomain
import AlmanacTestSupport
@testable import AlmanacImport
import Foundation
import GRDB
import Testing

/// Files a hostile round made: each is refused with one sentence that names its place (never a
/// crash, never rows that vanish), or read with its limits kept.
@Suite struct HostileReaderTests {
    static let calendar = try! StoreCalendar(settings: Settings(timeZone: "UTC"))

    /// Every file a test makes goes under this folder, removed after the test.
    let scratch = TemporaryFolder("hostile")

    func folder() throws -> URL {
        let folder = scratch.url.appendingPathComponent(UUID().uuidString.prefix(8).description)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The sentence a file is refused with (the test fails when it is read).
    func refusal(_ path: String, format: ImportFormat? = nil) -> String {
        do {
            _ = try ImportSource.read(path, format: format, calendar: Self.calendar)
            return "read without a problem"
        } catch {
            return "\(error)"
        }
    }

    func database(_ sql: String) throws -> String {
        let path = try folder().appendingPathComponent("app.db").path
        let queue = try DatabaseQueue(path: path)
        try queue.write { try $0.execute(sql: sql) }
        try queue.close()
        return path
    }

    @Test(arguments: ["Run: 9223372036854775807w", "Run: 1/2000000000000000000w", "Run: 9223372036854775807",
                      "Run: 3/99999999", "Run: -1"])
    func harshNumbersThatWouldOverflowAreRefused(_ line: String) throws {
        let harsh = try folder()
        try Data("\(line)\n".utf8).write(to: harsh.appendingPathComponent("habits"))
        try Data("2026-11-20 : Run : y\n".utf8).write(to: harsh.appendingPathComponent("log"))
        let sentence = refusal(harsh.path)
        #expect(sentence.contains("line 1") && sentence.contains("not a harsh frequency"), "\(sentence)")
    }

    @Test func aTickmateMonthOfInt64MaxIsRefused() throws {
        let path = try database("""
            CREATE TABLE tracks (_id integer primary key, name text, description text, icon text, enabled integer, multiple_entries_per_day integer, "order" integer);
            CREATE TABLE ticks (_id integer primary key, _track_id integer, year integer, month integer, day integer, hour integer, minute integer, second integer, has_time_info integer);
            CREATE TABLE track2groups (_id integer primary key, _track_id integer, _group_id integer);
            INSERT INTO tracks VALUES (1, 'Run', '', '', 1, 0, 1);
            INSERT INTO ticks (_track_id, year, month, day) VALUES (1, 2016, 9223372036854775807, 18), (1, 9223372036854775807, 2, 18);
            PRAGMA user_version = 13;
            """)
        let sentence = refusal(path)
        #expect(sentence.contains("is not a date that exists"), "\(sentence)")
    }

    @Test func anUnclosedQuoteIsRefusedNamingTheLineWhereItOpened() throws {
        let path = try folder().appendingPathComponent("HabitBull.csv")
        try Data("""
            HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText
            Run,,Body,2016-03-18,1,"started here
            Run,,Body,2016-03-19,1,
            Walk,,Body,2016-03-19,1,
            Walk,,Body,2016-03-20,1,

            """.utf8).write(to: path)
        let sentence = refusal(path.path)
        #expect(sentence.contains("line 2") && sentence.contains("never closes"), "\(sentence)")
    }

    @Test func aRowWithMoreCellsThanTheHeaderIsRefused() throws {
        let path = try folder().appendingPathComponent("HabitBull.csv")
        try Data("HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\nRun,,Body,2016-03-18,1,,extra\n".utf8).write(to: path)
        let sentence = refusal(path.path, format: .habitBull)
        #expect(sentence.contains("line 2") && sentence.contains("more than the 6 columns"), "\(sentence)")
    }

    @Test func aQuotedCellWithLineBreaksKeepsTheLinesOfTheRowsAfterIt() throws {
        let path = try folder().appendingPathComponent("HabitBull.csv")
        try Data("HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\r\nRun,,Body,2016-03-18,1,\"two\r\nlines, \"\"quoted\"\"\"\r\nRun,,Body,2016-03-40,1,\r\n".utf8).write(to: path)
        let sentence = refusal(path.path, format: .habitBull)
        #expect(sentence.contains("line 4"), "\(sentence)")
        try Data("HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\nRun,,Body,2016-03-18,1,\"two\nlines, \"\"quoted\"\"\"\n".utf8).write(to: path)
        let history = try ImportSource.read(path.path, format: .habitBull, calendar: Self.calendar)
        #expect(history.entries.map(\.note) == ["two\nlines, \"quoted\""])
    }

    @Test func loopRepetitionsThatAreNotFactsAreRefusedNotSkipped() throws {
        let setup = """
            CREATE TABLE Habits (id integer primary key, archived integer, color integer, description text, freq_den integer, freq_num integer, highlight integer, name text, position integer, reminder_hour integer, reminder_min integer, reminder_days integer, type integer, target_type integer, target_value real, unit text, question text, uuid text);
            CREATE TABLE Repetitions (id integer primary key, habit integer, timestamp integer, value integer, notes text);
            INSERT INTO Habits VALUES (1, 0, 8, '', 1, 1, 0, 'Run', 0, NULL, NULL, 127, 0, 0, 0, '', '', 'a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5');
            PRAGMA user_version = 25;
            """
        let negative = try database(setup + "INSERT INTO Repetitions (habit, timestamp, value) VALUES (1, 1458259200000, -5);")
        #expect(refusal(negative).contains("the value -5 is negative"), "\(refusal(negative))")
        let noTime = try database(setup + "INSERT INTO Repetitions (habit, timestamp, value) VALUES (1, NULL, 2);")
        #expect(refusal(noTime).contains("Repetitions row 1") && refusal(noTime).contains("no timestamp"), "\(refusal(noTime))")
        let tooEarly = try database(setup + "INSERT INTO Repetitions (habit, timestamp, value) VALUES (1, -9223372036854775808, 2);")
        let sentence = refusal(tooEarly)
        #expect(sentence.contains("the timestamp -9223372036854775808") && !sentence.contains("++"), "\(sentence)")
    }

    @Test func aGeneratedColumnIsRefusedBeforeItIsRead() throws {
        let path = try database("""
            CREATE TABLE Habits (id integer primary key, archived integer, color integer, description text, freq_den integer, freq_num integer, highlight integer,
                                 name text GENERATED ALWAYS AS (hex(zeroblob(400000000))) VIRTUAL, position integer);
            CREATE TABLE Repetitions (id integer primary key, habit integer, timestamp integer, value integer);
            INSERT INTO Habits (id, archived, color, description, freq_den, freq_num, highlight, position) VALUES (1, 0, 8, '', 1, 1, 0, 0);
            PRAGMA user_version = 15;
            """)
        let started = Date()
        let sentence = refusal(path)
        #expect(sentence.contains("generated column (name)"), "\(sentence)")
        #expect(Date().timeIntervalSince(started) < 30)
    }

    @Test func aValueOverTheLimitIsRefusedAsItIsRead() throws {
        let path = try database("""
            CREATE TABLE Habits (id integer primary key, archived integer, color integer, description text, freq_den integer, freq_num integer, highlight integer, name text, position integer);
            CREATE TABLE Repetitions (id integer primary key, habit integer, timestamp integer, value integer);
            INSERT INTO Habits VALUES (1, 0, 8, '', 1, 1, 0, hex(zeroblob(3000000)), 0);
            PRAGMA user_version = 15;
            """)
        let sentence = refusal(path)
        #expect(sentence.contains("over 4 MB"), "\(sentence)")
    }

    @Test(arguments: [0, -1]) func aLoopSchemaBelowEightIsRefused(_ version: Int) throws {
        let path = try database("""
            CREATE TABLE Habits (id integer primary key, name text);
            CREATE TABLE Repetitions (id integer primary key, habit integer, timestamp integer);
            PRAGMA user_version = \(version);
            """)
        #expect(refusal(path).contains("schema version \(version)"), "\(refusal(path))")
    }

    @Test func aPipeIsReadOnceAndItsFormatRecognised() throws {
        let folder = try folder()
        let fifo = folder.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let csv = "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\nRun,,Body,2016-03-18,1,\n"
        // The writer opens the pipe as a shell would (it blocks until the reader opens it).
        let writer = Thread {
            guard let handle = FileHandle(forWritingAtPath: fifo) else { return }
            handle.write(Data(csv.utf8))
            try? handle.close()
        }
        writer.start()
        let history = try ImportSource.read(fifo, format: nil, calendar: Self.calendar)
        #expect(history.format == .habitBull && history.entries.count == 1)
    }

    @Test func aNulInsideAnSQLiteTextIsRefusedNotCutShort() throws {
        let path = try database("""
            CREATE TABLE Habits (id integer primary key, archived integer, color integer, description text, freq_den integer, freq_num integer, highlight integer, name text, position integer);
            CREATE TABLE Repetitions (id integer primary key, habit integer, timestamp integer, value integer);
            INSERT INTO Habits VALUES (1, 0, 8, '', 1, 1, 0, 'Run' || char(0) || 'hidden', 0);
            PRAGMA user_version = 15;
            """)
        let sentence = refusal(path)
        #expect(sentence.contains("NUL") && sentence.contains("table Habits"), "\(sentence)")
    }
}
