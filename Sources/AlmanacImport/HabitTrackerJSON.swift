import AlmanacDomain

/// The Habit Tracker app's JSON export (the Habit Tracker app): `{"habits": [...]}`, each habit with its
/// frequency (daily; weekly on chosen days; monthly with a target count), counter settings and
/// nested `records` (ISO 8601 `date`, `count`, `notes`). Several records of one day add up
/// (a counter habit) and their notes are joined.
enum HabitTrackerJSON {
    static func isHabitTracker(_ root: JSONNode) -> Bool {
        guard let habits = try? root.optional("habits"), let first = try? habits.elements().first else { return false }
        return (try? first.optional("records")) != nil
    }

    static func read(_ root: JSONNode, calendar: StoreCalendar) throws -> ImportedHistory {
        var history = ImportedHistory(format: .habitTracker)
        for (index, node) in try root.required("habits").elements().enumerated() {
            let sourceId = try node.optional("id")?.string().lowercased() ?? NameMatcher<Habit>.fold(try node.required("name").string())
            var habit = ImportedHabit(id: .derived("habit-tracker|\(sourceId)"), name: try node.required("name").string(), sourceKey: "\(sourceId)")
            habit.position = index
            if let color = try node.optional("color")?.string(), color.count == 7, color.hasPrefix("#") { habit.color = color }
            habit.createdAt = try node.optional("createdAt").map(JSONDates.instant)
            habit.archived = !(try node.optional("isActive")?.bool() ?? true)
            habit.frequency = try frequency(node)
            let counter = try node.optional("isCounter")?.bool() ?? false
            if counter {
                habit.unit = .count
                let target = try node.optional("dailyTarget")?.number() ?? 1
                guard target > 0, target <= HabitRules.maxValue else { throw ImportProblem(place: "\(node.path).dailyTarget", "a target must be above 0, not \(NumberText.plain(target))") }
                habit.target = target
            }
            var days: [DayKey: (value: Double, notes: [String], time: Timestamp)] = [:]
            for record in try node.optional("records")?.elements() ?? [] {
                let (day, instant) = try JSONDates.day(try record.required("date"), calendar: calendar)
                let count = try record.optional("count")?.number() ?? 1
                guard count >= 0, count <= HabitRules.maxValue else { throw ImportProblem(place: "\(record.path).count", "the count \(NumberText.plain(count)) is negative or over a billion") }
                var slot = days[day] ?? (0, [], instant)
                slot.value += counter ? count : min(count, 1)
                if let note = try record.optional("notes")?.string() ?? record.optional("note")?.string(), !note.isEmpty { slot.notes.append(note) }
                slot.time = max(slot.time, instant)
                days[day] = slot
            }
            for (day, slot) in days.sorted(by: { $0.key < $1.key }) {
                let value = counter ? slot.value : min(slot.value, 1)
                history.add(ImportedEntry(habitId: habit.id, day: day, value: value,
                                                     note: slot.notes.isEmpty ? nil : slot.notes.joined(separator: "\n"), timestamp: slot.time))
            }
            history.habits.append(habit)
        }
        return history
    }

    /// `"frequency": {"type": "daily" | "weekly" | "monthly", "selectedDays": [...], "targetCount": n}`,
    /// or the type as a string with the other two beside it. Weekly days are names, or numbers
    /// as Apple's Calendar counts them (1 = Sunday … 7 = Saturday).
    private static func frequency(_ habit: JSONNode) throws -> Frequency {
        let node = try habit.optional("frequency")
        let holder = (node?.isObject ?? false) ? node! : habit
        let type = try (node?.isObject ?? false ? holder.optional("type")?.string() : node?.string()) ?? "daily"
        switch type.lowercased() {
        case "daily": return .daily
        case "weekly":
            let list = try holder.optional("selectedDays") ?? holder.required("selectedDays")
            var days = Set<Weekday>()
            for day in try list.elements() {
                if let n = try? day.integer() {
                    guard (1...7).contains(n) else { throw ImportProblem(place: day.path, "weekday \(n) is not 1 (Sunday) to 7 (Saturday)") }
                    days.insert(Weekday.allCases[(n + 5) % 7])
                } else if let name = Weekday(name: try day.string()) {
                    days.insert(name)
                } else {
                    throw ImportProblem(place: day.path, "\"\(try day.string())\" is not a weekday")
                }
            }
            guard !days.isEmpty else { throw ImportProblem(place: list.path, "a weekly habit needs at least one day") }
            return .weekdays(days)
        case "monthly":
            let target = try holder.required("targetCount")
            let n = try target.integer()
            guard (1...31).contains(n) else { throw ImportProblem(place: target.path, "a monthly target goes from 1 to 31, not \(n)") }
            return .perMonth(n)
        default:
            throw ImportProblem(place: node?.path ?? "\(habit.path).frequency", "\"\(type)\" is not daily, weekly or monthly")
        }
    }
}
