import AlmanacDomain
import AlmanacKit
import AlmanacSQLite
import AlmanacStorage
import Foundation

/// Stores that are SQLite files: every location that is not another kind's.
public struct SQLiteFiles: StoreKind {
    public init() {}

    public func takes(_ location: String) -> Bool { true }

    public func displayName(of location: String) throws -> String { location }

    public func open(_ location: String) throws -> any AlmanacStore { try SQLiteStore.open(path: location, mode: .existing) }

    public func openIfPresent(_ location: String) throws -> (any AlmanacStore)? {
        FileManager.default.fileExists(atPath: location) ? try open(location) : nil
    }

    public func create(_ location: String, settings: Settings) throws -> any AlmanacStore {
        try SQLiteStore.open(path: location, mode: .createIfMissing(settings))
    }

    /// The file is built beside its path, loaded in bulk, and renamed into place.
    public func buildNew<T>(_ location: String, settings: Settings, _ fill: (any AlmanacStore) throws -> T) throws -> T {
        try build(location, settings: settings, fill)
    }

    public func replaceWhole(_ location: String, with contents: StoreContents) throws {
        try build(location, settings: contents.settings) { fresh in try fresh.insert(contents) }
    }

    private func build<T>(_ location: String, settings: Settings, _ fill: (SQLiteStore) throws -> T) throws -> T {
        try StoreFile.replace(location) { temporary in
            let fresh = try SQLiteStore.open(path: temporary, mode: .createIfMissing(settings))
            try fresh.beginBulkLoad()
            let result = try fill(fresh)
            try fresh.endBulkLoad()
            try fresh.close()
            return result
        }
    }

    /// A checked copy of the file beside it (`BASE.before-restore-STAMP.sqlite`).
    public func saveBeforeReplace(_ store: any AlmanacStore, location: String, stamp: String, clock: Clock) throws -> String {
        guard let file = store as? SQLiteStore else { throw AlmanacError.refused("\(location) is not an SQLite store.") }
        return try StoreFile.copy(toNewFileNamed: "\(location).before-restore-\(stamp)") { temporary in
            try file.copy(to: temporary)
            let copy = try SQLiteStore.open(path: temporary)
            let matches = try copy.isIntact() && copy.rowCounts() == file.rowCounts()
            try copy.close()
            guard matches else { throw AlmanacError.cannotWrite(path: location, reason: "the copy does not match the store") }
        }
    }
}
