import AlmanacDomain
import Foundation
import GRDB
import GRDBSQLite

/// Another app's SQLite database, opened read-only: the file is never changed, not even its
/// header, and a damaged or truncated file becomes one sentence. It is hostile input, so it is
/// opened with the defences SQLite documents for untrusted databases: the schema is not trusted
/// (`trusted_schema` off: no function with side effects from a view, trigger or generated
/// column), a value may be at most `maxValueBytes` long and a statement small (`sqlite3_limit`),
/// cells are size-checked, nothing is memory-mapped; and a table with a generated column is
/// refused before it is read (an app's own tables have none, and one can make gigabytes of a
/// 12 KB file). Every statement on it — the reading of its schema too — stops at a deadline
/// (`maxSeconds`, through SQLite's progress handler), and a schema of more objects than an app's
/// own (`maxSchemaObjects`) is refused before anything else is prepared: a file of 300,000 views
/// once held an import, and every nightly run behind its lock, for minutes.
struct SQLiteSource {
    let queue: DatabaseQueue
    /// When the reads of the file must be over, in the monotonic clock's nanoseconds; kept
    /// alive with the source, as SQLite's progress handler reads it.
    private let deadline: Deadline

    /// The most seconds the reads of one file may take, the most its schema may take to be read
    /// (an app's takes milliseconds), and the most objects (tables, indexes, views, triggers) it
    /// may have.
    static let maxSeconds: UInt64 = 30, maxSchemaSeconds: UInt64 = 3
    static let maxSchemaObjects = 2_000

    /// A deadline SQLite's progress handler can read from C.
    final class Deadline: @unchecked Sendable {
        let pointer = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
        init(seconds: UInt64) { pointer.initialize(to: 0); set(seconds: seconds) }
        func set(seconds: UInt64) { pointer.pointee = DispatchTime.now().uptimeNanoseconds + seconds * 1_000_000_000 }
        deinit { pointer.deallocate() }
    }

