import AlmanacDomain
import Foundation

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

    /// Whether a text cell holds exactly `bytes`: one `memcmp`. (The generic `elementsEqual`
    /// walks byte by byte; the reads that group rows by habit ask this of every row.)
    public func text(_ column: Int, equals bytes: [UInt8]) -> Bool {
        let cell = text(column)
        guard cell.count == bytes.count else { return false }
        guard let start = cell.baseAddress, !bytes.isEmpty else { return true }
        return bytes.withUnsafeBufferPointer { memcmp(start, $0.baseAddress!, bytes.count) == 0 }
    }
}

/// The cells of a row of `AlmanacStore.forEachLiveEntry`: a live habit entry with its habit's
/// fields (NULL when the habit was deleted).
public enum LiveEntryColumn: Int, CaseIterable, Sendable {
    case dayKey, habitId, habitName, kind, value, unit, target, direction, note, timestampUtc, id
}
