import AlmanacDomain

/// How a habit is named in one line: "💧 Drink water".
enum HabitText {
    static func title(_ habit: Habit) -> String {
        TerminalText.safe(habit.emoji.isEmpty ? habit.name : "\(habit.emoji) \(habit.name)")
    }
}
