import AlmanacDomain
import AlmanacSupport
import AlmanacStorage
/// Plans an import against the store as it is: which habits are new and which go into a habit
/// the store has (same derived id: an earlier import of the same app; or a habit of the store the
/// person named, `mergeInto`), which days are new, which the store has already, and which replace
/// what the store has (the old entries stay as history). A habit of the file that has the name of
/// one of the store's is added beside it, numbered (`Sport (2)`), as a followed app's is.
public struct ImportPlanner: Sendable {
    public let history: ImportedHistory
    public let now: Timestamp
    /// The followed source the history is the newest file of: its habits then mirror the file
    /// (matched by the source's own ids only; days the file no longer has are withdrawn). Nil for
    /// a one-time import, which adds and merges.
    public let following: FollowedSource?
    /// An entry whose value or day Almanac does not keep is left out and listed, instead of
    /// refusing the file.
    public let leavingOutBadRows: Bool
    /// Habits of the store, by the names a person typed, that take in the file's habit of the same
    /// name instead of it being added beside them (a one-time import only).
    public let mergeInto: [String]

    public init(history: ImportedHistory, now: Timestamp, following: FollowedSource? = nil, leavingOutBadRows: Bool = false,
                mergeInto: [String] = []) {
        self.history = history; self.now = now; self.following = following; self.leavingOutBadRows = leavingOutBadRows
        self.mergeInto = mergeInto
    }

    public func plan(against base: ImportBase) throws -> ImportChanges {
        let calendar = try StoreCalendar(settings: base.settings())
        var changes = ImportChanges()
        let firstDays = history.entries.reduce(into: [EntityID: DayKey]()) { first, e in
            first[e.habitId] = min(first[e.habitId] ?? e.day, e.day)
        }
        let (targets, habits) = try following.map { try mirrorHabits(of: $0, base: base, calendar: calendar, firstDays: firstDays, into: &changes) }
            ?? placeHabits(base: base, calendar: calendar, firstDays: firstDays, into: &changes)
        // The file's days are worked out on another core while the store's entries are read.
        let numbers = Self.numbers(targets)
        let (existing, (fileDays, leftOut)) = try Parallel.both({ try base.entries(habitIds: Set(targets.values)) }, { [self] in
            try self.fileDays(targets: targets, numbers: numbers, habits: habits, calendar: calendar)
        })
        let days = following == nil ? fileDays : try Self.ownIds(fileDays, besides: existing, base: base)
        changes.summary.rowsLeftOut = history.leftOut + leftOut
        try placeEntries(days, numbers: numbers, existing: existing, into: &changes)
        if following != nil { changes.summary.habits.removeAll { !$0.changesSomething } }
        try placeWellbeing(targets: targets, base: base, calendar: calendar, into: &changes)
        try placeJournal(base: base, calendar: calendar, into: &changes)
        return changes
    }

    // MARK: Habits

