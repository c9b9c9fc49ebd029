import AlmanacDomain
import AlmanacRender
import AlmanacStore

/// Encodes the rows of `forEachLiveEntry` as entries.csv records, straight from SQLite's bytes.
///
/// Rows come sorted by day and habit, so the rows of one (habit, day) are adjacent; they are
/// held as bytes until the group ends, when the day's completion (the sum of its checks against
/// the habit's target) is known and can be filled in.
struct EntriesCSVEncoder {
    private var out: [UInt8] = []
    private var scratch: [UInt8] = []
    private var rows: [(prefix: Range<Int>, suffix: Range<Int>, check: Bool)] = []
    private var groupDay: [UInt8] = [], groupHabit: [UInt8] = []
    private var sum = 0.0, target: Double?, atMost = false, hasCheck = false
    private static let comma = UInt8(ascii: ",")

    /// Adds one row; returns how many encoded bytes wait to be taken.
    mutating func append(_ row: RawRow) -> Int {
        let day = row.bytes(0), habit = row.bytes(1)
        if !rows.isEmpty && (!groupDay.elementsEqual(day) || !groupHabit.elementsEqual(habit)) { finish() }
        if rows.isEmpty {
            groupDay.removeAll(keepingCapacity: true); groupDay.append(contentsOf: day)
            groupHabit.removeAll(keepingCapacity: true); groupHabit.append(contentsOf: habit)
            target = row.isNull(6) ? nil : row.double(6)
            atMost = row.bytes(7).elementsEqual("atMost".utf8)
        }
        let isCheck = row.bytes(3).elementsEqual("check".utf8)
        let value = row.double(4)
        if isCheck { sum += value; hasCheck = true }
        let start = scratch.count
        field(row, 0); field(row, 1); field(row, 2); field(row, 3)
        NumberText.append(value, to: &scratch); scratch.append(Self.comma)
        field(row, 5)
        if !row.isNull(6) { NumberText.append(row.double(6), to: &scratch) }
        scratch.append(Self.comma)
        let middle = scratch.count
        scratch.append(Self.comma)
        field(row, 8); field(row, 9)
        CSVField.append(row.bytes(10), to: &scratch)
        scratch.append(13); scratch.append(10)
        rows.append((start..<middle, middle..<scratch.count, isCheck))
        return out.count
    }

    /// Closes the group in progress.
    mutating func finish() {
        guard !rows.isEmpty else { return }
        let completed: String
        if let target, hasCheck { completed = (atMost ? sum <= target : sum >= target) ? "true" : "false" } else { completed = "" }
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

    private mutating func field(_ row: RawRow, _ column: Int32) {
        CSVField.append(row.bytes(column), to: &scratch)
        scratch.append(Self.comma)
    }
}
