import Foundation

/// Temporary files that a killed run of Almanac left behind: `.NAME.almanac-tmp-PID` (and a
/// temporary store's `-wal`, `-shm` and `-journal`). A later run that writes into the same folder
/// removes such a file only when everything says it is Almanac's and abandoned: the name has
/// Almanac's own marker, it is a regular file owned by the user running Almanac, and process PID
/// is no longer running. Nothing else is ever removed: another program's `.draft.tmp-123` stays.
enum Leftovers {
    /// The marker in the name of every temporary file Almanac writes.
    static let marker = ".almanac-tmp-"

    /// The temporary name of a file written at `path` by this process.
    static func temporaryName(for name: String) -> String { ".\(name)\(marker)\(getpid())" }

    /// Whether a file name is one of Almanac's temporary files, and the process that wrote it.
    static func writer(of name: String) -> pid_t? {
        guard name.hasPrefix("."), let found = name.range(of: marker, options: .backwards) else { return nil }
        var digits = name[found.upperBound...]
        for suffix in ["-wal", "-shm", "-journal"] where digits.hasSuffix(suffix) { digits = digits.dropLast(suffix.count) }
        guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let pid = pid_t(digits) else { return nil }
        return pid
    }

    /// Whether a process is running (or exists but is not ours).
    static func isRunning(_ pid: pid_t) -> Bool { kill(pid, 0) == 0 || errno == EPERM }

    /// Whether the entry at `path` (its `lstat` in `info`) is an abandoned temporary file of
    /// Almanac's, of the kind `kind` (`S_IFREG` or `S_IFDIR`), written by `pid`.
    static func isAbandoned(_ info: stat, kind: mode_t, writer pid: pid_t) -> Bool {
        info.st_mode & S_IFMT == kind && info.st_uid == geteuid() && pid != getpid() && !isRunning(pid)
    }

    /// Removes the leftovers in `folder` (and its subfolders, not following links, when asked);
    /// returns how many. Only a name that is one of Almanac's temporary files is looked at (a
    /// published site has thousands of others).
    @discardableResult
    static func remove(in folder: String, recursive: Bool) -> Int {
        guard let entries = try? OutputFolder.entries(of: folder) else { return 0 }
        var removed = 0
        for entry in entries {
            let name = entry.name
            if entry.isFolder {
                if recursive && !name.hasPrefix(".") {
                    removed += remove(in: (folder as NSString).appendingPathComponent(name), recursive: true)
                }
                continue
            }
            guard let pid = writer(of: name) else { continue }
            let path = (folder as NSString).appendingPathComponent(name)
            var info = stat()
            guard lstat(path, &info) == 0, isAbandoned(info, kind: S_IFREG, writer: pid) else { continue }
            if unlink(path) == 0 { removed += 1 }
        }
        return removed
    }
}
