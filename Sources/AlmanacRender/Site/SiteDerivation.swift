import AlmanacDomain
import AlmanacWords
import AlmanacSupport

/// The derive step of a report: from what was read of the store to the model of every file of
/// the site. A pure function of its input and options — no store, no files, no clock — and the
/// only place that decides what the site shows: notes and journal text reach a model only when
/// the options ask for them.
public struct SiteDerivation: Sendable {
    public let input: SiteInput
    public let options: SiteOptions
    /// The figures in words of the store's language (`Settings.language`).
    let text: MetricText
    var words: SiteLanguage { text.words }

    public init(input: SiteInput, options: SiteOptions) {
        self.input = input; self.options = options
        text = MetricText(options.words ?? .of(input.snapshot.settings.language))
    }

    /// Every file of the site, by path.
    public func pages() throws -> [SitePage] {
        let plan = try plan()
        return (plan.shared + plan.habits.flatMap { $0.pages() }).sorted { $0.path < $1.path }
    }

    /// The site as the files shared by the whole site (the dashboard, the feeds, the overview
    /// pictures), with their models, and each habit's files, whose models are made on demand
    /// (`HabitFiles`).
    public func plan() throws -> SitePlan {
        let snapshot = input.snapshot
        let asOf = options.asOf, weekStart = snapshot.settings.weekStart
        let all = try Parallel.map(snapshot.habits) { habit in (habit: habit, series: snapshot.series(of: habit, asOf: asOf, today: options.today)) }
        // On the site: active habits, and archived ones that have history. An archived habit has
        // files of its own (page, charts, card, badge) while it is among the most recently
        // archived; the others are listed by name on the dashboard, so that years of archived
        // habits cost a line each, not a page and a dozen pictures (docs/REPORTS.md).
        let visible = all.filter { item in
            !item.habit.isArchived || (0..<item.series.count).contains { item.series.logged[$0] || item.series.skipped[$0] }
        }
        let shown = Array(zip(visible, Slug.of(visible.map(\.habit))))
        let paged = Set(Self.lastArchived(visible.map(\.habit)).prefix(Self.archivedPages).map(\.id))
        let withFiles = shown.filter { !$0.0.habit.isArchived || paged.contains($0.0.habit.id) }
        let listed = visible.filter { $0.habit.isArchived && !paged.contains($0.habit.id) }
        // Each habit's part, on both cores: its figures (with the days its streak reached the
        // achievements' lengths) are most of this step. The daily overview, which
        // needs only the day series, is worked out beside them; the experience levels from both.
        // How the active habits go together: the same pairs on the dashboard and on their pages.
        let active = withFiles.map(\.0).filter { !$0.habit.isArchived && $0.series.count > 0 }
        let pairs = PairInsights(series: active.map(\.series), asOf: asOf, asOfIsOver: options.isOver(asOf))
        let names = Dictionary(active.map { ($0.habit.id, $0.habit.name) }, uniquingKeysWith: { a, _ in a })
        let dayName = text.dayName(asOf, today: options.today)
        let (habits, overview) = try Parallel.both({
            try Parallel.map(withFiles) { item, slug in
                let habit = item.habit, id = habit.id.description
                return HabitFiles(
                    habit: habit, slug: slug, series: item.series, archivedDay: snapshot.archivedDay(of: habit), weekStart: weekStart,
                    asOf: asOf, dayName: dayName, baseURL: options.baseURL, hours: snapshot.hours[id].flatMap { $0.contains { $0 > 0 } ? $0 : nil },
                    category: habit.categoryId.flatMap { category in input.categories.first { $0.id == category }?.name },
                    notes: options.includeNotes
                        ? (input.notes[id] ?? []).filter { $0.day <= asOf }.reversed().map { DatedText($0.day, $0.skipped ? words["skippedNote", ["text": $0.text]] : $0.text) } : [],
                    // Difficulty ratings are wellbeing: published only with --include-journal.
                    difficulty: options.includeJournal ? Self.monthlyDifficulty(input.wellbeing, habit: habit.id, through: asOf, text: text) : [],
                    pairs: pairs.shown.filter { $0.condition == habit.id || $0.outcome == habit.id }.prefix(4).map { text.pair($0, names: names) },
                    isPublic: options.isPublic, habitsTested: active.count, text: text)
            }
        }, {
            DailyOverview(series: all.map { ($0.series, snapshot.archivedDay(of: $0.habit)) }, asOf: asOf, weekStart: weekStart)
        })
        let progress = Experience(overview: overview, series: withFiles.map(\.0.series) + listed.map(\.series),
                                  streakDays: habits.map(\.figures.streakDays) + listed.map(\.series.streakAchievementDays), weekStart: weekStart)
        // The files shared by the whole site: the feed on one core, the others on the other.
        let years = yearPages(habits, overview: overview)
        let ((graphics, events, index), atom): (([SitePage], CalendarICS, [SitePage]), AtomFeed) = try Parallel.both({
            let events = self.calendar(habits)
            return (self.overviewGraphics(overview), events,
                    self.indexPages(habits, archivedWithoutFiles: listed, pairs: pairs, overview: overview, progress: progress,
                                    years: years, hasCalendar: !events.events.isEmpty))
        }, { self.feed(habits, all: all, overview: overview, progress: progress, years: years) })
        var pages = [SitePage(path: SiteMap.stylesheet, templated: StylesheetModel())] + graphics + index + feedPages(atom, calendar: events)
        if options.isPublic, let baseURL = options.baseURL {
            let listed = [SiteMap.Page.dashboard] + (options.includeJournal ? [.journal] : []) + habits.map { .habit($0.slug) } + years.map { .year($0.year) }
            pages.append(SitePage(path: SiteMap.sitemap, drawn: Sitemap(urls: listed.map { baseURL + $0.path() }, lastModified: asOf)))
        }
        return SitePlan(shared: pages + SitePage.previews(of: pages), habits: habits)
    }

