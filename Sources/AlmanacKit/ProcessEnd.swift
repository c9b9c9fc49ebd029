import Foundation

/// What a command that ends its process leaves to the process's end. A report's values are
/// millions of small allocations (each habit's days, its figures, the manifest's records, the
/// site's files); freeing them one by one as the command returns took a few milliseconds of a
/// re-run, and the kernel drops the whole address space at exit whatever is still allocated.
/// So a command line hands them here instead (compilers do the same: LLVM's `BuryPointer`,
/// clang's `-disable-free`). Only for a process that ends with the command: a caller that runs
/// on (a run over many stores, the tests) frees them.
public enum ProcessEnd {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var left: [Any] = []

    /// Keeps `value` alive until the process exits.
    static func leave(_ value: Any) {
        lock.withLock { left.append(value) }
    }

    /// How many values were left so far.
    static var count: Int { lock.withLock { left.count } }
}
