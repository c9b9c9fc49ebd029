import Foundation

/// Independent jobs on every core, results in order: the heavy steps of a report (metrics,
/// models and keys, rendering) run this way on both cores.
public enum Parallel {
    /// True where the caller runs many jobs side by side already (a run over many stores renders
    /// a store per core): every map then stays on its thread.
    @TaskLocal public static var oneCore = false

    /// `transform` of every item, in the items' order; the first error (in that order) is thrown.
    /// `transform` must only read what the items share.
    public static func map<Item, Result>(_ items: [Item], _ transform: (Item) throws -> Result) throws -> [Result] {
        guard items.count > 1, !oneCore else { return try items.map(transform) }
        let slots = Slots<Swift.Result<Result, any Error>>(count: items.count)
        // The closure runs on several threads at once; it only reads the items and the
        // transform, and each result goes into its own slot under the lock.
        nonisolated(unsafe) let items = items, transform = transform
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            slots.set(index, Swift.Result { try transform(items[index]) })
        }
        return try slots.values.map { try $0!.get() }
    }

    /// `first` and `second` side by side, their results as a pair; the first error (`first`'s
    /// before `second`'s) is thrown once both are done. Neither may touch what the other writes.
    ///
    /// `first` runs on the calling thread and `second` on one of the system's worker threads, not
    /// as the two iterations of a `concurrentPerform`: libdispatch gives a `concurrentPerform`
    /// called from inside another one a share of the cores (one of two, on two), so a `map` in
    /// either job would run on one core.
    public static func both<A, B>(_ first: () throws -> A, _ second: () throws -> B) throws -> (A, B) {
        guard !oneCore else { return (try first(), try second()) }
        nonisolated(unsafe) var b: Swift.Result<B, any Error>?
        nonisolated(unsafe) let second = second
        return try withoutActuallyEscaping(second) { second in
            nonisolated(unsafe) let job = second
            let done = DispatchGroup()
            DispatchQueue.global().async(group: done) { b = Swift.Result { try job() } }
            let a = Swift.Result { try first() }
            done.wait()
            return (try a.get(), try b!.get())
        }
    }

    /// One slot per job, written under a lock.
    private final class Slots<Value>: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var values: [Value?]

        init(count: Int) { values = Array(repeating: nil, count: count) }

        func set(_ index: Int, _ value: Value) {
            lock.lock()
            values[index] = value
            lock.unlock()
        }
    }
}
