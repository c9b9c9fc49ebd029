import AlmanacDomain

/// The derive step of a report: from what was read of the store to the model of every file of
/// the site. A pure function of its input and options — no store, no files, no clock — and the
/// only place that decides what the site shows: notes and journal text reach a model only when
/// the options ask for them.
public struct SiteDerivation: Sendable {
    public let input: SiteInput
    public let options: SiteOptions

    public init(input: SiteInput, options: SiteOptions) {
        self.input = input; self.options = options
    }

    /// One habit on the site, with everything its files need.
    struct SiteHabit: Sendable {
        let habit: Habit
        let slug: String
        let series: DaySeries
        let metrics: HabitMetrics
        let archivedDay: DayKey?
        /// The years with a heatmap: from the first day of history to the as-of day, or to the
        /// year the habit was archived in.
        let years: ClosedRange<Int>?
    }

    /// Every file of the site, by path.
    public func pages() throws -> [SitePage] {
        let snapshot = input.snapshot
        let asOf = options.asOf
        // Every habit's series and metrics, on both cores: the metrics are most of this step.
        let all = try Parallel.map(snapshot.habits) { habit in
            let series = snapshot.series(of: habit, asOf: asOf)
            return (habit: habit, series: series, metrics: HabitMetrics(series: series, weekStart: snapshot.settings.weekStart))
        }
        // On the site: active habits, and archived ones that have history.
        let shown = all.filter { item in
            !item.habit.isArchived || (0..<item.series.count).contains { item.series.logged[$0] || item.series.skipped[$0] }
        }
        let habits = zip(shown, Slug.make(shown.map(\.habit.name))).map { item, slug in
            let archivedDay = snapshot.archivedDay(of: item.habit)
            let years: ClosedRange<Int>? = item.series.count == 0 ? nil
                : item.series.start.year...max(item.series.start.year, min(asOf.year, archivedDay?.year ?? asOf.year))
            return SiteHabit(habit: item.habit, slug: slug, series: item.series, metrics: item.metrics, archivedDay: archivedDay, years: years)
        }
        let overview = DailyOverview(series: all.map { ($0.series, snapshot.archivedDay(of: $0.habit)) }, asOf: asOf,
                                     weekStart: snapshot.settings.weekStart)
        let progress = Experience(overview: overview, series: habits.map(\.series), weekStart: snapshot.settings.weekStart)
        var pages = [SitePage(path: "style.css", templated: StylesheetModel())]
        pages += overviewGraphics(overview)
        pages += try Parallel.map(habits) { habitPages($0) }.flatMap { $0 }
        let calendar = calendar(habits)
        pages += indexPages(habits, overview: overview, progress: progress, hasCalendar: !calendar.events.isEmpty)
        pages += feedPages(habits, overview: overview, progress: progress, calendar: calendar)
        return pages.sorted { $0.path < $1.path }
    }

    /// The dashboard, and the journal page when asked for, in Markdown and HTML.
    private func indexPages(_ habits: [SiteHabit], overview: DailyOverview, progress: Experience, hasCalendar: Bool) -> [SitePage] {
        var pages: [SitePage] = []
        let dashboard = dashboard(habits, overview: overview, progress: progress, hasCalendar: hasCalendar)
        let journal = options.includeJournal ? journal() : nil
        for chart in journal?.drawn ?? [] { pages.append(chart) }
        for format in PageFormat.allCases {
            pages.append(SitePage(path: "index.\(format.rawValue)", templated: dashboard.in(format)))
            if let journal { pages.append(SitePage(path: "journal.\(format.rawValue)", templated: journal.page.in(format))) }
        }
        return pages
    }

    /// The journal page and its charts: a chart per wellbeing metric rated in the last year (with
    /// the weeks behind it), the journal entries and wellbeing ratings through the as-of day,
    /// newest first.
    func journal() -> (page: JournalPageModel, drawn: [SitePage]) {
        let entries = input.journal.filter { $0.dayKey <= options.asOf }.reversed().map { entry in
            JournalPageModel.Entry(day: entry.dayKey, title: entry.title, body: entry.body)
        }
        let ratings = input.wellbeing.filter { $0.dayKey <= options.asOf }.reversed().map { rating in
            JournalPageModel.Rating(day: rating.dayKey, metric: rating.metric,
                                    value: "\(NumberText.plain(rating.value))/\(NumberText.plain(rating.scaleMax))", note: rating.note)
        }
        let trends = WellbeingTrend.trends(input.wellbeing, through: options.asOf, weekStart: input.snapshot.settings.weekStart)
        var drawn: [SitePage] = [], charts: [JournalPageModel.Chart] = [], tables: [PageTable] = []
        // Charts go in a folder of their own: no habit's chart name can take theirs.
        for (trend, slug) in zip(trends, Slug.make(trends.map(\.metric))) {
            let chart = WellbeingChartSVG(trend: trend)
            let path = "charts/wellbeing/\(slug).svg"
            drawn.append(SitePage(path: path, drawn: chart))
            charts.append(JournalPageModel.Chart(title: WellbeingChartSVG.capitalized(trend.metric), image: path,
                                                 alt: "\(chart.title): \(chart.summary)", table: "wellbeing-\(slug)"))
            tables.append(Self.wellbeingTable(trend, name: "wellbeing-\(slug)"))
        }
        let page = JournalPageModel(format: .markdown, asOf: options.asOf, entries: Array(entries), ratings: Array(ratings),
                                    charts: charts, tables: tables,
                                    meta: meta(path: "journal.html", title: "Journal", description: "Journal entries and wellbeing ratings.", image: nil))
        return (page, drawn)
    }
}
