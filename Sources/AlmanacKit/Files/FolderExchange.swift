import Foundation

/// Swapping two folders in one step: Linux's `renameat2(…, RENAME_EXCHANGE)` (looked up at run
/// time: Swift's Glibc module does not declare it). After the call each path names the other's
/// folder; a crash sees one state or the other, never a mix.
enum FolderExchange {
    // The C functions' types, for `dlsym`'s untyped symbols (the one way to call them from Swift here).
    private typealias Renameat2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    private static let renameExchange: UInt32 = 2

    private static let renameat2: Renameat2? = {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: Renameat2.self)
    }()

    private typealias Syncfs = @convention(c) (Int32) -> Int32

    private static let syncfs: Syncfs? = {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "syncfs") else { return nil }
        return unsafeBitCast(symbol, to: Syncfs.self)
    }()

    /// Puts everything written to the file system that holds `folder` on disk: one `syncfs`
    /// instead of an `fsync` per file (a site has over a thousand). Falls back to `sync()`.
    static func flushFileSystem(of folder: String) throws {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw AlmanacError.system(folder) }
        defer { close(fd) }
        if let syncfs {
            guard syncfs(fd) == 0 else { throw AlmanacError.system(folder) }
        } else {
            sync()
        }
    }

    /// Exchanges `a` and `b` (both must exist, on one file system). Returns false when the
    /// system or the file system cannot (no `renameat2`, `EINVAL`, `EXDEV`, `EBUSY` for a mount
    /// point): the caller falls back. Throws for any other failure.
    static func exchange(_ a: String, _ b: String) throws -> Bool {
        guard let renameat2 else { return false }
        if renameat2(AT_FDCWD, a, AT_FDCWD, b, renameExchange) == 0 { return true }
        switch errno {
        case EINVAL, ENOSYS, EXDEV, EBUSY, ENOTSUP: return false
        default: throw AlmanacError.system(b)
        }
    }
}
