/// The habits the sample store is made of: every unit, frequency and direction, with names that
/// exercise escaping (non-ASCII, emoji, markup-like characters).
@dynamicMemberLookup
struct SampleBlueprint {
    /// The habit as its person defines it; its fields read as the blueprint's own.
    var definition: HabitDefinition
    var category: Int
    /// How often the habit is kept on a due day.
    var adherence: Double
    /// The hour it is usually done at (entries scatter around it).
    var hour = 12
    /// Whether a done day is rated for difficulty (Habitto).
    var rated = false

    init(_ name: String, category: Int, adherence: Double, hour: Int = 12, rated: Bool = false, _ define: (inout HabitDefinition) -> Void) {
        definition = HabitDefinition(name: name, define)
        self.category = category; self.adherence = adherence; self.hour = hour; self.rated = rated
    }

    subscript<T>(dynamicMember path: WritableKeyPath<HabitDefinition, T>) -> T {
        get { definition[keyPath: path] }
        set { definition[keyPath: path] = newValue }
    }

    static let categoryNames = ["Health", "Mind", "Home & Work"]

    static let all: [SampleBlueprint] = [
        .init("Drink water", category: 0, adherence: 0.8, hour: 14) { $0.emoji = "💧"; $0.unit = .count; $0.unitLabel = "glasses"; $0.target = 8; $0.color = "#1F6FEB" },
        .init("Run", category: 0, adherence: 0.75, hour: 7, rated: true) { $0.emoji = "🏃"; $0.unit = .boolean; $0.frequency = .weekdays([.monday, .wednesday, .friday]); $0.color = "#1B7C83"; $0.weight = 3 },
        .init("Smoking", category: 0, adherence: 0.7, hour: 19) { $0.emoji = "🚭"; $0.unit = .count; $0.unitLabel = "cigarettes"; $0.target = 2; $0.direction = .atMost; $0.color = "#9A6700"; $0.weight = 3; $0.baseline = 15 },
        .init("Meditate", category: 1, adherence: 0.7, hour: 6) { $0.emoji = "🧘"; $0.unit = .duration; $0.unitLabel = "min"; $0.target = 10; $0.color = "#8250DF"; $0.weight = 2 },
        .init("Gym", category: 0, adherence: 0.8, hour: 18, rated: true) { $0.emoji = "🏋️"; $0.unit = .boolean; $0.frequency = .perWeek(3); $0.color = "#BF3989"; $0.weight = 2 },
        .init("Call family", category: 2, adherence: 0.9) { $0.emoji = "📞"; $0.unit = .boolean; $0.frequency = .perMonth(4); $0.color = "#0A3069" },
        .init("Café au lait ≤ 2 — Überraschung", category: 0, adherence: 0.75, hour: 9) { $0.emoji = "☕"; $0.unit = .count; $0.unitLabel = "cups"; $0.target = 2; $0.direction = .atMost; $0.color = "#953800"; $0.baseline = 4 },
        .init("🌞 Morning pages ✍️🔥", category: 1, adherence: 0.65) { $0.emoji = "📓"; $0.unit = .boolean; $0.color = "#BC4C00" },
        .init("Read", category: 1, adherence: 0.7) { $0.emoji = "📚"; $0.unit = .duration; $0.unitLabel = "min"; $0.target = 20; $0.frequency = .weekdays([.monday, .tuesday, .wednesday, .thursday, .friday]); $0.color = "#116329" },
        .init("Screen time <2h & no \"doomscrolling\"", category: 2, adherence: 0.6, hour: 22) { $0.emoji = "📵"; $0.unit = .duration; $0.unitLabel = "min"; $0.target = 120; $0.direction = .atMost; $0.color = "#6639BA"; $0.baseline = 240 },
        .init("Floss", category: 0, adherence: 0.55) { $0.emoji = "🦷"; $0.unit = .boolean; $0.frequency = .perDays(times: 1, period: 2); $0.color = "#2DA44E" },
        .init("Walk", category: 0, adherence: 0.7) { $0.emoji = "🚶"; $0.unit = .count; $0.unitLabel = "steps"; $0.target = 8000; $0.frequency = .perWeek(5); $0.color = "#1A7F37" },
    ]

    /// Names for habits beyond the hand-made ones (numbered when they repeat).
    static let moreNames = ["Stretch", "Journal", "Practice piano", "Learn Spanish", "Cold shower", "Tidy desk",
                            "Vitamins", "No sugar", "Plan the day", "Inbox zero", "Yoga", "Cook at home"]
    static let moreEmoji = ["🤸", "🖊️", "🎹", "🇪🇸", "🚿", "🗂️", "💊", "🍬", "🗓️", "📥", "🧘‍♀️", "🍳"]
}
