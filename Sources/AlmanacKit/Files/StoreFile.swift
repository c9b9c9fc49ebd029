import AlmanacDomain
import AlmanacSQLite
import Foundation

/// Replacing a store file as a whole: the new store is built beside it and renamed over it, so
/// a reader sees the old store or the new one, never a half-built one.
enum StoreFile {
    /// Builds a store at a temporary path with `build` (which gets the new store, bulk-loading,
    /// and returns what it made), then moves it to `path`.
    static func replace<T>(_ path: String, settings: Settings, build: (SQLiteStore) throws -> T) throws -> T {
        let temporary = AtomicFile.temporaryPath(for: path)
        Leftovers.remove(in: URL(fileURLWithPath: path).deletingLastPathComponent().path, recursive: false)
        do {
            let fresh = try SQLiteStore.open(path: temporary, mode: .createIfMissing(settings))
            try fresh.beginBulkLoad()
            let result = try build(fresh)
            try fresh.endBulkLoad()
            try fresh.close()
            for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            try AtomicFile.moveIntoPlace(temporary, path)
            return result
        } catch {
            remove(temporary)
            throw error
        }
    }

    /// Copies `store` to a new file named after `base` (`BASE.sqlite`, else `BASE-2.sqlite`, …:
    /// never over an existing file) as a complete, checked copy (the undo of a replace): the copy
    /// is written under a temporary name, opened, checked (integrity and the row count of every
    /// table), and only then put in place. A full disk or a kill leaves no file. Returns its path.
    static func copy(_ store: SQLiteStore, toNewFileNamed base: String) throws -> String {
        let temporary = AtomicFile.temporaryPath(for: base + ".sqlite")
        remove(temporary)
        do {
            try store.copy(to: temporary)
            let copy = try SQLiteStore.open(path: temporary)
            let matches = try copy.isIntact() && copy.rowCounts() == store.rowCounts()
            try copy.close()
            guard matches else { throw AlmanacError.cannotWrite(path: base + ".sqlite", reason: "the copy does not match the store") }
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
