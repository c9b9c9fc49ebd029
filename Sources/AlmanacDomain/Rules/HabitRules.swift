import Foundation

/// The rules a habit definition must satisfy before it is stored.
public enum HabitRules {
    /// The most habits that may be active (not archived) at once (seed 000).
    public static let maxActiveHabits = 100
    public static let maxNameLength = 100

    /// Trims a name and checks it is non-empty, at most 100 characters and printable.
    public static func checkedName(_ raw: String, kind: String = "habit") throws -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw DomainError.invalid("A \(kind) name cannot be empty.") }
        guard name.count <= maxNameLength else {
            throw DomainError.invalid("A \(kind) name can have at most \(maxNameLength) characters; this one has \(name.count).")
        }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw DomainError.invalid("A \(kind) name cannot contain control characters such as newlines or tabs.")
        }
        return name
    }

    /// The cap on active habits (seed 000), checked for every path into the store: `count` is
    /// how many habits would be active after the change.
    public static func checkActiveCount(_ count: Int) throws {
        guard count > maxActiveHabits else { return }
        if count == maxActiveHabits + 1 {
            throw DomainError.refused("You already have \(maxActiveHabits) active habits, the most Almanac keeps; archive one first.")
        }
        throw DomainError.refused("That would make \(count) active habits, more than the \(maxActiveHabits) Almanac keeps; archive some first.")
    }

    /// Names are unique ignoring case: refuses `name` when one of `others` has it already.
    public static func checkNameIsFree(_ name: String, among others: [Habit]) throws {
        if let other = NameMatcher(others, name: \.name).exact(name) {
            let state = other.isArchived ? " (archived)" : ""
            throw DomainError.refused("A habit named \"\(other.name)\"\(state) already exists; choose another name.")
        }
    }

    /// Checks a colour is `#RRGGBB` and returns it in upper case.
    public static func checkedColor(_ raw: String) throws -> String {
        let bytes = Array(raw.utf8)
        let isHex = { (b: UInt8) in (48...57).contains(b) || (65...70).contains(b) || (97...102).contains(b) }
        guard bytes.count == 7, bytes[0] == UInt8(ascii: "#"), bytes[1...].allSatisfy(isHex) else {
            throw DomainError.invalid("\"\(raw)\" is not a colour; use #RRGGBB, e.g. #2DA44E.")
        }
        return raw.uppercased()
    }

    /// Checks every field of a habit definition.
    public static func validate(_ habit: Habit) throws {
        _ = try checkedName(habit.name)
        _ = try checkedColor(habit.color)
        guard habit.target.isFinite, habit.target > 0 else {
            throw DomainError.invalid("The target must be a number greater than 0, not \(NumberText.plain(habit.target)).")
        }
        if habit.unit == .boolean {
            guard habit.target == 1 else { throw DomainError.invalid("A yes/no habit has a target of 1.") }
            guard habit.direction == .atLeast else {
                throw DomainError.invalid("A yes/no habit cannot be at-most; to break a habit use --unit count with a target such as 0.5 or 2.")
            }
        }
        guard habit.weight.isFinite, habit.weight > 0 else {
            throw DomainError.invalid("The weight must be a number greater than 0.")
        }
        guard habit.emoji.count <= 8 else { throw DomainError.invalid("The emoji field holds at most 8 characters.") }
        guard habit.unitLabel.count <= 40 else { throw DomainError.invalid("The unit label holds at most 40 characters.") }
        try habit.frequency.validate()
    }

    /// Checks a logged value: a finite number ≥ 0, and 0 or 1 for yes/no habits.
    public static func validate(value: Double, for habit: Habit) throws {
        guard value.isFinite, value >= 0 else {
            throw DomainError.invalid("A logged value must be a number of at least 0, not \(NumberText.plain(value)).")
        }
        if habit.unit == .boolean, value != 0, value != 1 {
            throw DomainError.invalid("\(habit.name) is a yes/no habit: log 1 (done) or 0 (not done).")
        }
    }
}
