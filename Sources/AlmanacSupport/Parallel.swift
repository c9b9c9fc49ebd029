import Foundation

/// Independent jobs on every core, results in order: the heavy steps of a report (metrics and
/// models, rendering) run this way on both cores. Everything that crosses threads is
/// `Sendable`, and Swift checks it.
public enum Parallel {
    /// True where the caller runs many jobs side by side already (a run over many stores renders
    /// a store per core): every job then stays on its thread.
    @TaskLocal public static var oneCore = false

    /// `transform` of every item, in the items' order; the first error (in that order) is thrown.
    public static func map<Item: Sendable, Result: Sendable>(_ items: [Item], _ transform: @Sendable (Item) throws -> Result) throws -> [Result] {
        guard items.count > 1, !oneCore else { return try items.map(transform) }
        let results = Locked([Swift.Result<Result, any Error>?](repeating: nil, count: items.count))
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            let result = Swift.Result { try transform(items[index]) }
            results.withLock { $0[index] = result }
        }
        return try results.withLock { $0 }.map { try $0!.get() }
    }

    /// `first` and `second` side by side, their results as a pair; the first error (`first`'s
    /// before `second`'s) is thrown once both are done.
    ///
    /// `first` runs on the calling thread and `second` is offered to the system's worker threads,
    /// not run as the two iterations of a `concurrentPerform`: libdispatch gives a
    /// `concurrentPerform` called from inside another one a share of the cores (one of two, on
    /// two), so a `map` in either job would run on one core. When `first` is done and no worker
    /// has taken `second` yet, the calling thread runs it itself: it never waits for a thread
    /// that may not come.
    public static func both<A, B: Sendable>(_ first: () throws -> A, _ second: @escaping @Sendable () throws -> B) throws -> (A, B) {
        guard !oneCore else { return (try first(), try second()) }
        let job = Later(second)
        let a = Swift.Result { try first() }
        let b = job.result()
        return (try a.get(), try b.get())
    }

    /// A job offered to the system's worker threads (`both`): whichever thread takes it first
    /// runs it, once; the other waits for its result.
    final class Later<Value: Sendable>: Sendable {
        private enum State: Sendable {
            case waiting(@Sendable () throws -> Value)
            case running
            case done(Swift.Result<Value, any Error>)
        }

        private let state: Locked<State>

        fileprivate init(_ body: @escaping @Sendable () throws -> Value) {
            state = Locked(.waiting(body))
            if !Parallel.oneCore { DispatchQueue.global().async { [self] in runIfWaiting() } }
        }

        /// The job's result: run on this thread unless another took it, else waited for.
        fileprivate func result() -> Swift.Result<Value, any Error> {
            runIfWaiting()
            return state.wait { state in
                if case .done(let result) = state { return result }
                return nil
            }
        }

        /// Runs the job unless a thread took it already.
        private func runIfWaiting() {
            let body = state.withLock { state -> (@Sendable () throws -> Value)? in
                guard case .waiting(let body) = state else { return nil }
                state = .running
                return body
            }
            guard let body else { return }
            let result = Swift.Result { try body() }
            state.withLock { $0 = .done(result) }
        }
    }
}

/// A value behind a lock, shared by threads (as swift-nio's `NIOLockedValueBox`): every read and
/// change of it holds the lock, and a thread can wait for it to reach a state (`wait`).
public final class Locked<Value> {
    private let condition = NSCondition()
    private var value: Value

    public init(_ value: Value) { self.value = value }

    /// `body` with the value, under the lock; the threads waiting for it look again afterwards.
    public func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return try body(&value)
    }

    /// Waits until `ready` gives something for the value (under the lock), and returns it.
    public func wait<T>(_ ready: (Value) -> T?) -> T {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let found = ready(value) { return found }
            condition.wait()
        }
    }
}

extension Locked: @unchecked Sendable where Value: Sendable {}
