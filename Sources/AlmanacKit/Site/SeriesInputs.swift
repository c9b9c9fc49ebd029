import AlmanacDomain
import AlmanacRender
import AlmanacStorage
import Crypto
import Foundation

/// What a habit's day series as of a day is made from, as a key of the series digests a report
/// keeps (`FiguresCacheFile`): the store's schema version and time zone (which gives the habit's
/// first day) that the day facts were read under, the habit itself (its canonical bytes: every
/// field), the change token of its entries — the token the kept day facts are taken by, which
/// changes with any change to them — and the day. A habit whose entries have no token has no key:
/// its series is hashed every time; so has every habit of a store that keeps no tokens.
struct SeriesInputs: Sendable {
    /// The facts' schema version and time zone, as the key's first words.
    private let store: [String]
    /// The change token of each habit's entries, by habit id (text form).
    private let tokens: [String: [UInt8]]
    /// The SHA-256 of each habit's canonical bytes, with the habit, by id: worked out once for
    /// the habits the report read (a habit's series are keyed several times a report).
    private let habits: [String: (habit: Habit, digest: [UInt8])]

    /// - Parameter facts: the day facts the report read, with their tokens (`FactCache`).
    init(facts: FactCache?, habits: [Habit] = []) {
        store = facts.map { [String($0.schema), $0.timeZone] } ?? []
        let tokens = facts?.habits.compactMapValues { $0.token.isEmpty ? nil : $0.token } ?? [:]
        self.tokens = tokens
        let keyed = habits.filter { tokens[$0.id.description] != nil }
        let digests = (try? Parallel.map(keyed) { try CanonicalEncoding.sha256(of: $0) }) ?? []
        self.habits = Dictionary(zip(keyed, digests).map { ($0.id.description, ($0, $1)) }, uniquingKeysWith: { first, _ in first })
    }

    /// The keys worked out so far, by habit id and day: a report asks for each several times
    /// (the digests and folds it looks up, then those it keeps).
    private let worked = WorkedKeys()

    func key(_ habit: Habit, _ day: DayKey) -> String? {
        let id = habit.id.description
        guard let token = tokens[id] else { return nil }
        return worked.key(id, day, habit) { computeKey(habit, day, id: id, token: token) }
    }

    private func computeKey(_ habit: Habit, _ day: DayKey, id: String, token: [UInt8]) -> String? {
        let known = habits[id].flatMap { $0.habit == habit ? $0.digest : nil }
        guard let habitDigest = known ?? (try? CanonicalEncoding.sha256(of: habit)) else { return nil }
        var hash = SHA256()
        for text in ["almanac-series-input-3"] + store + [day.description] { hash.update(data: Array(text.utf8) + [0]) }
        hash.update(data: token + [0])
        hash.update(data: habitDigest)
        return Hex.string(hash.finalize())
    }

    /// Keys worked out, by habit id and day, with the habit they were worked out for (a key is
    /// taken again only for the same habit value). Shared by the threads of a report.
    private final class WorkedKeys: @unchecked Sendable {
        private let lock = NSLock()
        private var keys: [String: (habit: Habit, key: String?)] = [:]

        func key(_ id: String, _ day: DayKey, _ habit: Habit, _ work: () -> String?) -> String? {
            let name = "\(id) \(day.ordinal)"
            if let known = lock.withLock({ keys[name] }), known.habit == habit { return known.key }
            let key = work()
            lock.withLock { keys[name] = (habit, key) }
            return key
        }
    }

    /// The digests of a site's series, by key: each habit's, and its earlier years'.
    func digests(of plan: SitePlan) -> [String: [UInt8]] {
        var digests: [String: [UInt8]] = [:]
        for files in plan.habits { if let key = key(files.habit, files.asOf) { digests[key] = files.seriesDigest } }
        for past in plan.pastYears { if let key = key(past.habit, past.through) { digests[key] = past.seriesDigest } }
        return digests
    }

    /// The fold of each habit of a site to keep, by habit id: the one its figures were computed
    /// with in this run (`HabitFigures.settled`), else the one `kept` holds while the series of
    /// its days is still made from what it was made from. None for a habit without a key.
    func folds(of plan: SitePlan, kept: FiguresCacheFile.Kept) -> [String: FiguresCacheFile.FoldToKeep] {
        var folds: [String: FiguresCacheFile.FoldToKeep] = [:]
        for files in plan.habits {
            let id = files.habit.id.description
            if let fold = files.figures.settled {
                let day = fold.start.adding(days: fold.count - 1)
                if let key = key(files.habit, day) { folds[id] = .init(stamp: .init(key: key, day: day), content: .fold(fold)) }
            } else if let held = kept.folds[id], key(files.habit, held.stamp.day) == held.stamp.key {
                folds[id] = .init(stamp: held.stamp, content: .encoded(kept.bytes[held.block]))
            }
        }
        return folds
    }

    /// The digests `kept` holds, found by what each series is made from.
    func known(_ kept: [String: [UInt8]]) -> KnownSeriesDigests {
        guard !tokens.isEmpty, !kept.isEmpty else { return .none }
        return KnownSeriesDigests { habit, day in key(habit, day).flatMap { kept[$0] } }
    }
}

