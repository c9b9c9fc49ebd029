import AlmanacDomain
import Foundation

/// Builds every file of the static site from a store snapshot: a pure function from values to
/// files (the CLI's writer puts them on disk). Markdown pages come from the templates with
/// values escaped for Markdown; HTML pages are that Markdown through libcmark in the layout.
public struct SiteBuilder {
    public let input: SiteInput
    public let options: SiteOptions
    public let templates: TemplateSet

    public init(input: SiteInput, options: SiteOptions, templates: TemplateSet) {
        self.input = input; self.options = options; self.templates = templates
    }

    /// One habit on the site, with everything its pages and heatmaps need.
    struct SiteHabit {
        let habit: Habit
        let slug: String
        let series: DaySeries
        let metrics: HabitMetrics
        let archivedDay: DayKey?
        var years: ClosedRange<Int>? {
            guard series.count > 0 else { return nil }
            let last = min(options.asOf.year, archivedDay?.year ?? options.asOf.year)
            return series.start.year...max(series.start.year, last)
        }
        let options: SiteOptions
    }

    /// Every file of the site. Throws a `TemplateSet.Problem` when a template would render a
    /// page beyond its budget.
    public func build() throws -> [SiteFile] {
        let snapshot = input.snapshot
        let weekStart = snapshot.settings.weekStart
        let all = snapshot.metrics(asOf: options.asOf)
        // On the site: active habits, and archived ones that have history.
        let shown = all.filter { item in
            !item.habit.isArchived || (0..<item.series.count).contains { item.series.logged[$0] || item.series.skipped[$0] }
        }
        let slugs = Slug.make(shown.map(\.habit.name))
        let siteHabits = zip(shown, slugs).map { item, slug in
            SiteHabit(habit: item.habit, slug: slug, series: item.series, metrics: item.metrics,
                      archivedDay: snapshot.archivedDay(of: item.habit), options: options)
        }
        let overview = DailyOverview(series: all.map { ($0.series, snapshot.archivedDay(of: $0.habit)) },
                                     asOf: options.asOf, weekStart: weekStart)
        var files = [SiteFile(path: "style.css", text: templates.stylesheet)]
        files += try Self.parallel(graphics(siteHabits, overview: overview, weekStart: weekStart))
        files += try habitPages(siteHabits, weekStart: weekStart)
        files += try indexPages(siteHabits, overview: overview)
        return files.sorted { $0.path < $1.path }
    }

    /// Heatmaps and charts, rendered on both cores: they are most of the work.
    private func graphics(_ siteHabits: [SiteHabit], overview: DailyOverview, weekStart: Weekday) -> [() -> SiteFile] {
        let years = overview.first.year...options.asOf.year
        var jobs: [() -> SiteFile] = years.map { year in { combinedHeatmap(year: year, overview: overview, weekStart: weekStart) } }
        jobs.append { combinedMonth(overview: overview, weekStart: weekStart) }
        for item in siteHabits {
            jobs.append { habitMonth(item, weekStart: weekStart) }
            for year in item.years.map(Array.init) ?? [] {
                jobs.append { habitHeatmap(item, year: year, weekStart: weekStart) }
            }
            jobs.append { scoreChart(item) }
            jobs.append { weekdayChart(item, weekStart: weekStart) }
            if let hours = input.hours[item.habit.id.description], hours.contains(where: { $0 > 0 }) {
                jobs.append { hourChart(item, hours: hours) }
            }
        }
        return jobs
    }

    /// Each habit's page in Markdown and HTML, rendered on both cores.
    private func habitPages(_ siteHabits: [SiteHabit], weekStart: Weekday) throws -> [SiteFile] {
        let html = HTMLPage(templates: templates, asOf: options.asOf.description)
        var jobs: [() throws -> SiteFile] = []
        for item in siteHabits {
            let digest = pageDigest(item, weekStart: weekStart)
            jobs.append {
                try cached("habits/\(item.slug).md", digest) {
                    try HabitPage(item: item, input: input, options: options, ext: "md", weekStart: weekStart).markdown(templates)
                }
            }
            jobs.append {
                try cached("habits/\(item.slug).html", digest) {
                    let page = HabitPage(item: item, input: input, options: options, ext: "html", weekStart: weekStart)
                    return try html.render(markdown: try page.markdown(templates), title: item.habit.name, root: "../",
                                           tables: ["stats": page.table])
                }
            }
        }
        return try Self.parallel(jobs)
    }

