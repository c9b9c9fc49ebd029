import AlmanacDomain
import Foundation
import SystemPackage

/// Loop Habit Tracker's CSV export (`Loop Habits CSV <date>.zip`, or its unpacked folder):
/// `Habits.csv` and one folder per habit, `NNN Name/Checkmarks.csv`, NNN being the habit's
/// position. `Scores.csv` is derived and is not read. Both layouts of `Habits.csv` are read by
/// their column names: the current one (Type, Question, FrequencyNumerator/Denominator, Unit,
/// Target Type, Target Value, Archived?) and the older, shorter one (Description,
/// NumRepetitions, Interval, Color).
enum LoopCSV {
    static func read(_ files: [String: Data], container: String) throws -> ImportedHistory {
        guard let habitsKey = files.keys.filter({ ($0 as NSString).lastPathComponent == "Habits.csv" }).min(by: { $0.count < $1.count }) else {
            throw ImportProblem("\(container) has no Habits.csv, so it is not a Loop Habit Tracker CSV export")
        }
        let root = FilePath(habitsKey).removingLastComponent().string
        let table = try CSVTable(file: habitsKey, data: files[habitsKey]!)
        var history = ImportedHistory(format: .loopCSV, detail: table.column("Type") == nil ? "older layout" : "")
        let name = try table.required("Name")
        let position = table.column("Position")
        let numerator = table.column("FrequencyNumerator", "NumRepetitions"), denominator = table.column("FrequencyDenominator", "Interval")
        var byPosition: [Int: (habit: ImportedHabit, numeric: Bool)] = [:]
        for (index, row) in try table.rows().enumerated() {
            let title = row.cells[name]
            var habit = ImportedHabit(id: .derived("loop-csv|name|\(NameMatcher<Habit>.fold(title))"), name: title, sourceKey: title)
            habit.position = index
            let number = position.flatMap { Int(row.cells[$0].trimmingCharacters(in: .whitespaces)) } ?? index + 1
            if let c = table.column("Color"), row.cells[c].count == 7 { habit.color = row.cells[c] }
            if let a = table.column("Archived?", "Archived") { habit.archived = row.cells[a].lowercased() == "true" }
            let num = numerator.flatMap { Int(row.cells[$0]) } ?? 1, den = denominator.flatMap { Int(row.cells[$0]) } ?? 1
            let (frequency, warning) = LoopRules.frequency(numerator: num, denominator: den, habit: title)
            habit.frequency = frequency
            if let warning { history.warnings.append(warning) }
            let numeric = table.column("Type").map { row.cells[$0] == "NUMERICAL" } ?? false
            if numeric {
                habit.unit = .count
                habit.unitLabel = String(table.column("Unit").map { row.cells[$0] }?.prefix(40) ?? "")
                habit.direction = table.column("Target Type").map { row.cells[$0] == "AT_MOST" } == true ? .atMost : .atLeast
                let target = try table.column("Target Value").map { try table.number(row.cells[$0], line: row.line, what: "target") } ?? 0
                let (kept, warning) = LoopRules.target(target, direction: habit.direction, habit: title)
                habit.target = kept
                if let warning { history.warnings.append(warning) }
            }
            byPosition[number] = (habit, numeric)
            history.habits.append(habit)
        }
        var habitFolders = 0
        for (key, data) in files.sorted(by: { $0.key < $1.key }) where (key as NSString).lastPathComponent == "Checkmarks.csv" {
            let folder = FilePath(key).removingLastComponent().string
            guard FilePath(folder).removingLastComponent().string == root, folder != root else { continue }
            habitFolders += 1
            let prefix = (folder as NSString).lastPathComponent.prefix { $0.isNumber }
            guard let number = Int(prefix), let (habit, numeric) = byPosition[number] else {
                history.warnings.append("\(key) belongs to no habit of Habits.csv and was left out.")
                continue
            }
            try readCheckmarks(CSVTable(file: key, data: data), habit: habit, numeric: numeric, into: &history)
        }
        // Loop writes each habit's days into a folder of its own beside Habits.csv: without them
        // (Habits.csv copied alone) the habits come in with no history, which is said.
        if habitFolders == 0 && !history.habits.isEmpty {
            history.warnings.append("\(container) has no habit folders (NNN Name/Checkmarks.csv) beside Habits.csv, so no day of any "
                + "habit came in; import the whole zip that Loop exported, or its unpacked folder with the habit folders.")
        }
        return history
    }

    /// Value names Loop writes (`Entry.formattedValue`), back to the stored codes.
    private static let codes = ["YES_MANUAL": LoopRules.yesManual, "YES_AUTO": LoopRules.yesAuto, "NO": LoopRules.no,
                                "SKIP": LoopRules.skip, "UNKNOWN": LoopRules.unknown]

    private static func readCheckmarks(_ table: CSVTable, habit: ImportedHabit, numeric: Bool, into history: inout ImportedHistory) throws {
        let date = try table.required("Date"), value = try table.required("Value"), notes = table.column("Notes")
        // Newest first in the file: read oldest first.
        for row in try table.rows().reversed() {
            guard let day = try history.tolerating({ try table.day(row.cells[date], line: row.line) }) else { continue }
            let cell = row.cells[value].trimmingCharacters(in: .whitespaces)
            guard let raw = codes[cell] ?? Int(cell) else {
                try history.leaveOut(table.problem(line: row.line, "\"\(cell)\" is not a Loop value (YES_MANUAL, YES_AUTO, NO, SKIP, UNKNOWN or a number)"))
                continue
            }
            if let problem = LoopRules.problem(raw: raw) { try history.leaveOut(table.problem(line: row.line, problem)); continue }
            let note = notes.map { row.cells[$0] }.flatMap { $0.isEmpty ? nil : $0 }
            if let fact = LoopRules.fact(raw: raw, numeric: numeric) {
                history.add(ImportedEntry(habitId: habit.id, day: day, kind: fact.kind, value: fact.value, note: note))
            } else if let note {
                history.journal.append(ImportedJournal(id: .derived("journal|loop|\(habit.id)|\(day)|\(note)"), day: day, title: habit.name, body: note))
            }
        }
    }
}
