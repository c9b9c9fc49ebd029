import AlmanacDomain
import AlmanacRender

/// One cell of an exported table, typed: the CSV files write its text, the workbook its value
/// with a number format (days as dates, rates as percentages, instants as date and time).
enum ExportCell: Equatable, Sendable {
    case text(String)
    case number(Double)
    /// A share from 0 to 1 (a completion rate): 4 decimals in CSV, a percentage in the workbook.
    case rate(Double)
    case day(DayKey)
    /// A calendar month by its first day: `2026-11` in CSV, a date shown as `yyyy-mm` in the workbook.
    case month(DayKey)
    case instant(Timestamp)
    case flag(Bool)
    case empty
    /// A habit's day that was skipped (excused): no value, so an empty CSV cell; the workbook
    /// greys it.
    case excused

    var csvText: String {
        switch self {
        case .text(let text): return text
        case .number(let value): return CSVField.number(value)
        case .rate(let value): return CSVField.number(value, digits: 4)
        case .day(let day): return day.description
        case .month(let day): return String(day.description.prefix(7))
        case .instant(let stamp): return stamp.description
        case .flag(let flag): return flag ? "true" : "false"
        case .empty, .excused: return ""
        }
    }

    static func share(_ rate: CompletionRate) -> ExportCell { rate.value.map(ExportCell.rate) ?? .empty }
    static func count(_ n: Int) -> ExportCell { .number(Double(n)) }
}

/// The tables `export csv` and `export xlsx` share, typed, from one snapshot of the store and
/// one computation of every habit's metrics (the same as `stats` and the site): the habits,
/// every day's values, the weeks and months of each habit, the journal and wellbeing. The entries
/// are streamed by each writer from the store.
struct ExportTables: Sendable {
    static let habitsHeader = ExportSchema.habits.header
    static let weeksHeader = ExportSchema.weeks.header
    static let monthsHeader = ExportSchema.months.header
    static let journalHeader = ExportSchema.journal.header
    static let wellbeingHeader = ExportSchema.wellbeing.header
    /// The workbook's Wellbeing sheet: the CSV's columns with the rated habit's name beside its id.
    static let wellbeingSheetHeader = ["date", "timestamp_utc", "metric", "value", "scale_max", "habit_id", "habit_name", "note", "id"]

    let snapshot: StoreSnapshot
    let asOf: DayKey
    /// Every habit in the store's order, with its series and metrics.
    let all: [(habit: Habit, series: DaySeries, metrics: HabitMetrics)]

    /// - Parameter today: the day the clock is in: the as-of day is over when it is before it.
    init(snapshot: StoreSnapshot, asOf: DayKey, today: DayKey) {
        self.snapshot = snapshot; self.asOf = asOf
        self.all = snapshot.metrics(asOf: asOf, today: today)
    }

    /// The habits with history (a logged or skipped day): the columns of the daily table.
    var withHistory: [(habit: Habit, series: DaySeries, metrics: HabitMetrics)] {
        all.filter { item in (0..<item.series.count).contains { item.series.logged[$0] || item.series.skipped[$0] } }
    }

    func habits(categories: [AlmanacDomain.Category]) -> [[ExportCell]] {
        let categories = Dictionary(uniqueKeysWithValues: categories.map { ($0.id, $0.name) })
        return all.map { habit, _, m in
            [.text(habit.id.description), .text(habit.name)] + HabitDefinition.fields.compactMap(\.export).map { column in
                switch column.cell(habit.definition, categories) {
                case .text(let text): ExportCell.text(text)
                case .number(let number): ExportCell.number(number)
                }
            } + [.instant(habit.createdAt),
             habit.archivedAt.map(ExportCell.instant) ?? .empty, .count(m.streak.current), .count(m.streak.best),
             rounded(m.rate7.value), rounded(m.rate30.value), rounded(m.rate365.value), .rate(m.score),
             .count(m.totalCheckins), .number(m.totalValue), rounded(m.recentRate.rate.value), .text(m.recentRate.window)]
        }
    }

