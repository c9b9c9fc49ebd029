import AlmanacDomain

extension SiteDerivation {
    /// The combined heatmap of every year from the first day of history and of the last twelve
    /// months, and this month's grid of all habits: the share of the habits due each day that
    /// were done.
    func overviewGraphics(_ overview: DailyOverview) -> [SitePage] {
        let weekStart = input.snapshot.settings.weekStart
        var pages = (overview.first.year...options.asOf.year).map { year in
            SitePage(path: SiteMap.allHabitsHeatmap(year: year), drawn: combinedHeatmap(HeatmapGrid(year: year, weekStart: weekStart, through: options.asOf), overview: overview))
        }
        let lastYear = HeatmapGrid(lastYearThrough: options.asOf, weekStart: weekStart, historyFrom: overview.days.isEmpty ? nil : overview.first)
        let perfectInLastYear = lastYear.days.filter { overview.day($0)?.isPerfect ?? false }.count
        pages.append(SitePage(path: SiteMap.lastTwelveMonthsHeatmap, drawn: HeatmapSVG(
            grid: lastYear, cells: DayCells.combined(overview, days: lastYear.days, words: words), title: words["allLast12Months"],
            summary: words["combined.summaryLast12", ["perfect": text.count(perfectInLastYear, "perfectDay")]],
            color: Habit.defaultColor, idPrefix: "all-12-months")))
        pages.append(SitePage(path: SiteMap.allHabitsMonthChart, drawn: allHabitsMonth(overview)))
        return pages
    }

    /// This month's grid of all habits: the share of the habits due each day that were done.
    func allHabitsMonth(_ overview: DailyOverview) -> MonthGridSVG {
        let days = MonthGridSVG.days(of: options.asOf)
        let perfect = days.filter { overview.day($0)?.isPerfect ?? false }.count
        return MonthGridSVG(
            month: options.asOf, weekStart: input.snapshot.settings.weekStart, cells: DayCells.combined(overview, days: days, words: words),
            title: words["allHabitsIn", ["when": words.month(of: options.asOf)]],
            summary: words[options.isOver(days.last!) ? "combined.summaryMonth" : "combined.summaryMonthSoFar", ["perfect": text.count(perfect, "perfectDay")]],
            color: Habit.defaultColor, idPrefix: "all-month")
    }

    func combinedHeatmap(_ grid: HeatmapGrid, overview: DailyOverview) -> HeatmapSVG {
        let year = grid.year
        let perfect = grid.days.filter { overview.day($0)?.isPerfect ?? false }.count
        return HeatmapSVG(grid: grid, cells: DayCells.combined(overview, days: grid.days, words: words), title: words["allHabitsIn", ["when": "\(year)"]],
                          summary: words["combined.summaryYear", ["perfect": text.count(perfect, "perfectDay"), "year": "\(year)"]],
                          color: Habit.defaultColor, idPrefix: "all-\(year)")
    }

    /// How many of the pairs that hold the dashboard lists, strongest first.
    static let listedPairs = 8

    /// The dashboard's insights: the pairs of habits that hold (each habit's year against the
    /// last follows them as one table, `yearAgainstYearTable`).
    func insightLines(_ active: [HabitFiles], pairs: PairInsights) -> [String] {
        let names = Dictionary(active.map { ($0.habit.id, $0.habit.name) }, uniquingKeysWith: { a, _ in a })
        return pairs.shown.prefix(Self.listedPairs).map { text.pair($0, names: names) }
    }