    /// The years with history, oldest first: the first year of the overview through the as-of day's.
    func reviewYears(_ overview: DailyOverview) -> [Int] {
        overview.days.isEmpty || overview.first > options.asOf ? [] : Array(overview.first.year...options.asOf.year)
    }

    /// A year in review for every year with history (`YearPageModel`).
    func yearPages(_ habits: [HabitFiles], overview: DailyOverview) -> [YearPageModel] {
        let years = reviewYears(overview)
        let habitYears = habits.map { HabitYear.byYear(series: $0.series, metrics: $0.metrics) }
        // Perfect days by year, and of the year before the as-of year through its same day.
        let asOf = options.asOf
        let sameDayLastYear = DayKey(year: asOf.year - 1, month: asOf.month, day: min(asOf.day, DayKey.daysIn(month: asOf.month, year: asOf.year - 1)))!
        var perfect: [Int: Int] = [:], perfectLastYearSoFar = 0
        for (index, day) in overview.days.enumerated() where day.isPerfect {
            let date = overview.first.adding(days: index)
            perfect[date.year, default: 0] += 1
            if date.year == asOf.year - 1, date <= sameDayLastYear { perfectLastYearSoFar += 1 }
        }
        return years.map { year in
            let soFar = year == asOf.year && !options.isOver(DayKey(year: year, month: 12, day: 31)!)
            let before = !years.contains(year - 1) ? ""
                : " (" + (soFar ? words["year.beforeSoFar", ["perfect": "\(perfectLastYearSoFar)", "lastYear": "\(year - 1)"]]
                    : words["year.before", ["perfect": "\(perfect[year - 1] ?? 0)", "lastYear": "\(year - 1)"]]) + ")"
            let summary = words["year.summary", ["year": soFar ? words["year.soFar", ["year": "\(year)"]] : "\(year)",
                                                 "perfect": text.count(perfect[year] ?? 0, "perfectDay"), "before": before]]
            let rows: [YearPageModel.Row] = zip(habits, habitYears).compactMap { item, byYear in
                guard let mine = byYear[year], mine.doneDays > 0 || mine.total > 0 else { return nil }
                // The year in progress against the same days of the year before, as the habit's page says it.
                let lastYear = soFar ? item.insights.yearAgainstYear.map { text.sameDaysBefore($0, of: item.habit) }
                    : byYear[year - 1].map { text.yearBefore($0, of: item.habit) }
                return YearPageModel.Row(emoji: item.habit.emoji, name: item.habit.name, slug: item.slug, done: text.year(mine, of: item.habit),
                                         streak: mine.longestStreak.map { text.count($0, "day") },
                                         bestMonth: mine.bestMonth.map { text.share($0, month: true) },
                                         lastYear: lastYear)
            }
            return YearPageModel(format: .markdown, asOf: options.asOf, year: year, previousYear: years.contains(year - 1) ? year - 1 : nil,
                                 nextYear: years.contains(year + 1) ? year + 1 : nil, summary: summary, habits: rows,
                                 meta: meta(.year(year), title: words["year.title", ["year": "\(year)"]], description: summary, image: SiteMap.allHabitsHeatmap(year: year)))
        }
    }

    /// How many archived habits, the most recently archived, have files of their own.
    static let archivedPages = 24

