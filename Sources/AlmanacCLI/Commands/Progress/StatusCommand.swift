import AlmanacKit
import AlmanacRender
import AlmanacWords
import ArgumentParser
import Foundation

/// `almanac status`: today at a glance.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Today's progress: done/total, and each active habit's streaks, 30-day rate and score.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var quiet: NotesQuietOption
    @OptionGroup var options: AsOfOptions

    func run() throws {
        quiet.apply()
        let store = try global.openStore()
        let asOf = try global.day(options.asOf, in: store)
        global.noteIfAfterToday(asOf, in: store)
        let report = try StatusReport(store: store, asOf: asOf, clock: global.clock())
        if options.json { return try Output.json(report) }
        let paint = Paint(enabled: Output.stdoutIsTerminal)
        let width = Output.terminalWidth
        var done = [report.total == 0 ? "nothing due" : "\(report.done) of \(report.total) due done"]
        if let weighted = report.weightedScore { done.append("weighted score \(MetricText.english.percent(weighted))") }
        let notDue = report.habits.count - report.total
        if notDue > 0 { done[done.count - 1] += " (\(notDue) not due \(report.asOf == report.today ? "today" : "that day"))" }
        Output.wrapped(["\(report.asOf.weekday.title) \(report.asOf)"] + done, width: width).forEach { Output.line(paint.bold($0)) }
        guard !report.habits.isEmpty else { return Output.line("No active habits; add one with `almanac habit add NAME`.") }
        let level = MetricText.english.level(report.experience).components(separatedBy: " · ")
        let latest = report.experience.achievements.last.map { ["latest achievement: " + MetricText.english.achievement($0)] } ?? []
        Output.wrapped(level + latest, width: width).forEach { Output.line($0) }
        let dayName = MetricText.english.dayName(report.asOf, today: report.today)
        let habits = report.habits.map { row in
            StatusTable.Habit(emoji: TerminalText.safe(row.emoji), name: TerminalText.safe(row.name),
                              today: paint.state(row.today.state, MetricText.english.today(row.metrics, habit: row.habit)),
                              figures: [MetricText.english.streak(row.streak.unit, row.streak.current), MetricText.english.streak(row.streak.unit, row.streak.best),
                                        MetricText.english.percent(row.rate30.value), MetricText.english.percent(row.score)])
        }
        StatusTable(dayName: dayName, habits: habits, width: width, visibleWidth: paint.visibleWidth).lines.forEach { Output.line($0) }
    }
}

/// The habits of `status` laid out to fit a terminal of `width` columns: one row each when the
/// table fits; else today's words on a second line under the name; a name cut with "…" only
/// where the cut names still differ, else given a line of its own; a line is never wider than the
/// terminal, so nothing wraps in the middle of a row.
struct StatusTable {
    struct Habit {
        var emoji: String, name: String, today: String
        /// Streak, best, 30 days, score.
        var figures: [String]
    }

    static let figureTitles = ["Streak", "Best", "30 days", "Score"]
    static let rightAligned: Set<Int> = [5, 6]

    let dayName: String
    let habits: [Habit]
    let width: Int
    let visibleWidth: (String) -> Int

    var lines: [String] {
        let full = [["", "Habit", dayName] + Self.figureTitles] + habits.map { [$0.emoji, $0.name, $0.today] + $0.figures }
        let table = Output.table(full, rightAligned: Self.rightAligned, visibleWidth: visibleWidth)
        if table.allSatisfy({ visibleWidth($0) <= width }) { return table }
        // Today's words under each name: the figures keep their columns.
        let figureWidths = (0..<4).map { i in ([Self.figureTitles[i]] + habits.map { $0.figures[i] }).map(visibleWidth).max() ?? 0 }
        let room = width - 4 - figureWidths.reduce(0) { $0 + $1 + 2 }
        if room >= 8 {
            let shown = habits.map { cut($0.name, to: room) }
            var seen: [String: Int] = [:]
            for name in shown { seen[name.lowercased(), default: 0] += 1 }
            var rows = [["", "Habit / \(dayName)"] + Self.figureTitles], above: [[String]] = [[]], below: [[String]] = [[]]
            for (habit, name) in zip(habits, shown) {
                // A cut that two names would share is no name: the whole name gets a line of its
                // own, above its figures.
                let alone = name != habit.name && seen[name.lowercased(), default: 0] > 1
                rows.append((alone ? ["", ""] : [habit.emoji, name]) + habit.figures)
                above.append(alone ? wrapped((habit.emoji.isEmpty ? "" : habit.emoji + "  ") + habit.name, indent: 0, then: 4) : [])
                below.append(["    " + habit.today])
            }
            var out: [String] = []
            for (i, line) in Output.table(rows, rightAligned: [4, 5], visibleWidth: visibleWidth).enumerated() {
                out += above[i] + [line] + below[i]
            }
            if out.allSatisfy({ visibleWidth($0) <= width }) { return out }
        }
        // Narrower still: each habit's name, then its words, then its figures, each line wrapped.
        var out: [String] = []
        for habit in habits {
            out += wrapped((habit.emoji.isEmpty ? "" : habit.emoji + "  ") + habit.name, indent: 0, then: 4)
            out += wrapped(habit.today, indent: 4)
            out += Output.wrapped(zip(["streak", "best", "30 days", "score"], habit.figures).map { "\($0) \($1)" }, width: width - 4).map { "    " + $0 }
        }
        return out
    }

    /// `text` in at most `room` columns: whole, or cut with "…".
    func cut(_ text: String, to room: Int) -> String {
        guard visibleWidth(text) > room else { return text }
        var cut = "", used = 0
        for character in text {
            let cells = visibleWidth(String(character))
            if used + cells > room - 1 { break }
            cut.append(character); used += cells
        }
        return cut.trimmingCharacters(in: .whitespaces) + "…"
    }

    /// `text` on lines of at most `width` columns, the first after `indent` spaces and the others
    /// after `then` (`indent` when nil), broken between words (a word longer than a line is cut
    /// where the line ends).
    func wrapped(_ text: String, indent: Int, then: Int? = nil) -> [String] {
        var lines: [String] = [], line = ""
        func room() -> Int { max(8, width - (lines.isEmpty ? indent : then ?? indent)) }
        for word in text.split(separator: " ").map(String.init) {
            let candidate = line.isEmpty ? word : line + " " + word
            if visibleWidth(candidate) <= room() { line = candidate; continue }
            if !line.isEmpty { lines.append(line) }
            line = visibleWidth(word) <= room() ? word : cut(word, to: room())
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines.enumerated().map { String(repeating: " ", count: $0.offset == 0 ? indent : then ?? indent) + $0.element }
    }
}
