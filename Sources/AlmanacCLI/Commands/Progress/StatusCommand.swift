import AlmanacKit
import AlmanacRender
import ArgumentParser

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
        var done = report.total == 0 ? "nothing due" : "\(report.done) of \(report.total) due done"
        if let weighted = report.weightedScore {
            done += " · weighted score \(MetricText.english.percent(weighted))"
        }
        let notDue = report.habits.count - report.total
        Output.line(paint.bold("\(report.asOf.weekday.title) \(report.asOf) · \(done)")
            + (notDue > 0 ? " (\(notDue) not due \(report.asOf == report.today ? "today" : "that day"))" : ""))
        guard !report.habits.isEmpty else { return Output.line("No active habits; add one with `almanac habit add NAME`.") }
        let latest = report.experience.achievements.last.map { " · latest achievement: " + MetricText.english.achievement($0) } ?? ""
        Output.line(MetricText.english.level(report.experience) + latest)
        var rows = [["", "Habit", MetricText.english.dayName(report.asOf, today: report.today), "Streak", "Best", "30 days", "Score"]]
        for row in report.habits {
            let today = paint.state(row.today.state, MetricText.english.today(row.metrics, habit: row.habit))
            rows.append([TerminalText.safe(row.emoji), TerminalText.safe(row.name), today, MetricText.english.streak(row.streak.unit, row.streak.current),
                         MetricText.english.streak(row.streak.unit, row.streak.best), MetricText.english.percent(row.rate30.value),
                         MetricText.english.percent(row.score)])
        }
        Output.table(rows, rightAligned: [5, 6], fitting: 1, visibleWidth: paint.visibleWidth).forEach { Output.line($0) }
    }
}
