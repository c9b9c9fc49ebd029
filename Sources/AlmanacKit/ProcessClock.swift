import Foundation

/// The process's own clocks, for `--timings`: the wall time since the command began (taken when
/// `start()` is first called, as the command line is read) and the processor time of all threads
/// since the process began.
public enum ProcessClock {
    /// Taken when first asked for (`start()`).
    private static let started = DispatchTime.now().uptimeNanoseconds

    /// Marks the command's start; later calls change nothing.
    public static func start() { _ = started }

    /// Seconds since `start()`.
    public static func secondsSinceStart() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    }

    /// The processor time the process has taken so far, on all its threads, in seconds.
    public static func processorSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
