import AlmanacDomain
import AlmanacWords

/// One habit's part of a site — its page in Markdown and HTML, its month grids, a heatmap per
/// year of its history, its charts, card and badge — and everything those files are made from.
/// `pages()` reads nothing but this value: no store, no other habit, no report option it does
/// not hold.
public struct HabitFiles: Sendable {
    public let habit: Habit
    /// The file name stem of the habit's files (unique in the site, so it takes other habits'
    /// names into account).
    public let slug: String
    public let series: DaySeries
    /// The day the habit was archived on, in the store's calendar.
    public let archivedDay: DayKey?
    public let weekStart: Weekday
    public let asOf: DayKey
    /// What the as-of day is called on the page: "Today", or its date once it is over.
    public let dayName: String
    /// The site's address, for the page's absolute links.
    public let baseURL: String?
    /// Whether search engines may index the page (`SiteOptions.isPublic`).
    public let isPublic: Bool
    /// Checks per hour of the day, when any check has its time.
    public let hours: [Int]?
    /// The name of the habit's category.
    public let category: String?
    /// The notes the page shows, newest first: none unless the report was asked for them.
    public let notes: [DatedText]
    /// The difficulty ratings the page shows, by month: none unless the report was asked for them.
    public let difficulty: [LabelledText]
    /// The pairs of habits with this one that hold (`PairInsights`), as sentences.
    public let pairs: [String]
    /// The figures in words of the site's language.
    public let text: MetricText
    var words: SiteLanguage { text.words }

    /// The metrics, the days its streaks reached a milestone and its strength scores: computed
    /// from `series` and `weekStart`.
    public let figures: HabitMetrics.Computed
    public var metrics: HabitMetrics { figures.metrics }
    /// This year against the last, its best and worst month, its best weekday: worked out once,
    /// for its page and the dashboard.
    public let insights: HabitInsights
    /// The years with a heatmap: from the first day of history to the as-of day, or to the year
    /// the habit was archived in. Computed from `series` and `archivedDay`.
    public let years: ClosedRange<Int>?

    public init(habit: Habit, slug: String, series: DaySeries, archivedDay: DayKey?, weekStart: Weekday, asOf: DayKey, dayName: String,
                baseURL: String?, hours: [Int]?, category: String?, notes: [DatedText], difficulty: [LabelledText], pairs: [String] = [], isPublic: Bool = false,
                habitsTested: Int = 1, text: MetricText) {
        self.isPublic = isPublic; self.text = text
        self.habit = habit; self.slug = slug; self.series = series; self.archivedDay = archivedDay; self.weekStart = weekStart
        self.asOf = asOf; self.dayName = dayName; self.baseURL = baseURL; self.hours = hours; self.category = category; self.notes = notes
        self.difficulty = difficulty; self.pairs = pairs
        figures = HabitMetrics.computed(series: series, weekStart: weekStart)
        insights = HabitInsights(series: series, metrics: figures.metrics, habitsTested: habitsTested)
        years = series.count == 0 ? nil
            : series.start.year...max(series.start.year, min(asOf.year, archivedDay?.year ?? asOf.year))
    }

    /// The habit's files: its page in Markdown and HTML, its month grid, a heatmap per year, its
    /// strength, weekday and (when its checks have times) hour charts, its card and badge.
    public func pages() -> [SitePage] {
        let month = monthGrid(month: asOf), score = scoreChart(), weekdays = weekdayChart()
        var pages = [SitePage(path: SiteMap.monthChart(slug), drawn: month), SitePage(path: SiteMap.scoreChart(slug), drawn: score),
                     SitePage(path: SiteMap.weekdayChart(slug), drawn: weekdays)]
        var tables = periodTables() + [SiteDerivation.dayTable(month, name: "this-month", asOf: asOf, words: words),
                                       SiteDerivation.scoreTable(score, words: words), SiteDerivation.weekdayTable(weekdays, words: words)]
        if let hours {
            pages.append(SitePage(path: SiteMap.hourChart(slug), drawn: hourChart(counts: hours)))
            tables.append(SiteDerivation.hourTable(hours, words: words))
        }
        // The month before the as-of day's, when the history reaches into it.
        let lastMonthDay = asOf.firstOfMonth.adding(days: -1)
        var lastMonth: LabelledText?
        if series.count > 0, series.start <= lastMonthDay,
           let total = metrics.months.last(where: { $0.first == lastMonthDay.firstOfMonth }) {
            let grid = monthGrid(month: lastMonthDay)
            pages.append(SitePage(path: SiteMap.lastMonthChart(slug), drawn: grid))
            tables.append(SiteDerivation.dayTable(grid, name: "last-month", asOf: asOf, words: words))
            let row = text.calendarRow(total, of: habit)
            let summary = words["lastMonthSummary", ["done": row[1], "rate": row[2]]]
            lastMonth = LabelledText(words.month(of: lastMonthDay), row.count > 3 ? words["lastMonthTotal", ["text": summary, "total": row[3]]] : summary)
        }
        var thisYear: HeatmapSVG?
        let monthsByYear = Dictionary(grouping: metrics.months, by: \.first.year)
        for year in years.map(Array.init) ?? [] {
            // The as-of year's grid ends with the as-of day's week; an earlier year's is whole.
            let heatmap = HeatmapSVG.habit(series, year: year, slug: slug, weekStart: weekStart, archivedDay: archivedDay,
                                           through: year == asOf.year ? asOf : nil, text: text)
            if year == asOf.year { thisYear = heatmap }
            pages.append(SitePage(path: SiteMap.heatmap(slug, year: year), drawn: heatmap))
            tables.append(yearTable(year, months: monthsByYear[year] ?? []))
        }
        if !habit.isArchived { pages.append(SitePage(path: SiteMap.strip(slug), drawn: strip())) }
        let card = card(thisYear: thisYear), badge = badge()
        pages += [SitePage(path: SiteMap.card(slug), drawn: card), SitePage(path: SiteMap.badge(slug), drawn: badge),
                  SitePage(path: SiteMap.card(slug, dark: true), drawn: card.darkVariant),
                  SitePage(path: SiteMap.badge(slug, dark: true), drawn: badge.darkVariant)]
        pages += page(hasHourChart: hours != nil, lastMonth: lastMonth, tables: tables).files
        return pages + SitePage.previews(of: pages)
    }

