import AlmanacDomain
import AlmanacRender
import AlmanacStorage

/// Encodes the rows of `forEachLiveEntry` as entries.csv records, straight from the store's bytes.
///
/// Rows come sorted by day and habit, so the rows of one (habit, day) are adjacent; they are
/// held as bytes until the group ends, when the day's completion (the sum of its checks against
/// the habit's target) is known and can be filled in.
struct EntriesCSVEncoder {
    /// Whether formula-like cells get a leading `'` (spreadsheets) or not (`--raw`).
    var neutralising = true
    private var out: [UInt8] = []
    private var scratch: [UInt8] = []
    private var rows: [(prefix: Range<Int>, suffix: Range<Int>, check: Bool)] = []
    private var groupDay: [UInt8] = [], groupHabit: [UInt8] = []
    private var sum = 0.0, target: Double?, direction = Direction.atLeast, hasCheck = false
    private static let comma = UInt8(ascii: ",")
    private typealias Column = LiveEntryColumn

    /// Adds one row; returns how many encoded bytes wait to be taken.
    mutating func append(_ row: any RowCells) -> Int {
        if !rows.isEmpty && (!row.text(Column.dayKey.rawValue, equals: groupDay) || !row.text(Column.habitId.rawValue, equals: groupHabit)) {
            finish()
        }
        if rows.isEmpty {
            groupDay = row.bytes(Column.dayKey.rawValue)
            groupHabit = row.bytes(Column.habitId.rawValue)
            target = row.isNull(Column.target.rawValue) ? nil : row.number(Column.target.rawValue)
            direction = row.withText(Column.direction.rawValue) { $0.elementsEqual("atMost".utf8) } ? .atMost : .atLeast
        }
        let isCheck = row.withText(Column.kind.rawValue) { $0.elementsEqual("check".utf8) }
        let value = row.number(Column.value.rawValue)
        if isCheck { sum += value; hasCheck = true }
        let start = scratch.count
        field(row, .dayKey); field(row, .habitId); field(row, .habitName); field(row, .kind)
        NumberText.append(value, to: &scratch); scratch.append(Self.comma)
        field(row, .unit)
        if !row.isNull(Column.target.rawValue) { NumberText.append(row.number(Column.target.rawValue), to: &scratch) }
        scratch.append(Self.comma)
        let middle = scratch.count
        scratch.append(Self.comma)
        field(row, .note); field(row, .timestampUtc)
        field(row, .id, last: true)
        scratch.append(13); scratch.append(10)
        rows.append((start..<middle, middle..<scratch.count, isCheck))
        return out.count
    }

    /// Closes the group in progress.
    mutating func finish() {
        guard !rows.isEmpty else { return }
        let completed: String
        if let target, hasCheck { completed = direction.isMet(by: sum, target: target) ? "true" : "false" } else { completed = "" }
        for row in rows {
            out.append(contentsOf: scratch[row.prefix])
            if row.check { out.append(contentsOf: completed.utf8) }
            out.append(contentsOf: scratch[row.suffix])
        }
        rows.removeAll(keepingCapacity: true)
        scratch.removeAll(keepingCapacity: true)
        sum = 0
        hasCheck = false
    }

    /// The encoded bytes so far, handed over and forgotten.
    mutating func take() -> [UInt8] {
        defer { out.removeAll(keepingCapacity: true) }
        return out
    }

    private mutating func field(_ row: any RowCells, _ column: LiveEntryColumn, last: Bool = false) {
        let neutralising = neutralising
        row.withText(column.rawValue) { CSVField.append($0, to: &scratch, neutralising: neutralising) }
        if !last { scratch.append(Self.comma) }
    }
}
