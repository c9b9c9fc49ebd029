import AlmanacDomain

extension SiteDerivation {
    /// How many days the feed carries, the as-of day and those before it.
    public static let feedDays = 30

    /// The files for other programs and pages: the Atom feed, the calendar (when it has events),
    /// the favicon, and each habit's card and badge (made with the habit's files).
    func feedPages(_ feed: AtomFeed, calendar: CalendarICS) -> [SitePage] {
        var pages = [SitePage(path: "feed.xml", drawn: feed), SitePage(path: "favicon.svg", drawn: FaviconSVG())]
        if !calendar.events.isEmpty { pages.append(SitePage(path: "calendar.ics", drawn: calendar)) }
        return pages
    }

    /// What the site's ids are derived from when it has no base URL: the store's identity, which
    /// nothing a person logs or adds changes (`Settings.storeId`).
    var idSeed: String { input.snapshot.settings.storeId ?? "almanac" }

    func feed(_ habits: [HabitFiles], overview: DailyOverview, progress: Experience) -> AtomFeed {
        let asOf = options.asOf, calendar = input.snapshot.calendar
        let first = max(overview.first, asOf.adding(days: 1 - Self.feedDays))
        let days = first <= asOf ? Array((first.ordinal...asOf.ordinal).reversed().map(DayKey.init(ordinal:))) : []
        let window = Set(days)
        var milestones: [DayKey: [String]] = [:]
        for item in habits {
            for reached in item.figures.milestones where window.contains(reached.day) {
                milestones[reached.day, default: []].append("\(item.habit.name) reached a streak of \(reached.unit.describe(reached.length))")
            }
        }
        var achievements: [DayKey: [String]] = [:]
        for achievement in progress.achievements where window.contains(achievement.day) {
            achievements[achievement.day, default: []].append("Achievement: \(MetricText.achievement(achievement))")
        }
        // Each habit and its series, taken out of its files once (not a copy of them per day).
        let shown = habits.map { ($0.habit, $0.series) }
        let entries = days.map { day -> (AtomFeed.Entry, Timestamp) in
            var done: [String] = [], missed: [String] = []
            // What the day says changed last when one of its entries was written or withdrawn, or
            // a habit it names was added or changed (the day's start if nothing was since).
            var updated = max(calendar.startOfDay(day), input.dayWrites[day] ?? calendar.startOfDay(day))
            for (habit, series) in shown {
                guard let i = series.index(of: day) else { continue }
                let state = series.state(at: i)
                if series.isCompleted(i) {
                    done.append(habit.unit == .boolean ? habit.name : "\(habit.name) (\(MetricText.value(series.values[i], of: habit)))")
                } else if series.periodRule == nil, state == .missed || (state == .unknown && day < asOf) {
                    // A per-week or per-month habit's day is not a failure on its own.
                    missed.append(habit.name)
                } else {
                    continue
                }
                updated = max(updated, habit.updatedAt)
            }
            let counts = overview.day(day)
            var title = "\(day.weekday.title) \(day): \(counts.map { "\($0.done) of \($0.due) due done" } ?? "nothing due")"
            if counts?.isPerfect == true { title += " · a perfect day" }
            var lines: [String] = []
            if !done.isEmpty { lines.append("Done: " + done.joined(separator: ", ")) }
            if !missed.isEmpty { lines.append("Not done: " + missed.joined(separator: ", ")) }
            lines += milestones[day] ?? []
            lines += achievements[day] ?? []
            if lines.isEmpty { lines.append("Nothing logged.") }
            return (AtomFeed.Entry(day: day, title: title, lines: lines, updated: updated.description), updated)
        }
        // The feed changed when its newest entry did.
        let updated = entries.map(\.1).max() ?? calendar.startOfDay(asOf)
        return AtomFeed(title: "Habit progress", baseURL: options.baseURL, idSeed: idSeed,
                        updated: max(updated, calendar.startOfDay(asOf)).description, entries: entries.map(\.0))
    }

    /// Planned skips (consecutive days of a habit as one event) and goals' target dates.
    func calendar(_ habits: [HabitFiles]) -> CalendarICS {
        var events: [CalendarICS.Event] = []
        let seed = idSeed
        for item in habits where !item.habit.isArchived {
            var runs: [(first: DayKey, last: DayKey)] = []
            for day in input.plannedSkips[item.habit.id.description] ?? [] {
                if let last = runs.last?.last, last.adding(days: 1) == day { runs[runs.count - 1].last = day } else { runs.append((day, day)) }
            }
            for run in runs {
                let days = run.first == run.last ? "\(run.first)" : "\(run.first) to \(run.last)"
                events.append(CalendarICS.Event(
                    uid: AtomFeed.uuid("\(seed)/skip/\(item.habit.id)/\(run.first)") + "@almanac", first: run.first, last: run.last,
                    summary: "\(item.habit.name): excused", description: "\(item.habit.name) is excused (skipped) on \(days)."))
            }
        }
        for goal in input.goals {
            guard let target = goal.targetDate else { continue }
            events.append(CalendarICS.Event(
                uid: AtomFeed.uuid("\(seed)/goal/\(goal.id)") + "@almanac", first: target, last: target,
                summary: "Goal: \(goal.name)", description: "The target date of the goal \(goal.name)."))
        }
        events.sort { ($0.first, $0.summary) < ($1.first, $1.summary) }
        let stamp = input.snapshot.calendar.startOfDay(options.asOf).description
        // 2026-11-23T23:00:00.000Z → 20261123T230000Z
        let basic = String(stamp.prefix(19).filter { $0 != "-" && $0 != ":" }) + "Z"
        return CalendarICS(name: "Habits: planned skips and goals", stamp: basic, events: events)
    }

    /// A page's description and preview for browsers and link previews.
    func meta(path: String, title: String, description: String, image: String?) -> PageMeta {
        PageMeta(path: path, title: title, description: description, image: image, baseURL: options.baseURL)
    }
}
