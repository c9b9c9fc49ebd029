import Foundation
import AlmanacDomain
import GRDB

// The store keeps every value in the text form of the backup format, so a row reads the same in
// `sqlite3`, in the CSV and in the JSON backup: lowercase UUIDs, `YYYY-MM-DD` day keys and
// ISO 8601 UTC timestamps with milliseconds (which sort as text in time order).

extension EntityID: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { description.databaseValue }
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> EntityID? {
        String.fromDatabaseValue(dbValue).flatMap(EntityID.init)
    }
}

extension DayKey: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { description.databaseValue }
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> DayKey? {
        String.fromDatabaseValue(dbValue).flatMap { DayKey($0) }
    }
}

extension Timestamp: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { description.databaseValue }
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Timestamp? {
        String.fromDatabaseValue(dbValue).flatMap { Timestamp(iso8601: $0) }
    }
}

extension Weekday: DatabaseValueConvertible {}
extension HabitUnit: DatabaseValueConvertible {}
extension Direction: DatabaseValueConvertible {}
extension EntryKind: DatabaseValueConvertible {}

extension Frequency: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { json.databaseValue }
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Frequency? {
        guard let text = String.fromDatabaseValue(dbValue) else { return nil }
        return try? Frequency(json: text)
    }
}
