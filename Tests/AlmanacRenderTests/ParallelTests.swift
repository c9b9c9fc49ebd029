@testable import AlmanacRender
import Foundation
#if canImport(Clinux)
import Clinux
#endif
import Synchronization
import Testing

/// The report's two ways of running jobs side by side: results in order, each job run once,
/// and a caller never left waiting for a thread that does not come.
@Suite struct ParallelTests {
    @Test func aMapGivesEveryResultInTheItemsOrder() throws {
        #expect(try Parallel.map(Array(0..<1_000)) { $0 * $0 } == (0..<1_000).map { $0 * $0 })
        #expect(try Parallel.$oneCore.withValue(true) { try Parallel.map([3, 1, 2]) { $0 + 1 } } == [4, 2, 3])
    }

    @Test func bothGivesBothResults() throws {
        let (a, b) = try Parallel.both({ (0..<100).reduce(0, +) }, { "done" })
        #expect(a == 4_950 && b == "done")
    }

    /// The first job's error is thrown once the second is done, and the second's when the first
    /// succeeded; either way the call returns (the second job never outlives it).
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

    /// A job started for later runs once, whether a worker thread or the caller takes it, and
    /// gives its result however often it is asked for; where jobs stay on their thread it runs
    /// when first asked for, on the asking thread.
    @Test func aJobForLaterRunsOnceAndGivesItsResult() {
        let runs = Atomic<Int>(0)
        for _ in 0..<200 {
            let job = Parallel.later { runs.add(1, ordering: .relaxed); return 42 }
            #expect(job.value == 42 && job.value == 42)
        }
        #expect(runs.load(ordering: .relaxed) == 200)
        Parallel.$oneCore.withValue(true) {
            let asker = Thread.current
            let job = Parallel.later { Thread.current == asker }
            #expect(job.value)
        }
    }

    /// Several threads asking for a job at once all get its result, the job run once — also where
    /// jobs stay on their thread (the built-in templates, asked for by a nightly run's workers):
    /// a thread that finds the job taken waits for the one running it.
    @Test func threadsAskingForAJobAtOnceAllGetItsResult() {
        for oneCore in [false, true] {
            let runs = Atomic<Int>(0)
            let job = Parallel.$oneCore.withValue(oneCore) {
                Parallel.later { () -> Int in runs.add(1, ordering: .relaxed); usleep(20_000); return 7 }
            }
            let got = Mutex<[Int]>([])
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                let value = job.value
                got.withLock { $0.append(value) }
            }
            #expect(got.withLock { $0 } == [7, 7, 7, 7], "one core: \(oneCore)")
            #expect(runs.load(ordering: .relaxed) == 1, "one core: \(oneCore)")
        }
    }

    #if canImport(Clinux)
    /// A worker thread's heap is marked for huge pages before its jobs: the region a block of the
    /// thread's own heap lies in shows the mark (`hg`) in the kernel's view of the process.
    @Test func aWorkerThreadsHeapIsMarkedForHugePages() {
        let address = Mutex<(address: UInt, ownHeap: Bool)?>(nil)
        let thread = Thread {
            Parallel.prepareThread()
            let block = malloc(64)!
            let sizeWord = block.load(fromByteOffset: -MemoryLayout<Int>.size, as: UInt.self)
            address.withLock { $0 = (UInt(bitPattern: block), sizeWord & 4 != 0) }
            free(block)
        }
        thread.start()
        while address.withLock({ $0 == nil }) { usleep(1_000) }
        guard let (block, ownHeap) = address.withLock({ $0 }), ownHeap else { return }  // glibc gave the thread the main heap
        #expect(Self.flags(of: block).contains("hg"))
    }

    /// The kernel's flags of the mapping that holds `address` (`/proc/self/smaps`).
    static func flags(of address: UInt) -> [String] {
        // Read to its end: the file's size says 0.
        guard let file = FileHandle(forReadingAtPath: "/proc/self/smaps") else { return [] }
        let smaps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        var inside = false
        for line in smaps.split(separator: "\n") {
            if let dash = line.firstIndex(of: "-"), let space = line.firstIndex(of: " "), dash < space,
               let low = UInt(line[..<dash], radix: 16), let high = UInt(line[line.index(after: dash)..<space], radix: 16) {
                inside = (low..<high).contains(address)
            } else if inside, line.hasPrefix("VmFlags:") {
                return line.dropFirst("VmFlags:".count).split(separator: " ").map(String.init)
            }
        }
        return []
    }
    #endif
}