    /// Whether the file starts with SQLite's magic header.
    static func isSQLite(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 16)) == Data("SQLite format 3\0".utf8)
    }

    init(path: String) throws {
        let deadline = Deadline(seconds: Self.maxSchemaSeconds)
        self.deadline = deadline
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "import"
        configuration.prepareDatabase { db in
            let handle = db.sqliteConnection
            sqlite3_limit(handle, SQLITE_LIMIT_LENGTH, Self.maxValueBytes)
            sqlite3_limit(handle, SQLITE_LIMIT_SQL_LENGTH, 100_000)
            sqlite3_limit(handle, SQLITE_LIMIT_COLUMN, 500)
            sqlite3_limit(handle, SQLITE_LIMIT_EXPR_DEPTH, 100)
            sqlite3_limit(handle, SQLITE_LIMIT_COMPOUND_SELECT, 10)
            sqlite3_limit(handle, SQLITE_LIMIT_VDBE_OP, 50_000)
            sqlite3_limit(handle, SQLITE_LIMIT_FUNCTION_ARG, 8)
            sqlite3_limit(handle, SQLITE_LIMIT_ATTACHED, 0)
            sqlite3_limit(handle, SQLITE_LIMIT_LIKE_PATTERN_LENGTH, 50)
            sqlite3_limit(handle, SQLITE_LIMIT_TRIGGER_DEPTH, 1)
            // Past the deadline, SQLite stops whatever it runs (SQLITE_INTERRUPT).
            sqlite3_progress_handler(handle, 1_000, { context in
                DispatchTime.now().uptimeNanoseconds > context!.assumingMemoryBound(to: UInt64.self).pointee ? 1 : 0
            }, UnsafeMutableRawPointer(deadline.pointer))
            try db.execute(sql: "PRAGMA trusted_schema = OFF; PRAGMA cell_size_check = ON; PRAGMA mmap_size = 0")
        }
        do {
            // The schema is read at the first statement (the connection's own settings): within
            // its own short deadline.
            queue = try DatabaseQueue(path: path, configuration: configuration)
            let objects = try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? 0 }
            guard objects <= Self.maxSchemaObjects else {
                throw ImportProblem("its schema has \(objects) tables, indexes, views and triggers; an app's own database has a few dozen")
            }
            deadline.set(seconds: Self.maxSeconds)
        } catch let problem as ImportProblem {
            throw problem
        } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT {
            throw ImportProblem("its schema took more than \(Self.maxSchemaSeconds) s to read, where an app's own takes milliseconds (thousands of tables or views?)")
        } catch {
            throw Self.problem(error)
        }
    }

    /// Runs a read, turning SQLite's errors into one sentence about the file.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        do { return try queue.read(body) } catch let error as DatabaseError { throw Self.problem(error) }
    }

    /// A table or column name as an SQL identifier.
    private static func quoted(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    /// The longest text or blob a cell may hold: 4 MB (a note may have 1 MB).
    static let maxValueBytes: Int32 = 4_000_000

    /// The tables, by lower-case name (SQLite's names are case-insensitive). A table with a
    /// generated column is refused.
    func tables() throws -> Set<String> {
        try read { db in
            let names = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
            for name in names {
                // `hidden` is 2 or 3 for a generated column (1 for a virtual table's hidden one).
                let quoted = Self.quoted(name)
                let columns = try Row.fetchAll(db, sql: "PRAGMA table_xinfo(\(quoted))")
                for column in columns where [2, 3].contains(column["hidden"] as Int? ?? 0) {
                    throw ImportProblem("its table \(name) has a generated column (\(column["name"] as String? ?? "?")), which no app's own database has")
                }
                // Text is read as C strings, which end at a NUL: a text holding one is refused
                // (as the CSV readers refuse it) rather than cut short without a word.
                // Columns of numeric type are left out: the readers take numbers from them, and a
                // text there is refused as a wrong type anyway.
                let numeric = ["INT", "REAL", "FLOA", "DOUB"]
                let textColumns = columns.filter { column in
                    let type = (column["type"] as String? ?? "").uppercased()
                    return !numeric.contains { type.contains($0) }
                }.compactMap { $0["name"] as String? }.map(Self.quoted)
                let test = textColumns.map { "(typeof(\($0)) = 'text' AND instr(\($0), char(0)) > 0)" }.joined(separator: " OR ")
                if !textColumns.isEmpty, try Int64.fetchOne(db, sql: "SELECT 1 FROM \(quoted) WHERE \(test) LIMIT 1") != nil {
                    throw ImportProblem(place: "table \(name)", "a text holds a NUL character, which no app's own text has")
                }
            }
            return Set(names.map { $0.lowercased() })
        }
    }

    /// The columns of a table, by lower-case name.
    func columns(of table: String) throws -> Set<String> {
        try read { db in Set(try Row.fetchAll(db, sql: "PRAGMA table_info(\"\(table)\")").map { ($0["name"] as String).lowercased() }) }
    }

    func userVersion() throws -> Int { try read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 } }

    static func problem(_ error: Error) -> ImportProblem {
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_TOOBIG:
                return ImportProblem("a value in it is over \(maxValueBytes / 1_000_000) MB, more than any app's database holds")
            case .SQLITE_CORRUPT, .SQLITE_NOTADB:
                return ImportProblem("the database is damaged or truncated (SQLite: \(error.message ?? "malformed"))")
            case .SQLITE_INTERRUPT:
                return ImportProblem("reading it took more than \(maxSeconds) s, longer than any app's database takes")
            default:
                return ImportProblem("SQLite cannot read it: \(error.message ?? "\(error.resultCode)")")
            }
        }
        return ImportProblem("SQLite cannot read it: \(error)")
    }
}

/// A row of another app's table read defensively: a cell of the wrong type (text where Loop
/// keeps a number) is one sentence naming the table, the row and the column, never a trap.
struct SourceRow {
    let row: Row
    /// "Habits row 3".
    let place: String

    init(_ row: Row, table: String, number: Int) { self.row = row; self.place = "\(table) row \(number)" }

    private func value(_ column: String) -> DatabaseValue? {
        guard row.hasColumn(column) else { return nil }
        let value: DatabaseValue = row[column]
        return value.isNull ? nil : value
    }

    private func value(at index: Int) -> DatabaseValue? {
        let value: DatabaseValue = row[index]
        return value.isNull ? nil : value
    }

    private func convert<T: DatabaseValueConvertible>(_ value: DatabaseValue?, _ what: String, _ column: String) throws -> T? {
        guard let value else { return nil }
        guard let converted = T.fromDatabaseValue(value) else {
            throw ImportProblem(place: "\(place), column \(column)", "\(value.description.prefix(60)) is not \(what)")
        }
        return converted
    }

    func int(_ column: String) throws -> Int? { try convert(value(column), "a whole number", column) }
    func int64(_ column: String) throws -> Int64? { try convert(value(column), "a whole number", column) }
    func double(_ column: String) throws -> Double? {
        let d: Double? = try convert(value(column), "a number", column)
        if let d, !d.isFinite { throw ImportProblem(place: "\(place), column \(column)", "\(d) is not a number") }
        return d
    }
    func string(_ column: String) throws -> String? { try convert(value(column), "text", column) }

    func int(at index: Int, _ column: String) throws -> Int? { try convert(value(at: index), "a whole number", column) }
    func int64(at index: Int, _ column: String) throws -> Int64? { try convert(value(at: index), "a whole number", column) }
    func string(at index: Int, _ column: String) throws -> String? { try convert(value(at: index), "text", column) }
}
