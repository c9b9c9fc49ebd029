import Foundation

/// What one habit's history says beyond its rates: this year against the last, its best and
/// worst month, its best weekday. Computed once, here, from its day series and metrics; the
/// site and `stats --json` show the same figures (docs/METRICS.md).
public struct HabitInsights: Sendable, Codable, Equatable {
    /// From 1 January through the as-of day, and over the same days a year before: done days, or
    /// the total for a habit that counts an amount. Nil unless the history reaches back to the
    /// start of last year's span.
    public struct YearAgainstYear: Sendable, Codable, Equatable {
        public var year: Int
        public var through: DayKey
        public var thisYear: Double
        public var lastYear: Double
        /// Whether the figures are done days (else they are totals of the habit's unit).
        public var doneDays: Bool
    }

    /// A share done of due: a month's, or a weekday's.
    public struct Share: Sendable, Codable, Equatable {
        /// The month's first day, or for a weekday its ISO number (1 Monday … 7 Sunday) as text.
        public var label: String
        public var done: Int
        public var due: Int
        public var share: Double { Double(done) / Double(due) }
    }

    public var yearAgainstYear: YearAgainstYear?
    /// Of the last 12 months that are over with at least `minimumDue` due days: the one with the
    /// highest share done and the one with the lowest (nil with fewer than two such months, or
    /// when they are all alike).
    public var bestMonth: Share?
    public var worstMonth: Share?
    /// The weekday with the highest share done of its due days, each weekday with at least
    /// `minimumDue` of them, named only when the weekdays differ beyond chance (`weekdays`).
    public var bestWeekday: Share?
    /// Whether the weekdays' shares differ beyond chance, when each has `minimumDue` due days.
    public var weekdays: WeekdayTest?

    /// A χ² test of the seven weekdays' shares done (a 2 × 7 table, 6 degrees of freedom) over
    /// `dueDays` due days. They `differ` when `pValue` is below 5 % divided by the number of
    /// habits tested together (Bonferroni: a store of twelve habits done at random names a best
    /// weekday for none of them in 95 % of stores).
    public struct WeekdayTest: Sendable, Codable, Equatable {
        public var dueDays: Int
        public var pValue: Double
        public var differ: Bool
    }

    public static let minimumDue = 8

    /// `habitsTested`: how many habits' weekdays are tested beside this one's (the store's active
    /// habits), for the correction.
    public init(series: DaySeries, metrics: HabitMetrics, habitsTested: Int = 1) {
        let months = metrics.months.filter { !$0.inProgress && $0.due >= Self.minimumDue }.suffix(12)
            .map { Share(label: $0.first.description, done: $0.done, due: $0.due) }
        if let best = months.max(by: { $0.share < $1.share }), let worst = months.min(by: { $0.share < $1.share }), best.share > worst.share {
            bestMonth = best; worstMonth = worst
        }
        // Due days by weekday (Monday first), the day still going on left out.
        var done = [Int](repeating: 0, count: 7), due = [Int](repeating: 0, count: 7)
        series.forEachDueDay(from: nil, archivedDay: nil, weekStart: .monday) { i, completed in
            guard i != series.inProgressIndex else { return }
            let weekday = (series.start.weekday.isoIndex + i) % 7
            due[weekday] += 1
            if completed { done[weekday] += 1 }
        }
        if due.allSatisfy({ $0 >= Self.minimumDue }) {
            let pValue = Self.weekdaysPValue(done: done, due: due)
            let test = WeekdayTest(dueDays: due.reduce(0, +), pValue: pValue, differ: pValue < 0.05 / Double(max(1, habitsTested)))
            weekdays = test
            let shares = (0..<7).map { Share(label: "\($0 + 1)", done: done[$0], due: due[$0]) }
            if test.differ, let best = shares.max(by: { $0.share < $1.share }) {
                bestWeekday = shares.first { $0.share == best.share }
            }
        }
        yearAgainstYear = Self.yearAgainstYear(series)
    }

    /// The p-value of the χ² test of homogeneity of the weekdays' shares done: 1 when every due
    /// day was done or none was. With 6 degrees of freedom the χ² distribution's tail is
    /// exactly e^(−x/2) (1 + x/2 + (x/2)² / 2).
    static func weekdaysPValue(done: [Int], due: [Int]) -> Double {
        let allDue = due.reduce(0, +), allDone = done.reduce(0, +)
        guard allDue > 0, allDone > 0, allDone < allDue else { return 1 }
        let share = Double(allDone) / Double(allDue)
        var x = 0.0
        for (d, n) in zip(done, due) where n > 0 {
            let expectedDone = Double(n) * share, expectedNot = Double(n) * (1 - share)
            x += (Double(d) - expectedDone) * (Double(d) - expectedDone) / expectedDone
                + (Double(n - d) - expectedNot) * (Double(n - d) - expectedNot) / expectedNot
        }
        let half = x / 2
        return min(1, exp(-half) * (1 + half + half * half / 2))
    }

