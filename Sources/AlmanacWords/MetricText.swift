import AlmanacDomain

/// Metrics as short text in a language (`SiteLanguage`): the site's in the store's language,
/// the terminal's in English (`english`).
public struct MetricText: Sendable, Equatable {
    public let words: SiteLanguage
    /// Days and months as the command line writes them (2026-11-20, 2026-11), which a person
    /// types back into its options; a site writes the language's dates.
    public let isoDays: Bool

    public init(_ words: SiteLanguage) { self.words = words; isoDays = false }
    public init(_ language: Language) { words = .of(language); isoDays = false }
    private init(commandLine words: SiteLanguage) { self.words = words; isoDays = true }

    /// The command line's.
    public static var english: MetricText { MetricText(commandLine: .english) }

    /// A day in a sentence: "20 Nov 2026" (the language's medium date), "2026-11-20" on the command line.
    public func day(_ day: DayKey) -> String { isoDays ? day.description : words.mediumDay(day) }

    /// "83%", or "–" when there is nothing to rate.
    public func percent(_ value: Double?) -> String { words.percent(value) }

    /// A change as a signed share: "+12%", "−8%" (a minus sign), "0%".
    public func signedPercent(_ change: Double) -> String {
        let rounded = (change * 100).rounded() / 100
        return (rounded > 0 ? "+" : rounded < 0 ? "−" : "") + percent(abs(rounded))
    }

    /// A test's p-value as people read it: "< 0.001", else "= 0.003", in the language's digits.
    public func pValue(_ p: Double) -> String {
        p < 0.001 ? "< " + words.rounded(0.001, digits: 3) : "= " + words.rounded(p, digits: 3)
    }

    /// A value with its unit: "3 glasses", "1 glass", "25 min", "4" (a yes/no habit has no unit).
    public func amount(_ value: Double, of habit: Habit) -> String { amount(value, unit: habit.displayUnit) }

    /// A value with a unit label (`Habit.displayUnit`), singular for 1 in English.
    public func amount(_ value: Double, unit label: String) -> String {
        let unit = value == 1 ? singular(label) : label
        return unit.isEmpty ? words.number(value) : "\(words.number(value)) \(unit)"
    }

    /// A total for people, its digits grouped: "8,426,160 steps".
    public func total(_ value: Double, of habit: Habit) -> String {
        let unit = value == 1 ? singular(habit.displayUnit) : habit.displayUnit
        return unit.isEmpty ? words.grouped(value) : "\(words.grouped(value)) \(unit)"
    }

    /// "On days after Sleep was done, Run was done 71% of the time, against 44% otherwise (212 days)."
    public func pair(_ pair: PairInsights.Pair, names: [EntityID: String]) -> String {
        words[pair.dayAfter ? "pair.after" : "pair.same",
              ["condition": names[pair.condition] ?? "?", "outcome": names[pair.outcome] ?? "?", "with": percent(pair.withShare),
               "without": percent(pair.withoutShare), "days": count(pair.days, "day")]]
    }

    /// What the pairs rest on: how many were tried, over which days, and the test; and how many
    /// of those that hold are listed, when that is fewer (`listed`).
    public func pairsNote(_ pairs: PairInsights, listed: Int = .max) -> String {
        guard pairs.tried > 0 else {
            return words["pairs.none", ["days": "\(PairInsights.minimumDays)", "window": "\(PairInsights.windowDays)"]]
        }
        let span: KeyValuePairs<String, String> = ["from": words.mediumDay(pairs.from), "through": words.mediumDay(pairs.through)]
        guard !pairs.shown.isEmpty else { return words.count(pairs.tried, "pairs.noneHold", span) }
        let sentence = pairs.tried == 1 ? words["pairs.holdOnly", span]
            : words.count(pairs.shown.count, "pairs.hold", ["tried": words.grouped(Double(pairs.tried)), "from": span[0].value, "through": span[1].value])
        return sentence + (pairs.shown.count > listed ? words["pairs.listed", ["listed": "\(listed)"]] : ".")
    }

    /// "95 days done in 2026 through 20 Nov 2026, against 106 by the same day of 2025."
    public func yearAgainstYear(_ comparison: HabitInsights.YearAgainstYear, of habit: Habit) -> String {
        let now = comparison.doneDays ? count(Int(comparison.thisYear), "daysDone") : total(comparison.thisYear, of: habit)
        let then = comparison.doneDays ? words.grouped(comparison.lastYear) : total(comparison.lastYear, of: habit)
        return words["yearAgainstYear", ["now": now, "year": "\(comparison.year)", "through": day(comparison.through),
                                         "then": then, "lastYear": "\(comparison.year - 1)"]]
    }

