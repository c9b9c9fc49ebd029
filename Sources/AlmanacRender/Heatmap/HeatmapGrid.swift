import AlmanacDomain

/// The layout of a GitHub-style year grid: one column per week, rows from the store's week
/// start, 53 or 54 columns as the year needs (2012 with Monday first needs 54). The year of the
/// report's day ends with that day's week: no columns of empty weeks to come, so a grid that
/// scrolls on a phone opens on today.
public struct HeatmapGrid: Sendable, Equatable {
    public let year: Int
    public let weekStart: Weekday
    public let firstDay: DayKey
    public let lastDay: DayKey
    /// The first day of the first column (on or before the first day shown).
    public let origin: DayKey
    public let columns: Int

    /// The first month shown: 1 for a whole year; a habit's first year starts at the month it
    /// started in, so a young habit's grid is not eleven months of nothing.
    public let firstMonth: Int

    /// - Parameter through: the report's day; a grid of its year ends with its week.
    public init(year: Int, weekStart: Weekday, firstMonth: Int = 1, through asOf: DayKey? = nil) {
        self.year = year
        self.weekStart = weekStart
        let december31 = DayKey(year: year, month: 12, day: 31)!
        var last = december31
        if let asOf, asOf.year == year { last = min(december31, asOf.startOfWeek(weekStart).adding(days: 6)) }
        self.firstMonth = min(max(firstMonth, 1), last.month)
        firstDay = DayKey(year: year, month: self.firstMonth, day: 1)!
        lastDay = last
        origin = firstDay.startOfWeek(weekStart)
        columns = origin.days(to: lastDay) / 7 + 1
    }

    /// The last twelve months through the report's day, as the contribution graphs people know
    /// draw them: 53 weeks, the last one the report's day's. A history that began later starts at
    /// its first week, and shows four weeks at least: a new store's grid is not a year of
    /// nothing. `year` is the report's day's year.
    public init(lastYearThrough asOf: DayKey, weekStart: Weekday, historyFrom first: DayKey? = nil) {
        year = asOf.year
        self.weekStart = weekStart
        let thisWeek = asOf.startOfWeek(weekStart), yearAgo = thisWeek.adding(days: -52 * 7)
        lastDay = thisWeek.adding(days: 6)
        origin = max(yearAgo, min(thisWeek.adding(days: -3 * 7), first?.startOfWeek(weekStart) ?? yearAgo))
        firstDay = origin
        firstMonth = origin.month
        columns = origin.days(to: lastDay) / 7 + 1
    }

    /// Every day of the year, in order.
    public var days: [DayKey] { (firstDay.ordinal...lastDay.ordinal).map(DayKey.init(ordinal:)) }

    public func column(of day: DayKey) -> Int { origin.days(to: day) / 7 }
    public func row(of day: DayKey) -> Int { day.weekday.position(weekStart: weekStart) }

    /// The column where each month begins, for the month labels: every month whose first day is
    /// shown (a grid of the last twelve months runs across a new year), and the first column's
    /// month when no label is near it (a grid of a few weeks would have none).
    public var monthColumns: [(month: Int, column: Int)] {
        var first = firstDay.firstOfMonth
        if first < firstDay { first = first.adding(days: first.daysInMonth) }
        var columns: [(month: Int, column: Int)] = []
        while first <= lastDay {
            columns.append((first.month, column(of: first)))
            first = first.adding(days: first.daysInMonth)
        }
        if columns.first.map({ $0.column > 2 }) ?? true { columns.insert((firstDay.month, 0), at: 0) }
        return columns
    }

    /// The grid's days of `cells` in order, each with its column (week) and row (weekday).
    func forEachCell(of cells: DayCells, _ body: (HeatmapCell, _ column: Int, _ row: Int) -> Void) {
        var row = self.row(of: firstDay), column = self.column(of: firstDay)
        for cell in cells.cells.prefix(firstDay.days(to: lastDay) + 1) {
            body(cell, column, row)
            row += 1
            if row == 7 { row = 0; column += 1 }
        }
    }

    /// The weekdays in row order.
    public var rowWeekdays: [Weekday] {
        (0..<7).map { Weekday.allCases[(weekStart.isoIndex + $0) % 7] }
    }
}
