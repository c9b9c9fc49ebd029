import Foundation

/// Replacing a store file as a whole: the new store is built beside it and renamed over it, so
/// a reader sees the old store or the new one, never a half-built one. The file's kind of store
/// builds and checks the file; this is what is done with it (`StoreKind`).
public enum StoreFile {
    /// Builds a store file at a temporary path beside `path` with `build` (which gets that path
    /// and returns what it made, the store closed), then moves it to `path`. A failure or a kill
    /// leaves no file.
    public static func replace<T>(_ path: String, build: (String) throws -> T) throws -> T {
        let temporary = AtomicFile.temporaryPath(for: path)
        Leftovers.remove(in: URL(fileURLWithPath: path).deletingLastPathComponent().path, recursive: false)
        do {
            let result = try build(temporary)
            for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            try AtomicFile.moveIntoPlace(temporary, path)
            return result
        } catch {
            remove(temporary)
            throw error
        }
    }

    /// A complete, checked copy of a store in a new file named after `base` (`BASE.sqlite`, else
    /// `BASE-2.sqlite`, …: never over an existing file), as the undo of a replace: `write` writes
    /// the copy to a temporary path and checks it (throwing when it does not match), and only then
    /// is it put in place. A full disk or a kill leaves no file. Returns its path.
    public static func copy(toNewFileNamed base: String, write: (String) throws -> Void) throws -> String {
        let temporary = AtomicFile.temporaryPath(for: base + ".sqlite")
        remove(temporary)
        do {
            try write(temporary)
            for path in freeNames(base, extension: "sqlite") where try AtomicFile.placeNew(temporary, path) {
                remove(temporary)
                return path
            }
            throw AlmanacError.cannotWrite(path: base + ".sqlite", reason: "every name for the copy is taken")
        } catch {
            remove(temporary)
            throw error
        }
    }

    /// The names a new file of `base` may take, in order: `BASE.EXT`, `BASE-2.EXT`, … `BASE-99.EXT`.
    static func freeNames(_ base: String, extension ext: String) -> [String] {
        ["\(base).\(ext)"] + (2...99).map { "\(base)-\($0).\(ext)" }
    }

    private static func remove(_ base: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: base + suffix) }
    }
}
