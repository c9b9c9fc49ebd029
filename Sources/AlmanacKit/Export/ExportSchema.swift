import AlmanacDomain
import AlmanacWords
import Foundation

/// The columns of every exported table — name, type and what it means — the one list from which
/// the CSV files' headers, their `datapackage.json` (a Frictionless tabular data package) and the
/// workbook's About sheet are made (docs/FORMATS.md). The names are frozen: changing them is a
/// format change.
enum ExportSchema {
    /// A column: its name, its Table Schema type, and what it holds (with its unit).
    struct Column: Encodable {
        let name: String
        let type: String
        let description: String
        var format: String?

        init(_ name: String, _ type: String, _ description: String) {
            self.name = name; self.type = type; self.description = description
            // Instants are ISO 8601 with milliseconds ("2026-11-20T08:00:00.000Z").
            if type == "datetime" { format = "any" }
        }
    }

    /// A file: its name, what each row is, its columns and keys.
    struct Table {
        let file: String
        let title: String
        let columns: [Column]
        let primaryKey: [String]
        /// Columns that name a habit of `habits.csv` (a table whose rows can name deleted habits has none).
        var habitKey: String?

        var header: [String] { columns.map(\.name) }
    }

    static let unitWords = HabitUnit.words
    static let doneWords = "whether the day met the habit's target (for an at-most habit: stayed within its limit)"

    static let habits = Table(file: "habits.csv", title: "One row per habit, active and archived", columns: [
        Column("id", "string", "The habit's id."), Column("name", "string", "Its name."),
    ] + HabitDefinition.fields.compactMap(\.export).map { Column($0.column, $0.type, $0.description) } + [
        Column("created_at", "datetime", "When it was created (UTC)."), Column("archived_at", "datetime", "When it was archived (UTC), or empty."),
        Column("current_streak", "integer", "Due periods done in a row, through the as-of day (days, or weeks/months for per-period habits)."),
        Column("best_streak", "integer", "The longest such run."),
        Column("rate_7d", "number", "Done of due over the last 7 days, a fraction from 0 to 1 (empty when nothing was due)."),
        Column("rate_30d", "number", "The same over the last 30 days."), Column("rate_365d", "number", "The same over the last 365 days."),
        Column("score", "number", "The strength score (Loop Habit Tracker's), a fraction from 0 to 1."),
        Column("total_checkins", "integer", "Check entries, all time."),
        Column("total_value", "number", "The sum of every check's value, in the habit's unit."),
        Column("rate_recent", "number", "Done of due over rate_recent_window, a fraction from 0 to 1."),
        Column("rate_recent_window", "string", "30 days, 4 weeks or 3 months, as the habit's frequency counts."),
    ], primaryKey: ["id"])

    static let entries = Table(file: "entries.csv", title: "One row per live entry, by date, habit and time", columns: [
        Column("date", "date", "The day the entry counts for (in the store's time zone)."),
        Column("habit_id", "string", "The habit's id (a deleted habit's entries keep it, with the habit's other columns empty)."),
        Column("habit_name", "string", "The habit's name."), Column("kind", "string", "check (a value logged) or skip (the day excused)."),
        Column("value", "number", "The value logged, in the habit's unit (1 for done; minutes for a duration); 0 for a skip."),
        Column("unit", "string", "The habit's unit: \(unitWords)."), Column("target", "number", "The habit's daily target."),
        Column("note", "string", "The entry's note, or empty."), Column("timestamp_utc", "datetime", "When it was logged (UTC)."),
        Column("entry_id", "string", "The entry's id."),
    ], primaryKey: ["entry_id"])

    static let days = Table(file: "days.csv", title: "One row per habit and day with a live entry", columns: [
        Column("date", "date", "The day."), Column("habit_id", "string", "The habit's id."), Column("habit_name", "string", "The habit's name."),
        Column("value", "number", "The day's value, the sum of its checks in the habit's unit (empty on a day only skipped)."),
        Column("unit", "string", "The habit's unit: \(unitWords)."), Column("target", "number", "The habit's daily target."),
        Column("direction", "string", "at-least or at-most."),
        Column("done", "boolean", "true when the day met the target, false otherwise (\(doneWords)); empty on a day only skipped."),
        Column("skipped", "boolean", "true when the day was excused: neither done nor missed."),
    ], primaryKey: ["date", "habit_id"], habitKey: "habit_id")

    static let weeks = Table(file: "weeks.csv", title: "One row per habit and week (by the store's week start), from its first", columns: [
        Column("week_start", "date", "The week's first day."), Column("iso_week", "string", "The ISO week of its Thursday (2026-W47)."),
    ] + periodColumns("week"), primaryKey: ["week_start", "habit_id"], habitKey: "habit_id")

    static let months = Table(file: "months.csv", title: "One row per habit and calendar month, from its first", columns: [
        Column("month", "yearmonth", "The month (2026-11)."),
    ] + periodColumns("month"), primaryKey: ["month", "habit_id"], habitKey: "habit_id")

