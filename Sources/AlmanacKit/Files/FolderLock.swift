import Foundation

/// One writer at a time for a folder: an advisory lock (`flock`) on `.NAME.lock` beside the
/// folder — not inside it, where it would be published — or, when the parent cannot be written,
/// on the folder itself. The kernel releases it when the process ends, however it ends; readers
/// of the store are never blocked by it.
final class FolderLock {
    private let descriptor: Int32

    /// Takes the lock, waiting for another holder unless `wait` is false; then a held lock is
    /// refused with `busy`.
    init(for folder: String, wait: Bool, busy: @autoclosure () -> AlmanacError) throws {
        let url = URL(fileURLWithPath: folder)
        let lockFile = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).lock").path
        // Never through a symbolic link at the lock's path: another user's link would make the
        // report create or lock a file of the link's choosing.
        var fd = open(lockFile, O_RDWR | O_CREAT | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW, 0o644)
        if fd < 0 && errno == ELOOP {
            throw AlmanacError.cannotWrite(path: lockFile, reason: "it is a symbolic link, and Almanac takes its lock only on a file of its own")
        }
        if fd < 0 {
            // The lock file's own error is the one to report: the folder may not exist yet.
            let lockError = errno
            fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if fd < 0 {
                errno = lockError
                throw AlmanacError.system(lockFile)
            }
        }
        descriptor = fd
        while flock(fd, LOCK_EX | (wait ? 0 : LOCK_NB)) != 0 {
            let code = errno
            if code == EINTR { continue }
            close(fd)
            if code == EWOULDBLOCK { throw busy() }
            errno = code
            throw AlmanacError.system(lockFile)
        }
    }

    deinit { close(descriptor) }
}
