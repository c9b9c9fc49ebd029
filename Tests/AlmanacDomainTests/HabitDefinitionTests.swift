@testable import AlmanacDomain
import Foundation
import Testing

/// One definition of a habit: its fields' table makes the patch, the changes as a person reads
/// them, and the habit's JSON keeps the definition's fields at the top level.
@Suite struct HabitDefinitionTests {
    static let water: HabitDefinition = {
        var water = HabitDefinition(name: "Water")
        water.unit = .count; water.unitLabel = "cups"; water.target = 8
        return water
    }()

    @Test func aPatchSetsOnlyItsFields() throws {
        var patch = HabitDefinition.Patch()
        patch.set(\.emoji, "💧")
        patch.set(\.weight, nil)   // nil leaves a field as it is
        patch.set(\.baseline, .some(nil))   // an optional field set to nothing
        let new = try patch.applied(to: Self.water)
        #expect(new.emoji == "💧" && new.weight == 1 && new.target == 8 && new.unitLabel == "cups")
        #expect(patch.value(\.emoji) == "💧" && patch.value(\.weight) == nil && patch.value(\.baseline) == .some(nil))
        #expect(new.changedFields(from: Self.water).map(\.name) == ["emoji"])
    }

    @Test func aUnitChangeNeedsATargetAndDropsTheLabel() throws {
        var toDuration = HabitDefinition.Patch()
        toDuration.set(\.unit, .duration)
        #expect(throws: DomainError.invalid("Changing the unit from count to duration needs a new target (in minutes).")) {
            try toDuration.applied(to: Self.water)
        }
        toDuration.set(\.target, 30)
        let duration = try toDuration.applied(to: Self.water)
        #expect(duration.unit == .duration && duration.target == 30 && duration.unitLabel == "")
        #expect(duration.changes(from: Self.water, categoryNames: [:]) == ["unit: count → duration", "unitLabel: cups → none", "target: 8 → 30"])
        // To yes/no: the target is 1 unless given; a label given with the change stays.
        var toBoolean = HabitDefinition.Patch()
        toBoolean.set(\.unit, .boolean)
        #expect(try toBoolean.applied(to: Self.water).target == 1)
        var relabelled = HabitDefinition.Patch()
        relabelled.set(\.unit, .duration); relabelled.set(\.target, 20); relabelled.set(\.unitLabel, "laps")
        #expect(try relabelled.applied(to: Self.water).unitLabel == "laps")
        // The same unit again is no change of unit.
        var same = HabitDefinition.Patch()
        same.set(\.unit, .count)
        #expect(try same.applied(to: Self.water) == Self.water)
    }

    /// The declaration hands every field to a store's keeper once, as the kind of value it is,
    /// by its key.
    @Test func everyFieldIsKeptOnceByItsKey() {
        struct Recorder: HabitDefinition.Keeper {
            var kept: [String] = []
            mutating func text(_ key: String, _ path: WritableKeyPath<HabitDefinition, String> & Sendable) { kept.append("text \(key)") }
            mutating func number(_ key: String, _ path: WritableKeyPath<HabitDefinition, Double> & Sendable) { kept.append("number \(key)") }
            mutating func optionalNumber(_ key: String, _ path: WritableKeyPath<HabitDefinition, Double?> & Sendable) { kept.append("number? \(key)") }
            mutating func choice<Value: RawRepresentable & CaseIterable & Sendable>(_ key: String, _ path: WritableKeyPath<HabitDefinition, Value> & Sendable)
            where Value.RawValue == String { kept.append("choice \(key)") }
            mutating func frequency(_ key: String, _ path: WritableKeyPath<HabitDefinition, Frequency> & Sendable) { kept.append("frequency \(key)") }
            mutating func optionalID(_ key: String, _ path: WritableKeyPath<HabitDefinition, EntityID?> & Sendable) { kept.append("id? \(key)") }
            mutating func flag(_ key: String, _ path: WritableKeyPath<HabitDefinition, Bool> & Sendable) { kept.append("flag \(key)") }
        }
        var keeper: any HabitDefinition.Keeper = Recorder()
        for field in HabitDefinition.fields { field.keep(&keeper) }
        #expect((keeper as! Recorder).kept == [
            "text name", "text description", "text emoji", "choice unit", "text unitLabel", "number target", "choice direction",
            "number? baseline", "frequency frequency", "id? categoryId", "text color", "number weight", "flag unloggedMeansNone",
        ])
        #expect(HabitDefinition.fields.compactMap(\.export).map(\.column)
                == ["description", "emoji", "unit", "unit_label", "target", "direction", "frequency", "category", "color"])
    }

    /// The exports' cells come from the declaration: a category by its name, a target as a number.
    @Test func theExportCellsReadTheDefinition() {
        let health = EntityID()
        var water = Self.water
        water.categoryId = health
        let cells = HabitDefinition.fields.compactMap(\.export).map { $0.cell(water, [health: "Health"]) }
        #expect(cells == [.text(""), .text(""), .text("count"), .text("cups"), .number(8), .text("at-least"), .text("daily"), .text("Health"),
                          .text(Habit.defaultColor)])
    }

    @Test func aCategoryReadsByItsName() {
        let health = EntityID()
        var sorted = Self.water
        sorted.categoryId = health
        #expect(sorted.changes(from: Self.water, categoryNames: [health: "Health"]) == ["category: none → Health"])
    }

    @Test func aHabitsJSONHasTheDefinitionsFieldsAtTheTop() throws {
        var habit = Habit(definition: HabitDefinition(name: "Water") { $0.unit = .count; $0.unitLabel = "cups"; $0.target = 8 }, sortOrder: 3, createdAt: Timestamp(millis: 0))
        habit.baseline = nil
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(habit)) as! [String: Any]
        #expect(json["name"] as? String == "Water" && json["unitLabel"] as? String == "cups" && json["sortOrder"] as? Int == 3)
        #expect(json["definition"] == nil && json["baseline"] == nil)
        #expect(try JSONDecoder().decode(Habit.self, from: JSONEncoder().encode(habit)) == habit)
    }
}
