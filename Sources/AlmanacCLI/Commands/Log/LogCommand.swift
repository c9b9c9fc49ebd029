import AlmanacDomain
import AlmanacWords
import AlmanacKit
import AlmanacRender
import ArgumentParser

/// `almanac log`: what you did today (or on another day).
struct LogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Log a habit for a day: replaces that day's value, or adds to it with --add.",
        discussion: """
            A yes/no habit needs no value (1 = done, 0 = not done). Re-logging a day replaces its value; \
            the old value stays in history. --skip excuses days (sick, vacation): they neither count nor \
            break a streak.
            """
    )

    @OptionGroup var global: GlobalOptions

    @OptionGroup var quiet: QuietOption
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp(
        "The habit's name (any case) and the day's value (default 1 for yes/no habits and with --add; minutes also as 1:30 or 1h30m); or several habits, each logged with its default.",
        valueName: "habit [value]"), completion: HabitNameCompletion.kind)
    var words: [String]
    @OptionGroup var range: DayRangeOptions
    @Option(name: [.short, .long], parsing: .unconditional, help: "A note for the day (may start with -).") var note: String?
    @Flag(help: "Add to the day's value instead of replacing it (\"one more glass\").") var add = false
    @Flag(help: "Excuse the days (sick, vacation).") var skip = false
    @Option(parsing: .unconditional, help: ArgumentHelp("When in the day you did it (local time); without it, the time you log.", valueName: "HH:MM"))
    var at: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("How hard it was, 1 (easy) to 10, kept as a wellbeing rating of the habit.", valueName: "1-10"))
    var difficulty: Int?

    /// The habits and the value the words name: a last word that is a number is the value.
    func parsedWords() throws -> (habits: [String], value: Double?) {
        guard words.count >= 2, let last = words.last else { return (words, nil) }
        if let minutes = ArgumentValues.duration(last) { return (Array(words.dropLast()), minutes) }   // `90 min` too
        guard let first = last.first, !last.contains(" "),
              first.isNumber || first == "+" || first == "." || (first == "-" && last.dropFirst().first.map { $0.isNumber || $0 == "." } == true)
        else { return (words, nil) }
        if DayKey(last) != nil || (last.count == 10 && last.filter({ $0 == "-" }).count == 2) {
            throw ValidationError("\(last) is a day, not a value: give it with --date (or -d), e.g. `almanac log \(words[0]) -d \(last)`.")
        }
        return (Array(words.dropLast()), try ArgumentValues.number(last))
    }

    /// Whether a word reads as a value (`10`, `-1`, `2.5`, `1h30m`).
    static func isValue(_ word: String) -> Bool {
        ArgumentValues.duration(word) != nil || (try? ArgumentValues.number(word)) != nil
    }

    func validate() throws {
        if add && skip { throw ValidationError("Use either --add or --skip, not both.") }
        // A day given as a value is said first (`log water --dat 2026-11-20`).
        let (habits, value) = try parsedWords()
        // The words take what ArgumentParser did not recognise, so that a value may be negative
        // (`log coffee -1` is refused by the value's rule, not as an unknown option).
        if let option = words.first(where: { $0.hasPrefix("-") && !Self.isValue($0) }) {
            throw ValidationError("Unknown option '\(option)'; `almanac log --help` lists the options.")
        }
        if words.count >= 2, let index = words.indices.dropFirst().dropLast().first(where: { Self.isValue(words[$0]) }) {
            // `log coffee 3 cups`: a unit after the value.
            if index == words.count - 2, words.count == 3 {
                throw ValidationError("Give the value as a number alone, without \"\(words[2])\": `almanac log \(words[0]) \(words[1])` "
                    + "(a value is in the habit's own unit).")
            }
            // `log water 10 piano 30`: a value per habit.
            throw ValidationError("A value goes with one habit; log each habit with its value on its own, e.g. `almanac log \(words[0]) \(words[index])`.")
        }
        if habits.isEmpty { throw ValidationError("Name the habit to log.") }
        if habits.count > 1 && value != nil {
            throw ValidationError("A value goes with one habit; log \(habits.count) habits without a value, or one habit with it.")
        }
    }

    func run() throws {
        quiet.apply()
        let mode: LogMode = skip ? .skip : (add ? .add : .replace)
        let days = try range.selection()
        let (habits, value) = try parsedWords()
        // A time that does not read is refused like a value a rule refuses (exit status 1).
        let minute = try at.map { text in
            do { return try ArgumentValues.timeOfDay(text) } catch let error as ValidationError { throw AlmanacError.refused(error.message) }
        }
        let requests = habits.map {
            HabitLog.Request(habit: $0, value: value, days: days, note: note, mode: mode, minuteOfDay: minute, difficulty: difficulty)
        }
        let outcomes: [HabitLog.Outcome]
        do {
            outcomes = try HabitLog(store: global.openStore(), clock: global.clock()).log(requests)
        } catch where habits.count > 1 {
            // Several habits are logged as one change: when one is refused, none is logged.
            guard let worded = ErrorWording.sentence(for: error) else { throw error }
            throw AlmanacError.refused(worded.text + " None of the \(habits.count) habits was logged.")
        }
        for logged in outcomes { report(logged, days: days, mode: mode) }
    }

    private func report(_ logged: HabitLog.Outcome, days: DaySelection, mode: LogMode) {
        let habit = logged.habit
        if skip {
            let count = logged.days.count
            Output.line("Skipped \(habit.name) \(days.label) (\(count) day\(count == 1 ? "" : "s") excused).")
        } else if let total = logged.dayTotal {
            let met = habit.isCompleted(value: total)
            let state = habit.direction == .atMost ? (met ? "within the limit" : "over the limit") : (met ? "complete" : "not complete")
            Output.line("Logged \(habit.name) \(days.label)\(at.map { " at \($0)" } ?? ""): \(MetricText.english.dayValue(total, of: habit)) (\(MetricText.english.goal(habit)); \(state))"
                        + (difficulty.map { ", difficulty \($0)/10." } ?? "."))
        } else {
            Output.line("Logged \(habit.name) \(days.label): \(MetricText.english.dayValue(logged.amount, of: habit)) on \(logged.days.count) days.")
        }
        if logged.replacedSkips > 0 {
            let days = logged.replacedSkips == 1 ? "the day" : "\(logged.replacedSkips) days"
            Output.line("It replaces the skip planned for \(days): done after all (the skip is kept in history).")
        }
        let others = logged.replaced - logged.replacedSkips
        if others > 0 && mode != .add {
            Output.line("Replaced \(others) earlier entr\(others == 1 ? "y" : "ies") (kept in history).")
        }
        if habit.isArchived {
            Output.line("\(habit.name) is archived: this counts in its history; `almanac habit unarchive \(Shell.quoted(habit.name))` tracks it again.")
        }
        if !skip, logged.days.count == 1, !habit.frequency.isScheduled(logged.days[0]) {
            let day = logged.days[0].weekday.title
            Output.line("\(habit.name) is not due on \(day)s (\(MetricText.english.frequency(habit.frequency))); logged anyway.")
        }
    }
}