    func page(hasHourChart: Bool, lastMonth: LabelledText?, tables: [PageTable]) -> HabitPageModel {
        let m = metrics
        let reduction = metrics.reduction.map { reduction in
            HabitPageModel.ReductionText(summary: text.reduction(reduction, of: habit), weeks: reduction.weeks.reversed().map { week in
                DatedText(week.start, text.reductionWeek(week, baseline: reduction.baseline, of: habit))
            })
        }
        return HabitPageModel(
            format: .markdown, asOf: asOf, slug: slug, definition: habit.definition,
            goal: text.goalAndRule(habit),
            frequency: text.frequency(habit.frequency),
            category: category,
            archived: habit.isArchived, statistics: statistics(), reduction: reduction,
            monthTitle: words.month(of: asOf).capitalizedFirst, completedByWeekday: metrics.completedByWeekday,
            hasHourChart: hasHourChart, difficulty: difficulty, years: years.map { Array($0.reversed()) } ?? [], notes: notes,
            lastMonth: lastMonth, tables: tables,
            meta: PageMeta(page: .habit(slug), title: habit.emoji.isEmpty ? habit.name : "\(habit.emoji) \(habit.name)",
                       description: words["habit.description", ["name": habit.name, "streak": text.streak(m.streak.unit, m.streak.current),
                                                                 "best": text.streak(m.streak.unit, m.streak.best), "score": text.percent(m.score),
                                                                 "rate": text.percent(m.rate30.value), "day": words.mediumDay(asOf)]],
                       image: SiteMap.card(slug), baseURL: baseURL, isPublic: isPublic, words: words))
    }

    /// The statistics of a habit page, label and value.
    func statistics() -> [LabelledText] {
        let m = metrics
        var stats = [
            LabelledText(dayName, text.today(m, habit: habit)),
            LabelledText(words["stat.currentStreak"], text.streak(m.streak.unit, m.streak.current)),
            LabelledText(words["stat.bestStreak"], text.streak(m.streak.unit, m.streak.best)),
            LabelledText(words["stat.strengthScore"], text.percent(m.score)),
        ]
        for window in m.rates {
            stats.append(LabelledText(words["stat.completion", ["window": text.window(window)]], text.rate(window.rate)))
        }
        stats.append(LabelledText(words["stat.checkins"], words.grouped(Double(m.totalCheckins))))
        if habit.unit != .boolean { stats.append(LabelledText(words["stat.total"], text.total(m.totalValue, of: habit))) }
        if series.count > 0 { stats.append(LabelledText(words["stat.trackedSince"], words.mediumDay(series.start))) }
        if let year = insights.yearAgainstYear { stats.append(LabelledText(words["stat.yearAgainstYear"], text.yearAgainstYear(year, of: habit))) }
        if let best = insights.bestMonth, let worst = insights.worstMonth {
            stats.append(LabelledText(words["stat.bestMonth"], text.share(best, month: true)))
            stats.append(LabelledText(words["stat.worstMonth"], text.share(worst, month: true)))
        }
        if let test = insights.weekdays {
            if let weekday = insights.bestWeekday, test.differ {
                stats.append(LabelledText(words["stat.bestWeekday"], words["weekdays.differ", ["share": text.share(weekday, month: false), "p": text.pValue(test.pValue),
                                                                                              "days": words.count(test.dueDays, "dueDay")]]))
            } else {
                stats.append(LabelledText(words["stat.weekdays"], words["weekdays.alike", ["days": words.count(test.dueDays, "dueDay")]]))
            }
        }
        for pair in pairs { stats.append(LabelledText(words["stat.withOtherHabits"], pair)) }
        return stats
    }