    /// Decides where each imported habit goes; returns imported id → store habit id, and every
    /// habit of the store after the import by id.
    private func placeHabits(base: ImportBase, calendar: StoreCalendar, firstDays: [EntityID: DayKey],
                             into changes: inout ImportChanges) throws -> ([EntityID: EntityID], [EntityID: Habit]) {
        let stored = try base.habits()
        var byId = Dictionary(stored.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        // A habit of the store takes in the file's habit of its name only when the person named it;
        // otherwise, and for a second habit of the file with that name (Loop allows it), the
        // file's habit is added beside it, numbered.
        let matcher = NameMatcher(stored, name: \.name, aliases: \.aliases)
        var mergeTargets = Dictionary(try mergeInto.map { name in let habit = try matcher.find(name); return (NameMatcher<Habit>.fold(habit.name), habit) },
                                      uniquingKeysWith: { a, _ in a })
        let asked = mergeTargets.values.map(\.name).sorted()
        var byName = Self.namesTaken(by: stored)
        var categories = Dictionary(try base.categories().map { (NameMatcher<Habit>.fold($0.name), $0) }, uniquingKeysWith: { a, _ in a })
        var targets: [EntityID: EntityID] = [:]
        changes.summary.habitsInFile = history.habits.count
        changes.summary.archivedInFile = history.habits.filter(\.archived).count
        let nextOrder = (stored.map(\.sortOrder).max() ?? -1) + 1
        for (index, imported) in history.habits.sorted(by: { $0.position < $1.position }).enumerated() {
            let name = Self.cleanName(imported.name, fallback: "Habit \(index + 1)")
            let firstDay = firstDays[imported.id]
            if var match = byId[imported.id] ?? mergeTargets.removeValue(forKey: NameMatcher<Habit>.fold(name)) {
                // A followed habit's days mirror its app: days imported into it would be withdrawn
                // by the next sync.
                guard match.sourceId == nil else {
                    throw DomainError.refused("\"\(match.name)\" follows another app's files: its days come from there, so nothing is imported into it. Nothing was imported.")
                }
                changes.summary.habitsMerged.append(.init(source: name, into: match.name, earlierImport: match.id == imported.id))
                targets[imported.id] = match.id
                if let firstDay, firstDay < calendar.dayKey(for: match.createdAt) {
                    match.createdAt = calendar.startOfDay(firstDay)
                    match.updatedAt = now
                    changes.rows.updatedHabits.removeAll { $0.id == match.id }
                    changes.rows.updatedHabits.append(match)
                    byId[match.id] = match
                }
                continue
            }
            let habit = try newHabit(imported, name: Self.uniqueName(name, taken: byName), sortOrder: nextOrder + changes.rows.newHabits.count,
                                     firstDay: firstDay, others: Array(byId.values), categories: &categories, calendar: calendar, into: &changes)
            if habit.name != name { changes.summary.habitsRenamed.append(.init(source: name, into: habit.name, earlierImport: false)) }
            changes.rows.newHabits.append(habit)
            changes.summary.habitsAdded.append(habit.name)
            byName[NameMatcher<Habit>.fold(habit.name)] = habit
            byId[habit.id] = habit
            targets[imported.id] = habit.id
        }
        if let missing = asked.first(where: { name in mergeTargets.values.contains { $0.name == name } }) {
            let names = history.habits.map(\.name).sorted().prefix(8).map { "\"\($0)\"" }.joined(separator: ", ")
            throw DomainError.refused("The file has no habit named \"\(missing)\" to merge into the store's (its habits: \(names)\(history.habits.count > 8 ? ", …" : "")). Nothing was imported.")
        }
        try checkActiveCount(byId, changes)
        return (targets, byId)
    }

    /// Every name and alias of the store's habits, folded: what a new habit's name must not be.
    static func namesTaken(by habits: [Habit]) -> [String: Habit] {
        var taken: [String: Habit] = [:]
        for habit in habits {
            for name in [habit.name] + habit.aliases { taken[NameMatcher<Habit>.fold(name)] = taken[NameMatcher<Habit>.fold(name)] ?? habit }
        }
        return taken
    }

    func checkActiveCount(_ habits: [EntityID: Habit], _ changes: ImportChanges) throws {
        let active = habits.values.filter { !$0.isArchived }.count
        if active > HabitRules.maxActiveHabits {
            let newActive = changes.rows.newHabits.filter { !$0.isArchived }.count
            throw DomainError.refused("Importing would make \(active) active habits (\(newActive) new from the file, \(active - newActive) in the store), more than the \(HabitRules.maxActiveHabits) Almanac keeps; archive some first. Nothing was imported.")
        }
    }

    /// A habit new to the store, as the source defines it.
    func newHabit(_ imported: ImportedHabit, name: String, sortOrder: Int, firstDay: DayKey?, others: [Habit],
                  categories: inout [String: Category], calendar: StoreCalendar, into changes: inout ImportChanges) throws -> Habit {
        var habit = Habit(id: imported.id, definition: HabitDefinition(name: name) { $0.color = HabitPalette.next(after: others) },
                          sortOrder: sortOrder, createdAt: createdAt(of: imported, firstDay: firstDay, calendar: calendar))
        habit.definition = try imported.patch.applied(to: habit.definition)
        habit.archivedAt = imported.archived ? now : nil
        habit.categoryId = try categoryId(of: imported, categories: &categories, into: &changes)
        if let following { habit.sourceId = following.id; habit.sourceKey = imported.sourceKey }
        try Self.validate(habit)
        return habit
    }

    static func validate(_ habit: Habit) throws {
        do { try HabitRules.validate(habit) } catch let error as DomainError {
            throw DomainError.invalid("Habit \"\(habit.name)\" cannot be imported: \(error.description)")
        }
    }

    /// The category the source puts a habit in (made when the store has none of that name), or nil.
    func categoryId(of imported: ImportedHabit, categories: inout [String: Category], into changes: inout ImportChanges) throws -> EntityID? {
        guard let categoryName = imported.category.map({ Self.cleanName($0, fallback: "") }), !categoryName.isEmpty else { return nil }
        let key = NameMatcher<Habit>.fold(categoryName)
        if categories[key] == nil {
            let category = Category(id: .derived("category|\(key)"), name: categoryName, createdAt: now)
            categories[key] = category
            changes.rows.categories.append(category)
            changes.summary.categoriesAdded.append(categoryName)
        }
        return categories[key]!.id
    }

    /// The source's creation time, or the start of the first imported day when that is earlier
    /// (rates count from a habit's created day), or now for a habit with no history.
    func createdAt(of habit: ImportedHabit, firstDay: DayKey?, calendar: StoreCalendar) -> Timestamp {
        let fromEntries = firstDay.map { calendar.startOfDay($0) }
        switch (habit.createdAt, fromEntries) {
        case let (source?, entries?): return min(source, entries)
        case let (source?, nil): return source
        case let (nil, entries?): return entries
        case (nil, nil): return now
        }
    }

    /// A name Almanac accepts: control and direction characters become spaces, at most 100
    /// characters, never empty.
    static func cleanName(_ raw: String, fallback: String) -> String {
        let scalars = raw.unicodeScalars.map { scalar -> Unicode.Scalar in
            scalar.properties.generalCategory == .control || HabitRules.isDirectionControl(scalar) ? " " : scalar
        }
        var name = HabitRules.withoutHiddenCharacters(String(String.UnicodeScalarView(scalars)))
            .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        if name.count > HabitRules.maxNameLength { name = String(name.prefix(HabitRules.maxNameLength)).trimmingCharacters(in: .whitespaces) }
        return name.isEmpty ? fallback : name
    }

    /// "Sport (2)" when the file has two habits called "Sport" (Loop allows it); a name at the
    /// longest a name may be is shortened to make room for its number.
    static func uniqueName(_ name: String, taken: [String: Habit]) -> String {
        guard taken[NameMatcher<Habit>.fold(name)] != nil else { return name }
        func numbered(_ n: Int) -> String {
            let suffix = " (\(n))"
            let room = HabitRules.maxNameLength - suffix.count
            let base = name.count > room ? String(name.prefix(room)).trimmingCharacters(in: .whitespaces) : name
            return base + suffix
        }
        var n = 2
        while taken[NameMatcher<Habit>.fold(numbered(n))] != nil { n += 1 }
        return numbered(n)
    }

    // MARK: Entries

    /// Days are grouped by one integer per (store habit, day), a slot: habit number << 32 | day.
    private static func numbers(_ targets: [EntityID: EntityID]) -> [EntityID: Int] {
        var numbers: [EntityID: Int] = [:]
        for target in Set(targets.values).sorted() { numbers[target] = numbers.count }
        return numbers
    }

    private static func slot(_ habit: Int, _ day: DayKey) -> Int { habit << 32 | (day.ordinal & 0xFFFF_FFFF) }

    /// The file's entries as rows of the store, by slot (in slot order), in the file's order within
    /// a day: a pure function of the file and the habits they go into.
    private func fileDays(targets: [EntityID: EntityID], numbers: [EntityID: Int], habits: [EntityID: Habit],
                          calendar: StoreCalendar) throws -> (days: [(slot: Int, habit: EntityID, rows: [HabitEntry])], leftOut: [String]) {
        let sourceKeys = Dictionary(history.habits.map { ($0.id, "entry|\(history.format.rawValue)|\($0.id)|") }, uniquingKeysWith: { a, _ in a })
        // The entries by slot, in the file's order within a slot (a stable sort of indices).
        var order: [(slot: Int, index: Int)] = []
        order.reserveCapacity(history.entries.count)
        for (index, entry) in history.entries.enumerated() {
            guard let target = targets[entry.habitId], let n = numbers[target] else { continue }
            order.append((Self.slot(n, entry.day), index))
        }
        order.sort { ($0.slot, $0.index) < ($1.slot, $1.index) }
        var days: [(slot: Int, habit: EntityID, rows: [HabitEntry])] = []
        var leftOut: [String] = []
        var start = 0
        while start < order.count {
            let slot = order[start].slot
            var end = start + 1
            while end < order.count, order[end].slot == slot { end += 1 }
            let target = targets[history.entries[order[start].index].habitId]!
            var rows: [HabitEntry] = []
            for k in start..<end {
                let e = history.entries[order[k].index]
                do {
                    rows.append(try row(for: e, index: rows.count + e.earlier, sourceKey: sourceKeys[e.habitId] ?? "", habitId: target, habit: habits[target], calendar: calendar))
                } catch let error as DomainError where leavingOutBadRows {
                    leftOut.append("\(habits[target]?.name ?? "a habit"), \(e.day): \(error.description)")
                }
            }
            if !rows.isEmpty { days.append((slot, target, rows)) }
            start = end
        }
        return (days, leftOut)
    }

    private func placeEntries(_ days: [(slot: Int, habit: EntityID, rows: [HabitEntry])], numbers: [EntityID: Int], existing: [HabitEntry],
                              into changes: inout ImportChanges) throws {
        let knownIds = following == nil ? Set(existing.map(\.id)) : []
        // Following: the store's history by id. An entry id is derived from its day, so a live entry
        // with a file row's id is one of that day's live entries.
        let withdrawn = following == nil ? [:] : Dictionary(existing.filter { !$0.isLive }.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        // Following: each habit's line of the summary, by store habit id and by habit number.
        let reports = Dictionary(changes.summary.habits.enumerated().map { ($1.habitId, $0) }, uniquingKeysWith: { a, _ in a })
        let lineOfNumber = Dictionary(numbers.compactMap { id, n in reports[id].map { (n, $0) } }, uniquingKeysWith: { a, _ in a })
        // The store's live entries and the file's, both by slot, walked side by side.
        var live: [(slot: Int, entry: HabitEntry)] = []
        live.reserveCapacity(existing.count)
        for entry in existing where entry.isLive {
            if let n = numbers[entry.habitId] { live.append((Self.slot(n, entry.dayKey), entry)) }
        }
        live.sort { $0.slot < $1.slot }
        changes.summary.entriesInFile = max(history.entryRows, history.entries.count)
        changes.summary.notesInFile = history.entries.filter { $0.note != nil }.count
        var next = 0   // the first live entry not yet matched with the file
        /// Following: live days of the store before `slot` that the file does not have are withdrawn.
        func withdrawLive(before slot: Int) {
            while next < live.count, live[next].slot < slot {
                let day = live[next].slot
                var entries: [HabitEntry] = []
                while next < live.count, live[next].slot == day { entries.append(live[next].entry); next += 1 }
                guard following != nil, let line = lineOfNumber[day >> 32] else { continue }
                changes.rows.deletions += entries.map { ($0.id, now) }
                changes.summary.daysWithdrawn += 1
                changes.summary.habits[line].daysWithdrawn += 1
            }
        }
        for (slot, target, rows) in days {
            withdrawLive(before: slot)
            var current: [HabitEntry] = []
            while next < live.count, live[next].slot == slot { current.append(live[next].entry); next += 1 }
            if following != nil, let line = reports[target] {
                var report = changes.summary.habits[line]
                mirror(rows, current: current, known: { id in current.first { $0.id == id } ?? withdrawn[id] }, report: &report, into: &changes)
                changes.summary.habits[line] = report
            } else {
                try place(rows, current: current, known: knownIds, into: &changes)
            }
        }
        withdrawLive(before: Int.max)
    }

    /// One day of one habit: already here, new, or replacing what the store has.
    private func place(_ rows: [HabitEntry], current: [HabitEntry], known: Set<EntityID>, into changes: inout ImportChanges) throws {
        let last = rows[rows.count - 1]
        if known.contains(last.id) || Self.sameDay(current, as: last) {
            changes.summary.entriesAlreadyHere += rows.count
            return
        }
        // The day's last row is what the file says of it; the rows before it that one file gives
        // for the same day are not kept as history (two large same-day files once left millions).
        changes.rows.entries.append(last)
        if current.isEmpty {
            changes.summary.entriesAdded += 1
        } else {
            changes.summary.daysReplaced += 1
            changes.rows.deletions += current.map { ($0.id, now) }
        }
    }

    /// Following: the file's rows with ids of their own where another habit of the store holds
    /// their id already — an earlier plain import of the same file merged that habit into one of
    /// the store's, and its rows have the ids derived from the same content. The new id is derived
    /// from the followed habit and the old one, so the next sync derives it again.
    static func ownIds(_ days: [(slot: Int, habit: EntityID, rows: [HabitEntry])], besides existing: [HabitEntry],
                       base: any ImportBase) throws -> [(slot: Int, habit: EntityID, rows: [HabitEntry])] {
        let targets = Set(existing.map(\.id))
        let elsewhere = try base.existingEntries(days.flatMap { $0.rows.map(\.id) }.filter { !targets.contains($0) })
        guard !elsewhere.isEmpty else { return days }
        return days.map { day in
            (day.slot, day.habit, day.rows.map { row in
                guard elsewhere.contains(row.id) else { return row }
                var own = row
                own.id = .derived("followed|\(day.habit)|\(row.id)")
                return own
            })
        }
    }

    /// The entry row of an imported fact, its id derived from the source and its content.
    private func row(for e: ImportedEntry, index: Int, sourceKey: String, habitId: EntityID, habit: Habit?,
                     calendar: StoreCalendar) throws -> HabitEntry {
        guard SupportedDays.contains(e.day) else {
            throw DomainError.invalid(SupportedDays.outside("An entry on \(e.day)"))
        }
        var value = e.value
        guard value.isFinite, value >= 0, value <= HabitRules.maxValue else {
            throw DomainError.invalid("An entry on \(e.day) has the value \(NumberText.plain(value)); values go from 0 to a billion.")
        }
        if let habit, habit.unit == .boolean, value > 1 { value = 1 }
        let note = e.note.map(Self.cleanText).flatMap { $0.isEmpty ? nil : $0 }
        let key = sourceKey + "\(e.day)|\(index)|\(e.kind.rawValue)|\(NumberText.plain(value))|\(note ?? "")"
        let time = e.timestamp ?? calendar.noon(of: e.day)
        return HabitEntry(id: .derived(key), habitId: habitId, dayKey: e.day, timestampUtc: time, kind: e.kind,
                          value: value, note: note, createdAt: time)
    }

    /// Whether the store's live entries of a day already say what the imported one says.
    private static func sameDay(_ live: [HabitEntry], as row: HabitEntry) -> Bool {
        guard !live.isEmpty, live.allSatisfy({ $0.kind == row.kind }) else { return false }
        let value = live.reduce(0) { $0 + $1.value }
        let notes = live.compactMap(\.note)
        return (row.kind == .skip || value == row.value) && (row.note == nil || notes.contains(row.note!))
    }

    /// Text Almanac accepts: control characters other than tab and newline become spaces.
    static func cleanText(_ raw: String) -> String {
        let scalars = raw.replacingOccurrences(of: "\r\n", with: "\n").unicodeScalars.map { scalar -> Unicode.Scalar in
            let allowed = scalar == "\t" || scalar == "\n"
            let bad = (scalar.properties.generalCategory == .control && !allowed) || scalar.value == 0xFFFE || scalar.value == 0xFFFF
            return bad ? " " : scalar
        }
        return String(String.UnicodeScalarView(scalars)).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    // MARK: Wellbeing

    private func placeWellbeing(targets: [EntityID: EntityID], base: ImportBase, calendar: StoreCalendar,
                                into changes: inout ImportChanges) throws {
        changes.summary.ratingsInFile = history.wellbeing.count
        let known = try base.existingWellbeing(history.wellbeing.map(\.id))
        for rating in history.wellbeing {
            if known.contains(rating.id) { changes.summary.ratingsAlreadyHere += 1; continue }
            guard SupportedDays.contains(rating.day) else { throw DomainError.invalid(SupportedDays.outside("A rating on \(rating.day)")) }
            let time = rating.timestamp ?? calendar.noon(of: rating.day)
            changes.rows.wellbeing.append(WellbeingEntry(id: rating.id, dayKey: rating.day, timestampUtc: time, metric: rating.metric,
                                                    value: rating.value, scaleMax: rating.scaleMax,
                                                    habitId: rating.habitId.flatMap { targets[$0] }, createdAt: time))
            changes.summary.ratingsAdded += 1
        }
    }
}

extension ImportPlanner {
    private func placeJournal(base: ImportBase, calendar: StoreCalendar, into changes: inout ImportChanges) throws {
        changes.summary.journalInFile = history.journal.count
        let known = try base.existingJournal(history.journal.map(\.id))
        for note in history.journal where !known.contains(note.id) {
            guard SupportedDays.contains(note.day) else { throw DomainError.invalid(SupportedDays.outside("A note on \(note.day)")) }
            let time = note.timestamp ?? calendar.noon(of: note.day)
            changes.rows.journal.append(JournalEntry(id: note.id, dayKey: note.day, timestampUtc: time,
                                                title: Self.cleanName(note.title, fallback: "Note"), body: Self.cleanText(note.body), createdAt: time))
            changes.summary.journalAdded += 1
        }
    }
}
