import Foundation
import AlmanacDomain
import AlmanacRender
import AlmanacStore
import ArgumentParser

/// Options of commands that compute metrics as of a day.
struct AsOfOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Compute as of this day (default: today in the store's time zone).", valueName: "YYYY-MM-DD"),
            transform: ArgumentValues.day)
    var asOf: DayKey?

    @Flag(help: "Print JSON for scripts.") var json = false

    func day(in calendar: StoreCalendar) throws -> DayKey { try asOf ?? Now.today(in: calendar) }
}

/// `almanac status`: today at a glance.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Today's progress: done/total, and each active habit's streaks, 30-day rate and score.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var options: AsOfOptions

    func run() throws {
        let store = try global.openStore()
        let snapshot = try store.snapshot()
        let asOf = try options.day(in: snapshot.calendar)
        let report = StatusReport(snapshot: snapshot, asOf: asOf)
        if options.json { return try Output.json(report) }
        let paint = Paint(enabled: Output.stdoutIsTerminal)
        Output.line(paint.bold("\(asOf.weekday.rawValue.capitalized) \(asOf) · \(report.done) of \(report.total) done"))
        guard !report.habits.isEmpty else { return Output.line("No active habits; add one with `almanac habit add NAME`.") }
        var rows = [["", "Habit", "Today", "Streak", "Best", "30 days", "Score"]]
        for row in report.habits {
            let today = paint.state(row.today.state, MetricText.today(value: row.today.value, state: row.today.state, habit: row.habit))
            rows.append([row.emoji, row.name, today, row.streak.unit.describe(row.streak.current),
                         row.streak.unit.describe(row.streak.best), MetricText.percent(row.rate30.value),
                         MetricText.percent(row.score)])
        }
        Output.table(rows, rightAligned: [5, 6], visibleWidth: paint.visibleWidth).forEach { Output.line($0) }
    }
}

/// The numbers `status` shows, also its `--json` shape.
struct StatusReport: Encodable {
    struct Row: Encodable {
        var id: String
        var name: String
        var emoji: String
        var today: Today
        var streak: Streak
        var rate30: CompletionRate
        var score: Double
        var habit: Habit
        enum CodingKeys: String, CodingKey { case id, name, emoji, today, streak, rate30, score }
    }

    struct Today: Encodable {
        var value: Double?
        var target: Double
        var unit: String
        var state: DayState?
    }

    var asOf: DayKey
    var done: Int
    var total: Int
    var habits: [Row]

    init(snapshot: StoreSnapshot, asOf: DayKey) {
        self.asOf = asOf
        let all = snapshot.metrics(asOf: asOf)
        let overview = DailyOverview(series: all.map { ($0.series, snapshot.archivedDay(of: $0.habit)) },
                                     asOf: asOf, weekStart: snapshot.settings.weekStart)
        let today = overview.day(asOf)
        done = today?.done ?? 0
        total = today?.due ?? 0
        habits = all.filter { !$0.habit.isArchived && $0.series.count > 0 }.map { habit, _, metrics in
            Row(id: habit.id.description, name: habit.name, emoji: habit.emoji,
                today: Today(value: metrics.todayValue, target: habit.target, unit: habit.displayUnit, state: metrics.todayState),
                streak: metrics.streak, rate30: metrics.rate30, score: metrics.score, habit: habit)
        }
    }
}

/// ANSI colour for a terminal, nothing otherwise.
struct Paint {
    let enabled: Bool

    func bold(_ text: String) -> String { enabled ? "\u{1B}[1m\(text)\u{1B}[0m" : text }

    func state(_ state: DayState?, _ text: String) -> String {
        guard enabled else { return text }
        switch state {
        case .done: return "\u{1B}[32m\(text)\u{1B}[0m"
        case .missed: return "\u{1B}[31m\(text)\u{1B}[0m"
        default: return text
        }
    }

    /// The width of a cell without its colour codes.
    func visibleWidth(_ text: String) -> Int {
        var plain = text
        for code in ["\u{1B}[1m", "\u{1B}[0m", "\u{1B}[32m", "\u{1B}[31m"] { plain = plain.replacingOccurrences(of: code, with: "") }
        return Output.cells(plain)
    }
}
