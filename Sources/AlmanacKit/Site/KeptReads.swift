import AlmanacRender
import Foundation

/// The files a previous report kept beside a folder (the day facts and the figures), read and
/// decoded on a worker thread from the moment a command says it will report into that folder
/// (`SiteReport.prepare`): while the command opens its store and the main thread reads it.
///
/// They may be read before the folder's lock is taken, because nothing in them is trusted as it
/// stands: each habit's facts are used only under the token the store gives for it now, and
/// figures only under the key of what they are made from. A report that finished in between
/// can only cost a habit read from the store again. Each is taken once, by the report into the
/// same resolved folder; the read step reads them itself when none were started.
enum KeptReads {
    /// The reads of one folder's kept files.
    typealias Started = (facts: FactReads, figures: Parallel.Later<FiguresCacheFile.Kept>)
    /// The kept day facts: the file's index first (what decides which habits the store is read
    /// for), then the facts decoded from it.
    typealias FactReads = (index: Parallel.Later<FactCacheFile.Index?>, decoded: Parallel.Later<FactCacheFile.Kept?>)

    /// Starts reading the kept day facts beside `folder`: the index, and the facts decoded from it.
    static func factReads(beside folder: String) -> FactReads {
        let index = Parallel.later { FactCacheFile.index(beside: folder) }
        return (index, Parallel.later { index.value.flatMap(FactCacheFile.decode) })
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var started: [String: Started] = [:]

    /// Starts reading what is kept beside `folder` (a resolved path).
    static func start(beside folder: String) {
        offer((factReads(beside: folder), Parallel.later { FiguresCacheFile.read(beside: folder) }), beside: folder)
    }

    /// Leaves `reads` for the next report into `folder` to take.
    static func offer(_ reads: Started, beside folder: String) {
        lock.withLock { started[folder] = reads }
    }

    /// The reads started for `folder`, once; nil when none were.
    static func take(beside folder: String) -> Started? {
        lock.withLock { started.removeValue(forKey: folder) }
    }
}
