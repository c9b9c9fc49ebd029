import Foundation

/// Work started on another core, whose value (or error) is taken later: an import works out the
/// file's days while the store's entries are read.
final class Background<Value: Sendable> {
    // Written once by the worker before `done` is signalled, read only after waiting for it:
    // the semaphore orders the two.
    private var result: Result<Value, any Error>?
    private let done = DispatchSemaphore(value: 0)

    init(_ work: @escaping @Sendable () throws -> Value) {
        DispatchQueue.global().async {
            self.result = Result { try work() }
            self.done.signal()
        }
    }

    /// Waits for the work and returns its value, or throws its error.
    func value() throws -> Value {
        done.wait()
        done.signal()   // a second call does not wait forever
        return try result!.get()
    }
}

extension Background: @unchecked Sendable {}
