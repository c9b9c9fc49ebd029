import AlmanacDomain
import AlmanacRender
import AlmanacStorage

/// Encodes the rows of `forEachLiveEntry` as entries.csv records, straight from the store's bytes.
/// An entry is a fact of its own; whether its day was done is a fact of the day, in days.csv.
struct EntriesCSVEncoder {
    /// Whether formula-like cells get a leading `'` (spreadsheets) or not (`--raw`).
    var neutralising = true
    private var out: [UInt8] = []
    private static let comma = UInt8(ascii: ",")
    private typealias Column = LiveEntryColumn

    /// Adds one row; returns how many encoded bytes wait to be taken.
    mutating func append(_ row: any RowCells) -> Int {
        field(row, .dayKey); field(row, .habitId); field(row, .habitName); field(row, .kind)
        NumberText.append(row.number(Column.value.rawValue), to: &out); out.append(Self.comma)
        field(row, .unit)
        if !row.isNull(Column.target.rawValue) { NumberText.append(row.number(Column.target.rawValue), to: &out) }
        out.append(Self.comma)
        field(row, .note); field(row, .timestampUtc)
        field(row, .id, last: true)
        out.append(13); out.append(10)
        return out.count
    }

    /// The encoded bytes so far, handed over and forgotten.
    mutating func take() -> [UInt8] {
        defer { out.removeAll(keepingCapacity: true) }
        return out
    }

    private mutating func field(_ row: any RowCells, _ column: LiveEntryColumn, last: Bool = false) {
        let neutralising = neutralising
        row.withText(column.rawValue) { CSVField.append($0, to: &out, neutralising: neutralising) }
        if !last { out.append(Self.comma) }
    }
}
