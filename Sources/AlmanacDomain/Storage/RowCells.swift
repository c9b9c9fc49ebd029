/// One row of a streamed read, its cells by position, borrowed for the duration of the callback:
/// how a store backend hands hundreds of thousands of rows to a writer without making a Swift
/// value per cell. Text cells are UTF-8 bytes, in the text form of the backup format.
public protocol RowCells {
    func isNull(_ column: Int) -> Bool
    /// The cell's UTF-8 bytes (empty for NULL); valid only inside the callback.
    func text(_ column: Int) -> UnsafeBufferPointer<UInt8>
    func number(_ column: Int) -> Double
    func integer(_ column: Int) -> Int64
}

extension RowCells {
    public func string(_ column: Int) -> String { String(decoding: text(column), as: UTF8.self) }
}

/// The cells of a row of `AlmanacStore.forEachLiveEntry`: a live habit entry with its habit's
/// fields (NULL when the habit was deleted).
public enum LiveEntryColumn: Int, CaseIterable, Sendable {
    case dayKey, habitId, habitName, kind, value, unit, target, direction, note, timestampUtc, id
}
