import AlmanacDomain
import Foundation

/// LucidPal's HabitStore documents (LucidPal's HabitStore): `lucidpal_habits.json`, an array of habit
/// definitions, and `lucidpal_entries_YYYY-MM.json` month shards of entries. Dates are Swift's
/// default (seconds since 2001-01-01) or ISO 8601. Of two entries of one habit on one day the
/// later wins, as LucidPal's upsert would have it; the earlier is kept as history.
enum LucidPal {
    static let habitsFile = "lucidpal_habits.json"

    static func isShard(_ name: String) -> Bool {
        name.hasPrefix("lucidpal_entries_") && name.hasSuffix(".json") && DayKey(String(name.dropFirst(17).dropLast(5)) + "-01") != nil
    }

    static func read(habits: Data, shards: [(name: String, data: Data)], calendar: StoreCalendar) throws -> ImportedHistory {
        var history = ImportedHistory(format: .lucidPal, detail: "\(shards.count) month file\(shards.count == 1 ? "" : "s")")
        var ids: [String: EntityID] = [:]
        var units: [EntityID: HabitUnit] = [:]
        try within(habitsFile) {
            for (index, node) in try JSONNode.parse(habits).elements().enumerated() {
                let sourceId = try node.required("id").string()
                var habit = ImportedHabit(id: .derived("lucidpal|\(sourceId.lowercased())"), name: try node.required("name").string(), sourceKey: "\(sourceId)")
                habit.position = index
                habit.emoji = String(try node.optional("emoji")?.string().prefix(8) ?? "")
                let unit = try node.optional("unit")?.string() ?? "boolean"
                guard let parsed = HabitUnit(rawValue: unit) else { throw ImportProblem(place: "\(node.path).unit", "\"\(unit)\" is not boolean, count or duration") }
                habit.unit = parsed
                if parsed != .boolean {
                    let target = try node.optional("targetValue")?.number() ?? 1
                    guard target > 0, target <= HabitRules.maxValue else { throw ImportProblem(place: "\(node.path).targetValue", "the target must be above 0, not \(NumberText.plain(target))") }
                    habit.target = target
                    if parsed == .duration { habit.unitLabel = "min" }
                }
                switch try node.optional("frequency")?.string() ?? "daily" {
                case "daily": habit.frequency = .daily
                case "weekly": habit.frequency = .perWeek(1)
                case let other: throw ImportProblem(place: "\(node.path).frequency", "\"\(other)\" is not daily or weekly")
                }
                if let color = try node.optional("colorHex")?.string() { habit.color = color }
                habit.createdAt = try node.optional("createdAt").map(JSONDates.instant)
                habit.archived = try node.optional("isArchived")?.bool() ?? false
                ids[sourceId.lowercased()] = habit.id
                units[habit.id] = parsed
                history.habits.append(habit)
            }
        }
        var entries: [(entry: ImportedEntry, order: Int)] = []
        for shard in shards.sorted(by: { $0.name < $1.name }) {
            try within(shard.name) {
                for node in try JSONNode.parse(shard.data).elements() {
                    let habitKey = try node.required("habitID").string().lowercased()
                    guard let habit = ids[habitKey] else { history.warnings.append("\(shard.name): \(node.path) belongs to no habit of \(habitsFile) and was left out."); continue }
                    let value = try node.required("value").number()
                    guard value >= 0, value <= HabitRules.maxValue else { throw ImportProblem(place: "\(node.path).value", "the value \(NumberText.plain(value)) is negative or over a billion") }
                    let (day, instant) = try JSONDates.day(try node.required("date"), calendar: calendar)
                    let note = try node.optional("note")?.string()
                    let kept = units[habit] == .boolean ? min(value, 1) : value
                    entries.append((ImportedEntry(habitId: habit, day: day, value: kept, note: note, timestamp: instant), entries.count))
                }
            }
        }
        history.entries = entries.sorted { a, b in
            (a.entry.day, a.entry.timestamp!.millis, a.order) < (b.entry.day, b.entry.timestamp!.millis, b.order)
        }.map(\.entry)
        return history
    }

    /// Names the file in a problem raised while reading it.
    static func within<T>(_ file: String, _ body: () throws -> T) throws -> T {
        do { return try body() } catch var problem as ImportProblem {
            if problem.file == nil { problem.file = file }
            throw problem
        }
    }
}
