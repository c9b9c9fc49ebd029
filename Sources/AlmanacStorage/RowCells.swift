import AlmanacDomain
import Foundation

/// One row of a streamed read, its cells by position, borrowed for the duration of the callback:
/// how a store backend hands hundreds of thousands of rows to a writer without making a Swift
/// value per cell. Text cells are UTF-8 bytes, in the text form of the backup format.
public protocol RowCells {
    func isNull(_ column: Int) -> Bool
    /// Runs `body` with the cell's UTF-8 bytes (empty for NULL), borrowed from the backend's
    /// buffers: they are valid inside `body` only, and never copied unless `body` copies them.
    func withText<Result>(_ column: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result
    func number(_ column: Int) -> Double
    func integer(_ column: Int) -> Int64
}

extension RowCells {
    public func string(_ column: Int) -> String { withText(column) { String(decoding: $0, as: UTF8.self) } }

    /// The cell's bytes, copied.
    public func bytes(_ column: Int) -> [UInt8] { withText(column) { Array($0) } }

    /// Whether a text cell holds exactly `bytes`: one `memcmp`. (The generic `elementsEqual`
    /// walks byte by byte; the reads that group rows by habit ask this of every row, and it was
    /// 11 % of reading the store.)
    public func text(_ column: Int, equals bytes: [UInt8]) -> Bool {
        withText(column) { cell in
            guard cell.count == bytes.count else { return false }
            guard let start = cell.baseAddress, !bytes.isEmpty else { return true }
            return bytes.withUnsafeBufferPointer { memcmp(start, $0.baseAddress!, bytes.count) == 0 }
        }
    }
}

/// The cells of a row of `AlmanacStore.forEachLiveEntry`: a live habit entry with its habit's
/// fields (NULL when the habit was deleted).
public enum LiveEntryColumn: Int, CaseIterable, Sendable {
    case dayKey, habitId, habitName, kind, value, unit, target, direction, note, timestampUtc, id
}
