import CLinux
import Foundation

/// Swapping two folders in one step: Linux's `renameat2(…, RENAME_EXCHANGE)` (through the
/// `CLinux` shim: Swift's Glibc module does not declare it). After the call each path names the
/// other's folder; a crash sees one state or the other, never a mix.
enum FolderExchange {
    /// Puts everything written to the file system that holds `folder` on disk: one `syncfs`
    /// instead of an `fsync` per file (a site has over a thousand).
    static func flushFileSystem(of folder: String) throws {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw AlmanacError.system(folder) }
        defer { close(fd) }
        guard almanac_syncfs(fd) == 0 else { throw AlmanacError.system(folder) }
    }

    /// Exchanges `a` and `b` (both must exist, on one file system). Returns false when the
    /// system or the file system cannot (`ENOSYS`, `EINVAL`, `EXDEV`, `EBUSY` for a mount point):
    /// the caller falls back. Throws for any other failure.
    static func exchange(_ a: String, _ b: String) throws -> Bool {
        if almanac_exchange(a, b) == 0 { return true }
        switch errno {
        case EINVAL, ENOSYS, EXDEV, EBUSY, ENOTSUP: return false
        default: throw AlmanacError.system(b)
        }
    }
}
