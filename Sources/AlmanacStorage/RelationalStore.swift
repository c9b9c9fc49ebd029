import Foundation
import AlmanacDomain

/// The store's semantics (docs/STORE.md), written once over an `SQLBackend`: upsert per habit and
/// day with soft-deleted history, the cap on active habits, skips, unlog, names that must be free,
/// restore and import in one transaction. `SQLiteStore` and `PostgresStore` are this class over
/// their backend; what only one database can do (a file copy, a schema) lives in their modules.
///
/// Every method that changes something is one write transaction (serialised with every other
/// writer of the store by the backend) and takes the current instant explicitly.
public final class RelationalStore<Backend: SQLBackend>: AlmanacStore {
    public let backend: Backend

    public var location: String { backend.location }

    public init(backend: Backend) { self.backend = backend }

    public func close() throws { try backend.close() }

    func read<T>(_ body: (any SQLSession) throws -> T) throws -> T { try backend.read(body) }

    func write<T>(_ body: (any SQLSession) throws -> T) throws -> T { try backend.write(rollBack: false, body) }

    // MARK: - Settings

    /// Changes the settings. Day keys already written stay as they were: they are truth.
    public func updateSettings(_ settings: Settings) throws {
        _ = try StoreCalendar(settings: settings)
        try write { db in try Self.save(settings, db) }
    }

    static func settings(_ db: any SQLSession, location: String) throws -> Settings {
        try RelationalStoreSettings.read(db, location: location)
    }

    /// Writes the one row of settings. Settings without a store id keep the store's (a new store
    /// gets a new one).
    public static func save(_ settings: Settings, _ db: any SQLSession) throws {
        let storeId = try settings.storeId ?? db.strings("SELECT storeId FROM settings WHERE \(db.scope.rows) AND storeId IS NOT NULL").first
            ?? UUID().uuidString.lowercased()
        let values: [SQLValue] = [.text(settings.timeZone), .text(settings.weekStart.rawValue), .text(storeId), SQLValue(settings.publicAddress),
                                  SQLValue(settings.nightly?.json), .text(settings.language.rawValue)]
        // The one row is changed where it is (in the shared layout a person may update, not delete).
        let changed = try db.execute("UPDATE settings SET timeZone = ?, weekStart = ?, storeId = ?, publicAddress = ?, nightly = ?, language = ? WHERE \(db.scope.rows)", values)
        guard changed == 0 else { return }
        let store = db.scope.insertedColumn
        try db.execute("INSERT INTO settings (\(store.column)id, timeZone, weekStart, storeId, publicAddress, nightly, language) VALUES (\(store.value)1, ?, ?, ?, ?, ?, ?)", values)
    }

    public func rowCounts() throws -> [BackupFormat.Section: Int] {
        try read { db in
            var counts: [BackupFormat.Section: Int] = [:]
            for section in BackupFormat.Section.allCases {
                counts[section] = try db.count("SELECT COUNT(*) FROM \(StoreTable.name(of: section)) WHERE \(db.scope.rows)")
            }
            return counts
        }
    }
}

/// The settings row, for readers that are not generic over a backend.
enum RelationalStoreSettings {
    static func read(_ db: any SQLSession, location: String) throws -> Settings {
        var found: Settings?
        var unreadable = false
        var unreadablePlan = false
        try db.forEachRow("SELECT timeZone, weekStart, storeId, publicAddress, nightly, language FROM settings WHERE \(db.scope.rows)", []) { row in
            guard let weekStart = Weekday(rawValue: row.string(1)),
                  let language = row.isNull(5) ? .en : Language(rawValue: row.string(5)) else { unreadable = true; return }
            let plan = row.isNull(4) ? nil : NightlyPlan(json: row.string(4))
            unreadablePlan = !row.isNull(4) && plan == nil
            found = Settings(timeZone: row.string(0), weekStart: weekStart, storeId: row.isNull(2) ? nil : row.string(2),
                             publicAddress: row.isNull(3) ? nil : row.string(3), nightly: plan, language: language)
        }
        if unreadable { throw StoreError.database("the settings have an unreadable week start or language") }
        if unreadablePlan { throw StoreError.database("the settings have an unreadable nightly plan") }
        guard let found else { throw StoreError.noSettings(path: location) }
        return found
    }
}

extension NightlyPlan {
    /// The plan as the settings row and a backup hold it: compact JSON with its keys sorted, so
    /// the same plan is always the same text.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // A struct of strings, numbers and flags always encodes.
        return String(decoding: try! encoder.encode(self), as: UTF8.self)
    }

    /// The plan read back from `json`; nil when the text is not one.
    init?(json: String) {
        guard let plan = try? JSONDecoder().decode(NightlyPlan.self, from: Data(json.utf8)) else { return nil }
        self = plan
    }
}
