import AlmanacDomain
import AlmanacWords
import AlmanacKit
import AlmanacRender
import ArgumentParser

/// `almanac stats HABIT`: every metric of one habit.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Every metric of one habit: streaks, completion rates, strength score and totals.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var quiet: NotesQuietOption
    @Argument(help: "The habit's name (any case).", completion: HabitNameCompletion.kind) var habit: String
    @OptionGroup var options: AsOfOptions

    func run() throws {
        quiet.apply()
        let store = try global.openStore()
        let asOf = try global.day(options.asOf, in: store)
        global.noteIfAfterToday(asOf, in: store)
        let stats = try HabitStats(store: store, habit: habit, asOf: asOf, clock: global.clock())
        if options.json { return try Output.json(stats) }
        let (habit, metrics) = (stats.habit, stats.metrics)
        Output.line("\(HabitText.title(habit)) — \(MetricText.english.goal(habit)), \(habit.frequency.cliDescription) · as of \(stats.asOf)")
        guard let since = stats.since else { return Output.line("No history yet as of \(stats.asOf).") }
        let rates = stats.rates.map { "\($0.window) \(MetricText.english.percent($0.rate.value)) (\($0.rate.completed)/\($0.rate.expected))" }
        let weekdays = Weekday.allCases.map { "\($0.shortTitle) \(metrics.completedByWeekday[$0.isoIndex])" }
        var rows: [[String]] = [
            ["Streak", "\(MetricText.english.streak(metrics.streak.unit, metrics.streak.current)) (best \(MetricText.english.streak(metrics.streak.unit, metrics.streak.best)))"]]
        if let period = metrics.period { rows.append(["This \(period.kind.rawValue)", MetricText.english.periodCount(period)]) }
        rows.append(["Strength", MetricText.english.percent(metrics.score)])
        if let reduction = metrics.reduction { rows.append(["Reduction", MetricText.english.reduction(reduction, of: habit)]) }
        let total = habit.unit == .boolean ? "" : " (total \(MetricText.english.total(metrics.totalValue, of: habit)))"
        rows += [
            ["Completion", rates.joined(separator: " · ")],
            ["Check-ins", "\(metrics.totalCheckins)" + total],
            ["Since", since.description],
            ["By weekday", weekdays.joined(separator: " · ")],
        ]
        Output.table(rows).forEach { Output.line($0) }
        Output.line("Last 12 weeks (█ done, ▒ not enough, x missed, · nothing logged, s skipped):")
        TerminalHeatmap.lines(stats.series, weekStart: stats.weekStart).forEach { Output.line("  " + $0) }
        for (title, unit, totals) in [("Last 8 weeks", CalendarUnit.week, metrics.weeks.suffix(8)),
                                      ("Last 12 months", .month, metrics.months.suffix(12)), ("Years", .year, metrics.years.suffix(100))] {
            Output.line("\(title):")
            let rows = [MetricText.english.calendarHeader(unit, of: habit)] + totals.reversed().map { MetricText.english.calendarRow($0, of: habit) }
            Output.table(rows).forEach { Output.line("  " + $0) }
        }
    }
}
