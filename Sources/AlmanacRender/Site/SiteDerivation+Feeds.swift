import AlmanacDomain
import AlmanacWords

extension SiteDerivation {
    /// How many days the feed carries, the as-of day and those before it.
    public static let feedDays = 30

    /// The files for other programs and pages: the Atom feed, the calendar (when it has events),
    /// the favicon, and each habit's card and badge (made with the habit's files).
    func feedPages(_ feed: AtomFeed, calendar: CalendarICS) -> [SitePage] {
        var pages = [SitePage(path: SiteMap.atomFeed, drawn: feed), SitePage(path: SiteMap.jsonFeed, drawn: JSONFeed(atom: feed)),
                     SitePage(path: SiteMap.favicon, drawn: FaviconSVG()),
                     SitePage(path: SiteMap.robots, drawn: RobotsTxt(sitemap: options.isPublic ? options.baseURL.map { $0 + SiteMap.sitemap } : nil))]
        if !calendar.events.isEmpty { pages.append(SitePage(path: SiteMap.calendar, drawn: calendar)) }
        return pages
    }

    /// What the site's ids are derived from when it has no base URL: the store's identity, which
    /// nothing a person logs or adds changes (`Settings.storeId`).
    var idSeed: String { input.snapshot.settings.storeId ?? "almanac" }

    /// A permanent id of the site's: a name-based UUID URN of the store's identity and `name`
    /// (`SiteOptions.uuid`), the same with or without a web address — a site made public later
    /// keeps its feed's ids, so feed readers do not show its history again (links may change).
    func siteID(_ name: String) -> String { "urn:uuid:" + options.uuid(idSeed + "/" + name) }

