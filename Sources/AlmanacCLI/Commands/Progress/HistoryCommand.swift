import AlmanacDomain
import AlmanacWords
import AlmanacKit
import AlmanacRender
import ArgumentParser
import Foundation

/// `almanac history HABIT`: the days of one habit, newest first, with notes and corrections.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "One habit's days: values, skips, notes, and the corrections kept in history.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var quiet: NotesQuietOption
    @Argument(help: "The habit's name (any case).", completion: HabitNameCompletion.kind) var habit: String
    @OptionGroup var list: ListOptions

    func run() throws {
        quiet.apply()
        let store = try global.openStore()
        let (from, to) = try list.days(global, in: store)
        let history = try HabitHistory(store: store, habit: habit, from: from, to: to)
        // Corrections are shown at the store's time, as the days are.
        let local = DateFormatter()
        local.locale = Locale(identifier: "en_US_POSIX")
        local.timeZone = TimeZone(identifier: try store.settings().timeZone) ?? TimeZone(identifier: "UTC")!
        local.dateFormat = "yyyy-MM-dd HH:mm"
        if list.json { return try Output.json(history) }
        let habit = history.habit
        guard !history.days.isEmpty else { return Output.line("Nothing logged for \(TerminalText.safe(habit.name)) yet.") }
        var rows: [[String]] = []
        for day in history.days {
            let state: String
            if let value = day.value {
                state = (habit.isCompleted(value: value) ? "✓ " : "✗ ") + MetricText.english.dayValue(value, of: habit)
            } else {
                state = day.skipped ? "skipped" : "withdrawn"
            }
            let notes = day.entries.compactMap(\.note).filter { !$0.isEmpty }.joined(separator: " · ")
            let corrections = day.corrections.map { "was \($0.kind == .skip ? "skipped" : NumberText.plain($0.value)) until \($0.deletedAt.map { local.string(from: $0.date) } ?? "")" }
            rows.append([day.day.description, state, TerminalText.safe(notes), corrections.joined(separator: "; ")])
        }
        Output.table(rows).forEach { Output.line($0) }
    }
}
