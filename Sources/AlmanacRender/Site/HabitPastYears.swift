import AlmanacDomain

/// One habit's heatmaps of the years before the report's: a part of the site of its own, next to
/// the habit's other files (`HabitFiles`), because it does not change when the day moves on —
/// only when those years' days or the habit do. `pages()` reads nothing but this value, whose
/// day series ends on the last day of the last of its years: the report's day, and whatever was
/// logged after those years, are not in it.
///
/// So a report keys the heatmaps as a whole by this value (`SitePart`): on the next day a
/// habit's ten years of heatmaps are one key, instead of ten models made and keyed. The day
/// series is encoded as the SHA-256 of its canonical bytes (as `HabitFiles` encodes its own).
public struct HabitPastYears: SitePart {
    /// The file name stem of the habit's files.
    public let slug: String
    /// The habit, as its day series holds it.
    public let habit: Habit
    /// The last day of the last of `years`: the day the series ends on.
    public let through: DayKey
    /// The SHA-256 of the series' canonical bytes (`HabitFigures.digest`): what the key encodes
    /// of the series.
    public let seriesDigest: [UInt8]
    /// The day the habit was archived on, in the store's calendar.
    public let archivedDay: DayKey?
    public let weekStart: Weekday
    /// The years with a heatmap, each before the report's.
    public let years: ClosedRange<Int>
    /// The habit's days through `through` (its habit, first day and every day's value, check and
    /// skip).
    public let series: DaySeries

    enum CodingKeys: String, CodingKey {
        case slug, seriesDigest, archivedDay, weekStart, years
    }

    /// The part of a habit's files that are heatmaps of years before its as-of day's, when it
    /// has any; `series` gives the habit's day series through a day.
    public init?(files: HabitFiles, series: (DayKey) -> DaySeries) throws {
        guard let years = files.years, years.lowerBound < files.asOf.year else { return nil }
        let last = min(years.upperBound, files.asOf.year - 1)
        slug = files.slug; habit = files.habit; archivedDay = files.archivedDay; weekStart = files.weekStart
        self.years = years.lowerBound...last
        through = DayKey(year: last, month: 12, day: 31)!
        self.series = series(through)
        seriesDigest = try HabitFigures.digest(of: self.series)
    }

    public func pages() -> [SitePage] {
        years.map { year in
            SitePage(path: "heatmaps/\(slug)-\(year).svg",
                     drawn: HeatmapSVG.habit(series, year: year, slug: slug, weekStart: weekStart, archivedDay: archivedDay, through: nil))
        }
    }
}

extension HeatmapSVG {
    /// A habit's heatmap of a year.
    /// - Parameter asOf: the report's day, when `series` ends on it (its year's grid ends with
    ///   its week, and the day shows as not logged yet); nil for a series that ends before it.
    static func habit(_ series: DaySeries, year: Int, slug: String, weekStart: Weekday, archivedDay: DayKey?, through asOf: DayKey?) -> HeatmapSVG {
        let grid = HeatmapGrid(year: year, weekStart: weekStart, firstMonth: year == series.start.year ? series.start.month : 1,
                               through: asOf)
        let cells = HeatmapCells.habit(series, grid: grid, archivedDay: archivedDay)
        let counts = cells.counts()
        return HeatmapSVG(grid: grid, cells: cells, title: "\(series.habit.name), \(year)",
                          summary: "\(counts.done) days done of \(counts.levels) due days in \(year).", color: series.habit.color,
                          idPrefix: "\(slug)-\(year)")
    }
}
