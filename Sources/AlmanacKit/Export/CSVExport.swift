import AlmanacDomain
import AlmanacRender
import Foundation
import AlmanacStorage
import AlmanacSupport

/// Writes the eight CSV files and their `datapackage.json` (`ExportSchema`) into a folder as one
/// unit: every file is written and flushed to disk before any of them replaces its old version, so
/// a failure (a full disk) leaves all old files or all new ones. All come from one read of the store (one snapshot), so a
/// `log` racing the export is in every file or in none. Entries are streamed from the store; the
/// other tables are `ExportTables`, which the workbook (`XLSXExport`) writes too. The column lists are frozen: changing them is a format
/// change (docs/FORMATS.md).
public struct CSVExport: Sendable {
    static let entriesHeader = ExportSchema.entries.header
    static let daysHeader = ExportSchema.days.header
    public static let fileNames = ["habits.csv", "entries.csv", "days.csv", "daily.csv", "weeks.csv", "months.csv", "journal.csv",
                                   "wellbeing.csv", "datapackage.json"]

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

    /// What an export did.
    public struct Outcome: Sendable {
        /// The day the files were exported as of.
        public var asOf: DayKey
        /// How many files got new bytes, and how many already held theirs and were left as they
        /// were (their modification times kept).
        public var replaced: Int
        public var unchanged: Int
    }

    /// Writes every file; `progress(done, total)` follows the entries.
    ///
    /// The entries are streamed from the store on this thread while the tables made from the
    /// snapshot (days, daily, weeks, months and the data package, which names the daily table's
    /// columns) are written on the other core: they are a fifth of an export's work, the entries
    /// more than half (docs/PERFORMANCE.md).
    @discardableResult
    public func run(progress: (Int, Int) -> Void = { _, _ in }) throws -> Outcome {
        var asOf = DayKey(ordinal: 0)
        let files = try store.readingOnTwoCores { view in
            let today = clock.today(in: try StoreCalendar(settings: view.settings()))
            let day = self.asOf ?? today
            asOf = day
            let snapshot = try view.snapshot(through: day, hours: false)
            let total = snapshot.facts.values.reduce(0) { $0 + $1.count }
            let tables = ExportTables(snapshot: snapshot, asOf: day, today: today)
            let (read, derived) = try Parallel.both({
                Result {
                    try written { files in
                        files.append(try table("habits.csv", ExportTables.habitsHeader, tables.habits(categories: view.categories())).handedOver())
                        files.append(try entries(view, asOf: day, total: total, progress: progress).handedOver())
                        files.append(try table("journal.csv", ExportTables.journalHeader, ExportTables.journal(view.journal(from: nil, to: day))).handedOver())
                        files.append(try table("wellbeing.csv", ExportTables.wellbeingHeader,
                                               ExportTables.wellbeing(view.wellbeing(from: nil, to: day))).handedOver())
                    }
                }
            }, { [self] in Result { try derivedTables(tables, asOf: day) } })
            switch (read, derived) {
            case (.success(let read), .success(let derived)): return read + derived
            case (.failure(let error), let other), (let other, .failure(let error)):
                (try? other.get())?.forEach { $0.abandon() }
                throw error
            }
        }
        do {
            var replaced = 0
            for file in files where try file.commitUnlessSame() { replaced += 1 }
            folder.finish()
            return Outcome(asOf: asOf, replaced: replaced, unchanged: files.count - replaced)
        } catch {
            files.forEach { $0.abandon() }
            throw error
        }
    }

    /// The files of the tables made from the snapshot alone, and the data package.
    private func derivedTables(_ tables: ExportTables, asOf: DayKey) throws -> [AtomicFile.Prepared] {
        let daily = tables.daily()
        let package = ExportSchema.dataPackage(
            [ExportSchema.habits, ExportSchema.entries, ExportSchema.days,
             ExportSchema.daily(daily.habits.map { (CSVField.unquoted($0.name, neutralising: neutralising), ExportSchema.unitName($0)) }),
             ExportSchema.weeks, ExportSchema.months, ExportSchema.journal, ExportSchema.wellbeing],
            asOf: asOf.description, byteOrderMark: byteOrderMark)
        return try written { files in
            files.append(try days(tables, asOf: asOf).handedOver())
            files.append(try table("daily.csv", daily.header, daily.rows).handedOver())
            files.append(try table("weeks.csv", ExportTables.weeksHeader, tables.weeks()).handedOver())
            files.append(try table("months.csv", ExportTables.monthsHeader, tables.months()).handedOver())
            let described = try folder.create("datapackage.json")
            try described.write(package)
            files.append(try described.handedOver())
        }
    }

    /// Files written one after another by `body`, each flushed to disk under its temporary name
    /// (`AtomicFile.Prepared`) as it is added; on an error, those already written are dropped.
    private func written(_ body: (inout [AtomicFile.Prepared]) throws -> Void) throws -> [AtomicFile.Prepared] {
        var files: [AtomicFile.Prepared] = []
        do {
            try body(&files)
        } catch {
            files.forEach { $0.abandon() }
            throw error
        }
        return files
    }

    private func file(_ name: String, header: [String]) throws -> AtomicFile {
        let file = try folder.create(name)
        if byteOrderMark { try file.write(CSVField.byteOrderMark) }
        try file.write(record(header))
        return file
    }

    /// A file of typed rows, each cell as its text (`ExportCell.csvText`), encoded straight into
    /// bytes: text escaped, numbers, days and instants as they are (they never need quotes or a
    /// guard).
    private func table(_ name: String, _ header: [String], _ rows: [[ExportCell]]) throws -> AtomicFile {
        let file = try file(name, header: header)
        var out: [UInt8] = []
        out.reserveCapacity(1 << 20)
        for row in rows {
            for (column, cell) in row.enumerated() {
                if column > 0 { out.append(UInt8(ascii: ",")) }
                switch cell {
                case .number(let value) where value.isFinite: NumberText.append(value, to: &out)
                case .day(let day): out.append(contentsOf: day.description.utf8)
                case .instant(let stamp): out.append(contentsOf: stamp.description.utf8)
                case .empty, .excused: break
                default: CSVField.append(cell.csvText, to: &out, neutralising: neutralising)
                }
            }
            out.append(13); out.append(10)
            if out.count >= 1 << 20 { try file.write(out); out.removeAll(keepingCapacity: true) }
        }
        try file.write(out)
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
    private func days(_ tables: ExportTables, asOf: DayKey) throws -> AtomicFile {
        let file = try file("days.csv", header: Self.daysHeader)
        let series = tables.withHistory.map(\.series).sorted { $0.habit.id < $1.habit.id }
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
}
