import AlmanacDomain
import AlmanacRender
import Foundation

/// The figures of each habit (`HabitFigures`: its metrics and streak milestones) that a report
/// keeps beside the folder it publishes (`.NAME.almanac-figures`, next to the kept day facts),
/// so that the next report computes only the figures of the habits whose day series changed
/// (docs/REPORTS.md). Output, not truth, like the day facts: a file that is missing, torn or
/// written by another build is ignored and every habit's figures are computed; deleting it
/// changes nothing but speed. Never inside the published folder.
///
/// It also keeps the digests of the day series the figures and the habits' parts are keyed by
/// (`KnownSeriesDigests`), by what each series is made from (`SeriesInputs`): a re-run after one
/// new entry hashes one habit's series, not every one.
///
/// And it keeps each habit's fold of the days before the as-of day (`DayFold`), by habit, with
/// the key of what the series of those days is made from (`SeriesInputs`): the next day, when
/// every series is a day longer and no figures are the same, each habit's figures start from its
/// fold instead of going over every day again (`KnownFolds`).
///
/// Layout (`KeptBytes`): `ALMFIGS5`, the build's identity, the number of habits; per habit its
/// figures' key and, behind their length, the figures in a fixed order — whole values as
/// integers, the periods of the weekly, monthly and yearly totals each by its first day's
/// distance from the one before, the names of cases as text; then the number of series digests
/// and each with its input's key; then the number of folds and each with its habit's id, its
/// input's key and its last day, and behind its length the fold in the same manner; then the
/// checksum of everything before it (`KeptBytes`). About 8 KB per habit with ten years of
/// history. Reading the file checks it whole and finds each habit's figures and fold; each is
/// decoded only when the report asks for it (`KnownFigures`, `KnownFolds`): the next day, when
/// every series is a day longer, no figures are, and after one new entry no fold is.
enum FiguresCacheFile {
    static let magic = Array("ALMFIGS5".utf8)

