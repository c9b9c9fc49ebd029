/// One habit's history as one value per day, from its first day through the as-of day.
///
/// Built once from the habit's live entries; every metric is then one pass over these arrays
/// instead of a store query per day. Entries after the as-of day are ignored, so metrics as of
/// a day never change when later entries are added.
///
/// Every day of the series is over but the as-of day, which is over when the clock has passed
/// its end in the store's time zone (`asOfIsOver`: the as-of day is before the clock's day).
/// A day that is over and was due without being done is missed; only an as-of day the clock is
/// still inside is in progress, and only it is passed over (docs/METRICS.md).
public struct DaySeries: Sendable, Encodable {
    public let habit: Habit
    /// The first day: the habit's creation day, or its first entry's day when that is earlier
    /// (history logged for days before the habit was created in Almanac).
    public let start: DayKey
    public let asOf: DayKey
    /// Whether the clock has passed the end of the as-of day (`asOf < today`).
    public let asOfIsOver: Bool
    /// The day's value: the sum of its live check entries.
    public private(set) var values: [Double]
    /// Whether the day has at least one live check entry.
    public private(set) var logged: [Bool]
    /// Whether the day is excused (a live skip and no check).
    public private(set) var skipped: [Bool]

    /// - Parameters:
    ///   - entries: the habit's live entries, in any order (soft-deleted ones are ignored).
    ///   - createdDay: the day the habit was created, in the store's calendar.
    ///   - today: the day the clock is in, in the store's calendar: the as-of day is over when it
    ///     is before it.
    public init(habit: Habit, entries: [HabitEntry], createdDay: DayKey, asOf: DayKey, today: DayKey) {
        let facts = entries.filter { $0.deletedAt == nil }.map { DayFact(day: $0.dayKey, kind: $0.kind, value: $0.value) }
        self.init(habit: habit, facts: facts, createdDay: createdDay, asOf: asOf, today: today)
    }

    /// - Parameters:
    ///   - facts: what the habit's live entries say, in any order. A fact of a day outside the
    ///     days Almanac keeps (`SupportedDays`: only another program can write one) is left out,
    ///     so a row of year 1 cannot make a series, and a site, of two thousand years.
    ///   - createdDay: the day the habit was created, in the store's calendar; one outside the
    ///     days Almanac keeps is taken as unknown (the series starts at the first entry).
    ///   - today: the day the clock is in, in the store's calendar: the as-of day is over when it
    ///     is before it.
    public init(habit: Habit, facts: [DayFact], createdDay: DayKey, asOf: DayKey, today: DayKey) {
        self.habit = habit
        self.asOf = asOf
        asOfIsOver = asOf < today
        // Two passes over the facts, none copied: the first day and the checks, then the days.
        var firstEntry: DayKey?
        var checks = 0
        for fact in facts where fact.day <= asOf && fact.day >= SupportedDays.first {
            if firstEntry.map({ fact.day < $0 }) ?? true { firstEntry = fact.day }
            if fact.kind == .check { checks += 1 }
        }
        let created = SupportedDays.contains(createdDay) ? createdDay : min(firstEntry ?? asOf, asOf)
        start = min(created, firstEntry ?? created)
        let count = max(0, start.days(to: asOf) + 1)
        var values = [Double](repeating: 0, count: count)
        var logged = [Bool](repeating: false, count: count)
        var skips = [Bool](repeating: false, count: count)
        for fact in facts {
            let index = start.days(to: fact.day)
            guard index >= 0, index < count else { continue }
            switch fact.kind {
            case .check:
                values[index] += fact.value
                logged[index] = true
            case .skip:
                skips[index] = true
            }
        }
        for index in 0..<count where logged[index] { skips[index] = false }
        self.values = values
        self.logged = logged
        skipped = skips
        checkins = checks
    }

    /// Live check entries through the as-of day.
    public let checkins: Int

    /// The number of days in the series (0 when the habit starts after the as-of day).
    public var count: Int { values.count }

    public func day(at index: Int) -> DayKey { start.adding(days: index) }

    /// The index of the day still going on: the as-of day while the clock is inside it, else none.
    public var inProgressIndex: Int? { asOfIsOver || count == 0 ? nil : count - 1 }

