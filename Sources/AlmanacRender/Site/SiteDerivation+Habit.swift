import AlmanacDomain

extension SiteDerivation {
    /// A habit's files: its page in Markdown and HTML, its month grid, a heatmap per year, its
    /// strength, weekday and (when its checks have times) hour charts, its card and badge.
    func habitPages(_ item: SiteHabit) -> [SitePage] {
        let slug = item.slug, asOf = options.asOf
        let month = monthGrid(item, month: asOf), score = scoreChart(item), weekdays = weekdayChart(item)
        var pages = [SitePage(path: "charts/\(slug)-month.svg", drawn: month),
                     SitePage(path: "charts/\(slug)-score.svg", drawn: score),
                     SitePage(path: "charts/\(slug)-weekdays.svg", drawn: weekdays)]
        var tables = Self.periodTables(item) + [Self.dayTable(month, name: "this-month", asOf: asOf), Self.scoreTable(score),
                                                Self.weekdayTable(weekdays)]
        let hours = hourCounts(item)
        if let hours {
            pages.append(SitePage(path: "charts/\(slug)-hours.svg", drawn: hourChart(item, counts: hours)))
            tables.append(Self.hourTable(hours))
        }
        // The month before the as-of day's, when the history reaches into it.
        let lastMonthDay = asOf.firstOfMonth.adding(days: -1)
        var lastMonth: LabelledText?
        if item.series.count > 0, item.series.start <= lastMonthDay,
           let total = item.metrics.months.last(where: { $0.first == lastMonthDay.firstOfMonth }) {
            let grid = monthGrid(item, month: lastMonthDay)
            pages.append(SitePage(path: "charts/\(slug)-last-month.svg", drawn: grid))
            tables.append(Self.dayTable(grid, name: "last-month", asOf: asOf))
            let row = MetricText.calendarRow(total, of: item.habit)
            lastMonth = LabelledText(MonthGridSVG.title(of: lastMonthDay), "\(row[1]) done (\(row[2]))" + (row.count > 3 ? " · total \(row[3])" : ""))
        }
        var thisYear: HeatmapSVG?
        for year in item.years.map(Array.init) ?? [] {
            let heatmap = heatmap(item, year: year)
            if year == asOf.year { thisYear = heatmap }
            pages.append(SitePage(path: "heatmaps/\(slug)-\(year).svg", drawn: heatmap))
            tables.append(Self.yearTable(item, year: year))
        }
        pages.append(SitePage(path: "cards/\(slug).svg", drawn: card(item, thisYear: thisYear)))
        pages.append(SitePage(path: "badges/\(slug).svg", drawn: badge(item)))
        let page = page(item, hasHourChart: hours != nil, lastMonth: lastMonth, tables: tables)
        for format in PageFormat.allCases {
            pages.append(SitePage(path: "habits/\(slug).\(format.rawValue)", templated: page.in(format)))
        }
        return pages
    }

    /// The habit's checks per hour of the day, when any has its time.
    private func hourCounts(_ item: SiteHabit) -> [Int]? {
        guard let hours = input.snapshot.hours[item.habit.id.description], hours.contains(where: { $0 > 0 }) else { return nil }
        return hours
    }

    func page(_ item: SiteHabit, hasHourChart: Bool, lastMonth: LabelledText?, tables: [PageTable]) -> HabitPageModel {
        let habit = item.habit, asOf = options.asOf, m = item.metrics
        let notes: [DatedText] = options.includeNotes
            ? (input.notes[habit.id.description] ?? []).filter { $0.day <= asOf }.reversed().map { DatedText($0.day, $0.text) }
            : []
        // Difficulty ratings are wellbeing: published only with --include-journal.
        let difficulty = options.includeJournal ? Self.monthlyDifficulty(input.wellbeing, habit: habit.id, through: asOf) : []
        let reduction = item.metrics.reduction.map { reduction in
            HabitPageModel.ReductionText(summary: MetricText.reduction(reduction, of: habit), weeks: reduction.weeks.reversed().map { week in
                DatedText(week.start, MetricText.reductionWeek(week, baseline: reduction.baseline, of: habit))
            })
        }
        return HabitPageModel(
            format: .markdown, asOf: asOf, slug: item.slug, emoji: habit.emoji, name: habit.name,
            goal: MetricText.goal(habit).capitalizedFirst, frequency: MetricText.frequency(habit.frequency),
            category: habit.categoryId.flatMap { id in input.categories.first { $0.id == id }?.name },
            archived: habit.isArchived, statistics: Self.statistics(item), reduction: reduction,
            monthTitle: MonthGridSVG.title(of: asOf), completedByWeekday: item.metrics.completedByWeekday,
            hasHourChart: hasHourChart, difficulty: difficulty, years: item.years.map { Array($0.reversed()) } ?? [], notes: notes,
            lastMonth: lastMonth, tables: tables,
            meta: meta(path: "habits/\(item.slug).html", title: habit.emoji.isEmpty ? habit.name : "\(habit.emoji) \(habit.name)",
                       description: "\(habit.name): streak \(m.streak.unit.describe(m.streak.current)) (best \(m.streak.unit.describe(m.streak.best))), "
                           + "strength score \(MetricText.percent(m.score)), 30 days \(MetricText.percent(m.rate30.value)), as of \(asOf).",
                       image: "cards/\(item.slug).svg"))
    }