    /// The active habits' year so far against the same days of the last: habit, this year, last
    /// year, change — one row each, for the habits whose history reaches back that far.
    func yearAgainstYearTable(_ active: [HabitFiles]) -> PageTable? {
        let compared = active.compactMap { item in item.insights.yearAgainstYear.map { (item, $0) } }
        guard let first = compared.first?.1 else { return nil }
        let header = [words["column.habit"], words["column.thisYear", ["year": "\(first.year)", "through": text.shortDay(first.through)]],
                      words["column.sameDaysOf", ["year": "\(first.year - 1)"]], words["column.change"]]
        let rows = compared.map { item, year -> [String] in
            let name = item.habit.emoji.isEmpty ? item.habit.name : "\(item.habit.emoji) \(item.habit.name)"
            func figure(_ value: Double) -> String { year.doneDays ? text.count(Int(value), "daysDone") : text.total(value, of: item.habit) }
            let change = year.lastYear > 0 ? text.signedPercent((year.thisYear - year.lastYear) / year.lastYear) : "–"
            return [name, figure(year.thisYear), figure(year.lastYear), change]
        }
        return PageTable(name: "year-against-year", header: header, rows: rows, links: compared.map { .habit($0.0.slug) })
    }

    /// The archived habits with history, the most recently archived first, linked to their page
    /// where they have one.
    func archivedList(_ habits: [HabitFiles], without others: [(habit: Habit, series: DaySeries)]) -> [DashboardModel.ArchivedHabit] {
        let slugs = Dictionary(habits.map { ($0.habit.id, $0.slug) }, uniquingKeysWith: { a, _ in a })
        let series = Dictionary((habits.map { ($0.habit.id, $0.series) } + others.map { ($0.habit.id, $0.series) }), uniquingKeysWith: { a, _ in a })
        return Self.lastArchived(habits.map(\.habit) + others.map(\.habit)).map { habit in
            let first = series[habit.id].flatMap { $0.count > 0 ? $0.start : nil }
            let span = [first.map(words.mediumDay), input.snapshot.archivedDay(of: habit).map { words["archivedSince", ["day": words.mediumDay($0)]] }].compactMap { $0 }.joined(separator: " – ")
            return DashboardModel.ArchivedHabit(name: habit.name, slug: slugs[habit.id], span: span)
        }
    }

    func dashboard(_ habits: [HabitFiles], archivedWithoutFiles: [(habit: Habit, series: DaySeries)], pairs: PairInsights, overview: DailyOverview,
                   progress: Experience, hasCalendar: Bool) -> DashboardModel {
        let today = overview.day(options.asOf)
        let active = habits.filter { !$0.habit.isArchived && $0.series.count > 0 }
        let rows = active.map { item in
            let m = item.metrics
            return DashboardModel.Row(emoji: item.habit.emoji, name: item.habit.name, slug: item.slug,
                                      today: text.today(m, habit: item.habit),
                                      streak: text.streak(m.streak.unit, m.streak.current), best: text.streak(m.streak.unit, m.streak.best),
                                      rate30: text.percent(m.rate30.value), score: text.percent(m.score))
        }
        return DashboardModel(
            format: .markdown, asOf: options.asOf, today: options.today, due: today?.due ?? 0, done: today?.done ?? 0,
            weightedScore: today?.weightedScore.map { text.percent($0) }, perfectDays: overview.perfectDays,
            level: text.level(progress), rows: rows, categories: categoryLines(active), goals: goalLines(habits),
            achievements: progress.achievements.reversed().map { text.achievement($0) },
            insights: insightLines(active, pairs: pairs), insightsNote: text.pairsNote(pairs, listed: Self.listedPairs), years: reviewYears(overview).reversed(),
            archived: archivedList(habits, without: archivedWithoutFiles),
            hasJournal: options.includeJournal, hasCalendar: hasCalendar,
            tables: comparisonTables(active) + [yearAgainstYearTable(active)].compactMap { $0 } + overviewTables(overview),
            meta: meta(.dashboard, title: words["habits"],
                       description: words["dashboard.description", [
                           "day": words.mediumDay(options.asOf), "done": DashboardModel.doneLabel(done: today?.done ?? 0, due: today?.due ?? 0, words: words),
                           "habits": text.count(active.count, "activeHabit"), "perfect": text.count(overview.perfectDays, "perfectDay")]],
                       image: SiteMap.lastTwelveMonthsHeatmap))
    }

