/// The rules of journal entries and wellbeing ratings, one function a field: the store applies
/// them to what it is given, a restore to every object of a backup (naming the field's path).
public enum NoteRules {
    /// A journal entry as it may be stored: its title trimmed.
    public static func checked(_ entry: JournalEntry) throws -> JournalEntry {
        var entry = entry
        entry.title = try checkedTitle(entry.title)
        try checkBody(entry.body)
        return entry
    }

    /// A rating as it may be stored: its metric trimmed and in lower case.
    public static func checked(_ entry: WellbeingEntry) throws -> WellbeingEntry {
        var entry = entry
        entry.metric = try checkedMetric(entry.metric)
        if let note = entry.note { try checkNote(note) }
        try checkScale(entry.scaleMax)
        try checkRating(entry.value, scale: entry.scaleMax, metric: entry.metric)
        return entry
    }

    /// A title follows the rules of a name.
    public static func checkedTitle(_ title: String) throws -> String { try HabitRules.checkedName(title, kind: "journal title") }

    public static func checkBody(_ body: String) throws { try HabitRules.checkText(body, field: "A journal entry's text") }

    /// A metric (mood, sleep, difficulty) follows the rules of a name, in lower case.
    public static func checkedMetric(_ metric: String) throws -> String { try HabitRules.checkedName(metric, kind: "metric").lowercased() }

    public static func checkNote(_ note: String) throws { try HabitRules.checkText(note, field: "A note") }

    /// A scale's maximum is a number above 0, at most a billion.
    public static func checkScale(_ scale: Double) throws {
        guard scale.isFinite, scale > 0, scale <= HabitRules.maxValue else {
            throw DomainError.invalid("The scale must be a number greater than 0 and at most a billion, not \(NumberText.plain(scale)).")
        }
    }

    /// A rating is from 0 to its scale's maximum.
    public static func checkRating(_ value: Double, scale: Double, metric: String) throws {
        guard value.isFinite, value >= 0, value <= scale else {
            throw DomainError.invalid("\("aeiouAEIOU".contains(metric.first ?? "x") ? "An" : "A") \(metric) rating must be between 0 and \(NumberText.plain(scale)), not \(NumberText.plain(value)).")
        }
    }
}
