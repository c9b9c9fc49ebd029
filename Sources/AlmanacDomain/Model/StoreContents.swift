/// Everything a store holds, as values: what the sample generator makes and a restore applies.
public struct StoreContents: Sendable {
    public var settings: Settings
    public var categories: [Category] = []
    public var habits: [Habit] = []
    public var goals: [Goal] = []
    public var habitEntries: [HabitEntry] = []
    public var journalEntries: [JournalEntry] = []
    public var wellbeingEntries: [WellbeingEntry] = []
    public var sources: [FollowedSource] = []

    public init(settings: Settings) { self.settings = settings }
}
