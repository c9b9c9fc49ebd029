import AlmanacDomain
import AlmanacRender
import AlmanacStore
import Foundation

/// Writes the five CSV files of SPEC section 5 into a folder, each atomically. Entries, journal
/// and wellbeing are streamed from the store; habits and daily come from the metrics snapshot.
/// The column lists are frozen: changing them is a format change (docs/FORMATS.md).
struct CSVExport {
    static let habitsHeader = ["id", "name", "emoji", "unit", "unit_label", "target", "direction", "frequency", "category",
                               "color", "created_at", "archived_at", "current_streak", "best_streak", "rate_7d", "rate_30d",
                               "rate_365d", "score", "total_checkins", "total_value"]
    static let entriesHeader = ["date", "habit_id", "habit_name", "kind", "value", "unit", "target", "completed", "note",
                                "timestamp_utc", "entry_id"]
    static let journalHeader = ["date", "timestamp_utc", "title", "body", "id"]
    static let wellbeingHeader = ["date", "timestamp_utc", "metric", "value", "scale_max", "habit_id", "note", "id"]

    let store: AlmanacStore
    let folder: String
    let asOf: DayKey
    let byteOrderMark: Bool

    /// Writes every file and returns their names.
    func run() throws -> [String] {
        let snapshot = try store.snapshot(through: asOf)
        try writeHabits(snapshot)
        try writeEntries()
        try writeDaily(snapshot)
        try writeJournal()
        try writeWellbeing()
        return ["habits.csv", "entries.csv", "daily.csv", "journal.csv", "wellbeing.csv"]
    }

    private func file(_ name: String, header: [String]) throws -> AtomicFile {
        let file = try AtomicFile(path: (folder as NSString).appendingPathComponent(name))
        if byteOrderMark { try file.write(CSVField.byteOrderMark) }
        try file.write(CSVField.record(header))
        return file
    }

    private func writeHabits(_ snapshot: StoreSnapshot) throws {
        let file = try file("habits.csv", header: Self.habitsHeader)
        let categories = Dictionary(uniqueKeysWithValues: try store.categories().map { ($0.id, $0.name) })
        for (habit, _, m) in snapshot.metrics(asOf: asOf) {
            try file.write(CSVField.record([
                habit.id.description, habit.name, habit.emoji, habit.unit.rawValue, habit.unitLabel,
                CSVField.number(habit.target), habit.direction.rawValue, habit.frequency.cliDescription,
                habit.categoryId.flatMap { categories[$0] } ?? "", habit.color, habit.createdAt.description,
                habit.archivedAt?.description ?? "", "\(m.streak.current)", "\(m.streak.best)",
                CSVField.number(m.rate7.value, digits: 4), CSVField.number(m.rate30.value, digits: 4),
                CSVField.number(m.rate365.value, digits: 4), CSVField.number(m.score, digits: 4),
                "\(m.totalCheckins)", CSVField.number(m.totalValue),
            ]))
        }
        try file.commit()
    }

    /// Streams entries.csv (see `EntriesCSVEncoder`).
    private func writeEntries() throws {
        let file = try file("entries.csv", header: Self.entriesHeader)
        var encoder = EntriesCSVEncoder()
        try store.forEachLiveEntry(through: asOf) { row in
            if encoder.append(row) >= 1 << 20 { try file.write(encoder.take()) }
        }
        encoder.finish()
        try file.write(encoder.take())
        try file.commit()
    }

    private func writeDaily(_ snapshot: StoreSnapshot) throws {
        let all = snapshot.habits.map { snapshot.series(of: $0, asOf: asOf) }.filter { s in
            (0..<s.count).contains { s.logged[$0] || s.skipped[$0] }
        }
        let file = try file("daily.csv", header: ["date"] + all.map(\.habit.name))
        let firstEntry = all.compactMap { s in (0..<s.count).first { s.logged[$0] || s.skipped[$0] }.map(s.day(at:)) }.min()
        if let firstEntry {
            for ordinal in firstEntry.ordinal...asOf.ordinal {
                let day = DayKey(ordinal: ordinal)
                var fields = [day.description]
                for s in all {
                    guard let i = s.index(of: day) else { fields.append(""); continue }
                    fields.append(s.logged[i] ? CSVField.number(s.values[i]) : (s.skipped[i] ? "skip" : ""))
                }
                try file.write(CSVField.record(fields))
            }
        }
        try file.commit()
    }

    private func writeJournal() throws {
        let file = try file("journal.csv", header: Self.journalHeader)
        let last = asOf.description
        try store.forEachLiveJournalEntry { fields in
            if fields[0] <= last { try file.write(CSVField.record(fields)) }
        }
        try file.commit()
    }

    private func writeWellbeing() throws {
        let file = try file("wellbeing.csv", header: Self.wellbeingHeader)
        let last = asOf.description
        try store.forEachLiveWellbeingEntry { day, time, metric, value, scaleMax, habitId, note, id in
            guard day <= last else { return }
            try file.write(CSVField.record([day, time, metric, CSVField.number(value), CSVField.number(scaleMax),
                                            habitId ?? "", note ?? "", id]))
        }
        try file.commit()
    }
}
