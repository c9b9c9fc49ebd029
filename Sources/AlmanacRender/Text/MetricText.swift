import AlmanacDomain

/// Metrics as short text, the same in the terminal and on the site.
public enum MetricText {
    /// "83%", or "–" when there is nothing to rate.
    public static func percent(_ value: Double?) -> String {
        guard let value else { return "–" }
        return "\(Int((value * 100).rounded()))%"
    }

    /// A value with its unit: "3 glasses", "1 glass", "25 min", "4" (a yes/no habit has no unit).
    public static func amount(_ value: Double, of habit: Habit) -> String { amount(value, unit: habit.displayUnit) }

    /// A value with a unit label (`Habit.displayUnit`), singular for 1.
    public static func amount(_ value: Double, unit label: String) -> String {
        let unit = value == 1 ? singular(label) : label
        return unit.isEmpty ? NumberText.plain(value) : "\(NumberText.plain(value)) \(unit)"
    }

    /// A total for people, its digits grouped: "8,426,160 steps".
    public static func total(_ value: Double, of habit: Habit) -> String {
        let unit = value == 1 ? singular(habit.displayUnit) : habit.displayUnit
        return unit.isEmpty ? NumberText.grouped(value) : "\(NumberText.grouped(value)) \(unit)"
    }

    /// "On days after Sleep was done, Run was done 71% of the time, against 44% otherwise (212 days)."
    public static func pair(_ pair: PairInsights.Pair, names: [EntityID: String]) -> String {
        let condition = names[pair.condition] ?? "?", outcome = names[pair.outcome] ?? "?"
        return "On days \(pair.dayAfter ? "after" : "when") \(condition) was done, \(outcome) was done \(percent(pair.withShare)) of the time, "
            + "against \(percent(pair.withoutShare)) otherwise (\(count(pair.days, "day")))."
    }

    /// What the pairs rest on: how many were tried, over which days, and the test; and how many
    /// of those that hold are listed, when that is fewer (`listed`).
    public static func pairsNote(_ pairs: PairInsights, listed: Int = .max) -> String {
        let tried = count(pairs.tried, "pair") + " of habits tried (the same day and the day after, \(pairs.from) to \(pairs.through))"
        guard pairs.tried > 0 else {
            return "No pair of habits has \(PairInsights.minimumDays) days on each side yet (done and not done) in the last \(PairInsights.windowDays) days."
        }
        return pairs.shown.isEmpty
            ? "None of the \(tried) shows a difference that holds once chance is accounted for."
            : "From \(tried): \(count(pairs.shown.count, "difference")) that \(pairs.shown.count == 1 ? "holds" : "hold") after a "
                + "two-proportion test corrected for the number of pairs tried (Benjamini–Hochberg, 5%)"
                + (pairs.shown.count > listed ? "; the \(listed) strongest are listed." : ".")
    }

    /// "Run: 95 days done in 2026 through 2026-11-20, against 106 by the same day of 2025."
    public static func yearAgainstYear(_ comparison: HabitInsights.YearAgainstYear, of habit: Habit, name: Bool = true) -> String {
        let now = comparison.doneDays ? count(Int(comparison.thisYear), "day") + " done" : total(comparison.thisYear, of: habit)
        let then = comparison.doneDays ? "\(Int(comparison.lastYear))" : total(comparison.lastYear, of: habit)
        return (name ? "\(habit.name): " : "") + "\(now) in \(comparison.year) through \(comparison.through), against \(then) by the same day of \(comparison.year - 1)."
    }

    /// A habit's year in a line's parts: "95 days done" or "2,808 glasses", and against the year
    /// before, "106 in 2025".
    public static func year(_ year: HabitYear, of habit: Habit) -> String {
        habit.unit == .boolean ? count(year.doneDays, "day") + " done" : total(year.total, of: habit)
    }

    /// The year in progress's comparison, "against 106 by the same day of 2025" (the habit page's
    /// "This year against the last").
    public static func sameDaysBefore(_ comparison: HabitInsights.YearAgainstYear, of habit: Habit) -> String {
        "against " + (comparison.doneDays ? "\(Int(comparison.lastYear))" : total(comparison.lastYear, of: habit)) + " by the same day of \(comparison.year - 1)"
    }

    public static func yearBefore(_ year: HabitYear, of habit: Habit) -> String {
        "against " + (habit.unit == .boolean ? "\(year.doneDays)" : total(year.total, of: habit)) + " in \(year.year)"
    }

    /// "2026-03 (93%, 28 of 30 due)".
    /// "July 2026 (92 %, 24 of 26 due)", "Tuesday (…)": a month by its name, not its key.
    public static func share(_ share: HabitInsights.Share, month: Bool) -> String {
        let label = month ? (DayKey(String(share.label.prefix(7)) + "-01").map(MonthGridSVG.title(of:)) ?? String(share.label.prefix(7)))
            : (Int(share.label).map { Weekday.allCases[$0 - 1].title } ?? share.label)
        return "\(label) (\(percent(share.share)), \(share.done) of \(share.due) due)"
    }