    static func yearAgainstYear(_ series: DaySeries) -> YearAgainstYear? {
        let through = series.asOf, year = through.year
        guard let thisStart = DayKey(year: year, month: 1, day: 1), let lastStart = DayKey(year: year - 1, month: 1, day: 1),
              let lastThrough = DayKey(year: year - 1, month: through.month, day: min(through.day, DayKey.daysIn(month: through.month, year: year - 1))),
              series.count > 0, series.start <= lastStart else { return nil }
        let doneDays = series.habit.unit == .boolean
        func sum(_ from: DayKey, _ to: DayKey) -> Double {
            var total = 0.0
            for ordinal in from.ordinal...to.ordinal {
                let i = ordinal - series.start.ordinal
                guard i >= 0, i < series.count else { continue }
                if doneDays { total += series.isCompleted(i) ? 1 : 0 } else if series.logged[i] { total += series.values[i] }
            }
            return total
        }
        return YearAgainstYear(year: year, through: through, thisYear: sum(thisStart, through), lastYear: sum(lastStart, lastThrough), doneDays: doneDays)
    }
}

/// One habit's year, for the year in review: its done days and total, its longest run of due
/// days done in a row within the year (daily and weekday habits; nil for a per-period habit), and
/// its best month (at least `HabitInsights.minimumDue` due days). Nil for a year without history.
public struct HabitYear: Sendable, Codable, Equatable {
    public var year: Int
    public var doneDays: Int
    public var total: Double
    public var longestStreak: Int?
    public var bestMonth: HabitInsights.Share?

    /// Every year of the habit's history, in one pass over its days.
    public static func byYear(series: DaySeries, metrics: HabitMetrics) -> [Int: HabitYear] {
        // Months that are over with enough due days; a year names its best only among two or more
        // of them that are not all alike (as the habit's own best and worst month).
        let months = Dictionary(grouping: metrics.months.filter { !$0.inProgress && $0.due >= HabitInsights.minimumDue }, by: \.first.year)
        func share(_ total: CalendarTotal) -> Double { Double(total.done) / Double(total.due) }
        var years: [Int: HabitYear] = [:]
        for totals in metrics.years {
            let year = totals.first.year, finished = months[year] ?? []
            let best = finished.max { share($0) < share($1) }, worst = finished.min { share($0) < share($1) }
            let named = finished.count >= 2 && best.map(share) != worst.map(share) ? best : nil
            years[year] = HabitYear(year: year, doneDays: totals.daysDone, total: totals.value, longestStreak: series.periodRule == nil ? 0 : nil,
                                    bestMonth: named.map { HabitInsights.Share(label: $0.first.description, done: $0.done, due: $0.due) })
        }
        guard series.periodRule == nil else { return years }
        // The longest run of due days done within each year: a run ends at a year's end.
        var run = 0, year = series.start.year, nextYear = DayKey(year: year + 1, month: 1, day: 1)!
        series.forEachDueDay(from: nil, archivedDay: nil, weekStart: .monday) { i, completed in
            let day = series.start.adding(days: i)
            if day >= nextYear { year = day.year; nextYear = DayKey(year: year + 1, month: 1, day: 1)!; run = 0 }
            if completed {
                run += 1
                if run > years[year]?.longestStreak ?? 0 { years[year]?.longestStreak = run }
            } else if i != series.inProgressIndex { run = 0 }
        }
        return years
    }
}

/// How habits go together: for two daily or weekday habits, how often the second was done on
/// the days the first was done (the same day, or the day before) against the days it was not.
/// Every such pair with enough days on both sides is tried; a difference is shown only when a
/// two-proportion z-test's p-value survives the Benjamini–Hochberg correction over every pair
/// tried at a false discovery rate of 5 % (docs/METRICS.md).
public struct PairInsights: Sendable, Codable, Equatable {
    public struct Pair: Sendable, Codable, Equatable {
        /// The habit whose day is the condition, and the habit whose day is counted.
        public var condition: EntityID
        public var outcome: EntityID
        /// Whether the condition is the day before (else the same day).
        public var dayAfter: Bool
        /// The outcome's due days where the condition was done, and how many of them it was done.
        public var withDays: Int
        public var withDone: Int
        /// The same where the condition was due and not done.
        public var withoutDays: Int
        public var withoutDone: Int
        public var pValue: Double
        /// The Benjamini–Hochberg adjusted p-value over every pair tried.
        public var adjusted: Double

        public var withShare: Double { Double(withDone) / Double(withDays) }
        public var withoutShare: Double { Double(withoutDone) / Double(withoutDays) }
        public var days: Int { withDays + withoutDays }
    }

    /// Both sides of a pair need this many days.
    public static let minimumDays = 30
    /// The days looked at: the last 365 that are over.
    public static let windowDays = 365
    public static let falseDiscoveryRate = 0.05

    public var from: DayKey
    public var through: DayKey
    /// How many pairs (each order and each lag) had enough days to be tried.
    public var tried: Int
    /// The pairs whose difference survives the correction, strongest evidence first.
    public var shown: [Pair]