    /// Whether a day is over: every day before the as-of day, and the as-of day once the clock
    /// has passed its end. Days after the as-of day are not over, as of it.
    public func isOver(_ day: DayKey) -> Bool { day < asOf || (day == asOf && asOfIsOver) }

    /// `habit.frequency.isScheduled(day(at:))` for every index, as a function that looks the
    /// answer up: for the passes over every day of the series.
    func scheduledAt() -> (Int) -> Bool {
        guard let mask = habit.frequency.weekdayMask else { return { _ in true } }
        let first = start.weekday.isoIndex
        return { mask[(first + $0) % 7] }
    }

    /// Whether the habit is scheduled on each weekday, Monday first (every day for a habit that
    /// is not limited to some weekdays): for the passes that count weekdays along the days.
    var scheduledWeekdays: [Bool] { habit.frequency.weekdayMask ?? [Bool](repeating: true, count: 7) }

    /// Calls `body(index, completed)` for every index in `range` whose day is scheduled and not
    /// skipped, in order, with `isCompleted(index)`: the due days of a daily or weekdays habit,
    /// for the passes over every day of many series (the daily overview, the streak
    /// achievements).
    func forEachScheduledDay(in range: Range<Int>, _ body: (Int, Bool) -> Void) {
        let mask = scheduledWeekdays
        var weekday = (start.weekday.isoIndex + range.lowerBound) % 7
        for i in range {
            defer { weekday = weekday == 6 ? 0 : weekday + 1 }
            if !skipped[i] && mask[weekday] { body(i, isCompleted(i)) }
        }
    }

    public func index(of day: DayKey) -> Int? {
        let index = start.days(to: day)
        return index >= 0 && index < count ? index : nil
    }

    /// Whether the day counts as done: the one rule for every metric, the heatmaps, the feeds and
    /// the site (docs/METRICS.md). A day is done only by what was logged: its value meets the
    /// target in the habit's direction (an at-most day within its limit needs a logged value, 0
    /// included), except that a finished at-most day with nothing logged counts as 0 for a habit
    /// that says so (`Habit.countsUnloggedAsNone`). A day still going on is never done yet unless
    /// an at-least target is already met: an at-most day is decided only when it is over.
    /// Skipped days are neither.
    public func isCompleted(_ index: Int) -> Bool {
        if index == inProgressIndex && habit.direction == .atMost { return false }
        if logged[index] { return habit.isCompleted(value: values[index]) }
        return !skipped[index] && habit.countsUnloggedAsNone
    }

    /// The day's state. A due day of a daily or weekdays habit that is over without being done
    /// (`isCompleted`) is missed, logged or not; the as-of day the clock is still inside is
    /// unknown until it is done, whatever was logged (neither a success nor a failure yet). A
    /// per-period habit's day without a check is unknown: its period, not the day, is judged
    /// (`HabitMetrics.todayState` says when the period ended unmet).
    public func state(at index: Int) -> DayState {
        if skipped[index] { return .skipped }
        let scheduled = habit.frequency.isScheduled(day(at: index))
        if isCompleted(index) { return .done }
        if index == inProgressIndex { return scheduled ? .unknown : .unscheduled }
        if logged[index] { return scheduled ? .missed : .unscheduled }
        guard scheduled else { return .unscheduled }
        return periodRule == nil ? .missed : .unknown
    }
}

/// What a day of one habit looks like.
public enum DayState: String, Sendable, Codable {
    /// Done (`DaySeries.isCompleted`): logged with the target met, or a finished at-most day with
    /// nothing logged for a habit that counts it as none.
    case done
    /// A due day that is over without its target met (logged or not).
    case missed
    /// A day whose outcome is still open: the as-of day while it is going on and not done yet
    /// (logged or not), or a per-period habit's day without a check (its period is judged, not the
    /// day).
    case unknown
    /// Excused (sick, vacation).
    case skipped
    /// Not a due day (a `weekdays` habit on another weekday).
    case unscheduled
}

/// What one live entry says about its day: the input of every metric.
public struct DayFact: Sendable, Equatable {
    public var day: DayKey
    public var kind: EntryKind
    public var value: Double

    public init(day: DayKey, kind: EntryKind, value: Double) {
        self.day = day; self.kind = kind; self.value = value
    }
}