    /// A habit's year in a line's parts: "95 days done" or "2,808 glasses".
    public func year(_ year: HabitYear, of habit: Habit) -> String {
        habit.unit == .boolean ? count(year.doneDays, "daysDone") : total(year.total, of: habit)
    }

    /// The year in progress's comparison, "against 106 by the same day of 2025" (the habit page's
    /// "This year against the last").
    public func sameDaysBefore(_ comparison: HabitInsights.YearAgainstYear, of habit: Habit) -> String {
        words["againstSameDay", ["then": comparison.doneDays ? words.grouped(comparison.lastYear) : total(comparison.lastYear, of: habit),
                                 "lastYear": "\(comparison.year - 1)"]]
    }

    /// "against 106 in 2025".
    public func yearBefore(_ year: HabitYear, of habit: Habit) -> String {
        words["againstYear", ["then": habit.unit == .boolean ? words.grouped(Double(year.doneDays)) : total(year.total, of: habit), "year": "\(year.year)"]]
    }

    /// "July 2026 (92%, 24 of 26 due)", "Tuesday (…)": a month by its name, not its key.
    public func share(_ share: HabitInsights.Share, month: Bool) -> String {
        let label = month ? (DayKey(String(share.label.prefix(7)) + "-01").map(words.month(of:)) ?? String(share.label.prefix(7)))
            : (Int(share.label).map { words.weekday(Weekday.allCases[$0 - 1]) } ?? share.label)
        return words["share", ["label": label, "percent": percent(share.share), "done": "\(share.done)", "due": "\(share.due)"]]
    }

    /// "1 perfect day", "3 perfect days": the catalogue's `key.one` or `key.other`.
    public func count(_ n: Int, _ key: String) -> String { words.count(n, key) }

    /// An English unit label for one: "glasses" → "glass", "pastries" → "pastry", "cups" →
    /// "cup"; labels that do not end in a plural "s" ("min", "km", "kcal") stay as they are, and
    /// so does every label in another language (people's own words, which only they can inflect).
    func singular(_ label: String) -> String {
        guard words.language == .en else { return label }
        let lower = label.lowercased()
        guard lower.count > 2, lower.hasSuffix("s"), !lower.hasSuffix("ss"), !lower.hasSuffix("us"), !lower.hasSuffix("is") else { return label }
        if lower.hasSuffix("ies") { return String(label.dropLast(3)) + "y" }
        for ending in ["sses", "shes", "ches", "xes", "zes"] where lower.hasSuffix(ending) { return String(label.dropLast(2)) }
        return String(label.dropLast())
    }

    /// A day's value: "done" or "not done" for a yes/no habit, else its amount.
    public func dayValue(_ value: Double, of habit: Habit) -> String {
        if habit.unit == .boolean { return value >= 1 ? words["done"] : words["notDone"] }
        return amount(value, of: habit)
    }

    /// A streak's length in its unit: "12 days", "3 weeks".
    public func streak(_ unit: StreakUnit, _ n: Int) -> String { count(n, "streak.\(unit.rawValue)") }

    /// The columns of a weeks, months or years table, the same in `stats`, on the site and in the
    /// workbook: period, done of due, rate, and the total for counts and durations.
    public func calendarHeader(_ unit: CalendarUnit, of habit: Habit) -> [String] {
        let first: String
        switch unit {
        case .week: first = words["column.week"]
        case .month: first = words["column.month"]
        case .year: first = words["column.year"]
        }
        return [first, words["column.done"], words["column.rate"]] + (habit.unit == .boolean ? [] : [words["column.total"]])
    }

    /// One row of `calendarHeader`: "2026-W47 from 16 Nov" (or "November 2026"), "3 of 5", "60%", "12 glasses".
    public func calendarRow(_ total: CalendarTotal, of habit: Habit) -> [String] {
        var period = total.label
        if total.unit == .week { period = words["weekFrom", ["week": period, "day": shortDay(total.first)]] }
        if total.unit == .month && !isoDays { period = words.month(of: total.first) }
        if total.inProgress { period = words["soFarAfter", ["text": period]] }
        var done = doneOfDue(total)
        // The habit's own period in progress is counted once met, as in the rates: its figures so
        // far are shown beside the row's, not in them.
        if total.pendingDue > 0 {
            let pending = words["pendingPeriod", ["count": ofCount(total.pendingDone, total.pendingDue)]]
            done = total.due == 0 && total.done == 0 ? pending : words["withPending", ["done": done, "pending": pending]]
        }
        let row = [period, done, percent(total.rate.value)]
        return row + (habit.unit == .boolean ? [] : [self.total(total.value, of: habit)])
    }

