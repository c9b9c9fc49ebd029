import AlmanacDomain
import Foundation

/// harsh (wakatara/harsh), the plain-text habit tracker: its `habits` file (`! Heading`,
/// `Name: frequency[: end date]`) and its `log` (`YYYY-MM-DD : Name : y|n|s[ : comment[ : amount]]`).
/// `y` is done, `n` a day logged as not done, `s` a skip; of two lines for one day the later
/// wins (harsh keeps the last). Headings become categories; an end date archives the habit.
enum Harsh {
    static func read(habits: Data, log: Data) throws -> ImportedHistory {
        var history = ImportedHistory(format: .harsh)
        var byName: [String: Int] = [:]
        try parseHabits(text(habits, file: "habits"), into: &history, byName: &byName)
        try parseLog(text(log, file: "log"), into: &history, byName: &byName)
        return history
    }

    private static func text(_ data: Data, file: String) throws -> [Substring] {
        guard let text = String(data: data, encoding: .utf8) else { throw ImportProblem(file: file, "it is not UTF-8 text") }
        // `\.isNewline`, not "\n": in Swift "\r\n" is one character, which a split on "\n" misses.
        return text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    }

    private static func parseHabits(_ lines: [Substring], into history: inout ImportedHistory, byName: inout [String: Int]) throws {
        var heading: String?
        for (index, raw) in lines.enumerated() {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("!") {
                heading = line.dropFirst().trimmingCharacters(in: .whitespaces)
                continue
            }
            let parts = line.components(separatedBy: ": ")
            guard parts.count >= 2 else {
                throw ImportProblem(file: "habits", place: "line \(index + 1)", "expected \"Name: frequency\", found \"\(line)\"")
            }
            let name = parts[0].trimmingCharacters(in: .whitespaces)
            var habit = ImportedHabit(id: .derived("harsh|name|\(NameMatcher<Habit>.fold(name))"), name: name, sourceKey: name)
            habit.position = history.habits.count
            habit.category = heading.flatMap { $0.isEmpty ? nil : $0 }
            let (frequency, warning) = try Self.frequency(parts[1].trimmingCharacters(in: .whitespaces), habit: name, line: index + 1)
            habit.frequency = frequency
            if let warning { history.warnings.append(warning) }
            if parts.count >= 3 {
                guard DayKey(parts[2].trimmingCharacters(in: .whitespaces)) != nil else {
                    throw ImportProblem(file: "habits", place: "line \(index + 1)", "\"\(parts[2])\" is not a date that exists (YYYY-MM-DD)")
                }
                habit.archived = true
            }
            byName[NameMatcher<Habit>.fold(name)] = history.habits.count
            history.habits.append(habit)
        }
    }

    /// The longest period a frequency may have, in days (ten years).
    static let maxPeriodDays = 3660

    /// `1` daily, `N` or `Nw` once every N days (w = weeks), `A/B` A times in B days, `0` tracking only.
    private static func frequency(_ text: String, habit: String, line: Int) throws -> (Frequency, String?) {
        // A number of days (or weeks) read from the file is bounded before any arithmetic: harsh's
        // periods are days to weeks, and anything over ten years is not a frequency.
        func days(_ part: Substring) -> Int? {
            let t = part.trimmingCharacters(in: .whitespaces)
            let weeks = t.hasSuffix("w")
            guard let n = Int(weeks ? String(t.dropLast()) : t), (0...Self.maxPeriodDays).contains(n) else { return nil }
            return weeks ? (n <= Self.maxPeriodDays / 7 ? n * 7 : nil) : n
        }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        let target: Int?, interval: Int?
        if parts.count == 2 { (target, interval) = (days(parts[0]), days(parts[1])) } else { (target, interval) = (1, days(parts[0])) }
        guard let target, let interval, parts.count <= 2 else {
            throw ImportProblem(file: "habits", place: "line \(line)",
                                "\"\(text)\" is not a harsh frequency (1, 7, 1w or 3/7, with periods of at most \(Self.maxPeriodDays) days)")
        }
        if interval == 0 { return (.daily, "\(habit): tracking only (0) in harsh; kept as daily.") }
        guard target <= interval, target > 0 else {
            throw ImportProblem(file: "habits", place: "line \(line)", "\"\(text)\" asks for more times than days")
        }
        return LoopRules.frequency(numerator: target, denominator: interval, habit: habit)
    }