    /// The dashboard, and the journal page when asked for, in Markdown and HTML.
    private func indexPages(_ siteHabits: [SiteHabit], overview: DailyOverview) throws -> [SiteFile] {
        let html = HTMLPage(templates: templates, asOf: options.asOf.description)
        var files: [SiteFile] = []
        for ext in ["md", "html"] {
            let dashboard = Dashboard(shown: siteHabits, overview: overview, categories: input.categories, goals: input.goals,
                                      options: options, ext: ext, weekStart: input.snapshot.settings.weekStart)
            let markdown = try dashboard.markdown(templates)
            files.append(ext == "md" ? SiteFile(path: "index.md", text: markdown)
                                     : SiteFile(path: "index.html", text: try html.render(markdown: markdown, title: "Habits", root: "",
                                                                                      tables: ["habits": dashboard.table])))
            if options.includeJournal {
                let journal = try JournalPage(input: input, options: options, ext: ext).markdown(templates)
                files.append(ext == "md" ? SiteFile(path: "journal.md", text: journal)
                                         : SiteFile(path: "journal.html", text: try html.render(markdown: journal, title: "Journal", root: "")))
            }
        }
        return files
    }

    /// The file at `path`, rendered only when its inputs changed since the previous run.
    func cached(_ path: String, _ digest: InputDigest, render: () throws -> String) rethrows -> SiteFile {
        var digest = digest
        digest.add(Self.rendererVersion)
        let text = digest.text
        if let kept = options.previousFiles[path], kept.inputDigest == text { return SiteFile(path: path, kept: kept) }
        return SiteFile(path: path, text: try render(), inputDigest: text)
    }

    /// Part of every input digest: bump it when the renderers change their output.
    static let rendererVersion = "render-5"

    /// Everything a habit page is made from: the habit and its whole series, the as-of day, the
    /// options, its category and notes, and the templates. (Its metrics follow from the series.)
    func pageDigest(_ item: SiteHabit, weekStart: Weekday) -> InputDigest {
        var digest = InputDigest()
        digest.add("page", options.asOf.description, weekStart.rawValue, options.includeNotes ? "notes" : "",
                   item.archivedDay?.description ?? "", item.habit.emoji, item.habit.categoryId?.description ?? "",
                   item.habit.weight, templates.fingerprint)
        digest.add(item.habit, slug: item.slug)
        if let category = item.habit.categoryId.flatMap({ id in input.categories.first { $0.id == id } }) { digest.add(category.name) }
        if options.includeNotes {
            for note in input.notes[item.habit.id.description] ?? [] { digest.add(note.day.description, note.text) }
        }
        digest.add(item.series, from: item.series.start, through: item.series.asOf)
        return digest
    }

    func combinedHeatmap(year: Int, overview: DailyOverview, weekStart: Weekday) -> SiteFile {
        var digest = InputDigest()
        digest.add("all", year, weekStart.rawValue, year == options.asOf.year ? options.asOf.description : "")
        let grid = HeatmapGrid(year: year, weekStart: weekStart)
        for day in grid.days { if let d = overview.day(day) { digest.add(d.due, d.done) } else { digest.add(-1) } }
        return cached("heatmaps/all-\(year).svg", digest) { renderCombined(grid: grid, overview: overview) }
    }

    func renderCombined(grid: HeatmapGrid, overview: DailyOverview) -> String {
        let year = grid.year
        let cells = HeatmapCells.combined(overview, grid: grid)
        let perfect = grid.days.filter { overview.day($0)?.isPerfect ?? false }.count
        let svg = HeatmapSVG(grid: grid, cells: cells, title: "All habits, \(year)",
                             summary: "\(perfect) perfect days in \(year); darker days had more of the habits due done.",
                             color: Habit.defaultColor, idPrefix: "all-\(year)")
        return svg.render()
    }

    func habitHeatmap(_ item: SiteHabit, year: Int, weekStart: Weekday) -> SiteFile {
        let start = item.series.start
        let grid = HeatmapGrid(year: year, weekStart: weekStart, firstMonth: year == start.year ? start.month : 1)
        var digest = InputDigest()
        digest.add(item.habit, slug: item.slug)
        digest.add(year, weekStart.rawValue, year == options.asOf.year ? options.asOf.description : "",
                   item.archivedDay?.description ?? "")
        digest.add(item.series, from: grid.firstDay, through: grid.lastDay)
        return cached("heatmaps/\(item.slug)-\(year).svg", digest) { renderHabitHeatmap(item, grid: grid) }
    }

