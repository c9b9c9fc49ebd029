@testable import AlmanacSupport
import Foundation
import Synchronization
import Testing

/// The report's two ways of running jobs side by side: results in order, each job run once,
/// and a caller never left waiting for a thread that does not come.
@Suite struct ParallelTests {
    @Test func aMapGivesEveryResultInTheItemsOrder() throws {
        #expect(try Parallel.map(Array(0..<1_000)) { $0 * $0 } == (0..<1_000).map { $0 * $0 })
        #expect(try Parallel.$oneCore.withValue(true) { try Parallel.map([3, 1, 2]) { $0 + 1 } } == [4, 2, 3])
    }

    /// A map's first error in the items' order is the one thrown, whichever thread hit it first.
    @Test func aMapThrowsTheFirstErrorInTheItemsOrder() {
        struct Stop: Error, Equatable { let item: Int }
        for _ in 0..<20 {
            #expect(throws: Stop(item: 3)) {
                try Parallel.map(Array(0..<64)) { item -> Int in
                    if item == 60 { throw Stop(item: 60) }
                    if item == 3 { usleep(1_000); throw Stop(item: 3) }
                    return item
                }
            }
        }
    }

    @Test func bothGivesBothResults() throws {
        let (a, b) = try Parallel.both({ (0..<100).reduce(0, +) }, { "done" })
        #expect(a == 4_950 && b == "done")
    }

    /// The first job's error is thrown once the second is done, and the second's when the first
    /// succeeded.
    @Test func bothThrowsTheFirstErrorOnceBothAreDone() {
        struct Stop: Error, Equatable { let job: Int }
        for _ in 0..<100 {
            let secondRan = Atomic<Bool>(false)
            #expect(throws: Stop(job: 1)) {
                try Parallel.both({ throw Stop(job: 1) }, { () throws -> Int in secondRan.store(true, ordering: .relaxed); throw Stop(job: 2) })
            }
            let ran = secondRan.load(ordering: .relaxed)
            #expect(ran)
            #expect(throws: Stop(job: 2)) { try Parallel.both({ 1 }, { () throws -> Int in throw Stop(job: 2) }) }
        }
    }

    /// The second job of `both` runs once, on a worker or on the caller, also where jobs stay on
    /// their thread (then on the caller, after the first).
    @Test func bothRunsTheSecondJobOnce() throws {
        let runs = Atomic<Int>(0)
        for _ in 0..<200 {
            let (a, b) = try Parallel.both({ 1 }, { () -> Int in runs.add(1, ordering: .relaxed); return 42 })
            #expect(a == 1 && b == 42)
        }
        #expect(runs.load(ordering: .relaxed) == 200)
        try Parallel.$oneCore.withValue(true) {
            let asker = pthread_self()
            let (_, same) = try Parallel.both({ 0 }, { pthread_equal(pthread_self(), asker) != 0 })
            #expect(same)
        }
    }

    /// A thread waiting on a locked value wakes when another thread changes it to what it waits for.
    @Test func aLockedValueWakesItsWaiter() {
        let box = Locked(0)
        DispatchQueue.global().async { usleep(5_000); box.withLock { $0 = 5 } }
        #expect(box.wait { $0 == 5 ? "five" : nil } == "five")
    }
}
