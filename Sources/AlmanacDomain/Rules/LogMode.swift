/// How `log` writes a day (SPEC section 3).
public enum LogMode: Sendable {
    /// Upsert per (habit, day): the day's live entries are soft-deleted, the new one appended.
    case replace
    /// Append to the day's value ("one more glass"); an excuse on that day is withdrawn.
    case add
    /// An excused day (sick, vacation): it replaces whatever the day had.
    case skip
}

/// A rating written with each logged entry, in the same transaction (`log --difficulty`): a
/// wellbeing entry linked to the habit, on the entry's day and time — never a field of the entry.
public struct LogRating: Sendable, Equatable {
    public var metric: String
    public var value: Double
    public var scaleMax: Double

    public init(metric: String, value: Double, scaleMax: Double) {
        self.metric = metric; self.value = value; self.scaleMax = scaleMax
    }
}
