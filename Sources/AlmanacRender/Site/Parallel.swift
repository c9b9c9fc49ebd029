import Foundation
#if canImport(Clinux)
import Clinux
#endif

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
            prepareThread()
            slots.set(index, Swift.Result { try transform(items[index]) })
        }
        return try slots.values.map { try $0!.get() }
    }

    /// `first` and `second` side by side, their results as a pair; the first error (`first`'s
    /// before `second`'s) is thrown once both are done. Neither may touch what the other writes.
    ///
    /// `first` runs on the calling thread and `second` is offered to the system's worker threads,
    /// not run as the two iterations of a `concurrentPerform`: libdispatch gives a
    /// `concurrentPerform` called from inside another one a share of the cores (one of two, on
    /// two), so a `map` in either job would run on one core. When `first` is done and no worker
    /// has taken `second` yet, the calling thread runs it itself: it never waits for a thread
    /// that may not come.
    public static func both<A, B>(_ first: () throws -> A, _ second: () throws -> B) throws -> (A, B) {
        guard !oneCore else { return (try first(), try second()) }
        return try withoutActuallyEscaping(second) { second in
            let job = Later(second)
            let a = Swift.Result { try first() }
            // Joined before anything is thrown, whoever ran it: `second` may not outlive this call.
            let b = Swift.Result { try job.joined() }
            return (try a.get(), try b.get())
        }
    }

    /// `body`, started now on the system's worker threads; its result is waited for when it is
    /// asked for (`Later.value`). A caller that asks before any worker took the job runs it
    /// itself: it never waits for a thread that may not come. Where jobs stay on their thread
    /// (`oneCore`) the job runs when it is first asked for.
    public static func later<Value>(_ body: @escaping () -> Value) -> Later<Value> { Later(body) }

    /// What a worker thread does before its jobs: on Linux, it marks its heap for huge pages, as
    /// the command line does the main thread's (docs/PERFORMANCE.md); the first time only.
    @inline(__always) static func prepareThread() {
        #if canImport(Clinux)
        almanac_thread_heap_prefer_huge_pages()
        #endif
    }

    /// A job offered to the system's worker threads (`later`, `both`).
    public final class Later<Value>: @unchecked Sendable {
        private let job: OneTake<Value>
        private let done = DispatchGroup()

        fileprivate init(_ body: @escaping () throws -> Value) {
            job = OneTake(body)
            if !oneCore { DispatchQueue.global().async(group: done) { [job] in Parallel.prepareThread(); job.runIfNotTaken() } }
        }

        /// The job's result, once it is done (a job `later` started cannot throw). Any number of
        /// threads may ask: the first one runs the job unless a worker took it, the others wait
        /// for whichever thread runs it (where jobs stay on their thread too).
        public var value: Value {
            if !job.runIfNotTaken() { job.waitUntilDone() }
            guard case .success(let value) = job.result! else { preconditionFailure("a job that cannot throw threw") }
            return value
        }

        /// The job's result once it is done and the worker's block is over, whichever thread ran it.
        fileprivate func joined() throws -> Value {
            job.runIfNotTaken()
            done.wait()
            return try job.result!.get()
        }
    }

    /// A job that whichever thread takes it first runs, once; any other thread can wait for it.
    private final class OneTake<Value>: @unchecked Sendable {
        private let condition = NSCondition()
        private var taken = false, finished = false
        private let body: () throws -> Value
        /// Set once the job ran (before `finished`, under the condition's lock).
        private(set) var result: Swift.Result<Value, any Error>?

        init(_ body: @escaping () throws -> Value) { self.body = body }

        /// Runs the job unless a thread took it already; returns whether this call ran it.
        @discardableResult
        func runIfNotTaken() -> Bool {
            guard condition.withLock({ () -> Bool in defer { taken = true }; return !taken }) else { return false }
            let outcome = Swift.Result { try body() }
            condition.withLock {
                result = outcome
                finished = true
                condition.broadcast()
            }
            return true
        }

        /// Returns once the thread that took the job has run it.
        func waitUntilDone() {
            condition.withLock { while !finished { condition.wait() } }
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
