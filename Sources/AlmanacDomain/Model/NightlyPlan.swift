/// What a store does each night (`almanac nightly`), set once with `almanac nightly set`: where
/// its site is published, where its CSV files and workbook go, and the folder of its dated
/// backups with their retention rule. A step with no place is not run; a store that follows an
/// app is synced first whatever is set. Paths are absolute (a timer runs in another folder).
public struct NightlyPlan: Codable, Equatable, Sendable {
    /// The folder the site is published to.
    public var site: String?
    /// A folder of edited templates for the site.
    public var templates: String?
    /// The site shows the notes of entries / a journal page (private text, only when asked for).
    public var includeNotes: Bool
    public var includeJournal: Bool
    /// The folder of the CSV files.
    public var csv: String?
    /// The workbook's file.
    public var xlsx: String?
    /// The folder of the dated backups.
    public var backups: String?
    /// How many of the newest daily backups are kept, and on top of them the newest one of each
    /// of the last `keepWeekly` weeks and `keepMonthly` months that have one (0 keeps none).
    public var keep: Int
    public var keepWeekly: Int
    public var keepMonthly: Int
    /// True while the plan is a restored copy's: a store restored from a backup into a new place
    /// carries the plan of the store it came from, whose outputs that store still publishes; the
    /// copy publishes nothing until its person says so (`almanac nightly set`). Absent otherwise.
    public var held: Bool?

    public static let defaultKeep = 7, defaultKeepWeekly = 4, defaultKeepMonthly = 12
    /// The most any count of the rule may be: more than a lifetime of nights.
    public static let maxKeep = 100_000

    public init(site: String? = nil, templates: String? = nil, includeNotes: Bool = false, includeJournal: Bool = false,
                csv: String? = nil, xlsx: String? = nil, backups: String? = nil,
                keep: Int = defaultKeep, keepWeekly: Int = defaultKeepWeekly, keepMonthly: Int = defaultKeepMonthly) {
        self.site = site; self.templates = templates; self.includeNotes = includeNotes; self.includeJournal = includeJournal
        self.csv = csv; self.xlsx = xlsx; self.backups = backups
        self.keep = keep; self.keepWeekly = keepWeekly; self.keepMonthly = keepMonthly
    }

    /// Whether the plan is held (`held`).
    public var isHeld: Bool { held == true }

    /// The places the plan writes to, by step: what a held plan would publish over.
    public var places: [String] { [site, csv, xlsx, backups].compactMap { $0 } }

    /// Whether any output is set (a plan without one only syncs).
    public var hasOutputs: Bool { site != nil || csv != nil || xlsx != nil || backups != nil }

    /// Refuses a plan a night could not carry out: relative or empty paths, counts out of range,
    /// a daily count of 0 (the newest backup is always kept).
    public func checked() throws -> NightlyPlan {
        for (name, path) in [("site", site), ("templates", templates), ("csv", csv), ("xlsx", xlsx), ("backups", backups)] {
            guard let path else { continue }
            guard path.hasPrefix("/"), !path.contains("\0") else {
                throw DomainError.invalid("The nightly \(name) place \"\(path)\" is not an absolute path.")
            }
            // The root folder is every file's: no night writes, thins out or replaces there.
            guard path.contains(where: { $0 != "/" }) else {
                throw DomainError.invalid("The nightly \(name) place cannot be the root folder /; name a folder of its own.")
            }
        }
        guard (1...Self.maxKeep).contains(keep) else {
            throw DomainError.invalid("The nightly backups keep \(keep) daily ones; keep 1 to \(Self.maxKeep) (the newest is always kept).")
        }
        for (name, count) in [("weekly", keepWeekly), ("monthly", keepMonthly)] where !(0...Self.maxKeep).contains(count) {
            throw DomainError.invalid("The nightly backups keep \(count) \(name) ones; keep 0 to \(Self.maxKeep).")
        }
        return self
    }
}
