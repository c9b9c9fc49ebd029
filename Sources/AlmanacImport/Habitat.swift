import AlmanacDomain
import Foundation

/// Habitat's storage (Habitat): a JSON object of its UserDefaults keys. `habitData_YYYY-MM-DD`
/// holds that day's habit list; a habit is its title (Habitat's ids change between launches);
/// a completed habit is a check at its `trackedTime` (else noon); category and weight are kept.
/// `nutritionMeal_<date>_<title>` adds the meal's label, time and macros as the note of that
/// day's entry. `customTimes` are preferences, not facts, and are not imported. A value may be
/// the JSON itself or, as UserDefaults keeps `Data`, a string holding it (base64 or plain).
enum Habitat {
    static func isHabitat(_ root: JSONNode) -> Bool {
        guard let members = try? root.members() else { return false }
        return members.contains { $0.key.hasPrefix("habitData_") || $0.key.hasPrefix("nutritionMeal_") || $0.key == "customTimes" }
    }

    static func read(_ root: JSONNode, calendar: StoreCalendar) throws -> ImportedHistory {
        var history = ImportedHistory(format: .habitat)
        var habits: [String: Int] = [:]
        let members = try root.members()
        var days = 0
        for (key, raw) in members.sorted(by: { $0.key < $1.key }) where key.hasPrefix("habitData_") {
            let day = try JSONDates.dayKey(String(key.dropFirst(10)), at: raw.path)
            days += 1
            for node in try value(raw).elements() {
                let title = try node.required("title").string()
                let folded = NameMatcher<Habit>.fold(title.trimmingCharacters(in: .whitespaces))
                let index = habits[folded] ?? {
                    var habit = ImportedHabit(id: .derived("habitat|title|\(folded)"), name: title, sourceKey: title)
                    habit.position = history.habits.count
                    history.habits.append(habit)
                    habits[folded] = history.habits.count - 1
                    return history.habits.count - 1
                }()
                // The latest day's list says what the habit is now.
                if let category = try node.optional("category")?.string(), !category.isEmpty {
                    history.habits[index].category = category.prefix(1).uppercased() + category.dropFirst()
                }
                if let weight = try node.optional("weight")?.number() {
                    guard weight > 0, weight <= 1000 else { throw ImportProblem(place: "\(node.path).weight", "a weight must be above 0, not \(NumberText.plain(weight))") }
                    history.habits[index].weight = weight
                }
                guard try node.optional("isCompleted")?.bool() == true else { continue }
                let time = try node.optional("trackedTime").map(JSONDates.instant)
                history.add(ImportedEntry(habitId: history.habits[index].id, day: day, value: 1, timestamp: time))
            }
        }
        for (key, raw) in members where key.hasPrefix("nutritionMeal_") {
            try attachMeal(key: key, raw: raw, habits: habits, calendar: calendar, into: &history)
        }
        history.detail = "\(days) day\(days == 1 ? "" : "s")"
        return history
    }

    /// A meal's label, time and macros become the note of that day's entry of the habit.
    private static func attachMeal(key: String, raw: JSONNode, habits: [String: Int], calendar: StoreCalendar,
                                   into history: inout ImportedHistory) throws {
        let rest = key.dropFirst(14)
        let day = try JSONDates.dayKey(String(rest.prefix(10)), at: raw.path)
        let title = NameMatcher<Habit>.fold(String(rest.dropFirst(11)))
        let meal = try value(raw)
        guard let index = habits[title] else {
            history.warnings.append("\(key) names no habit of the daily lists and was left out.")
            return
        }
        var parts = [try meal.optional("label")?.string() ?? history.habits[index].name]
        let time = try meal.optional("time").map(JSONDates.instant)
        if let time {
            let local = calendar.dayKey(for: time) == day ? time : nil
            if let local {
                let minutes = Int((local.millis + Int64(calendar.timeZone.secondsFromGMT(for: local.date)) * 1000) / 60_000 % 1440)
                parts[0] += String(format: " at %02d:%02d", minutes / 60, minutes % 60)
            }
        }
        if let macros = try meal.optional("extractedMacros") {
            let named = try [("calories", "kcal"), ("protein", "g protein"), ("carbs", "g carbs"), ("fat", "g fat")].compactMap { field, unit in
                try macros.optional(field).map { "\(NumberText.plain(try $0.number())) \(unit)" }
            }
            if !named.isEmpty { parts.append(named.joined(separator: ", ")) }
        }
        let note = parts.joined(separator: ": ")
        let habitId = history.habits[index].id
        if let i = history.entries.lastIndex(where: { $0.habitId == habitId && $0.day == day }) {
            history.entries[i].note = note
            if history.entries[i].timestamp == nil { history.entries[i].timestamp = time }
        } else if try meal.optional("isCompleted")?.bool() == true {
            history.add(ImportedEntry(habitId: habitId, day: day, value: 1, note: note, timestamp: time))
        } else {
            history.journal.append(ImportedJournal(id: .derived("journal|habitat|\(key)"), day: day, title: history.habits[index].name, body: note, timestamp: time))
        }
    }

    /// The JSON of a key: as is, or decoded from the string UserDefaults keeps `Data` in.
    private static func value(_ node: JSONNode) throws -> JSONNode {
        guard let text = try? node.string() else { return node }
        let data = Data(base64Encoded: text) ?? Data(text.utf8)
        do {
            return try JSONNode.parse(data, path: node.path)
        } catch {
            throw ImportProblem(place: node.path, "the string holds no JSON (neither base64 nor plain)")
        }
    }
}