    /// The feed: one entry per day that is over, the newest `feedDays` of them (a report made
    /// while the as-of day is still going on publishes no entry for it). An entry lists every
    /// habit due that day (`DaySeries.forEachDueDay`, the daily overview's rule, so its title's
    /// counts are its lists' counts) under Done or Not done, then the streaks that reached a
    /// milestone and the achievements earned. Its `updated` is when what it is made from last
    /// changed (`lastChange(of:…)`). A year that ended within those days has an entry of its own
    /// beside its last day's: its review (`YearPageModel`), linked to its page.
    func feed(_ habits: [HabitFiles], all: [(habit: Habit, series: DaySeries)], overview: DailyOverview, progress: Experience,
              years: [YearPageModel]) -> AtomFeed {
        let asOf = options.asOf, calendar = input.snapshot.calendar, weekStart = input.snapshot.settings.weekStart
        let last = options.isOver(asOf) ? asOf : asOf.adding(days: -1)
        let first = max(overview.first, last.adding(days: 1 - Self.feedDays))
        let days = first <= last ? Array((first.ordinal...last.ordinal).reversed().map(DayKey.init(ordinal:))) : []
        let window = Set(days)
        // Every habit's milestones, archived ones' too (those without files of their own on the
        // site as well): a past day keeps the habits that were tracked on it.
        var milestones: [DayKey: [(habit: Habit, text: String)]] = [:]
        let figured = Dictionary(habits.map { ($0.habit.id, $0.figures.milestones) }, uniquingKeysWith: { a, _ in a })
        for (habit, series) in all {
            let archived = input.snapshot.archivedDay(of: habit)
            let reachedDays = figured[habit.id] ?? series.streakMilestones(weekStart: weekStart).map { StreakMilestone(day: $0.day, length: $0.length, unit: $0.unit) }
            for reached in reachedDays where window.contains(reached.day) && archived.map({ reached.day < $0 }) ?? true {
                milestones[reached.day, default: []].append((habit, words["feed.milestone", ["name": habit.name, "streak": text.streak(reached.unit, reached.length)]]))
            }
        }
        var achievements: [DayKey: [String]] = [:]
        for achievement in progress.achievements where window.contains(achievement.day) {
            achievements[achievement.day, default: []].append(words["feed.achievement", ["achievement": text.achievement(achievement)]])
        }
        // Each habit's verdict on the days of the window it was due, in the overview's order.
        var verdicts: [[DayKey: Bool]] = []
        for (habit, series) in all {
            var due: [DayKey: Bool] = [:]
            if first <= last {
                series.forEachDueDay(from: first, archivedDay: input.snapshot.archivedDay(of: habit), weekStart: weekStart) { i, completed in
                    let day = series.day(at: i)
                    if day <= last { due[day] = completed }
                }
            }
            verdicts.append(due)
        }
        let entries = days.flatMap { day -> [(AtomFeed.Entry, Timestamp)] in
            var done: [String] = [], missed: [String] = [], listed: [Int] = []
            for (index, (habit, series)) in all.enumerated() {
                guard let completed = verdicts[index][day], let i = series.index(of: day) else { continue }
                listed.append(index)
                guard completed else { missed.append(habit.name); continue }
                if habit.unit == .boolean { done.append(habit.name) }
                else if series.logged[i] { done.append("\(habit.name) (\(text.value(series.values[i], of: habit)))") }
                else { done.append("\(habit.name) (\(words["noneWithLimit", ["limit": words.number(habit.target)]]))") }
            }
            let due = done.count + missed.count
            var title = words["feed.dayTitle", ["day": words.longDay(day, withYear: true).capitalizedFirst,
                                                "done": DashboardModel.doneLabel(done: done.count, due: due, words: words)]]
            if due > 0 && done.count == due { title += " · " + words["feed.perfectDay"] }
            var lines: [String] = []
            if !done.isEmpty { lines.append(words["feed.done", ["habits": done.joined(separator: ", ")]]) }
            if !missed.isEmpty { lines.append(words["feed.notDone", ["habits": missed.joined(separator: ", ")]]) }
            lines += (milestones[day] ?? []).map { $0.text }
            lines += achievements[day] ?? []
            if lines.isEmpty { lines.append(words["feed.nothingLogged"]) }
            let changed = lastChange(of: day, listed: listed.map { all[$0] }, milestones: (milestones[day] ?? []).map { $0.habit },
                                     achievements: achievements[day] != nil, calendar: calendar, weekStart: weekStart)
            let entry = (AtomFeed.Entry(id: siteID("day-\(day)"), day: day, title: title, lines: lines, updated: changed.description), changed)
            guard day.month == 12, day.day == 31, let review = years.first(where: { $0.year == day.year }) else { return [entry] }
            return [yearEntry(review, habits: all.map(\.habit), calendar: calendar), entry]
        }
        // The feed changed when its newest entry did.
        let updated = entries.map(\.1).max() ?? calendar.startOfDay(asOf)
        return AtomFeed(title: words["feed.name"], subtitle: words["feed.subtitle"], language: words.language.rawValue, baseURL: options.baseURL, id: siteID("feed"),
                        updated: max(updated, calendar.startOfDay(asOf)).description, entries: entries.map(\.0))
    }

    /// A year's entry: its review's summary and a line per habit, updated when the year ended or
    /// when a day of it was written later (within the days the report read the writes of).
    private func yearEntry(_ review: YearPageModel, habits: [Habit], calendar: StoreCalendar) -> (AtomFeed.Entry, Timestamp) {
        let first = DayKey(year: review.year, month: 1, day: 1)!, last = DayKey(year: review.year, month: 12, day: 31)!
        var latest = calendar.startOfDay(last.adding(days: 1))
        for habit in habits {
            for (written, time) in input.habitWrites[habit.id.description] ?? [:] where written >= first && written <= last { latest = max(latest, time) }
        }
        let lines = [review.summary] + review.habits.map { row in
            ([words["labelled", ["label": (row.emoji.isEmpty ? "" : row.emoji + " ") + row.name]] + " " + row.done]
                + [row.streak.map { words["longestStreak"] + " " + $0 }, row.bestMonth.map { words["bestMonth"] + " " + $0 }, row.lastYear]
                .compactMap { $0 }).joined(separator: " · ")
        }
        return (AtomFeed.Entry(id: siteID("year-\(review.year)"), day: last, title: words["year.title", ["year": "\(review.year)"]], lines: lines,
                               updated: latest.description, link: review.meta.path), latest)
    }

