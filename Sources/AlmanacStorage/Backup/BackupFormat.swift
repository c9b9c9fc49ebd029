import AlmanacDomain
/// The backup format `almanac-backup`: its name, its version and the fields of every object in
/// their frozen order — the one definition that the reader (`BackupDocument`) and the writer
/// share. Field names are the model's names, the same as the store's columns, so any store
/// backend can produce the same bytes. Changing a field is a new version with a migration on read.
public enum BackupFormat {
    public static let name = "almanac-backup"

    /// The version this build writes, and the newest it reads. Version 2 added `habits[].baseline`
    /// (and the `perDays` frequency); a version-1 backup reads with no baselines. Version 3 added the
    /// followed sources (`sources`, `habits[].sourceId`, `habits[].sourceKey`); an earlier backup
    /// reads with none. Version 4 added the store's identity (`settings.storeId`); an earlier
    /// backup restores into a store that keeps its own. Version 5 added where a public site is
    /// published (`settings.publicAddress`); an earlier backup restores a private site. Version 6
    /// added what the store does each night (`settings.nightly`) and each habit's slug, the name of
    /// its files (`habits[].slug`), and the aliases people type for it (`habits[].aliases`); an
    /// earlier backup has no plan, no aliases, and its habits get slugs from their names when
    /// restored. Version 7 added the language of the store's site (`settings.language`, absent
    /// for English); an earlier backup restores an English site. Version 8 added whether an
    /// at-most habit's day with nothing logged counts as none (`habits[].unloggedMeansNone`, 0 or
    /// 1); in an earlier backup every at-most habit counts it so, as Almanac did then. Version 9
    /// added what a habit is about (`habits[].description`), empty in an earlier backup.
    public static let version = 9

    /// How a field's value is written.
    public enum Kind: Sendable {
        /// A JSON string (ids, day keys, timestamps, names, enumerations).
        case text
        /// A JSON number without a trailing `.0`.
        case number
        /// A whole JSON number.
        case integer
        /// A frequency object (`{"type":"perWeek","times":3}`).
        case frequency
        /// An array of ids.
        case idList
    }

    public struct Field: Sendable, Equatable {
        public let name: String
        public let kind: Kind
    }

    /// The arrays of a backup, in the order they are written.
    public enum Section: String, CaseIterable, Sendable {
        case categories, habits, goals, habitEntries, journalEntries, wellbeingEntries, sources

        /// The array's key in the backup.
        public var key: String { rawValue }

        /// The fields of one object, in the order they are written: its record's fields
        /// (`StoredRecord.fields`), the one list of them.
        public var fields: [Field] {
            switch self {
            case .categories: return AlmanacDomain.Category.fields.map(\.format)
            case .habits: return Habit.fields.map(\.format)
            case .goals: return Goal.fields.map(\.format)
            case .habitEntries: return HabitEntry.fields.map(\.format)
            case .journalEntries: return JournalEntry.fields.map(\.format)
            case .wellbeingEntries: return WellbeingEntry.fields.map(\.format)
            case .sources: return FollowedSource.fields.map(\.format)
            }
        }

        /// The first format version that has this array.
        public var since: Int { self == .sources ? 3 : 1 }

        /// The fields the objects are sorted by (ties broken by the last, `id`): entries by habit
        /// and time, journal and wellbeing by time, the rest by id.
        public var order: [String] {
            switch self {
            case .habitEntries: return ["habitId", "dayKey", "timestampUtc", "id"]
            case .journalEntries, .wellbeingEntries: return ["dayKey", "timestampUtc", "id"]
            default: return ["id"]
            }
        }
    }
}