    /// The statistics of a habit page, label and value.
    static func statistics(_ item: SiteHabit) -> [LabelledText] {
        let habit = item.habit, m = item.metrics, series = item.series
        var stats = [
            LabelledText("Today", MetricText.today(m, habit: habit)),
            LabelledText("Current streak", m.streak.unit.describe(m.streak.current)),
            LabelledText("Best streak", m.streak.unit.describe(m.streak.best)),
            LabelledText("Strength score", MetricText.percent(m.score)),
        ]
        for window in m.rates {
            stats.append(LabelledText("Completion, " + window.window, MetricText.rate(window.rate)))
        }
        stats.append(LabelledText("Check-ins", "\(m.totalCheckins)"))
        if habit.unit != .boolean { stats.append(LabelledText("Total", MetricText.total(m.totalValue, of: habit))) }
        if series.count > 0 { stats.append(LabelledText("Tracked since", series.start.description)) }
        return stats
    }

    /// The mean difficulty rating of a habit per month, the last 12 months with ratings, newest
    /// first: ("2026-11", "6.5 of 10 (4 ratings)").
    static func monthlyDifficulty(_ ratings: [WellbeingEntry], habit: EntityID, through day: DayKey) -> [LabelledText] {
        var months: [String: (sum: Double, count: Int, scale: Double)] = [:]
        for rating in ratings where rating.metric == "difficulty" && rating.habitId == habit && rating.dayKey <= day && rating.deletedAt == nil {
            let month = String(rating.dayKey.description.prefix(7))
            let slot = months[month] ?? (0, 0, rating.scaleMax)
            months[month] = (slot.sum + rating.value, slot.count + 1, slot.scale)
        }
        return months.keys.sorted(by: >).prefix(12).map { month in
            let m = months[month]!
            return LabelledText(month, "\(NumberText.rounded(m.sum / Double(m.count), digits: 1)) of \(NumberText.plain(m.scale)) (\(MetricText.count(m.count, "rating")))")
        }
    }

    func heatmap(_ item: SiteHabit, year: Int) -> HeatmapSVG {
        let weekStart = input.snapshot.settings.weekStart
        let grid = HeatmapGrid(year: year, weekStart: weekStart, firstMonth: year == item.series.start.year ? item.series.start.month : 1,
                               through: options.asOf)
        let cells = HeatmapCells.habit(item.series, grid: grid, archivedDay: item.archivedDay)
        let counts = cells.counts()
        return HeatmapSVG(grid: grid, cells: cells, title: "\(item.habit.name), \(year)",
                          summary: "\(counts.done) days done of \(counts.levels) due days in \(year).", color: item.habit.color,
                          idPrefix: "\(item.slug)-\(year)")
    }

    /// A month of one habit as a grid of days: the as-of day's month, or the one before.
    func monthGrid(_ item: SiteHabit, month: DayKey) -> MonthGridSVG {
        let days = MonthGridSVG.days(of: month)
        let cells = HeatmapCells.habit(item.series, days: days, archivedDay: item.archivedDay)
        let current = month.firstOfMonth == options.asOf.firstOfMonth
        return MonthGridSVG(month: month, weekStart: input.snapshot.settings.weekStart, cells: cells,
                            title: "\(item.habit.name), \(MonthGridSVG.title(of: month))",
                            summary: "\(cells.counts().done) days done\(current ? " so far this month" : "").", color: item.habit.color,
                            idPrefix: "\(item.slug)-\(current ? "month" : "last-month")")
    }

    func scoreChart(_ item: SiteHabit) -> ScoreChartSVG {
        ScoreChartSVG(start: item.series.start, scores: item.series.strengthScores(),
                      title: "\(item.habit.name): strength score", color: item.habit.color)
    }

    func weekdayChart(_ item: SiteHabit) -> WeekdayChartSVG {
        WeekdayChartSVG(counts: item.metrics.completedByWeekday, weekStart: input.snapshot.settings.weekStart,
                        title: "\(item.habit.name): days done by weekday", color: item.habit.color)
    }

    func hourChart(_ item: SiteHabit, counts: [Int]) -> HourChartSVG {
        HourChartSVG(counts: counts, title: "\(item.habit.name): when in the day", color: item.habit.color)
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