    /// The file beside `folder` (a resolved path).
    static func path(beside folder: String) -> String {
        let url = URL(fileURLWithPath: folder)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).almanac-figures").path
    }

    /// The figures kept beside `folder` by this build (none when there are none that read back
    /// whole), with the bytes each habit's figures have in the file.
    static func read(beside folder: String, build: String = RendererIdentity.current) -> Kept {
        guard let bytes = OutputFolder.bytes(atPath: path(beside: folder)), let index = index(bytes, build: build) else { return Kept() }
        return Kept(bytes: bytes, blocks: index.blocks, seriesDigests: index.series, folds: index.folds)
    }

    /// The figures of a file this build wrote: decoded when a report asks for them (`known`), and
    /// each habit's bytes as they are, which the next file takes again for the same key; and the
    /// series digests it kept.
    struct Kept: Sendable {
        let bytes: [UInt8]
        /// Where each key's figures lie in `bytes` (`index`).
        let blocks: [String: Range<Int>]
        /// Digests of day series, by the key of what each is made from (`SeriesInputs`).
        let seriesDigests: [String: [UInt8]]
        /// Each habit's fold, by habit id: the key of what it is made from, its last day, and
        /// where it lies in `bytes`.
        let folds: [String: KeptFold]

        init(bytes: [UInt8] = [], blocks: [String: Range<Int>] = [:], seriesDigests: [String: [UInt8]] = [:], folds: [String: KeptFold] = [:]) {
            self.bytes = bytes; self.blocks = blocks; self.seriesDigests = seriesDigests; self.folds = folds
        }

        var known: KnownFigures {
            let bytes = bytes, blocks = blocks
            return KnownFigures(keys: Set(blocks.keys)) { key in blocks[key].flatMap { try? decode(bytes, block: $0) } }
        }

        /// The kept folds of the habits whose series of the fold's days are made from what they
        /// were made from (`SeriesInputs.key`: the same habit, facts, store and day).
        func knownFolds(_ inputs: SeriesInputs) -> KnownFolds {
            guard !folds.isEmpty else { return .none }
            let bytes = bytes, folds = folds
            return KnownFolds { habit in
                guard let kept = folds[habit.id.description], inputs.key(habit, kept.stamp.day) == kept.stamp.key,
                      let fold = try? decodeFold(bytes, block: kept.block), fold.start.adding(days: fold.count - 1) == kept.stamp.day
                else { return nil }
                return fold
            }
        }

        /// The encoded figures of `key`, as the file holds them.
        func encoded(_ key: String) -> ArraySlice<UInt8>? { blocks[key].map { bytes[$0] } }
    }

    /// What a kept fold is made from: the key of what the series of its days is made from and its
    /// last day (the day before the as-of day of the run that kept it).
    struct FoldStamp: Sendable, Equatable {
        let key: String
        let day: DayKey
    }

    /// Where a habit's fold lies in the file, with what it is made from.
    struct KeptFold: Sendable, Equatable {
        let stamp: FoldStamp
        let block: Range<Int>
    }

    /// A fold to keep for a habit, with what it is made from: computed in this run, or its bytes
    /// as the kept file holds them.
    struct FoldToKeep {
        enum Content {
            case fold(DayFold)
            case encoded(ArraySlice<UInt8>)
        }

        let stamp: FoldStamp
        let content: Content
    }

    /// Where each habit's figures lie in the bytes of a file this build wrote, by key, and the
    /// series digests it holds; nil when the bytes are not such a file (torn, edited, another
    /// build's).
    static func index(_ data: [UInt8], build: String) -> (blocks: [String: Range<Int>], series: [String: [UInt8]], folds: [String: KeptFold])? {
        guard var input = KeptBytes.Reader(data, magic: magic), (try? input.text()) == build else { return nil }
        do {
            var blocks: [String: Range<Int>] = [:], series: [String: [UInt8]] = [:], folds: [String: KeptFold] = [:]
            for _ in 0..<(try input.count()) {
                let key = try input.text()
                blocks[key] = try input.block()
            }
            for _ in 0..<(try input.count()) {
                let key = try input.text(), digest = try input.block()
                guard digest.count == 32 else { return nil }   // a SHA-256
                series[key] = Array(data[digest])
            }
            for _ in 0..<(try input.count()) {
                let id = try input.text(), key = try input.text(), day = try input.day()
                folds[id] = KeptFold(stamp: FoldStamp(key: key, day: day), block: try input.block())
            }
            return input.isAtEnd ? (blocks, series, folds) : nil
        } catch {
            return nil
        }
    }

    /// Every habit's figures in the bytes of a file this build wrote; nil when they are not such
    /// a file or any figures do not read back whole.
    static func decode(_ data: [UInt8], build: String) -> [String: HabitFigures]? {
        guard let blocks = index(data, build: build)?.blocks else { return nil }
        var figures: [String: HabitFigures] = [:]
        for (key, block) in blocks {
            guard let item = try? decode(data, block: block) else { return nil }
            figures[key] = item
        }
        return figures
    }


    /// The file's bytes for `figures`. The figures of a key that `kept` holds (a file of the same
    /// build: a key's figures are a pure function of it) are its bytes there, copied, not
    /// encoded again: after one new entry, the other habits' figures.
    /// `folds`: each habit's fold, by habit id; a fold that `kept` holds is its bytes there.
    static func encode(_ figures: [String: HabitFigures], series: [String: [UInt8]] = [:], folds: [String: FoldToKeep] = [:],
                       reusing kept: Kept = Kept(), build: String = RendererIdentity.current) -> [UInt8] {
        // Room for about what the kept file held, so the buffer of a file written again is not
        // grown and copied on the way.
        var out = KeptBytes.Writer(magic, capacity: kept.bytes.count + kept.bytes.count / 8 + (1 << 16))
        out.text(build)
        out.integer(figures.count)
        for (key, item) in figures.sorted(by: { $0.key < $1.key }) {
            out.text(key)
            if let encoded = kept.encoded(key) {
                out.block(encoded)
            } else {
                out.block { encode(item, to: &$0) }
            }
        }
        out.integer(series.count)
        for (key, digest) in series.sorted(by: { $0.key < $1.key }) {
            out.text(key)
            out.block(digest[...])
        }
        out.integer(folds.count)
        for (id, item) in folds.sorted(by: { $0.key < $1.key }) {
            out.text(id); out.text(item.stamp.key); out.day(item.stamp.day)
            switch item.content {
            case .encoded(let bytes): out.block(bytes)
            case .fold(let fold): out.block { encode(fold, to: &$0) }
            }
        }
        return out.sealed()
    }

    /// The periods of weekly, monthly and yearly totals, each by its first day's distance from
    /// the one before (the in-progress mark with them when `inProgress`).
    private static func encode(_ totals: [[CalendarTotal]], inProgress: Bool, to out: inout KeptBytes.Writer) {
        for totals in totals {
            var previous = 0
            out.list(totals) { out, total in
                out.integer(total.first.ordinal - previous); previous = total.first.ordinal
                out.integer(total.daysDone); out.integer(total.done); out.integer(total.due); out.number(total.value)
                if inProgress { out.integer(total.inProgress ? 1 : 0) }
            }
        }
    }

    /// `room`: how many more periods each unit's array has capacity for.
    private static func decodeTotals(_ input: inout KeptBytes.Reader, inProgress: Bool, room: Int = 0) throws -> [[CalendarTotal]] {
        try DayFold.keptUnits.map { unit in
            var previous = 0, totals: [CalendarTotal] = []
            let count = try input.count()
            totals.reserveCapacity(count + room)
            for _ in 0..<count {
                let first = try input.day(after: &previous)
                totals.append(CalendarTotal(unit: unit, first: first, daysDone: try input.integer(), done: try input.integer(),
                                            due: try input.integer(), value: try input.number(),
                                            inProgress: inProgress ? try input.integer() != 0 : false))
            }
            return totals
        }
    }

    private static func encode(_ fold: DayFold, to out: inout KeptBytes.Writer) {
        out.day(fold.start); out.text(fold.weekStart.rawValue); out.integer(fold.byDay ? 1 : 0); out.integer(fold.count)
        out.number(fold.totalValue)
        out.list(fold.completedByWeekday) { $0.integer($1) }
        encode(fold.totals, inProgress: false, to: &out)
        out.integer(fold.run); out.integer(fold.best)
        out.list(fold.milestones) { out, reached in out.day(reached.day); out.integer(reached.length) }
        out.list(fold.achievementDays) { out, day in out.optional(day) { $0.day($1) } }
        out.integer(fold.achievementRun)
    }

    /// A habit's fold, from the block `index` found for it.
    static func decodeFold(_ data: [UInt8], block: Range<Int>) throws -> DayFold {
        var input = KeptBytes.Reader(data, block: block)
        let start = try input.day(), weekStart = try input.named(Weekday.self), byDay = try input.integer() != 0
        let count = try input.integer(), totalValue = try input.number()
        let byWeekday = try input.list { try $0.integer() }
        // Room for the periods a resumed fold starts (a week a day at most), so that it does not grow.
        let totals = try decodeTotals(&input, inProgress: false, room: 8)
        let run = try input.integer(), best = try input.integer()
        let milestones = try input.list { input in StreakMilestone(day: try input.day(), length: try input.integer(), unit: .days) }
        let achievementDays = try input.list { input in try input.optional { try $0.day() } }
        let achievementRun = try input.integer()
        guard input.isAtEnd, byWeekday.count == 7, achievementDays.count == Experience.streakMilestones.count, count >= 0 else { throw KeptBytes.Torn() }
        return DayFold(start: start, weekStart: weekStart, byDay: byDay, count: count, totalValue: totalValue, completedByWeekday: byWeekday,
                       totals: totals, run: run, best: best, milestones: milestones, achievementDays: achievementDays,
                       achievementRun: achievementRun)
    }

    private static func encode(_ item: HabitFigures, to out: inout KeptBytes.Writer) {
        let m = item.metrics
        out.day(m.asOf)
        out.optional(m.todayValue) { $0.number($1) }
        out.optional(m.todayState) { $0.text($1.rawValue) }
        out.integer(m.streak.current); out.integer(m.streak.best); out.text(m.streak.unit.rawValue)
        for rate in [m.rate7, m.rate30, m.rate90, m.rate365, m.rateAll] { out.rate(rate) }
        out.double(m.score)
        out.integer(m.totalCheckins)
        out.number(m.totalValue)
        out.list(m.completedByWeekday) { $0.integer($1) }
        encode([m.weeks, m.months, m.years], inProgress: true, to: &out)
        out.optional(m.period) { out, period in out.text(period.kind.rawValue); out.integer(period.done); out.integer(period.times) }
        out.optional(m.reduction) { out, reduction in
            out.double(reduction.baseline)
            out.optional(reduction.averagePerDay) { $0.double($1) }
            out.optional(reduction.reduction) { $0.double($1) }
            out.integer(reduction.daysLogged); out.integer(reduction.daysWithinTarget)
            out.list(reduction.weeks) { out, week in
                out.day(week.start); out.optional(week.averagePerDay) { $0.double($1) }
                out.integer(week.daysLogged); out.integer(week.daysWithinTarget)
            }
        }
        out.list(m.rates) { out, rate in out.text(rate.window); out.rate(rate.rate) }
        out.list(item.milestones) { out, reached in out.day(reached.day); out.integer(reached.length); out.text(reached.unit.rawValue) }
        out.list(item.streakDays) { out, day in out.optional(day) { $0.day($1) } }
    }

    /// One habit's figures, from the block `index` found for them.
    private static func decode(_ data: [UInt8], block: Range<Int>) throws -> HabitFigures {
        var input = KeptBytes.Reader(data, block: block)
        let asOf = try input.day()
        let todayValue = try input.optional { try $0.number() }
        let todayState = try input.optional { try $0.named(DayState.self) }
        let streak = Streak(current: try input.integer(), best: try input.integer(), unit: try input.named(StreakUnit.self))
        let rates = try (0..<5).map { _ in try input.rate() }
        let score = try input.double(), checkins = try input.integer(), totalValue = try input.number()
        let byWeekday = try input.list { try $0.integer() }
        let totals = try decodeTotals(&input, inProgress: true)
        let period = try input.optional { input in
            HabitMetrics.PeriodProgress(kind: try input.named(PeriodKind.self), done: try input.integer(), times: try input.integer())
        }
        let reduction = try input.optional { input in
            Reduction(baseline: try input.double(), averagePerDay: try input.optional { try $0.double() },
                      reduction: try input.optional { try $0.double() }, daysLogged: try input.integer(),
                      daysWithinTarget: try input.integer(), weeks: try input.list { input in
                          Reduction.Week(start: try input.day(), averagePerDay: try input.optional { try $0.double() },
                                         daysLogged: try input.integer(), daysWithinTarget: try input.integer())
                      })
        }
        let windows = try input.list { input in HabitMetrics.WindowRate(window: try input.text(), rate: try input.rate()) }
        let milestones = try input.list { input in
            StreakMilestone(day: try input.day(), length: try input.integer(), unit: try input.named(StreakUnit.self))
        }
        let streakDays = try input.list { input in try input.optional { try $0.day() } }
        let metrics = HabitMetrics(
            asOf: asOf, todayValue: todayValue, todayState: todayState, streak: streak, rate7: rates[0], rate30: rates[1],
            rate90: rates[2], rate365: rates[3], rateAll: rates[4], score: score, totalCheckins: checkins, totalValue: totalValue,
            completedByWeekday: byWeekday, weeks: totals[0], months: totals[1], years: totals[2], period: period,
            reduction: reduction, rates: windows)
        guard input.isAtEnd else { throw KeptBytes.Torn() }
        return HabitFigures(metrics: metrics, milestones: milestones, streakDays: streakDays)
    }
}

private extension KeptBytes.Writer {
    mutating func rate(_ rate: CompletionRate) { integer(rate.completed); integer(rate.expected) }
}

private extension KeptBytes.Reader {
    mutating func rate() throws -> CompletionRate { CompletionRate(completed: try integer(), expected: try integer()) }
}