    private static func parseLog(_ lines: [Substring], into history: inout ImportedHistory, byName: inout [String: Int]) throws {
        var amounts: [Int: [Double]] = [:]
        for (index, raw) in lines.enumerated() {
            let line = raw.trimmingCharacters(in: .newlines)
            if line.trimmingCharacters(in: .whitespaces).isEmpty || line.hasPrefix("#") { continue }
            let place = "line \(index + 1)"
            let fields = line.components(separatedBy: " : ")
            guard fields.count >= 3 else {
                try history.leaveOut(ImportProblem(file: "log", place: place, "expected \"YYYY-MM-DD : habit : y|n|s\", found \"\(line)\""))
                continue
            }
            guard let day = DayKey(fields[0].trimmingCharacters(in: .whitespaces)) else {
                try history.leaveOut(ImportProblem(file: "log", place: place, "\"\(fields[0])\" is not a date that exists (YYYY-MM-DD)"))
                continue
            }
            let result = fields[2].trimmingCharacters(in: .whitespaces)
            guard ["y", "n", "s"].contains(result) else {
                try history.leaveOut(ImportProblem(file: "log", place: place, "the result \"\(result)\" is not y, n or s"))
                continue
            }
            let name = fields[1].trimmingCharacters(in: .whitespaces)
            let key = NameMatcher<Habit>.fold(name)
            if byName[key] == nil {
                var habit = ImportedHabit(id: .derived("harsh|name|\(key)"), name: name, sourceKey: name)
                habit.position = history.habits.count
                history.warnings.append("\(name) is in the log but not in the habits file; it is imported as a daily habit.")
                byName[key] = history.habits.count
                history.habits.append(habit)
            }
            let habitIndex = byName[key]!
            let comment = fields.count > 3 ? fields[3].trimmingCharacters(in: .whitespaces) : ""
            var amount = 0.0
            if fields.count > 4, !fields[4].trimmingCharacters(in: .whitespaces).isEmpty {
                guard let value = Double(fields[4].trimmingCharacters(in: .whitespaces)), value.isFinite, value >= 0, value <= HabitRules.maxValue else {
                    try history.leaveOut(ImportProblem(file: "log", place: place, "the amount \"\(fields[4])\" is not a number from 0 up"))
                    continue
                }
                amount = value
            }
            let habitId = history.habits[habitIndex].id
            let note = comment.isEmpty ? nil : comment
            switch fields[2].trimmingCharacters(in: .whitespaces) {
            case "y":
                if amount > 0 { amounts[habitIndex, default: []].append(amount) }
                history.add(ImportedEntry(habitId: habitId, day: day, value: amount > 0 ? amount : 1, note: note))
            case "n": history.add(ImportedEntry(habitId: habitId, day: day, value: 0, note: note))
            case "s": history.add(ImportedEntry(habitId: habitId, day: day, kind: .skip, value: 0, note: note))
            case let other:
                throw ImportProblem(file: "log", place: place, "the result \"\(other)\" is not y, n or s")
            }
        }
        // Habits logged with amounts count them; their target is the smallest amount a done day had.
        for (index, logged) in amounts {
            history.habits[index].unit = .count
            history.habits[index].target = logged.min()!
        }
        if !amounts.isEmpty {
            let ids = Set(amounts.keys.map { history.habits[$0].id })
            let smallest = Dictionary(uniqueKeysWithValues: amounts.map { (history.habits[$0.key].id, $0.value.min()!) })
            for i in history.entries.indices where ids.contains(history.entries[i].habitId) && history.entries[i].kind == .check && history.entries[i].value == 1 {
                history.entries[i].value = max(1, smallest[history.entries[i].habitId]!)
            }
        }
    }
}
