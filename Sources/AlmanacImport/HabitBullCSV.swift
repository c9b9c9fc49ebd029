import AlmanacDomain

/// HabitBull's CSV export: `HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText`,
/// one row per habit and day (as Loop's `HabitBullCSVImporter` reads it). A habit is its name;
/// a value other than 0 and 1 makes it a count habit; comments become notes and the category
/// a category (Loop drops it). Dates are `YYYY-MM-DD` or `M/D/YYYY`.
enum HabitBullCSV {
    static let header = "HabitName,HabitDescription,HabitCategory"

    static func read(_ table: CSVTable) throws -> ImportedHistory {
        var history = ImportedHistory(format: .habitBull)
        let name = try table.required("HabitName"), date = try table.required("CalendarDate"), value = try table.required("Value")
        let category = table.column("HabitCategory"), comment = table.column("CommentText")
        var habits: [String: Int] = [:]
        // Row by row as the file is read: an export of years of many habits is never a table in memory.
        try table.forEachRow { line, cells in
            let title = cells[name].trimmingCharacters(in: .whitespaces)
            guard !title.isEmpty else { try history.leaveOut(table.problem(line: line, "the habit name is empty")); return }
            let key = NameMatcher<Habit>.fold(title)
            guard let day = try history.tolerating({ try table.day(cells[date], line: line, monthFirst: true) }),
                  let amount = try history.tolerating({ try table.number(cells[value], line: line, what: "value") }) else { return }
            guard amount.isFinite, amount >= 0, amount <= HabitRules.maxValue else {
                try history.leaveOut(table.problem(line: line, "the value \(NumberText.plain(amount)) is not one Almanac keeps (values go from 0 to a billion)"))
                return
            }
            let index: Int
            if let known = habits[key] {
                index = known
            } else {
                // The cap of habits a store keeps active, applied as the file is read: a file of a
                // million names is refused at its 101st, not after minutes.
                guard history.habits.count < HabitRules.maxActiveHabits else {
                    throw table.problem(line: line, "it names more than \(HabitRules.maxActiveHabits) habits, more than a store keeps active at once")
                }
                var habit = ImportedHabit(id: .derived("habitbull|name|\(key)"), name: title, sourceKey: title)
                habit.position = history.habits.count
                habit.category = category.map { cells[$0].trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
                index = history.habits.count
                habits[key] = index
                history.habits.append(habit)
            }
            if amount != 0 && amount != 1 { history.habits[index].unit = .count }
            let note = comment.map { cells[$0] }.flatMap { $0.isEmpty ? nil : $0 }
            history.add(ImportedEntry(habitId: history.habits[index].id, day: day, value: amount, note: note))
        }
        return history
    }
}
