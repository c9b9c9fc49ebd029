import AlmanacDomain
import AlmanacRender
import AlmanacStore
import ArgumentParser

/// `almanac stats HABIT`: every metric of one habit.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Every metric of one habit: streaks, completion rates, strength score and totals.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The habit's name (any case).") var habit: String
    @OptionGroup var options: AsOfOptions

    struct Report: Encodable {
        var habit: Habit
        var asOf: DayKey
        var metrics: HabitMetrics
    }

    func run() throws {
        let store = try global.openStore()
        let habit = try store.habit(named: self.habit)
        let snapshot = try store.snapshot()
        let asOf = try options.day(in: snapshot.calendar)
        let series = snapshot.series(of: habit, asOf: asOf)
        let metrics = HabitMetrics(series: series, weekStart: snapshot.settings.weekStart)
        if options.json { return try Output.json(Report(habit: habit, asOf: asOf, metrics: metrics)) }

        Output.line("\(HabitText.title(habit)) — \(MetricText.goal(habit)), \(habit.frequency.cliDescription) · as of \(asOf)")
        guard series.count > 0 else { return Output.line("No history yet as of \(asOf).") }
        let rates = HabitMetrics.rateWindows.map { window -> String in
            let rate = metrics.rate(window)
            let label = window.map { "\($0)d" } ?? "all"
            return "\(label) \(MetricText.percent(rate.value)) (\(rate.completed)/\(rate.expected))"
        }
        let weekdays = Weekday.allCases.map { "\($0.short.capitalized) \(metrics.completedByWeekday[$0.isoIndex])" }
        let months = metrics.months.suffix(12).map { "\($0.month): \($0.completedDays) done" + (habit.unit == .boolean ? "" : ", \(NumberText.plain($0.value))") }
        let rows: [[String]] = [
            ["Streak", "\(metrics.streak.unit.describe(metrics.streak.current)) (best \(metrics.streak.unit.describe(metrics.streak.best)))"],
            ["Strength", MetricText.percent(metrics.score)],
            ["Completion", rates.joined(separator: " · ")],
            ["Check-ins", "\(metrics.totalCheckins)" + (habit.unit == .boolean ? "" : " (total \(HabitText.value(metrics.totalValue, of: habit)))")],
            ["Since", series.start.description],
            ["By weekday", weekdays.joined(separator: " · ")],
        ]
        Output.table(rows).forEach { Output.line($0) }
        Output.line("Last months:")
        months.forEach { Output.line("  " + $0) }
    }
}
