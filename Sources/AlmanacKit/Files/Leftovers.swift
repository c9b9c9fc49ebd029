import Foundation

/// Temporary files that a killed run of Almanac left behind: `.NAME.tmp-PID` (and a temporary
/// store's `-wal`, `-shm` and `-journal`), where PID is no longer a running process. A later run
/// that writes into the same folder removes them — and nothing else.
enum Leftovers {
    /// Whether a file name is one of Almanac's temporary files, and the process that wrote it.
    static func writer(of name: String) -> pid_t? {
        guard name.hasPrefix("."), let marker = name.range(of: ".tmp-", options: .backwards) else { return nil }
        var digits = name[marker.upperBound...]
        for suffix in ["-wal", "-shm", "-journal"] where digits.hasSuffix(suffix) { digits = digits.dropLast(suffix.count) }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let pid = pid_t(digits) else { return nil }
        return pid
    }

    /// Whether a process is running (or exists but is not ours).
    static func isRunning(_ pid: pid_t) -> Bool { kill(pid, 0) == 0 || errno == EPERM }

    /// Removes the leftovers in `folder` (and its subfolders, not following links, when asked);
    /// returns how many.
    @discardableResult
    static func remove(in folder: String, recursive: Bool) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return 0 }
        var removed = 0
        for name in names {
            let path = (folder as NSString).appendingPathComponent(name)
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                if recursive && !name.hasPrefix(".") { removed += remove(in: path, recursive: true) }
                continue
            }
            guard info.st_mode & S_IFMT == S_IFREG, let pid = writer(of: name), pid != getpid(), !isRunning(pid) else { continue }
            if unlink(path) == 0 { removed += 1 }
        }
        return removed
    }
}