    /// "3 of 5"; "2 done" for a period that owes nothing of its own (a monthly habit's week);
    /// "–" for a period nothing was due or done in.
    public func doneOfDue(_ total: CalendarTotal) -> String {
        if total.due == 0 { return total.done == 0 ? "–" : words["nDone", ["done": words.grouped(Double(total.done))]] }
        return ofCount(total.done, total.due)
    }

    /// "3 of 5", "763 of 1,040".
    public func ofCount(_ done: Int, _ due: Int) -> String { words["of", ["done": words.grouped(Double(done)), "due": words.grouped(Double(due))]] }

    /// "16 Nov".
    public func shortDay(_ day: DayKey) -> String { words.shortDay(day) }

    /// What the as-of day is called: "Today" while it is the clock's day, else its date
    /// ("Tuesday 3 November"; with the year when it is not `today`'s year).
    public func dayName(_ day: DayKey, today: DayKey) -> String {
        day == today ? words["today.title"] : words.longDay(day, withYear: day.year != today.year)
    }

    /// "83% (10 of 12)".
    public func rate(_ rate: CompletionRate) -> String {
        rate.value == nil ? "–" : "\(percent(rate.value)) (\(ofCount(rate.completed, rate.expected)))"
    }

    /// The day's value against the target: "✓ 12/8 glasses", "✓ done", "✗ 218 min, over the limit
    /// of 120", "✓ none, limit 2" (an at-most habit that counts a day with nothing logged as none),
    /// "✗ not done" (a day that is over with nothing logged), "skipped", "–" (nothing logged yet).
    /// A day still going on gets no mark until it is done: "4/8 glasses", "1 cup, limit 3".
    public func today(value: Double?, state: DayState?, habit: Habit) -> String {
        switch state {
        case .skipped: return words["skipped"]
        case .unscheduled where value == nil: return words["notDue"]
        default: break
        }
        guard let value else {
            if state == .done { return "✓ " + (habit.direction == .atMost ? words["noneWithLimit", ["limit": words.number(habit.target)]] : words["done"]) }
            if state == .missed { return "✗ " + (habit.unit == .boolean ? words["notDone"] : words["noneLogged"]) }
            return "–"
        }
        let mark = state == .done ? "✓ " : state == .missed ? "✗ " : ""
        if habit.unit == .boolean { return mark + (value >= 1 ? words["done"] : words["notDone"]) }
        return mark + self.value(value, of: habit)
    }

    /// A logged value against the target: "12/8 glasses", "2 cigarettes, limit 2", "3 cigarettes,
    /// over the limit of 2".
    public func value(_ value: Double, of habit: Habit) -> String {
        if habit.direction == .atMost {
            return words[habit.isCompleted(value: value) ? "withLimit" : "overTheLimit", ["value": amount(value, of: habit), "limit": words.number(habit.target)]]
        }
        return "\(words.number(value))/\(amount(habit.target, of: habit))"
    }

    /// "2 of 3 so far this week" while the period is in progress, "2 of 3 this week" once its last
    /// day is over.
    public func period(_ progress: HabitMetrics.PeriodProgress) -> String {
        words["this.\(progress.kind.rawValue)", ["count": periodCount(progress)]]
    }

    /// "2 of 3 so far", "2 of 3".
    public func periodCount(_ progress: HabitMetrics.PeriodProgress) -> String {
        let count = ofCount(progress.done, progress.times)
        return progress.inProgress ? words["soFar", ["text": count]] : count
    }

    /// The day's text, and for a per-week or per-month habit its period: "✓ done · 2 of 3 so far
    /// this week".
    public func today(_ metrics: HabitMetrics, habit: Habit) -> String {
        let day = today(value: metrics.todayValue, state: metrics.todayState, habit: habit)
        guard let progress = metrics.period else { return day }
        return day == "–" ? period(progress) : day + " · " + period(progress)
    }

    /// Breaking a habit: "9.5 cigarettes a day over the last 4 weeks against a baseline of 15:
    /// 37% less; 12 of 20 logged days within the target."
    public func reduction(_ r: Reduction, of habit: Habit) -> String {
        let baseline = amount(r.baseline, of: habit)
        guard let average = r.averagePerDay else { return words["reduction.nothing", ["baseline": baseline]] }
        return words["reduction", ["average": amount((average * 10).rounded() / 10, of: habit), "baseline": baseline, "change": change(r.reduction),
                                   "within": "\(r.daysWithinTarget)", "logged": count(r.daysLogged, "loggedDay")]]
    }

