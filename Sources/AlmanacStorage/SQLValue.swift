import AlmanacDomain

/// A value bound to a statement or written by the bulk path. Every store value is kept in the text
/// form of the backup format (lowercase UUIDs, `YYYY-MM-DD` day keys, ISO 8601 UTC timestamps with
/// milliseconds), so a row reads the same in `sqlite3`, `psql`, the CSV and the JSON backup.
public enum SQLValue: Sendable, Equatable {
    case null
    case text(String)
    case real(Double)
    case integer(Int64)

    public init(_ text: String?) { self = text.map(SQLValue.text) ?? .null }
    public init(_ id: EntityID?) { self = id.map { .text($0.description) } ?? .null }
    public init(_ day: DayKey?) { self = day.map { .text($0.description) } ?? .null }
    public init(_ instant: Timestamp?) { self = instant.map { .text($0.description) } ?? .null }
    public init(_ number: Double?) { self = number.map(SQLValue.real) ?? .null }
    public init(_ number: Int) { self = .integer(Int64(number)) }
}

/// The type of a column, as the bulk path of a backend needs it (PostgreSQL sends whole columns
/// as typed arrays).
public enum SQLType: Sendable {
    case text, real, integer
}

extension RowCells {
    /// The cell as text, or nil when it is NULL.
    public func optionalString(_ column: Int) -> String? { isNull(column) ? nil : string(column) }
}
