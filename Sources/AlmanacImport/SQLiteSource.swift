import AlmanacDomain
import Foundation
import GRDB

/// Another app's SQLite database, opened read-only: the file is never changed, not even its
/// header, and a damaged or truncated file becomes one sentence.
struct SQLiteSource {
    let queue: DatabaseQueue

    /// Whether the file starts with SQLite's magic header.
    static func isSQLite(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 16)) == Data("SQLite format 3\0".utf8)
    }

    init(path: String) throws {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "import"
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
        } catch {
            throw Self.problem(error)
        }
    }

    /// Runs a read, turning SQLite's errors into one sentence about the file.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        do { return try queue.read(body) } catch let error as DatabaseError { throw Self.problem(error) }
    }

    /// The tables, by lower-case name (SQLite's names are case-insensitive).
    func tables() throws -> Set<String> {
        try read { db in Set(try String.fetchAll(db, sql: "SELECT lower(name) FROM sqlite_master WHERE type = 'table'")) }
    }

    /// The columns of a table, by lower-case name.
    func columns(of table: String) throws -> Set<String> {
        try read { db in Set(try Row.fetchAll(db, sql: "PRAGMA table_info(\"\(table)\")").map { ($0["name"] as String).lowercased() }) }
    }

    func userVersion() throws -> Int { try read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 } }

    static func problem(_ error: Error) -> ImportProblem {
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_CORRUPT, .SQLITE_NOTADB:
                return ImportProblem("the database is damaged or truncated (SQLite: \(error.message ?? "malformed"))")
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
