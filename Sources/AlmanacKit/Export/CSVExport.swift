import AlmanacDomain
import AlmanacRender
import Foundation
import AlmanacStorage

/// Writes the six CSV files into a folder as one unit: every file is written and flushed to disk
/// before any of them replaces its old version, so a failure (a full disk) leaves all six old
/// files or all six new ones. All six come from one read of the store (one snapshot), so a `log`
/// racing the export is in every file or in none. Entries are streamed from the store; habits and
/// daily come from the metrics snapshot. The column lists are frozen: changing them is a format
/// change (docs/FORMATS.md).
public struct CSVExport {
    static let habitsHeader = ["id", "name", "emoji", "unit", "unit_label", "target", "direction", "frequency", "category",
                               "color", "created_at", "archived_at", "current_streak", "best_streak", "rate_7d", "rate_30d",
                               "rate_365d", "score", "total_checkins", "total_value", "rate_recent", "rate_recent_window"]
    static let entriesHeader = ["date", "habit_id", "habit_name", "kind", "value", "unit", "target", "note",
                                "timestamp_utc", "entry_id"]
    static let daysHeader = ["date", "habit_id", "habit_name", "value", "unit", "target", "direction", "done", "skipped"]
    static let journalHeader = ["date", "timestamp_utc", "title", "body", "id"]
    static let wellbeingHeader = ["date", "timestamp_utc", "metric", "value", "scale_max", "habit_id", "note", "id"]
    public static let fileNames = ["habits.csv", "entries.csv", "days.csv", "daily.csv", "journal.csv", "wellbeing.csv"]

    let store: any AlmanacStore
    let folder: OutputFolder
    /// The last day exported (later entries are left out); today in the store's calendar when nil.
    let asOf: DayKey?
    let clock: Clock
    let byteOrderMark: Bool
    /// Cells a spreadsheet would run as a formula get a leading `'`; off with `--raw`.
    let neutralising: Bool

    /// An export into the folder `out` (created when missing) as of a day (default today).
    public init(store: any AlmanacStore, out: String, asOf: DayKey?, clock: Clock, byteOrderMark: Bool, raw: Bool = false) throws {
        self.store = store
        self.asOf = asOf
        self.clock = clock
        self.folder = try OutputFolder(out)
        self.byteOrderMark = byteOrderMark
        self.neutralising = !raw
    }

    private func record(_ fields: [String]) -> String { CSVField.record(fields, neutralising: neutralising) }

    /// Writes every file and returns the day they were exported as of; `progress(done, total)`
    /// follows the entries.
    @discardableResult
    public func run(progress: (Int, Int) -> Void = { _, _ in }) throws -> DayKey {
        var asOf = DayKey(ordinal: 0)
        let files = try store.reading { view in
            asOf = try self.asOf ?? clock.today(in: StoreCalendar(settings: view.settings()))
            let snapshot = try view.snapshot(through: asOf, hours: false)
            let total = snapshot.facts.values.reduce(0) { $0 + $1.count }
            var files: [AtomicFile] = []
            do {
                files.append(try habits(snapshot, categories: view.categories(), asOf: asOf))
                files.append(try entries(view, asOf: asOf, total: total, progress: progress))
                files.append(try days(snapshot, asOf: asOf))
                files.append(try daily(snapshot, asOf: asOf))
                files.append(try journal(view.journal(from: nil, to: asOf)))
                files.append(try wellbeing(view.wellbeing(from: nil, to: asOf)))
            } catch {
                files.forEach { $0.abandon() }
                throw error
            }
            return files
        }
        do {
            for file in files { try file.prepare() }
            try folder.commit(files)
        } catch {
            files.forEach { $0.abandon() }
            throw error
        }
        folder.finish()
        return asOf
    }

    private func file(_ name: String, header: [String]) throws -> AtomicFile {
        let file = try folder.create(name)
        if byteOrderMark { try file.write(CSVField.byteOrderMark) }
        try file.write(record(header))
        return file
    }

    private func habits(_ snapshot: StoreSnapshot, categories: [AlmanacDomain.Category], asOf: DayKey) throws -> AtomicFile {
        let file = try file("habits.csv", header: Self.habitsHeader)
        let categories = Dictionary(uniqueKeysWithValues: categories.map { ($0.id, $0.name) })
        for (habit, _, m) in snapshot.metrics(asOf: asOf) {
            try file.write(record([
                habit.id.description, habit.name, habit.emoji, habit.unit.rawValue, habit.unitLabel,
                CSVField.number(habit.target), habit.direction.cliName, habit.frequency.cliDescription,
                habit.categoryId.flatMap { categories[$0] } ?? "", habit.color, habit.createdAt.description,
                habit.archivedAt?.description ?? "", "\(m.streak.current)", "\(m.streak.best)",
                CSVField.number(m.rate7.value, digits: 4), CSVField.number(m.rate30.value, digits: 4),
                CSVField.number(m.rate365.value, digits: 4), CSVField.number(m.score, digits: 4),
                "\(m.totalCheckins)", CSVField.number(m.totalValue),
                CSVField.number(m.recentRate.rate.value, digits: 4), m.recentRate.window,
            ]))
        }
        return file
    }

