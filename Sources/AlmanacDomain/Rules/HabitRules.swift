import Foundation

/// The rules a habit definition must satisfy before it is stored.
public enum HabitRules {
    /// The most habits that may be active (not archived) at once (LucidPal's HabitStore).
    public static let maxActiveHabits = 100
    public static let maxNameLength = 100
    /// A name's bounds in Unicode scalars and UTF-8 bytes, besides its 100 characters: one letter
    /// with 60,000 combining marks is one character.
    public static let maxNameScalars = 400, maxNameBytes = 1_600

    /// Trims a name and checks it is non-empty, at most 100 characters (400 scalars, 1,600 bytes),
    /// printable and visible.
    public static func checkedName(_ raw: String, kind: String = "habit") throws -> String {
        guard raw.utf8.count <= maxNameBytes * 4 else {
            throw DomainError.invalid("A \(kind) name can have at most \(maxNameScalars) Unicode code points (\(maxNameBytes) bytes); this one has \(raw.utf8.count) bytes.")
        }
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw DomainError.invalid("A \(kind) name cannot be empty.") }
        guard name.unicodeScalars.count <= maxNameScalars, name.utf8.count <= maxNameBytes else {
            throw DomainError.invalid("A \(kind) name can have at most \(maxNameScalars) Unicode code points (\(maxNameBytes) bytes); this one has "
                                      + "\(name.unicodeScalars.count) (\(name.utf8.count) bytes).")
        }
        guard name.count <= maxNameLength else {
            throw DomainError.invalid("A \(kind) name can have at most \(maxNameLength) characters; this one has \(name.count).")
        }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw DomainError.invalid("A \(kind) name cannot contain control characters such as newlines or tabs.")
        }
        if let scalar = name.unicodeScalars.first(where: isDirectionControl) {
            throw DomainError.invalid("A \(kind) name cannot contain \(codePoint(scalar)), a character that reverses how the text around it is shown.")
        }
        if let scalar = hiddenCharacter(in: name) {
            throw DomainError.invalid("A \(kind) name cannot contain \(codePoint(scalar)), a character that shows as nothing or hides the ones around it.")
        }
        guard name.unicodeScalars.contains(where: isVisible) else {
            throw DomainError.invalid("A \(kind) name needs a letter, digit, mark of punctuation or symbol that shows: this one shows as nothing.")
        }
        return name
    }

    /// Whether a scalar shows on its own: a letter, digit, punctuation or symbol (not a space, a
    /// combining mark, a variation selector or a format character), and not a blank one.
    static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber, .letterNumber, .otherNumber,
             .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation,
             .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return ![0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800].contains(scalar.value)
        default:
            return false
        }
    }

    /// The first character of `name` that shows as nothing or hides others: zero-width spaces and
    /// joiners and the direction marks (U+200B–U+200F), word joiners and invisible operators
    /// (U+2060–U+2064), the Arabic letter mark (U+061C), the Hangul filler (U+3164), a byte order
    /// mark (U+FEFF) and tag characters (U+E0000–U+E007F). A zero-width joiner inside an emoji
    /// (🧗‍♀️) and the tags of a flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿) are the emoji's own, and stay.
    public static func hiddenCharacter(in name: String) -> Unicode.Scalar? {
        for character in name {
            if let hidden = hiddenScalars(of: character).first { return hidden }
        }
        return nil
    }

    /// The name without its hidden characters (`hiddenCharacter`): a name from another app's file.
    public static func withoutHiddenCharacters(_ name: String) -> String {
        var kept = String.UnicodeScalarView()
        for character in name {
            let hidden = hiddenScalars(of: character)
            kept.append(contentsOf: character.unicodeScalars.filter { scalar in !hidden.contains(scalar) })
        }
        return String(kept)
    }

    private static func hiddenScalars(of character: Character) -> [Unicode.Scalar] {
        let scalars = Array(character.unicodeScalars)
        guard let first = scalars.first else { return [] }
        let emoji = first.properties.isEmojiPresentation || (first.properties.isEmoji && scalars.count > 1)
        return scalars.filter { scalar in
            let value = scalar.value
            let hidden = (0x200B...0x200F).contains(value) || (0x2060...0x2064).contains(value) || value == 0x061C
                || value == 0x3164 || value == 0xFEFF || (0xE0000...0xE007F).contains(value)
                || [0x115F, 0x1160, 0xFFA0, 0x2800, 0x180E, 0x17B4, 0x17B5, 0x00AD, 0x034F].contains(value) || (0xFFF9...0xFFFB).contains(value)
            guard hidden else { return false }
            if value == 0x200D && emoji { return false }
            if (0xE0020...0xE007F).contains(value) && first.value == 0x1F3F4 { return false }
            return true
        }
    }

    /// Explicit direction embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069):
    /// in a name they can make "Gym" look like another name in every output.
    public static func isDirectionControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// Checks free text (a note, a journal body, a unit label): no control characters but tab and
    /// newline, and no U+FFFE/U+FFFF. `field` names it in the message ("--note", "A note").
    /// The most bytes (UTF-8) a note or a journal entry's text may have: 1 MB, a few hundred pages.
    public static let maxTextBytes = 1_000_000

    public static func checkText(_ text: String, field: String) throws {
        guard text.utf8.count <= maxTextBytes else {
            throw DomainError.invalid("\(field) can have at most \(maxTextBytes / 1_000_000) MB of text; this one has \(text.utf8.count) bytes.")
        }
        let bad = text.unicodeScalars.first { scalar in
            (scalar.properties.generalCategory == .control && scalar != "\t" && scalar != "\n")
                || scalar.value == 0xFFFE || scalar.value == 0xFFFF
        }
        if let bad {
            throw DomainError.invalid("\(field) contains \(codePoint(bad)), a control character; only tabs and line breaks are allowed in text.")
        }
    }

    /// "U+0000".
    public static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The largest value, target or weight Almanac keeps: a billion is more than any habit
    /// counts, and every such number prints exactly.
    public static let maxValue = 1_000_000_000.0

    /// The cap on active habits (LucidPal's HabitStore), checked for every path into the store: `count` is
    /// how many habits would be active after the change; `oneMore` when the change adds one habit
    /// (a restore or an import adds many, and "you already have 100" would not be true).
    public static func checkActiveCount(_ count: Int, oneMore: Bool = true) throws {
        guard count > maxActiveHabits else { return }
        if oneMore && count == maxActiveHabits + 1 {
            throw DomainError.refused("You already have \(maxActiveHabits) active habits, the most Almanac keeps; archive one first.")
        }
        throw DomainError.refused("That would make \(count) active habits, more than the \(maxActiveHabits) Almanac keeps; archive some first.")
    }

    /// Names are unique ignoring case: refuses `name` when one of `others` has it already, as
    /// its name or as an alias.
    public static func checkNameIsFree(_ name: String, among others: [Habit]) throws {
        if let other = NameMatcher(others, name: \.name).exact(name) {
            let state = other.isArchived ? " (archived)" : ""
            throw DomainError.refused("A habit named \"\(other.name)\"\(state) already exists; choose another name.")
        }
        if let other = others.first(where: { $0.aliases.contains { NameMatcher<Habit>.fold($0) == NameMatcher<Habit>.fold(name) } }) {
            throw DomainError.refused("\"\(name)\" is an alias of \"\(other.name)\"; choose another name.")
        }
    }

    /// Refuses a new name or alias (`texts`) that looks like the name or an alias of one of
    /// `others` without being it ("а" in Cyrillic beside the habit "A"): a person could not tell
    /// which is which in a list. Only what is new is checked, so a store that has such names
    /// already keeps them (and restores them).
    public static func checkLooksUnlike(_ texts: [String], among others: [Habit]) throws {
        guard !texts.isEmpty, !others.isEmpty else { return }
        let theirs = others.flatMap { other in ([other.name] + other.aliases).map { (text: $0, name: other.name) } }
        let shapes = NameMatcher<Habit>.lookalikes(theirs.map(\.text) + texts)
        let looks = Dictionary(zip(shapes, theirs.map(\.name)), uniquingKeysWith: { first, _ in first })
        for (text, shape) in zip(texts, shapes.suffix(texts.count)) {
            if let other = looks[shape] {
                throw DomainError.refused("\"\(text)\" looks like \"\(other)\" or one of its aliases (letters of another script, or ones that look the same); choose a name that looks different.")
            }
        }
    }

    /// The most characters an alias has.
    public static let maxAliasLength = 32

    /// An alias as a person types it: one word of letters, digits, `-` and `_`, at most 32
    /// characters.
    public static func checkedAlias(_ text: String) throws -> String {
        let alias = text.trimmingCharacters(in: .whitespaces)
        guard !alias.isEmpty, alias.count <= maxAliasLength,
              alias.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "-" || $0 == "_" }) else {
            throw DomainError.invalid("\"\(text)\" cannot be an alias: use one word of letters, digits, - or _ (at most \(maxAliasLength) characters).")
        }
        return alias
    }

    /// Refuses a habit's aliases when one is not a word, is its own name, appears twice, or is
    /// the name or an alias of one of `others` (ignoring case).
    public static func checkAliases(of habit: Habit, among others: [Habit]) throws {
        var seen = Set<String>()
        for alias in habit.aliases {
            _ = try checkedAlias(alias)
            let key = NameMatcher<Habit>.fold(alias)
            guard key != NameMatcher<Habit>.fold(habit.name) else { throw DomainError.refused("\"\(alias)\" is the habit's name already.") }
            guard seen.insert(key).inserted else { throw DomainError.refused("\"\(alias)\" is an alias of \"\(habit.name)\" already.") }
            if let other = others.first(where: { NameMatcher<Habit>.fold($0.name) == key }) {
                throw DomainError.refused("\"\(alias)\" is the name of another habit (\"\(other.name)\"); choose another alias.")
            }
            if let other = others.first(where: { $0.aliases.contains { NameMatcher<Habit>.fold($0) == key } }) {
                throw DomainError.refused("\"\(alias)\" is an alias of \"\(other.name)\" already; choose another alias.")
            }
        }
    }

    /// Refuses a set of habits in which two share a name or an alias (ignoring case), naming both.
    public static func checkNamesAreUnique(_ habits: [Habit]) throws {
        var seen: [String: Habit] = [:]
        for habit in habits {
            if let other = seen.updateValue(habit, forKey: NameMatcher<Habit>.fold(habit.name)) {
                throw DomainError.refused("Two habits would be named \"\(habit.name)\" (ids \(other.id) and \(habit.id)); rename one of them in the store or in the backup first.")
            }
        }
        for habit in habits {
            try checkAliases(of: habit, among: habits.filter { $0.id != habit.id })
        }
    }

    /// The weights a habit takes in combined views (Habitat's impact scoring): whole numbers.
    public static let weights = 1...10

    /// Checks a weight given on the command line: a whole number from 1 to 10.
    public static func checkedWeight(_ weight: Double) throws -> Double {
        guard weight == weight.rounded(), weights.contains(Int(exactly: weight) ?? 0) else {
            throw DomainError.invalid("A weight is a whole number from \(weights.lowerBound) to \(weights.upperBound), not \(NumberText.plain(weight)).")
        }
        return weight
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
        guard habit.target.isFinite, habit.target > 0, habit.target <= maxValue else {
            throw DomainError.invalid("The target must be a number greater than 0 and at most a billion, not \(NumberText.plain(habit.target)).")
        }
        if habit.unit == .boolean {
            guard habit.target == 1 else { throw DomainError.invalid("A yes/no habit has a target of 1.") }
            guard habit.direction == .atLeast else {
                throw DomainError.invalid("A yes/no habit cannot be at-most; to break a habit, count it, with a target such as 0.5 or 2.")
            }
        }
        if let baseline = habit.baseline {
            guard habit.direction == .atMost else {
                throw DomainError.invalid("A baseline is for at-most habits (breaking a habit): the usage before you started.")
            }
            guard baseline.isFinite, baseline >= 0, baseline <= maxValue else {
                throw DomainError.invalid("A baseline is a number from 0 to a billion, not \(NumberText.plain(baseline)).")
            }
        }
        if habit.unloggedMeansNone && habit.direction != .atMost {
            throw DomainError.invalid("Counting a day with nothing logged as none is for at-most habits (breaking a habit); an at-least habit's day counts only by what was logged.")
        }
        guard habit.weight.isFinite, habit.weight > 0, habit.weight <= maxValue else {
            throw DomainError.invalid("The weight must be a number greater than 0.")
        }
        for words in HabitDefinition.fields.compactMap(\.words) {
            let text = words.value(habit.definition)
            guard text.count <= words.most else { throw DomainError.invalid("\(words.label) holds at most \(words.most) characters.") }
            try checkText(text, field: words.label)
        }
        try habit.frequency.validate()
    }

    /// Checks a logged value: a finite number from 0 to a billion, and 0 or 1 for yes/no habits.
    public static func validate(value: Double, for habit: Habit) throws {
        try checkValue(value, yesNo: habit.unit == .boolean ? habit.name : nil)
    }

    /// The rule of a day's value: a finite number from 0 to a billion; for a yes/no habit (`yesNo`:
    /// its name) 0 or 1.
    /// (`yesNo` is asked only for a value other than 0 and 1.)
    public static func checkValue(_ value: Double, yesNo: @autoclosure () -> String?) throws {
        guard value.isFinite, value >= 0, value <= maxValue else {
            throw DomainError.invalid("A logged value must be a number from 0 to a billion, not \(NumberText.plain(value)).")
        }
        if value != 0, value != 1, let habit = yesNo() {
            throw DomainError.invalid("\(habit) is a yes/no habit: log 1 (done) or 0 (not done).")
        }
    }
}