    private func rounded(_ rate: Double?) -> ExportCell { rate.map(ExportCell.rate) ?? .empty }

    /// Each habit's weeks (by the store's week start), oldest first, habit after habit in the
    /// store's order: a habit's weeks are one block, for a filter or a chart.
    func weeks() -> [[ExportCell]] {
        all.flatMap { habit, _, m in
            m.weeks.map { week in [ExportCell.day(week.first), .text(week.label)] + periodCells(week, of: habit) }
        }
    }

    /// Each habit's calendar months, as `weeks()`.
    func months() -> [[ExportCell]] {
        all.flatMap { habit, _, m in m.months.map { month in [ExportCell.month(month.first)] + periodCells(month, of: habit) } }
    }

    private func periodCells(_ total: CalendarTotal, of habit: Habit) -> [ExportCell] {
        [.text(habit.id.description), .text(habit.name), .text(habit.unit.rawValue), .count(total.daysDone), .count(total.done),
         .count(total.due), .share(total.rate), .number(total.value), .flag(total.inProgress), .count(total.pendingDone),
         .count(total.pendingDue)]
    }

    /// One row per day from the first logged or skipped day to the as-of day: each habit with
    /// history's value (empty when nothing was logged, `excused` when skipped), the names of the
    /// habits skipped, and the day's weighted score of the habits due (as `status` and the
    /// dashboard).
    func daily() -> (header: [String], habits: [Habit], rows: [[ExportCell]]) {
        let columns = withHistory
        let header = ["date"] + columns.map(\.habit.name) + ["skipped", "weighted_score"]
        let overview = DailyOverview(series: all.map { ($0.series, snapshot.archivedDay(of: $0.habit)) },
                                     asOf: asOf, weekStart: snapshot.settings.weekStart)
        let first = columns.compactMap { item in
            (0..<item.series.count).first { item.series.logged[$0] || item.series.skipped[$0] }.map(item.series.day(at:))
        }.min()
        guard let first else { return (header, columns.map(\.habit), []) }
        var rows: [[ExportCell]] = []
        rows.reserveCapacity(first.days(to: asOf) + 1)
        for ordinal in first.ordinal...asOf.ordinal {
            let day = DayKey(ordinal: ordinal)
            var row: [ExportCell] = [.day(day)]
            var skipped: [String] = []
            for (_, s, _) in columns {
                guard let i = s.index(of: day) else { row.append(.empty); continue }
                row.append(s.logged[i] ? .number(s.values[i]) : s.skipped[i] ? .excused : .empty)
                if s.skipped[i] { skipped.append(s.habit.name) }
            }
            row.append(.text(skipped.joined(separator: "; ")))
            row.append(overview.day(day)?.weightedScore.map(ExportCell.rate) ?? .empty)
            rows.append(row)
        }
        return (header, columns.map(\.habit), rows)
    }

    static func journal(_ entries: [JournalEntry]) -> [[ExportCell]] {
        entries.map { [.day($0.dayKey), .instant($0.timestampUtc), .text($0.title), .text($0.body), .text($0.id.description)] }
    }

    /// The wellbeing rows; with `habitNames` (the workbook's sheet), the rated habit's name after
    /// its id (empty for a habit whose definition was deleted).
    static func wellbeing(_ entries: [WellbeingEntry], habitNames: [EntityID: String]? = nil) -> [[ExportCell]] {
        entries.map { entry in
            var row: [ExportCell] = [.day(entry.dayKey), .instant(entry.timestampUtc), .text(entry.metric), .number(entry.value),
                                     .number(entry.scaleMax), entry.habitId.map { .text($0.description) } ?? .empty]
            if let habitNames { row.append(entry.habitId.flatMap { habitNames[$0] }.map { .text($0) } ?? .empty) }
            return row + [.text(entry.note ?? ""), .text(entry.id.description)]
        }
    }
}