    /// "1 perfect day", "3 perfect days".
    public static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(n) " + (n == 1 ? singular : plural ?? singular + "s")
    }

    /// An English unit label for one: "glasses" → "glass", "pastries" → "pastry", "cups" →
    /// "cup"; labels that do not end in a plural "s" ("min", "km", "kcal") stay as they are.
    static func singular(_ label: String) -> String {
        let lower = label.lowercased()
        guard lower.count > 2, lower.hasSuffix("s"), !lower.hasSuffix("ss"), !lower.hasSuffix("us"), !lower.hasSuffix("is") else { return label }
        if lower.hasSuffix("ies") { return String(label.dropLast(3)) + "y" }
        for ending in ["sses", "shes", "ches", "xes", "zes"] where lower.hasSuffix(ending) { return String(label.dropLast(2)) }
        return String(label.dropLast())
    }

    /// A day's value: "done" or "not done" for a yes/no habit, else its amount.
    public static func dayValue(_ value: Double, of habit: Habit) -> String {
        if habit.unit == .boolean { return value >= 1 ? "done" : "not done" }
        return amount(value, of: habit)
    }

    /// The columns of a weeks, months or years table, the same in `stats`, on the site and in the
    /// workbook: period, done of due, rate, and the total for counts and durations.
    public static func calendarHeader(_ unit: CalendarUnit, of habit: Habit) -> [String] {
        let first: String
        switch unit {
        case .week: first = "Week"
        case .month: first = "Month"
        case .year: first = "Year"
        }
        return [first, "Done", "Rate"] + (habit.unit == .boolean ? [] : ["Total"])
    }

    /// One row of `calendarHeader`: "2026-W47 from Nov 16", "3 of 5", "60%", "12 glasses".
    public static func calendarRow(_ total: CalendarTotal, of habit: Habit) -> [String] {
        var period = total.label
        if total.unit == .week { period += " from " + shortDay(total.first) }
        if total.inProgress { period += " (so far)" }
        let row = [period, doneOfDue(total), percent(total.rate.value)]
        return row + (habit.unit == .boolean ? [] : [self.total(total.value, of: habit)])
    }

    /// "3 of 5"; "2 done" for a period that owes nothing of its own (a monthly habit's week);
    /// "–" for a period nothing was due or done in.
    public static func doneOfDue(_ total: CalendarTotal) -> String {
        if total.due == 0 { return total.done == 0 ? "–" : "\(total.done) done" }
        return "\(total.done) of \(total.due)"
    }

    /// The months' short names, January first: axis labels, heatmaps, "Nov 16".
    public static let monthAbbreviations = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// "Nov 16".
    public static func shortDay(_ day: DayKey) -> String { "\(monthAbbreviations[day.month - 1]) \(day.day)" }

    /// The months' names, January first.
    public static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                                    "October", "November", "December"]

    /// What the as-of day is called: "Today" while it is the clock's day, else its date
    /// ("Tuesday 3 November"; with the year when it is not `today`'s year).
    public static func dayName(_ day: DayKey, today: DayKey) -> String {
        if day == today { return "Today" }
        let date = "\(day.weekday.title) \(day.day) \(monthNames[day.month - 1])"
        return day.year == today.year ? date : "\(date) \(day.year)"
    }

    /// "83% (10 of 12)".
    public static func rate(_ rate: CompletionRate) -> String {
        rate.value == nil ? "–" : "\(percent(rate.value)) (\(rate.completed) of \(rate.expected))"
    }

    /// The day's value against the target: "✓ 12/8 glasses", "✓ done", "✗ 218 min, limit 120",
    /// "✓ none, limit 2" (an at-most habit with nothing logged), "✗ not done" (a day that is over
    /// with nothing logged), "skipped", "–" (nothing logged yet).
    public static func today(value: Double?, state: DayState?, habit: Habit) -> String {
        switch state {
        case .skipped: return "skipped"
        case .unscheduled where value == nil: return "not due"
        default: break
        }
        let limit = "limit \(NumberText.plain(habit.target))"
        guard let value else {
            if habit.direction == .atMost && state == .done { return "✓ none, \(limit)" }
            if state == .missed { return habit.unit == .boolean ? "✗ not done" : "✗ none logged" }
            return "–"
        }
        if habit.unit == .boolean { return value >= 1 ? "✓ done" : "✗ not done" }
        return "\(habit.isCompleted(value: value) ? "✓" : "✗") \(self.value(value, of: habit))"
    }

    /// A logged value against the target: "12/8 glasses", "2 cigarettes, limit 2".
    public static func value(_ value: Double, of habit: Habit) -> String {
        if habit.direction == .atMost { return "\(amount(value, of: habit)), limit \(NumberText.plain(habit.target))" }
        return "\(NumberText.plain(value))/\(amount(habit.target, of: habit))"
    }

    /// "2 of 3 so far this week" while the period is in progress, "2 of 3 this week" once its last
    /// day is over.
    public static func period(_ progress: HabitMetrics.PeriodProgress) -> String {
        periodCount(progress) + " this \(progress.kind.rawValue)"
    }

    /// "2 of 3 so far", "2 of 3".
    public static func periodCount(_ progress: HabitMetrics.PeriodProgress) -> String {
        "\(progress.done) of \(progress.times)\(progress.inProgress ? " so far" : "")"
    }

    /// The day's text, and for a per-week or per-month habit its period: "✓ done · 2 of 3 so far
    /// this week".
    public static func today(_ metrics: HabitMetrics, habit: Habit) -> String {
        let day = today(value: metrics.todayValue, state: metrics.todayState, habit: habit)
        guard let progress = metrics.period else { return day }
        return day == "–" ? period(progress) : day + " · " + period(progress)
    }

    /// Breaking a habit: "9.5 cigarettes a day over the last 4 weeks against a baseline of 15:
    /// 37% less; 12 of 20 logged days within the target."
    public static func reduction(_ r: Reduction, of habit: Habit) -> String {
        let baseline = amount(r.baseline, of: habit)
        guard let average = r.averagePerDay else { return "Nothing logged in the last 4 weeks (baseline \(baseline) a day)." }
        return "\(amount((average * 10).rounded() / 10, of: habit)) a day over the last 4 weeks against a baseline of \(baseline): "
            + change(r.reduction) + "; \(r.daysWithinTarget) of \(count(r.daysLogged, "logged day")) within the target."
    }

    /// One week of a reduction: "2.4 a day, 84% less; 5 of 6 days within the target".
    public static func reductionWeek(_ week: Reduction.Week, baseline: Double, of habit: Habit) -> String {
        guard let average = week.averagePerDay else { return "nothing logged" }
        let change = baseline > 0 ? ", " + change((baseline - average) / baseline) : ""
        return "\(amount((average * 10).rounded() / 10, of: habit)) a day\(change); \(week.daysWithinTarget) of \(count(week.daysLogged, "day")) within the target"
    }

    /// A goal: "30 days 72% (26/36) · 141 days left (2027-04-12)".
    public static func goalProgress(_ goal: GoalProgress) -> String {
        var text = "30 days \(percent(goal.rate30.value)) (\(goal.rate30.completed)/\(goal.rate30.expected))"
        if let date = goal.targetDate, let left = goal.daysLeft {
            switch left {
            case 0: text += " · the target date is today (\(date))"
            case ..<0: text += " · \(count(-left, "day")) past the target date (\(date))"
            default: text += " · \(count(left, "day")) left (\(date))"
            }
        }
        if let pace = goal.pace { text += " · on track for \(pace.done) of \(pace.due) due days done by then" }
        return text
    }

    /// "Level 3 · 1,250 XP (350 of 900 to level 4)".
    public static func level(_ progress: Experience) -> String {
        "Level \(progress.level) · \(count(progress.xp, "XP", "XP")) (\(progress.xpIntoLevel) of \(progress.xpForNextLevel) to level \(progress.level + 1))"
    }

    /// "30-day streak (2026-11-02)".
    public static func achievement(_ achievement: Experience.Achievement) -> String {
        "\(achievement.title) (\(achievement.day))"
    }

    /// "37% less", "12% more", "no change".
    private static func change(_ reduction: Double?) -> String {
        guard let reduction else { return "no baseline to compare with" }
        let percent = Int((abs(reduction) * 100).rounded())
        if percent == 0 { return "about the same as before" }
        return "\(percent)% " + (reduction > 0 ? "less" : "more")
    }

    /// "at least 8 glasses", "at most 2 cups", "done or not".
    public static func goal(_ habit: Habit) -> String {
        if habit.unit == .boolean { return "done or not" }
        return (habit.direction == .atLeast ? "at least " : "at most ") + amount(habit.target, of: habit)
    }

    /// "daily", "Mon, Wed, Fri", "3 times a week", "10 times a month".
    public static func frequency(_ frequency: Frequency) -> String {
        switch frequency {
        case .daily: return "daily"
        case .weekdays(let days): return days.sorted().map { $0.shortTitle }.joined(separator: ", ")
        case .perWeek(let n): return n == 1 ? "once a week" : "\(n) times a week"
        case .perMonth(let n): return n == 1 ? "once a month" : "\(n) times a month"
        case .perDays(let times, let period): return (times == 1 ? "once" : "\(times) times") + " in \(period) days"
        }
    }
}