    /// Streams entries.csv (see `EntriesCSVEncoder`).
    private func entries(_ view: any StoreReading, asOf: DayKey, total: Int, progress: (Int, Int) -> Void) throws -> AtomicFile {
        let file = try file("entries.csv", header: Self.entriesHeader)
        var encoder = EntriesCSVEncoder()
        encoder.neutralising = neutralising
        var rows = 0
        try view.forEachLiveEntry(through: asOf) { row in
            rows += 1
            if rows & 4095 == 0 { progress(min(rows, total), total) }
            if encoder.append(row) >= 1 << 20 { try file.write(encoder.take()) }
        }
        try file.write(encoder.take())
        return file
    }

    /// days.csv: one row per habit and day with a live entry — the day's value (the sum of its
    /// checks), whether it met the target, whether it was skipped — by date and habit id. Summing
    /// `done` counts days, never entries.
    private func days(_ snapshot: StoreSnapshot, asOf: DayKey) throws -> AtomicFile {
        let file = try file("days.csv", header: Self.daysHeader)
        let series = snapshot.habits.sorted { $0.id < $1.id }.map { snapshot.series(of: $0, asOf: asOf) }
            .filter { s in (0..<s.count).contains { s.logged[$0] || s.skipped[$0] } }
        let first = series.compactMap { s in (0..<s.count).first { s.logged[$0] || s.skipped[$0] }.map(s.day(at:)) }.min()
        guard let first else { return file }
        // Each habit's id, name and definition cells, encoded once.
        var heads: [[UInt8]] = [], tails: [[UInt8]] = []
        for s in series {
            var head: [UInt8] = [], tail: [UInt8] = []
            CSVField.append(s.habit.id.description, to: &head, neutralising: neutralising); head.append(44)
            CSVField.append(s.habit.name, to: &head, neutralising: neutralising); head.append(44)
            tail.append(contentsOf: s.habit.unit.rawValue.utf8); tail.append(44)
            NumberText.append(s.habit.target, to: &tail); tail.append(44)
            tail.append(contentsOf: s.habit.direction.cliName.utf8); tail.append(44)
            heads.append(head); tails.append(tail)
        }
        var out: [UInt8] = []
        for ordinal in first.ordinal...asOf.ordinal {
            let day = DayKey(ordinal: ordinal)
            let date = Array(day.description.utf8)
            for (k, s) in series.enumerated() {
                guard let i = s.index(of: day), s.logged[i] || s.skipped[i] else { continue }
                out.append(contentsOf: date); out.append(44)
                out.append(contentsOf: heads[k])
                if s.logged[i] { NumberText.append(s.values[i], to: &out) }
                out.append(44)
                out.append(contentsOf: tails[k])
                if s.logged[i] { out.append(contentsOf: (s.habit.isCompleted(value: s.values[i]) ? "true" : "false").utf8) }
                out.append(44)
                out.append(contentsOf: (s.skipped[i] ? "true" : "false").utf8)
                out.append(13); out.append(10)
            }
            if out.count >= 1 << 20 { try file.write(out); out.removeAll(keepingCapacity: true) }
        }
        try file.write(out)
        return file
    }

    private func daily(_ snapshot: StoreSnapshot, asOf: DayKey) throws -> AtomicFile {
        // Every habit's series once: all of them count in the weighted score, those with history
        // are the columns.
        let everySeries = snapshot.habits.map { snapshot.series(of: $0, asOf: asOf) }
        let all = everySeries.filter { s in (0..<s.count).contains { s.logged[$0] || s.skipped[$0] } }
        // Habit columns stay numeric: a skip is named in the `skipped` column, not written as text.
        // `weighted_score` (appended, as columns only ever are): the day's weighted score of the
        // habits due, from the same overview as `status` and the dashboard.
        let file = try file("daily.csv", header: ["date"] + all.map(\.habit.name) + ["skipped", "weighted_score"])
        let overview = DailyOverview(series: everySeries.map { ($0, snapshot.archivedDay(of: $0.habit)) },
                                     asOf: asOf, weekStart: snapshot.settings.weekStart)
        let firstEntry = all.compactMap { s in (0..<s.count).first { s.logged[$0] || s.skipped[$0] }.map(s.day(at:)) }.min()
        guard let firstEntry else { return file }
        for ordinal in firstEntry.ordinal...asOf.ordinal {
            let day = DayKey(ordinal: ordinal)
            var fields = [day.description]
            var skipped: [String] = []
            for s in all {
                guard let i = s.index(of: day) else { fields.append(""); continue }
                fields.append(s.logged[i] ? CSVField.number(s.values[i]) : "")
                if s.skipped[i] { skipped.append(s.habit.name) }
            }
            let weighted = overview.day(day)?.weightedScore.map { CSVField.number(($0 * 10_000).rounded() / 10_000) } ?? ""
            try file.write(record(fields + [skipped.joined(separator: "; "), weighted]))
        }
        return file
    }

    private func journal(_ entries: [JournalEntry]) throws -> AtomicFile {
        let file = try file("journal.csv", header: Self.journalHeader)
        for entry in entries {
            try file.write(record([entry.dayKey.description, entry.timestampUtc.description, entry.title,
                                            entry.body, entry.id.description]))
        }
        return file
    }

    private func wellbeing(_ entries: [WellbeingEntry]) throws -> AtomicFile {
        let file = try file("wellbeing.csv", header: Self.wellbeingHeader)
        for entry in entries {
            try file.write(record([entry.dayKey.description, entry.timestampUtc.description, entry.metric,
                                            CSVField.number(entry.value), CSVField.number(entry.scaleMax),
                                            entry.habitId?.description ?? "", entry.note ?? "", entry.id.description]))
        }
        return file
    }
}