    public init(series all: [DaySeries], asOf: DayKey, asOfIsOver: Bool) {
        let through = asOfIsOver ? asOf : asOf.adding(days: -1), from = through.adding(days: -(Self.windowDays - 1))
        self.through = through; self.from = from
        // Each habit's due and done days over the window as bits (bit d is day `from + d`), and the
        // same moved one day later (bit d is day d - 1) for the day after, in one flat array of
        // `Bits` rows: a pair is counted a word of 64 days at a time.
        let words = (Self.windowDays + 63) / 64
        enum Bits: Int, CaseIterable { case due, done, dueBefore, doneBefore }
        let series = all.filter { $0.periodRule == nil && !$0.habit.isArchived }
        var bits = [UInt64](repeating: 0, count: series.count * Bits.allCases.count * words)
        func row(_ habit: Int, _ kind: Bits) -> Int { (habit * Bits.allCases.count + kind.rawValue) * words }
        for (h, one) in series.enumerated() {
            let mask = one.scheduledWeekdays, offset = one.start.days(to: from), weekday = from.weekday.isoIndex
            for d in 0..<Self.windowDays {
                let i = offset + d
                guard i >= 0, i < one.count, !one.skipped[i], mask[(weekday + d) % 7] else { continue }
                bits[row(h, .due) + d / 64] |= 1 << UInt64(d % 64)
                if one.isCompleted(i) { bits[row(h, .done) + d / 64] |= 1 << UInt64(d % 64) }
            }
            for (kind, later) in [(Bits.due, Bits.dueBefore), (.done, .doneBefore)] {
                for w in 0..<words { bits[row(h, later) + w] = bits[row(h, kind) + w] << 1 | (w > 0 ? bits[row(h, kind) + w - 1] >> 63 : 0) }
            }
        }
        var tried: [Pair] = []
        for a in series.indices {
            for b in series.indices where b != a {
                for dayAfter in [false, true] {
                    let aDue = row(a, dayAfter ? .dueBefore : .due), aDone = row(a, dayAfter ? .doneBefore : .done)
                    let bDue = row(b, .due), bDone = row(b, .done)
                    var counts = (withDays: 0, withDone: 0, withoutDays: 0, withoutDone: 0)
                    for w in 0..<words {
                        let both = bits[bDue + w] & bits[aDue + w], with = both & bits[aDone + w], without = both & ~bits[aDone + w]
                        counts.withDays += with.nonzeroBitCount
                        counts.withDone += (with & bits[bDone + w]).nonzeroBitCount
                        counts.withoutDays += without.nonzeroBitCount
                        counts.withoutDone += (without & bits[bDone + w]).nonzeroBitCount
                    }
                    guard counts.withDays >= Self.minimumDays, counts.withoutDays >= Self.minimumDays else { continue }
                    tried.append(Pair(condition: series[a].habit.id, outcome: series[b].habit.id, dayAfter: dayAfter,
                                      withDays: counts.withDays, withDone: counts.withDone,
                                      withoutDays: counts.withoutDays, withoutDone: counts.withoutDone,
                                      pValue: Self.twoProportionP(counts.withDone, counts.withDays, counts.withoutDone, counts.withoutDays),
                                      adjusted: 1))
                }
            }
        }
        self.tried = tried.count
        let adjusted = Self.benjaminiHochberg(tried.map(\.pValue))
        for i in tried.indices { tried[i].adjusted = adjusted[i] }
        shown = tried.filter { $0.adjusted <= Self.falseDiscoveryRate }.sorted {
            ($0.adjusted, -abs($0.withShare - $0.withoutShare)) < ($1.adjusted, -abs($1.withShare - $1.withoutShare))
        }
    }

    /// The two-sided p-value of a two-proportion z-test (pooled): x1 of n1 against x2 of n2.
    public static func twoProportionP(_ x1: Int, _ n1: Int, _ x2: Int, _ n2: Int) -> Double {
        let p1 = Double(x1) / Double(n1), p2 = Double(x2) / Double(n2)
        let pooled = Double(x1 + x2) / Double(n1 + n2)
        let variance = pooled * (1 - pooled) * (1 / Double(n1) + 1 / Double(n2))
        guard variance > 0 else { return 1 }
        return erfc(abs(p1 - p2) / variance.squareRoot() / 2.0.squareRoot())
    }

    /// Benjamini–Hochberg adjusted p-values, in the order given: the i-th smallest of m is
    /// min over j ≥ i of m · p(j) / j, at most 1.
    public static func benjaminiHochberg(_ p: [Double]) -> [Double] {
        let m = Double(p.count)
        let order = p.indices.sorted { p[$0] < p[$1] }
        var adjusted = [Double](repeating: 1, count: p.count), running = 1.0
        for (rank, index) in order.enumerated().reversed() {
            running = min(running, p[index] * m / Double(rank + 1))
            adjusted[index] = min(1, running)
        }
        return adjusted
    }
}
