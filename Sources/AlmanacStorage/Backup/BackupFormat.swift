import AlmanacDomain
/// The backup format `almanac-backup`: its name, its version and the fields of every object in
/// their frozen order — the one definition that the reader (`BackupDocument`) and the writer
/// share. Field names are the domain's JSON names (SPEC section 2), so any store backend can
/// produce the same bytes. Changing a field is a new version with a migration on read.
public enum BackupFormat {
    public static let name = "almanac-backup"
    /// The version this build writes, and the newest it reads. Version 2 added `habits[].baseline`
    /// (and the `perDays` frequency); a version-1 backup reads with no baselines.
    public static let version = 2

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
        case categories, habits, goals, habitEntries, journalEntries, wellbeingEntries

        /// The array's key in the backup.
        public var key: String { rawValue }

        /// The fields of one object, in the order they are written.
        public var fields: [Field] {
            switch self {
            case .categories: return texts("id", "name", "createdAt", "updatedAt")
            case .habits:
                return texts("id", "name", "emoji", "unit", "unitLabel") + [Field(name: "target", kind: .number)]
                    + texts("direction") + [Field(name: "baseline", kind: .number), Field(name: "frequency", kind: .frequency)] + texts("color", "categoryId")
                    + [Field(name: "weight", kind: .number), Field(name: "sortOrder", kind: .integer)]
                    + texts("createdAt", "updatedAt", "archivedAt")
            case .goals:
                return texts("id", "name") + [Field(name: "habitIds", kind: .idList)] + texts("targetDate", "createdAt", "updatedAt")
            case .habitEntries:
                return texts("id", "habitId", "dayKey", "timestampUtc", "kind") + [Field(name: "value", kind: .number)]
                    + texts("note", "createdAt", "deletedAt")
            case .journalEntries: return texts("id", "dayKey", "timestampUtc", "title", "body", "createdAt", "deletedAt")
            case .wellbeingEntries:
                return texts("id", "dayKey", "timestampUtc", "metric") + [Field(name: "value", kind: .number),
                    Field(name: "scaleMax", kind: .number)] + texts("habitId", "note", "createdAt", "deletedAt")
            }
        }

        /// The fields the objects are sorted by (ties broken by the last, `id`): entries by habit
        /// and time, journal and wellbeing by time, the rest by id.
        public var order: [String] {
            switch self {
            case .habitEntries: return ["habitId", "dayKey", "timestampUtc", "id"]
            case .journalEntries, .wellbeingEntries: return ["dayKey", "timestampUtc", "id"]
            default: return ["id"]
            }
        }

        private func texts(_ names: String...) -> [Field] { names.map { Field(name: $0, kind: .text) } }
    }
}