    /// The columns weeks.csv and months.csv share after their period's own: a habit's figures of
    /// one week or month.
    private static func periodColumns(_ period: String) -> [Column] {
        [Column("habit_id", "string", "The habit's id."), Column("habit_name", "string", "The habit's name."),
         Column("unit", "string", "The habit's unit: \(unitWords)."), Column("days_done", "integer", "Days that met the target."),
         Column("done", "integer", "Due days done (for a per-week or per-month habit, times)."),
         Column("due", "integer", "Due days (for a per-week or per-month habit, times)."),
         Column("rate", "number", "done ÷ due, a fraction from 0 to 1 (empty when nothing was due)."),
         Column("value", "number", "The sum of the days' values, in the habit's unit."),
         Column("in_progress", "boolean", "true for the \(period) of the as-of day."),
         Column("pending_done", "integer", "For a per-week, per-month or per-days habit whose own period holding the as-of day is not over and not met yet: its times done so far, left out of done and due until it is met (0 otherwise)."),
         Column("pending_due", "integer", "What that period owes, left out of due until it is met (0 otherwise).")]
    }

    static let journal = Table(file: "journal.csv", title: "One row per journal entry", columns: [
        Column("date", "date", "The entry's day."), Column("timestamp_utc", "datetime", "When it was written (UTC)."),
        Column("title", "string", "Its title, or empty."), Column("body", "string", "Its text."), Column("id", "string", "The entry's id."),
    ], primaryKey: ["id"])

    static let wellbeing = Table(file: "wellbeing.csv", title: "One row per wellbeing rating", columns: [
        Column("date", "date", "The rating's day."), Column("timestamp_utc", "datetime", "When it was given (UTC)."),
        Column("metric", "string", "What was rated (mood, energy, difficulty …)."), Column("value", "number", "The rating."),
        Column("scale_max", "number", "The top of its scale (the scale runs from 1)."),
        Column("habit_id", "string", "For a habit's difficulty, the habit's id (it may have been deleted since); else empty."),
        Column("note", "string", "Its note, or empty."), Column("id", "string", "The rating's id."),
    ], primaryKey: ["id"])

    /// The columns of a sheet whose header differs from its file's (the Days sheet's units in its
    /// habits' headers, the Wellbeing sheet's `habit_name`), in the sheet's order.
    static func withSheetColumns(_ table: Table, _ header: [String]) -> [Column] {
        let habitName = Column("habit_name", "string", "The rated habit's name (empty for a deleted habit).")
        return header.enumerated().map { index, name in
            table.columns.first { $0.name == name } ?? (name == "habit_name" ? habitName : table.columns[min(index, table.columns.count - 1)])
        }
    }

    /// What a habit's column of daily.csv holds: "in glasses", "in minutes", "1 when done".
    static func unitName(_ habit: Habit) -> String {
        switch habit.unit {
        case .boolean: return "1 when done"
        case .count: return "in " + (habit.unitLabel.isEmpty ? "counts" : habit.unitLabel)
        case .duration: return "in minutes"
        }
    }

    /// daily.csv: a column per habit with history, headed by its name.
    static func daily(_ habits: [(name: String, unit: String)]) -> Table {
        Table(file: "daily.csv", title: "One row per day from the first entry, a column per habit", columns:
              [Column("date", "date", "The day.")]
              + habits.map { Column($0.name, "number", "The day's value of \($0.name), \($0.unit) (empty when nothing was logged).") }
              + [Column("skipped", "string", "The habits excused that day, separated by \"; \"."),
                 Column("weighted_score", "number", "The day's weighted score of the habits due, from 0 to 1 (empty when nothing was due).")],
              primaryKey: ["date"])
    }

    /// `datapackage.json` for the CSV files: a Frictionless tabular data package (frictionlessdata.io,
    /// Data Package v1) with every file's fields, keys and dialect. The same store and day give the
    /// same bytes.
    static func dataPackage(_ tables: [Table], asOf: String, byteOrderMark: Bool) -> [UInt8] {
        struct Dialect: Encodable { let delimiter = ",", quoteChar = "\"", doubleQuote = true, lineTerminator = "\r\n", header = true }
        struct Reference: Encodable { let resource = "habits", fields = "id" }
        struct ForeignKey: Encodable { let fields: String, reference = Reference() }
        struct Schema: Encodable {
            let fields: [Column]
            let primaryKey: [String]
            let foreignKeys: [ForeignKey]?
            let missingValues = [""]
        }
        struct Resource: Encodable {
            let name, path, title: String
            let profile = "tabular-data-resource", format = "csv", mediatype = "text/csv"
            let encoding: String
            let dialect = Dialect()
            let schema: Schema
        }
        struct Package: Encodable {
            let profile = "tabular-data-package", name = "almanac-export"
            let title: String
            let resources: [Resource]
        }
        let package = Package(title: "Habits exported by Almanac, as of \(asOf)", resources: tables.map { table in
            Resource(name: String(table.file.dropLast(4)), path: table.file, title: table.title, encoding: byteOrderMark ? "utf-8-sig" : "utf-8",
                     schema: Schema(fields: table.columns, primaryKey: table.primaryKey,
                                    foreignKeys: table.habitKey.map { [ForeignKey(fields: $0)] }))
        })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Strings and numbers always encode.
        return Array(try! encoder.encode(package)) + [UInt8(ascii: "\n")]
    }
}
