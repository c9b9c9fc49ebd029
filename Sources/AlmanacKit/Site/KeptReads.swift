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
    struct Started {
        /// The day facts: the file's index first (what decides which habits the store is read
        /// for), then the facts decoded from it.
        let factIndex: Parallel.Later<FactCacheFile.Index?>
        let facts: Parallel.Later<FactCacheFile.Kept?>
        let figures: Parallel.Later<FiguresCacheFile.Kept>

        /// The reads of the kept day facts beside `folder`: the index, and the facts decoded from it.
        static func facts(beside folder: String) -> (index: Parallel.Later<FactCacheFile.Index?>, facts: Parallel.Later<FactCacheFile.Kept?>) {
            let index = Parallel.later { FactCacheFile.index(beside: folder) }
            return (index, Parallel.later { index.value.flatMap(FactCacheFile.decode) })
        }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var started: [String: Started] = [:]

    /// Starts reading what is kept beside `folder` (a resolved path).
    static func start(beside folder: String) {
        let facts = Started.facts(beside: folder)
        offer(Started(factIndex: facts.index, facts: facts.facts, figures: Parallel.later { FiguresCacheFile.read(beside: folder) }),
              beside: folder)
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
