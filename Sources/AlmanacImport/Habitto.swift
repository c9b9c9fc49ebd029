import AlmanacDomain

/// Habitto's habits (Habitto): an array of its `Habit` struct. What the user did is read —
/// `completionHistory` (day → count), `completionTimestamps`, `actualUsage` of habits being
/// broken, `difficultyHistory` (a wellbeing rating `difficulty` of 10, linked to the habit) —
/// and what Habitto derived is not: `isCompleted`, `streak`, XP, levels, achievements.
enum Habitto {
    static func read(_ root: JSONNode, calendar: StoreCalendar) throws -> ImportedHistory {
        var history = ImportedHistory(format: .habitto)
        for (index, node) in try root.elements().enumerated() {
            let sourceId = try node.required("id").string().lowercased()
            var habit = ImportedHabit(id: .derived("habitto|\(sourceId)"), name: try node.required("name").string(), sourceKey: "\(sourceId)")
            habit.position = index
            habit.createdAt = try node.optional("createdAt").map(JSONDates.instant)
            if let icon = try node.optional("icon")?.string(), icon.count <= 2, icon.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation }) {
                habit.emoji = icon
            }
            let breaking = (try node.optional("habitType")?.string().lowercased()).map { $0.contains("break") } ?? false
            // A habit with an end date was finished in Habitto: it comes in archived.
            habit.archived = try node.optional("endDate").map(JSONDates.instant) != nil
            let (frequency, warning) = Self.frequency(try node.optional("schedule")?.string() ?? "Everyday", habit: habit.name)
            habit.frequency = frequency
            if let warning { history.warnings.append(warning) }
            let times = try readTimestamps(node)
            if breaking {
                habit.unit = .count
                habit.direction = .atMost
                let target = try node.optional("target")?.number() ?? 0
                habit.target = target > 0 ? target : 0.5
                if let baseline = try node.optional("baseline")?.number(), baseline > 0 {
                    guard baseline <= HabitRules.maxValue else { throw ImportProblem(place: "\(node.path).baseline", "the baseline \(NumberText.plain(baseline)) is over a billion") }
                    habit.baseline = baseline
                }
                for (day, node) in try days(node.optional("actualUsage")) {
                    history.add(ImportedEntry(habitId: habit.id, day: day, value: try amount(node), timestamp: times[day]))
                }
            } else {
                let goal = Self.goalCount(try node.optional("goal")?.string())
                if goal > 1 { habit.unit = .count; habit.target = Double(goal); habit.unitLabel = "times" }
                for (day, node) in try days(node.optional("completionHistory")) {
                    let count = try amount(node)
                    history.add(ImportedEntry(habitId: habit.id, day: day, value: goal > 1 ? count : min(count, 1), timestamp: times[day]))
                }
            }
            for (day, node) in try days(node.optional("difficultyHistory")) {
                let level = try node.number()
                guard (1...10).contains(level) else { throw ImportProblem(place: node.path, "a difficulty goes from 1 to 10, not \(NumberText.plain(level))") }
                history.wellbeing.append(ImportedWellbeing(id: .derived("habitto|difficulty|\(sourceId)|\(day)"), habitId: habit.id, day: day,
                                                           metric: "difficulty", value: level, scaleMax: 10, timestamp: times[day]))
            }
            history.habits.append(habit)
        }
        return history
    }

    /// A `"yyyy-MM-dd": value` dictionary, by day.
    private static func days(_ node: JSONNode?) throws -> [(DayKey, JSONNode)] {
        guard let node else { return [] }
        return try node.members().map { (try JSONDates.dayKey($0.key, at: $0.node.path), $0.node) }.sorted { $0.0 < $1.0 }
    }

    private static func amount(_ node: JSONNode) throws -> Double {
        let value = try node.number()
        guard value >= 0, value <= HabitRules.maxValue else { throw ImportProblem(place: node.path, "the value \(NumberText.plain(value)) is negative or over a billion") }
        return value
    }

    /// The last completion time of each day.
    private static func readTimestamps(_ node: JSONNode) throws -> [DayKey: Timestamp] {
        var times: [DayKey: Timestamp] = [:]
        for (day, list) in try days(node.optional("completionTimestamps")) {
            if let last = try list.elements().last { times[day] = try JSONDates.instant(last) }
        }
        return times
    }

    /// "5 times", "3 times per day", "1 time": the count a day asks for (1 when there is none).
    static func goalCount(_ goal: String?) -> Int {
        guard let goal, let first = goal.split(separator: " ").first, let n = Int(first), n > 0 else { return 1 }
        return n
    }

    /// Habitto's schedule text: "Everyday", "Weekdays", "Weekends", "Monday, Wednesday",
    /// "3 times a week", "2 times a month", "Every 3 days".
    static func frequency(_ schedule: String, habit: String) -> (Frequency, String?) {
        let text = schedule.lowercased().trimmingCharacters(in: .whitespaces)
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        if ["everyday", "every day", "daily"].contains(text) { return (.daily, nil) }
        if text == "weekdays" { return (.weekdays([.monday, .tuesday, .wednesday, .thursday, .friday]), nil) }
        if text == "weekends" { return (.weekdays([.saturday, .sunday]), nil) }
        let days = words.compactMap { Weekday(name: $0) }
        if !days.isEmpty, days.count == words.count { return (.weekdays(Set(days)), nil) }
        if let n = words.first.flatMap(Int.init), words.count >= 3 {
            if words.last == "week", (1...7).contains(n) { return (.perWeek(n), nil) }
            if words.last == "month", (1...31).contains(n) { return (.perMonth(n), nil) }
        }
        if words.count == 3, words[0] == "every", let n = Int(words[1]), n > 0, words[2].hasPrefix("day") {
            return LoopRules.frequency(numerator: 1, denominator: n, habit: habit)
        }
        return (.daily, "\(habit): the schedule \"\(schedule)\" is not one Almanac knows; it is kept as daily.")
    }
}