    /// When what a day's entry is made from last changed: the end of the day (when the entry first
    /// appears), each listed habit's last change (not its archiving), its entries on the days its verdict rests on
    /// (the day, or the days of its period through it), a milestone's habit's entries through
    /// the day, and for an achievement every habit's entries through the day — within the days
    /// the report read the writes of (`SiteInput.habitWrites`). Nothing else moves it: a night
    /// that changes none of these keeps the entry's `updated`.
    private func lastChange(of day: DayKey, listed: [(habit: Habit, series: DaySeries)], milestones: [Habit], achievements: Bool,
                            calendar: StoreCalendar, weekStart: Weekday) -> Timestamp {
        var latest = calendar.startOfDay(day.adding(days: 1))
        func writes(of habit: Habit, from low: DayKey) {
            for (written, time) in input.habitWrites[habit.id.description] ?? [:] where written >= low && written <= day { latest = max(latest, time) }
        }
        for item in listed {
            // Archiving changes a habit's last change but none of the days it is listed on (those
            // before it was archived): only a later edit of the archived habit counts.
            if item.habit.archivedAt != item.habit.updatedAt { latest = max(latest, item.habit.updatedAt) }
            writes(of: item.habit, from: item.series.periodStart(of: day, weekStart: weekStart))
        }
        for habit in milestones { writes(of: habit, from: .init(ordinal: 0)) }
        if achievements { for habit in input.snapshot.habits { writes(of: habit, from: .init(ordinal: 0)) } }
        return latest
    }

    /// Planned skips (consecutive days of a habit as one event) and goals' target dates.
    func calendar(_ habits: [HabitFiles]) -> CalendarICS {
        var events: [CalendarICS.Event] = []
        let seed = idSeed
        for item in habits where !item.habit.isArchived {
            var runs: [(first: DayKey, last: DayKey)] = []
            for day in input.snapshot.plannedSkips[item.habit.id.description] ?? [] {
                if let last = runs.last?.last, last.adding(days: 1) == day { runs[runs.count - 1].last = day } else { runs.append((day, day)) }
            }
            for run in runs {
                let days = run.first == run.last ? words.mediumDay(run.first) : words["calendar.range", ["first": words.mediumDay(run.first), "last": words.mediumDay(run.last)]]
                events.append(CalendarICS.Event(
                    uid: options.uuid("\(seed)/skip/\(item.habit.id)/\(run.first)") + "@almanac", first: run.first, last: run.last,
                    summary: words["calendar.excused", ["name": item.habit.name]],
                    description: words["calendar.excusedOn", ["name": item.habit.name, "days": days]]))
            }
        }
        for goal in input.goals {
            guard let target = goal.targetDate else { continue }
            events.append(CalendarICS.Event(
                uid: options.uuid("\(seed)/goal/\(goal.id)") + "@almanac", first: target, last: target,
                summary: words["calendar.goal", ["name": goal.name]], description: words["calendar.goalDate", ["name": goal.name]]))
        }
        events.sort { ($0.first, $0.summary) < ($1.first, $1.summary) }
        let stamp = input.snapshot.calendar.startOfDay(options.asOf).description
        // 2026-11-23T23:00:00.000Z → 20261123T230000Z
        let basic = String(stamp.prefix(19).filter { $0 != "-" && $0 != ":" }) + "Z"
        return CalendarICS(name: words["calendar.name"], stamp: basic, events: events)
    }

    /// A page's description and preview for browsers and link previews.
    func meta(_ page: SiteMap.Page, title: String, description: String, image: String?) -> PageMeta {
        PageMeta(page: page, title: title, description: description, image: image, baseURL: options.baseURL, isPublic: options.isPublic,
                 words: words)
    }
}