    /// Archived habits, the most recently archived first.
    static func lastArchived(_ habits: [Habit]) -> [Habit] {
        habits.filter(\.isArchived).sorted { a, b in
            a.archivedAt! != b.archivedAt! ? a.archivedAt! > b.archivedAt! : a.id.description < b.id.description
        }
    }

    /// The dashboard, and the journal page when asked for, in Markdown and HTML.
    private func indexPages(_ habits: [HabitFiles], archivedWithoutFiles: [(habit: Habit, series: DaySeries)], pairs: PairInsights,
                            overview: DailyOverview, progress: Experience, years: [YearPageModel], hasCalendar: Bool) -> [SitePage] {
        var pages: [SitePage] = []
        let dashboard = dashboard(habits, archivedWithoutFiles: archivedWithoutFiles, pairs: pairs, overview: overview, progress: progress,
                                  hasCalendar: hasCalendar)
        let journal = options.includeJournal ? journal() : nil
        for chart in journal?.drawn ?? [] { pages.append(chart) }
        for page in years { pages += page.files }
        return pages + dashboard.files + (journal?.page.files ?? [])
    }

    /// The journal page and its charts: a chart per wellbeing metric rated in the last year (with
    /// the weeks behind it), the journal entries and wellbeing ratings through the as-of day,
    /// newest first.
    func journal() -> (page: JournalPageModel, drawn: [SitePage]) {
        let entries = input.journal.filter { $0.dayKey <= options.asOf }.reversed().map { entry in
            JournalPageModel.Entry(day: entry.dayKey, title: entry.title, body: entry.body)
        }
        let names = Dictionary(input.snapshot.habits.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let ratings = input.wellbeing.filter { $0.dayKey <= options.asOf }.reversed().map { rating in
            // A rating of a habit (its difficulty, named in the site's language) says which habit.
            JournalPageModel.Rating(day: rating.dayKey, metric: rating.habitId.map { id in
                                        words["ratingOf", ["metric": rating.metric == "difficulty" ? words["difficulty"] : rating.metric,
                                                           "habit": names[id] ?? words["deletedHabit"]]] } ?? rating.metric,
                                    value: "\(words.number(rating.value))/\(words.number(rating.scaleMax))", note: rating.note)
        }
        let trends = WellbeingTrend.trends(input.wellbeing, through: options.asOf, weekStart: input.snapshot.settings.weekStart)
        var drawn: [SitePage] = [], charts: [JournalPageModel.Chart] = [], tables: [PageTable] = []
        // Charts go in a folder of their own: no habit's chart name can take theirs.
        for (trend, slug) in zip(trends, Slug.make(trends.map(\.metric))) {
            let chart = WellbeingChartSVG(trend: trend, text: text)
            let path = SiteMap.wellbeingChart(slug)
            drawn.append(SitePage(path: path, drawn: chart))
            charts.append(JournalPageModel.Chart(title: WellbeingChartSVG.capitalized(trend.metric), image: path,
                                                 alt: "\(chart.title): \(chart.summary)", table: "wellbeing-\(slug)"))
            tables.append(Self.wellbeingTable(trend, name: "wellbeing-\(slug)", text: text))
        }
        let page = JournalPageModel(format: .markdown, asOf: options.asOf, entries: Array(entries), ratings: Array(ratings),
                                    charts: charts, tables: tables,
                                    meta: meta(.journal, title: words["journal.pageTitle"], description: words["journal.description"], image: nil))
        return (page, drawn)
    }

    /// The mean difficulty rating of a habit per month, the last 12 months with ratings, newest
    /// first: ("November 2026", "6.5 of 10 (4 ratings)").
    static func monthlyDifficulty(_ ratings: [WellbeingEntry], habit: EntityID, through day: DayKey, text: MetricText) -> [LabelledText] {
        var months: [DayKey: (sum: Double, count: Int, scale: Double)] = [:]
        for rating in ratings where rating.metric == "difficulty" && rating.habitId == habit && rating.dayKey <= day && rating.deletedAt == nil {
            let month = rating.dayKey.firstOfMonth
            let slot = months[month] ?? (0, 0, rating.scaleMax)
            months[month] = (slot.sum + rating.value, slot.count + 1, slot.scale)
        }
        return months.keys.sorted(by: >).prefix(12).map { month in
            let m = months[month]!
            return LabelledText(text.words.month(of: month).capitalizedFirst, text.words["difficultyMonth", [
                "mean": text.words.rounded(m.sum / Double(m.count), digits: 1), "scale": text.words.number(m.scale), "ratings": text.count(m.count, "rating")]])
        }
    }
}

/// A site, derived: the files shared by the whole site, with their models, and each habit's files.
public struct SitePlan: Sendable {
    public var shared: [SitePage]
    public var habits: [HabitFiles]
}
