import AlmanacDomain
import AlmanacStorage

/// `copy --from STORE --to STORE`: a whole store into a new or empty one, between any two
/// backends (an SQLite file, a PostgreSQL schema). The source is read in one snapshot; the
/// destination is written in one transaction (a new file is built beside its path and renamed),
/// so it holds all of the copy or none of it. Lossless: a backup of either gives the same bytes.
public struct StoreCopy {
    public struct Outcome: Sendable {
        public var counts: [BackupFormat.Section: Int]
        /// The destination did not exist and was created.
        public var created: Bool
    }

    public let from: StoreLocation
    public let to: StoreLocation

    public init(from: StoreLocation, to: StoreLocation) { self.from = from; self.to = to }

    public func run() throws -> Outcome {
        guard from.path != to.path else {
            throw AlmanacError.sameStore(from.path)
        }
        let source = try from.open()
        defer { try? source.close() }
        let contents = try source.reading { reading in try StoreContents(reading: reading) }
        let counts = Dictionary(uniqueKeysWithValues: BackupFormat.Section.allCases.map { ($0, contents.ids(of: $0).count) })
        if let target = try to.openIfPresent() {
            defer { try? target.close() }
            let held = try target.rowCounts()
            guard held.values.allSatisfy({ $0 == 0 }) else {
                throw AlmanacError.refused("\(to.path) already holds \(held[.habits] ?? 0) habits and \(held[.habitEntries] ?? 0) habit entries; copy writes only into a new or empty store (to merge, restore a backup).")
            }
            _ = try target.restore(contents, mode: .replace, dryRun: false)
            return Outcome(counts: counts, created: false)
        }
        _ = try to.buildNew(settings: contents.settings) { fresh in try fresh.restore(contents, mode: .replace, dryRun: false) }
        return Outcome(counts: counts, created: true)
    }
}