    /// The habit's last 14 days through the as-of day, the picture of its line on the dashboard.
    func strip() -> DayStripSVG {
        let days = DayStripSVG.days(endingWith: asOf)
        let cells = DayCells.habit(series, days: days, archivedDay: archivedDay, text: text)
        return DayStripSVG(days: days, cells: cells, title: words["lastDays14", ["name": habit.name]],
                           summary: words["stripSummary", ["days": text.count(cells.counts().done, "day")]], color: habit.color, idPrefix: "\(slug)-strip")
    }

    /// A month of one habit as a grid of days: the as-of day's month, or the one before.
    func monthGrid(month: DayKey) -> MonthGridSVG {
        let days = MonthGridSVG.days(of: month)
        let cells = DayCells.habit(series, days: days, archivedDay: archivedDay, text: text)
        let current = month.firstOfMonth == asOf.firstOfMonth, soFar = current && !series.isOver(days.last!)
        return MonthGridSVG(month: month, weekStart: weekStart, cells: cells,
                            title: "\(habit.name), \(words.month(of: month))",
                            summary: words["monthSummary", ["done": text.count(cells.counts().done, "daysDone"),
                                                            "when": soFar ? " " + words["soFarThisMonth"] : current ? " " + words["thisMonthSuffix"] : ""]],
                            color: habit.color, idPrefix: "\(slug)-\(current ? "month" : "lastmonth")")
    }

    func scoreChart() -> ScoreChartSVG {
        ScoreChartSVG(start: series.start, scores: figures.scores, title: words["scoreTitle", ["name": habit.name]], color: habit.color, words: words)
    }

    func weekdayChart() -> WeekdayChartSVG {
        WeekdayChartSVG(counts: metrics.completedByWeekday, weekStart: weekStart, title: words["weekdayTitle", ["name": habit.name]],
                        color: habit.color, words: words)
    }

    func hourChart(counts: [Int]) -> HourChartSVG {
        HourChartSVG(counts: counts, title: words["hourTitle", ["name": habit.name]], color: habit.color, words: words)
    }

    /// The habit's card: its name, streaks, score and this year's grid — the days of its heatmap
    /// of the as-of year when it has one (not drawn twice).
    func card(thisYear: HeatmapSVG?) -> HabitCardSVG {
        let m = metrics
        let grid = thisYear?.grid ?? HeatmapGrid(year: asOf.year, weekStart: weekStart, through: asOf)
        let cells = thisYear?.cells ?? DayCells.habit(series, days: grid.days, archivedDay: archivedDay, text: text)
        let name = habit.emoji.isEmpty ? habit.name : "\(habit.emoji) \(habit.name)"
        return HabitCardSVG(
            name: name, streak: words["card.streak", ["streak": text.streak(m.streak.unit, m.streak.current), "best": text.streak(m.streak.unit, m.streak.best)]],
            figures: words["card.figures", ["score": text.percent(m.score), "rate": text.percent(m.rate30.value)]],
            footer: words["card.footer", ["year": "\(asOf.year)", "day": words.mediumDay(asOf)]], color: habit.color,
            grid: grid, cells: cells, idPrefix: "\(slug)-card")
    }

    /// The habit's badge: "streak | 12 days", grey when there is no streak.
    func badge() -> BadgeSVG {
        let streak = metrics.streak
        return BadgeSVG(label: words["badge.label"], message: text.streak(streak.unit, streak.current), color: streak.current > 0 ? habit.color : "#9F9F9F")
    }

    /// The habit's last 8 weeks, last 12 months and every year, newest first.
    func periodTables() -> [PageTable] {
        let habit = self.habit, m = metrics
        func table(_ name: String, _ unit: CalendarUnit, _ totals: ArraySlice<CalendarTotal>) -> PageTable {
            PageTable(name: name, header: text.calendarHeader(unit, of: habit),
                      rows: totals.reversed().map { text.calendarRow($0, of: habit) })
        }
        return [table("weeks", .week, m.weeks.suffix(8)), table("months", .month, m.months.suffix(12)),
                table("years", .year, m.years[...])]
    }

    /// The months of one year of the habit (`months`, in order), under its heatmap.
    func yearTable(_ year: Int, months: [CalendarTotal]) -> PageTable {
        PageTable(name: "year-\(year)", summary: words["table.yearByMonth", ["year": "\(year)"]], header: text.calendarHeader(.month, of: habit),
                  rows: months.map { text.calendarRow($0, of: habit) })
    }
}
