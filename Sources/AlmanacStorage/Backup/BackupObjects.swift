import AlmanacDomain
/// Each object of the backup format (SPEC section 2), read from its fields.
extension BackupFields {
    func settings() throws -> Settings {
        Settings(timeZone: try string("timeZone"), weekStart: try choice("weekStart", Weekday.self))
    }

    func category() throws -> Category {
        Category(id: try id("id"), name: try string("name"), createdAt: try timestamp("createdAt"),
                 updatedAt: try timestamp("updatedAt"))
    }

    func habit() throws -> Habit {
        Habit(id: try id("id"), name: try string("name"), emoji: try string("emoji"), unit: try choice("unit", HabitUnit.self),
              unitLabel: try string("unitLabel"), target: try number("target"), direction: try choice("direction", Direction.self),
              baseline: try optionalNumber("baseline"), frequency: try frequency("frequency"), color: try string("color"), categoryId: try optionalID("categoryId"),
              weight: try number("weight"), sortOrder: try integer("sortOrder"), createdAt: try timestamp("createdAt"),
              updatedAt: try timestamp("updatedAt"), archivedAt: try optionalTimestamp("archivedAt"))
    }

    func goal() throws -> Goal {
        Goal(id: try id("id"), name: try string("name"), habitIds: try ids("habitIds"), targetDate: try optionalDay("targetDate"),
             createdAt: try timestamp("createdAt"), updatedAt: try timestamp("updatedAt"))
    }

    func habitEntry() throws -> HabitEntry {
        HabitEntry(id: try id("id"), habitId: try id("habitId"), dayKey: try day("dayKey"), timestampUtc: try timestamp("timestampUtc"),
                   kind: try choice("kind", EntryKind.self), value: try number("value"), note: try optionalString("note"),
                   createdAt: try timestamp("createdAt"), deletedAt: try optionalTimestamp("deletedAt"))
    }

    func journalEntry() throws -> JournalEntry {
        JournalEntry(id: try id("id"), dayKey: try day("dayKey"), timestampUtc: try timestamp("timestampUtc"),
                     title: try string("title"), body: try string("body"), createdAt: try timestamp("createdAt"),
                     deletedAt: try optionalTimestamp("deletedAt"))
    }

    func wellbeingEntry() throws -> WellbeingEntry {
        WellbeingEntry(id: try id("id"), dayKey: try day("dayKey"), timestampUtc: try timestamp("timestampUtc"),
                       metric: try string("metric"), value: try number("value"), scaleMax: try number("scaleMax"),
                       habitId: try optionalID("habitId"), note: try optionalString("note"), createdAt: try timestamp("createdAt"),
                       deletedAt: try optionalTimestamp("deletedAt"))
    }
}
