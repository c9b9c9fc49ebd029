/// How `log` writes a day (SPEC section 3).
public enum LogMode: Sendable {
    /// Upsert per (habit, day): the day's live entries are soft-deleted, the new one appended.
    case replace
    /// Append to the day's value ("one more glass"); an excuse on that day is withdrawn.
    case add
    /// An excused day (sick, vacation): it replaces whatever the day had.
    case skip
}

/// What a `log` changed.
public struct LogOutcome: Equatable, Sendable {
    public var written: [HabitEntry]
    /// Live entries that were soft-deleted (they stay in history).
    public var replaced: Int

    public init(written: [HabitEntry] = [], replaced: Int = 0) {
        self.written = written; self.replaced = replaced
    }
}
