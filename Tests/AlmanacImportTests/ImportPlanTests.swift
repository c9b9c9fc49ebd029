import AlmanacDomain
import Foundation
import Testing
@testable import AlmanacImport

@Suite struct DerivedIDTests {
    /// RFC 9562's own example, and names whose padding falls at every kind of block boundary
    /// (the expected ids are Python's `uuid.uuid5`).
    @Test func versionFiveIdsAreTheStandardOnes() {
        let dns = EntityID("6ba7b810-9dad-11d1-80b4-00c04fd430c8")!
        #expect(EntityID.derived("www.example.com", in: dns).description == "2ed6657d-e927-568b-95e1-2665a8aea6a2")
        let expected = [40: "cf68ac4a-0453-5ab7-a2d1-451eb2c051e9", 47: "276ee2ee-a43b-5f95-b571-672ce35eb19c",
                        48: "3795125a-6597-527d-b237-ec6efde72c2c", 55: "fc4c89b4-639f-5ad8-8551-174fc35aa2bb",
                        56: "24346e99-8786-50d1-b207-f9aac33c6580", 64: "c97f166f-e4b5-5b55-a870-6eb791ac0876",
                        104: "9cb109e3-810a-5a55-9aa2-f53b0ec84df5", 120: "8d65f3d3-66c0-5bbc-a11d-71a9417cbc8d",
                        200: "1a35f6dd-f27e-5cfa-8e60-9203f390a08a"]
        for (length, id) in expected { #expect(EntityID.derived(String(repeating: "x", count: length)).description == id, "\(length)") }
    }
}

/// What an import takes of a habit's definition, as each field's declaration says: always (the
/// file's value or the default), only when the file gives it, never.
@Suite struct ImportedHabitTests {
    @Test func anImportedHabitsPatchTakesWhatTheDeclarationSays() throws {
        var bare = ImportedHabit(id: .derived("a"), name: "Water", sourceKey: "a")
        var patch = bare.patch
        // Always: the unit, its label, the target, direction, baseline and frequency (the defaults
        // when the file says nothing); never the name (the planner cleans it), the category (by
        // name) or the rule of unlogged days; when given, nothing here.
        #expect(patch.value(\.unit) == .boolean && patch.value(\.target) == 1 && patch.value(\.frequency) == .daily && patch.value(\.baseline) == .some(nil))
        #expect(patch.value(\.name) == nil && patch.value(\.emoji) == nil && patch.value(\.color) == nil && patch.value(\.weight) == nil
                && patch.value(\.description) == nil && patch.value(\.unloggedMeansNone) == nil && patch.value(\.categoryId) == nil)
        bare.emoji = "💧"; bare.color = "#123456"; bare.description = "Two a day"; bare.direction = .atMost; bare.unit = .count; bare.baseline = 9
        patch = bare.patch
        #expect(patch.value(\.emoji) == "💧" && patch.value(\.color) == "#123456" && patch.value(\.description) == "Two a day"
                && patch.value(\.baseline) == .some(9))
        // A colour only when it is one, an emoji only when there is one, a baseline only at most.
        bare.color = "red"; bare.emoji = ""; bare.direction = .atLeast
        patch = bare.patch
        #expect(patch.value(\.color) == nil && patch.value(\.emoji) == nil && patch.value(\.baseline) == .some(nil))
    }
}

/// The import planner against a store in memory: where habits go, which days are new, which
/// are here already and which replace what the store has.
@Suite struct ImportPlanTests {
    struct Base: ImportBase {
        var stored: [Habit] = []
        var storedEntries: [HabitEntry] = []
        func settings() throws -> Settings { Settings(timeZone: "Europe/Berlin", weekStart: .monday) }
        func habits() throws -> [Habit] { stored }
        func categories() throws -> [AlmanacDomain.Category] { [] }
        func entries(habitIds: Set<EntityID>) throws -> [HabitEntry] { storedEntries.filter { habitIds.contains($0.habitId) } }
        func existingWellbeing(_ ids: [EntityID]) throws -> Set<EntityID> { [] }
        func existingJournal(_ ids: [EntityID]) throws -> Set<EntityID> { [] }
        func existingEntries(_ ids: [EntityID]) throws -> Set<EntityID> { Set(storedEntries.map(\.id)).intersection(ids) }
    }

    let now = Timestamp(iso8601: "2026-11-22T10:00:00Z")!

    func history(_ entries: [(String, Double)], name: String = "Run") -> ImportedHistory {
        var history = ImportedHistory(format: .harsh)
        let habit = ImportedHabit(id: .derived("test|\(name)"), name: name, sourceKey: "test|\(name)")
        history.habits = [habit]
        history.entries = entries.map { ImportedEntry(habitId: habit.id, day: DayKey($0.0)!, value: $0.1) }
        return history
    }

    @Test func aNewHabitStartsOnItsFirstImportedDayInTheStoreZone() throws {
        let changes = try ImportPlanner(history: history([("2026-03-29", 1), ("2026-03-30", 1)]), now: now).plan(against: Base())
        #expect(changes.rows.newHabits.count == 1 && changes.rows.entries.count == 2)
        // Midnight in Berlin on 29 March 2026 (the day summer time starts) is 23:00 UTC the day before.
        #expect(changes.rows.newHabits[0].createdAt.description == "2026-03-28T23:00:00.000Z")
        // Day-only facts get noon of their day: 10:00 UTC in summer time.
        #expect(changes.rows.entries[1].timestampUtc.description == "2026-03-30T10:00:00.000Z")
    }