    func renderHabitHeatmap(_ item: SiteHabit, grid: HeatmapGrid) -> String {
        let year = grid.year
        let cells = HeatmapCells.habit(item.series, grid: grid, archivedDay: item.archivedDay)
        let done = cells.filter { $0.kind == .level3 || $0.kind == .level4 }.count
        let logged = cells.filter { [.level0, .level1, .level2, .level3, .level4].contains($0.kind) }.count
        let svg = HeatmapSVG(grid: grid, cells: cells, title: "\(item.habit.name), \(year)",
                             summary: "\(done) days done of \(logged) due days in \(year).", color: item.habit.color,
                             idPrefix: "\(item.slug)-\(year)")
        return svg.render()
    }

    /// The as-of day's month for one habit, as a grid of days.
    func habitMonth(_ item: SiteHabit, weekStart: Weekday) -> SiteFile {
        let days = MonthGridSVG.days(of: options.asOf)
        var digest = InputDigest()
        digest.add(item.habit, slug: item.slug)
        digest.add("month", weekStart.rawValue, options.asOf.description, item.archivedDay?.description ?? "")
        digest.add(item.series, from: days[0], through: days[days.count - 1])
        return cached("charts/\(item.slug)-month.svg", digest) {
            let cells = HeatmapCells.habit(item.series, days: days, archivedDay: item.archivedDay)
            let done = cells.filter { $0.kind == .level3 || $0.kind == .level4 }.count
            return MonthGridSVG(month: options.asOf, weekStart: weekStart, cells: cells, title: "\(item.habit.name), \(MonthGridSVG.title(of: options.asOf))",
                                summary: "\(done) days done so far this month.", color: item.habit.color, idPrefix: "\(item.slug)-month").render()
        }
    }

    /// The as-of day's month for all habits: the share of the habits due each day that were done.
    func combinedMonth(overview: DailyOverview, weekStart: Weekday) -> SiteFile {
        let days = MonthGridSVG.days(of: options.asOf)
        var digest = InputDigest()
        digest.add("all-month", weekStart.rawValue, options.asOf.description)
        for day in days { if let d = overview.day(day) { digest.add(d.due, d.done) } else { digest.add(-1) } }
        return cached("charts/all-month.svg", digest) {
            let perfect = days.filter { overview.day($0)?.isPerfect ?? false }.count
            return MonthGridSVG(month: options.asOf, weekStart: weekStart, cells: HeatmapCells.combined(overview, days: days),
                                title: "All habits, \(MonthGridSVG.title(of: options.asOf))",
                                summary: "\(perfect) perfect days so far this month.", color: Habit.defaultColor, idPrefix: "all-month").render()
        }
    }

    func scoreChart(_ item: SiteHabit) -> SiteFile {
        var digest = InputDigest()
        digest.add(item.habit, slug: item.slug)
        digest.add(item.series, from: item.series.start, through: item.series.asOf)
        return cached("charts/\(item.slug)-score.svg", digest) {
            ScoreChartSVG(start: item.series.start, scores: item.series.strengthScores(),
                          title: "\(item.habit.name): strength score", color: item.habit.color).render()
        }
    }

    func weekdayChart(_ item: SiteHabit, weekStart: Weekday) -> SiteFile {
        var digest = InputDigest()
        digest.add(item.habit, slug: item.slug)
        digest.add("weekdays", weekStart.rawValue)
        digest.add(item.series, from: item.series.start, through: item.series.asOf)
        return cached("charts/\(item.slug)-weekdays.svg", digest) {
            WeekdayChartSVG(counts: item.metrics.completedByWeekday, weekStart: weekStart,
                            title: "\(item.habit.name): days done by weekday", color: item.habit.color).render()
        }
    }

    func hourChart(_ item: SiteHabit, hours: [Int]) -> SiteFile {
        var digest = InputDigest()
        digest.add(item.habit, slug: item.slug)
        digest.add("hours")
        for count in hours { digest.add(count) }
        return cached("charts/\(item.slug)-hours.svg", digest) {
            HourChartSVG(counts: hours, title: "\(item.habit.name): when in the day", color: item.habit.color).render()
        }
    }

    /// Runs independent jobs on every core, keeping their order.
    static func parallel(_ jobs: [() throws -> SiteFile]) throws -> [SiteFile] {
        let results = UnsafeMutableBufferPointer<Result<SiteFile, Error>?>.allocate(capacity: jobs.count)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        // Each job writes only its own slot, and every job only reads shared values.
        nonisolated(unsafe) let slots = results
        nonisolated(unsafe) let work = jobs
        DispatchQueue.concurrentPerform(iterations: work.count) { i in slots[i] = Result { try work[i]() } }
        return try results.map { try $0!.get() }
    }
}