    /// The active habits side by side: done of due in each of the last 4 weeks (the current one
    /// so far), and last month's done of due, rate and total.
    func comparisonTables(_ active: [HabitFiles]) -> [PageTable] {
        let weekStart = input.snapshot.settings.weekStart, asOf = options.asOf
        let thisWeek = asOf.startOfWeek(weekStart)
        // Weeks before any habit's history are left out: a new store's table is not columns of "–".
        let firstWeek = (active.map(\.series.start).min() ?? asOf).startOfWeek(weekStart)
        let weeks = (0..<4).reversed().map { thisWeek.adding(days: -7 * $0) }.filter { $0 >= firstWeek }
        let links: [SiteMap.Page?] = active.map { .habit($0.slug) }
        let names = active.map { $0.habit.emoji.isEmpty ? $0.habit.name : "\($0.habit.emoji) \($0.habit.name)" }
        let weekRows = zip(names, active).map { name, item in
            [name] + weeks.map { first in
                item.metrics.weeks.last { $0.first == first }.map(text.doneOfDue) ?? "–"
            }
        }
        let thisWeekOver = options.isOver(thisWeek.adding(days: 6))
        let weekHeader = [words["column.habit"]] + weeks.map { week in
            let label = words["weekOfDay", ["day": text.shortDay(week)]]
            return week == thisWeek && !thisWeekOver ? words["soFarAfter", ["text": label]] : label
        }
        let lastMonth = asOf.firstOfMonth.adding(days: -1).firstOfMonth
        let monthRows = zip(names, active).map { name, item -> [String] in
            guard let total = item.metrics.months.last(where: { $0.first == lastMonth }) else { return [name, "–", "–", "–"] }
            let row = text.calendarRow(total, of: item.habit)
            return [name, row[1], row[2], row.count > 3 ? row[3] : "–"]
        }
        let fourWeeks = PageTable(name: "four-weeks", header: weekHeader, rows: weekRows, links: links)
        // Last month's table only once some habit's history reaches into it.
        guard active.contains(where: { $0.series.start < asOf.firstOfMonth }) else { return [fourWeeks] }
        return [fourWeeks, PageTable(name: "last-month", header: [words["column.habit"], words["column.done"], words["column.rate"], words["column.total"]],
                                       rows: monthRows, links: links)]
    }

    /// The tables behind this month's grid and the combined heatmap of the last twelve months.
    func overviewTables(_ overview: DailyOverview) -> [PageTable] {
        [Self.dayTable(allHabitsMonth(overview), name: "this-month", column: "column.habitsDone", asOf: options.asOf, words: words),
         lastYearTable(overview)]
    }

    /// Each category's active habits with the group's done of due today and combined 30-day rate.
    func categoryLines(_ active: [HabitFiles]) -> [DashboardModel.CategoryLine] {
        input.categories.compactMap { category in
            let members = active.filter { $0.habit.categoryId == category.id }
            guard !members.isEmpty else { return nil }
            let overview = DailyOverview(series: members.map { ($0.series, archivedDay: $0.archivedDay) }, asOf: options.asOf,
                                         weekStart: input.snapshot.settings.weekStart, from: options.asOf)
            let day = overview.day(options.asOf)
            let rate = CompletionRate(completed: members.reduce(0) { $0 + $1.metrics.rate30.completed },
                                      expected: members.reduce(0) { $0 + $1.metrics.rate30.expected })
            return DashboardModel.CategoryLine(name: category.name, habits: members.map(\.habit.name).joined(separator: ", "),
                                               today: DashboardModel.doneLabel(done: day?.done ?? 0, due: day?.due ?? 0, words: words),
                                               rate30: text.rate(rate))
        }
    }

    /// Each goal's progress: combined 30-day rate, days left, its habits' streaks.
    func goalLines(_ habits: [HabitFiles]) -> [DashboardModel.GoalLine] {
        let metrics = habits.map { (habit: $0.habit, metrics: $0.metrics) }
        return input.goals.map { goal in
            let progress = GoalProgress(goal: goal, metrics: metrics, asOf: options.asOf)
            let streaks = progress.habits.map { "\($0.name) \(text.streak($0.streak.unit, $0.streak.current))" }.joined(separator: ", ")
            return DashboardModel.GoalLine(name: goal.name, progress: text.goalProgress(progress), streaks: streaks)
        }
    }
}