    /// One file's lines of one day: the last is the day's; the earlier ones are not history.
    @Test func twoEntriesOfOneDayLeaveTheLaterAloneLive() throws {
        let changes = try ImportPlanner(history: history([("2026-11-01", 1), ("2026-11-01", 0)]), now: now).plan(against: Base())
        #expect(changes.rows.entries.map(\.value) == [0])
        #expect(changes.rows.entries[0].deletedAt == nil)
        #expect(changes.summary.entriesAdded == 1)
    }

    @Test func aHabitOfTheSameNameIsMergedIntoWhenAskedAndItsDaysCompared() throws {
        var base = Base()
        let run = Habit(name: "run", createdAt: Timestamp(iso8601: "2026-11-02T08:00:00Z")!)
        base.stored = [run]
        base.storedEntries = [HabitEntry(habitId: run.id, dayKey: DayKey("2026-11-02")!, timestampUtc: now, value: 1),
                               HabitEntry(habitId: run.id, dayKey: DayKey("2026-11-03")!, timestampUtc: now, value: 0)]
        // Not asked: the file's "run" is added beside the store's, numbered; the store's days stay.
        let beside = try ImportPlanner(history: history([("2026-11-01", 1), ("2026-11-02", 1), ("2026-11-03", 1)]), now: now).plan(against: base)
        #expect(beside.rows.newHabits.map(\.name) == ["Run (2)"] && beside.summary.habitsMerged.isEmpty && beside.rows.deletions.isEmpty)
        #expect(beside.summary.habitsRenamed.first?.into == "Run (2)")
        let changes = try ImportPlanner(history: history([("2026-11-01", 1), ("2026-11-02", 1), ("2026-11-03", 1)]), now: now, mergeInto: ["RUN"])
            .plan(against: base)
        #expect(changes.rows.newHabits.isEmpty && changes.summary.habitsMerged.first?.into == "run")
        #expect(changes.summary.entriesAdded == 1 && changes.summary.entriesAlreadyHere == 1 && changes.summary.daysReplaced == 1)
        #expect(changes.rows.deletions.map(\.id) == [base.storedEntries[1].id])
        #expect(changes.rows.entries.allSatisfy { $0.habitId == run.id })
        // Its created day moves back to the first imported day.
        #expect(changes.rows.updatedHabits.first?.createdAt.description == "2026-10-31T23:00:00.000Z")
    }

    /// Found by the importer fuzzer: a value over 1 for a yes/no habit the store has is kept as 1,
    /// also when the habit is not changed otherwise, so a second import finds it already here.
    @Test func aYesNoHabitTheStoreHasTakesOneForAnyValueAndASecondImportIsANoOp() throws {
        var base = Base()
        let run = Habit(name: "Run", createdAt: Timestamp(iso8601: "2026-01-01T08:00:00Z")!)
        base.stored = [run]
        let planner = ImportPlanner(history: history([("2026-11-01", 1.5)]), now: now)
        let first = try planner.plan(against: base)
        #expect(first.rows.updatedHabits.isEmpty && first.rows.entries.map(\.value) == [1])
        base.storedEntries = first.rows.entries
        let second = try planner.plan(against: base)
        #expect(second.rows.entries.isEmpty && second.summary.entriesAlreadyHere == 1)
    }

    @Test func namesAreMadeAcceptableAndKeptApart() throws {
        var history = ImportedHistory(format: .loopDatabase)
        history.habits = [ImportedHabit(id: .derived("a"), name: "Sport\u{0007}\u{202E}", sourceKey: "a"), ImportedHabit(id: .derived("b"), name: "Sport", sourceKey: "b"),
                          ImportedHabit(id: .derived("c"), name: " ", sourceKey: "c")]
        let changes = try ImportPlanner(history: history, now: now).plan(against: Base())
        #expect(changes.rows.newHabits.map(\.name) == ["Sport", "Sport (2)", "Habit 3"])
    }

    @Test func twoHabitsOfTheLongestNameAreBothImported() throws {
        let long = String(repeating: "A", count: HabitRules.maxNameLength)
        var history = ImportedHistory(format: .loopDatabase)
        history.habits = [ImportedHabit(id: .derived("a"), name: long, sourceKey: "a"), ImportedHabit(id: .derived("b"), name: long, sourceKey: "b"),
                          ImportedHabit(id: .derived("c"), name: long, sourceKey: "c")]
        let names = try ImportPlanner(history: history, now: now).plan(against: Base()).rows.newHabits.map(\.name)
        #expect(names == [long, String(repeating: "A", count: 96) + " (2)", String(repeating: "A", count: 96) + " (3)"])
        #expect(names.allSatisfy { $0.count <= HabitRules.maxNameLength })
    }

    @Test func theCapIsCheckedBeforeAnythingIsPlanned() throws {
        var base = Base()
        base.stored = (1...99).map { Habit(name: "H\($0)", createdAt: now) }
        var history = ImportedHistory(format: .habitBull)
        history.habits = (1...3).map { ImportedHabit(id: .derived("n\($0)"), name: "New \($0)", sourceKey: "n\($0)") }
        history.habits[2].archived = true
        #expect(throws: DomainError.self) { try ImportPlanner(history: history, now: now).plan(against: base) }
        history.habits[1].archived = true
        #expect(try ImportPlanner(history: history, now: now).plan(against: base).rows.newHabits.count == 3)
    }
}
