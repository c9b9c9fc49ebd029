import AlmanacDomain
/// Each object of the backup format, read from its fields by name (`StoredRecord.init(fields:)`).
extension BackupFields {
    /// The settings' fields (what a backup's `settings` object is read for; any other is skipped).
    static let settingsFields: Set<String> = ["timeZone", "weekStart", "storeId", "publicAddress", "nightly", "language"]

    func settings() throws -> Settings {
        Settings(timeZone: try string("timeZone"), weekStart: try choice("weekStart", Weekday.self), storeId: try optionalString("storeId"),
                 publicAddress: try optionalString("publicAddress"), nightly: try optionalObject("nightly")?.nightlyPlan(),
                 language: try optionalString("language") == nil ? .en : choice("language", Language.self))
    }

    /// `settings.nightly`: absent counts keep their defaults, absent flags are off.
    func nightlyPlan() throws -> NightlyPlan {
        var plan = NightlyPlan(site: try optionalString("site"), templates: try optionalString("templates"),
                    includeNotes: try optionalBool("includeNotes") ?? false, includeJournal: try optionalBool("includeJournal") ?? false,
                    csv: try optionalString("csv"), xlsx: try optionalString("xlsx"), backups: try optionalString("backups"),
                    keep: try optionalInteger("keep") ?? NightlyPlan.defaultKeep,
                    keepWeekly: try optionalInteger("keepWeekly") ?? NightlyPlan.defaultKeepWeekly,
                    keepMonthly: try optionalInteger("keepMonthly") ?? NightlyPlan.defaultKeepMonthly)
        plan.held = try optionalBool("held") == true ? true : nil
        return plan
    }

    func category() throws -> Category { try Category(fields: self) }
    func habit() throws -> Habit { try Habit(fields: self) }
    func goal() throws -> Goal { try Goal(fields: self) }
    func habitEntry() throws -> HabitEntry { try HabitEntry(fields: self) }
    func journalEntry() throws -> JournalEntry { try JournalEntry(fields: self) }
    func wellbeingEntry() throws -> WellbeingEntry { try WellbeingEntry(fields: self) }
    func followedSource() throws -> FollowedSource { try FollowedSource(fields: self) }
}