    /// One week of a reduction: "2.4 a day, 84% less; 5 of 6 days within the target".
    public func reductionWeek(_ week: Reduction.Week, baseline: Double, of habit: Habit) -> String {
        guard let average = week.averagePerDay else { return words["nothingLogged"] }
        let change = baseline > 0 ? ", " + change((baseline - average) / baseline) : ""
        return words["reduction.week", ["average": amount((average * 10).rounded() / 10, of: habit), "change": change,
                                        "within": "\(week.daysWithinTarget)", "logged": count(week.daysLogged, "loggedDay")]]
    }

    /// A goal: "30 days 72% (26/36) · 141 days left (2027-04-12)".
    public func goalProgress(_ goal: GoalProgress) -> String {
        var text = words["goal.rate", ["percent": percent(goal.rate30.value), "done": "\(goal.rate30.completed)", "due": "\(goal.rate30.expected)"]]
        if let date = goal.targetDate, let left = goal.daysLeft {
            switch left {
            case 0: text += " · " + words["goal.today", ["date": day(date)]]
            case ..<0: text += " · " + words["goal.past", ["days": count(-left, "day"), "date": day(date)]]
            default: text += " · " + words["goal.left", ["days": count(left, "day"), "date": day(date)]]
            }
        }
        if let pace = goal.pace { text += " · " + words["goal.pace", ["done": "\(pace.done)", "due": "\(pace.due)"]] }
        return text
    }

    /// "Level 3 · 1,250 XP (350 of 900 to level 4)".
    public func level(_ progress: Experience) -> String {
        words["level", ["level": "\(progress.level)", "xp": words.grouped(Double(progress.xp)), "into": words.grouped(Double(progress.xpIntoLevel)),
                        "needed": words.grouped(Double(progress.xpForNextLevel)), "next": "\(progress.level + 1)"]]
    }

    /// "30-day streak (2 Nov 2026)".
    public func achievement(_ achievement: Experience.Achievement) -> String {
        "\(achievementTitle(achievement)) (\(day(achievement.day)))"
    }

    /// "30-day streak", "First perfect week", "1,000 check-ins": from the achievement's key.
    public func achievementTitle(_ achievement: Experience.Achievement) -> String {
        let parts = achievement.key.split(separator: "-", maxSplits: 1).map(String.init)
        if parts.count == 2, let n = Int(parts[1]) { return words["achievement.\(parts[0])", ["n": words.grouped(Double(n))]] }
        return words["achievement.\(achievement.key)"]
    }

    /// "37% less", "12% more", "about the same as before".
    private func change(_ reduction: Double?) -> String {
        guard let reduction else { return words["change.noBaseline"] }
        let share = abs(reduction)
        if Int((share * 100).rounded()) == 0 { return words["change.same"] }
        return words[reduction > 0 ? "change.less" : "change.more", ["percent": percent(share)]]
    }

    /// "at least 8 glasses", "at most 2 cups", "done or not".
    public func goal(_ habit: Habit) -> String {
        if habit.unit == .boolean { return words["goal.boolean"] }
        return words[habit.direction == .atLeast ? "goal.atLeast" : "goal.atMost", ["amount": amount(habit.target, of: habit)]]
    }

    /// What a finished day with nothing logged counts as, for an at-most habit ("a day with nothing
    /// logged is missed"); nil for an at-least habit, whose days count only by what was logged.
    public func unloggedRule(_ habit: Habit) -> String? {
        guard habit.direction == .atMost else { return nil }
        return words[habit.countsUnloggedAsNone ? "unlogged.none" : "unlogged.missed"]
    }

    /// The goal as a habit page heads it, with an at-most habit's rule for a day with nothing
    /// logged: "At most 3 cups (a day with nothing logged is missed)".
    public func goalAndRule(_ habit: Habit) -> String {
        let goal = self.goal(habit).capitalizedFirst
        guard let rule = unloggedRule(habit) else { return goal }
        return words["goalWithRule", ["goal": goal, "rule": rule]]
    }

    /// "daily", "Mon, Wed, Fri", "3 times a week", "10 times a month".
    public func frequency(_ frequency: Frequency) -> String {
        switch frequency {
        case .daily: return words["frequency.daily"]
        case .weekdays(let days): return days.sorted().map { words.weekdayShort($0) }.joined(separator: ", ")
        case .perWeek(let n): return count(n, "frequency.perWeek")
        case .perMonth(let n): return count(n, "frequency.perMonth")
        case .perDays(let times, let period): return words.count(times, "frequency.perDays", ["days": "\(period)"])
        }
    }

    /// A completion rate's window: "30 days", "4 weeks", "all time".
    public func window(_ rate: HabitMetrics.WindowRate) -> String {
        guard let length = rate.length else { return words["window.all"] }
        return count(length, "streak.\(rate.unit.rawValue)")
    }
}

extension String {
    /// The first letter a capital: "Novembre 2026" for a heading.
    public var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
