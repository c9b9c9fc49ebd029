/// The habits the sample store is made of: every unit, frequency and direction, with names that
/// exercise escaping (non-ASCII, emoji, markup-like characters).
struct SampleBlueprint {
    var name: String
    var emoji: String
    var unit: HabitUnit
    var unitLabel: String = ""
    var target: Double = 1
    var direction: Direction = .atLeast
    var frequency: Frequency = .daily
    var color: String
    var category: Int
    /// How often the habit is kept on a due day.
    var adherence: Double
    /// Its weight in the weighted score (Habitat).
    var weight: Double = 1
    /// At-most habits: the usage per day before breaking it began (Habitto).
    var baseline: Double?
    /// The hour it is usually done at (entries scatter around it).
    var hour = 12
    /// Whether a done day is rated for difficulty (Habitto).
    var rated = false

    static let categoryNames = ["Health", "Mind", "Home & Work"]

    static let all: [SampleBlueprint] = [
        .init(name: "Drink water", emoji: "💧", unit: .count, unitLabel: "glasses", target: 8, color: "#1F6FEB", category: 0, adherence: 0.8, hour: 14),
        .init(name: "Run", emoji: "🏃", unit: .boolean, frequency: .weekdays([.monday, .wednesday, .friday]), color: "#1B7C83", category: 0, adherence: 0.75, weight: 3, hour: 7, rated: true),
        .init(name: "Smoking", emoji: "🚭", unit: .count, unitLabel: "cigarettes", target: 2, direction: .atMost, color: "#9A6700", category: 0, adherence: 0.7, weight: 3, baseline: 15, hour: 19),
        .init(name: "Meditate", emoji: "🧘", unit: .duration, unitLabel: "min", target: 10, color: "#8250DF", category: 1, adherence: 0.7, weight: 2, hour: 6),
        .init(name: "Gym", emoji: "🏋️", unit: .boolean, frequency: .perWeek(3), color: "#BF3989", category: 0, adherence: 0.8, weight: 2, hour: 18, rated: true),
        .init(name: "Call family", emoji: "📞", unit: .boolean, frequency: .perMonth(4), color: "#0A3069", category: 2, adherence: 0.9),
        .init(name: "Café au lait ≤ 2 — Überraschung", emoji: "☕", unit: .count, unitLabel: "cups", target: 2, direction: .atMost, color: "#953800", category: 0, adherence: 0.75, baseline: 4, hour: 9),
        .init(name: "🌞 Morning pages ✍️🔥", emoji: "📓", unit: .boolean, color: "#BC4C00", category: 1, adherence: 0.65),
        .init(name: "Read", emoji: "📚", unit: .duration, unitLabel: "min", target: 20, frequency: .weekdays([.monday, .tuesday, .wednesday, .thursday, .friday]), color: "#116329", category: 1, adherence: 0.7),
        .init(name: "Screen time <2h & no \"doomscrolling\"", emoji: "📵", unit: .duration, unitLabel: "min", target: 120, direction: .atMost, color: "#6639BA", category: 2, adherence: 0.6, baseline: 240, hour: 22),
        .init(name: "Floss", emoji: "🦷", unit: .boolean, frequency: .perDays(times: 1, period: 2), color: "#2DA44E", category: 0, adherence: 0.55),
        .init(name: "Walk", emoji: "🚶", unit: .count, unitLabel: "steps", target: 8000, frequency: .perWeek(5), color: "#1A7F37", category: 0, adherence: 0.7),
    ]

    /// Names for habits beyond the hand-made ones (numbered when they repeat).
    static let moreNames = ["Stretch", "Journal", "Practice piano", "Learn Spanish", "Cold shower", "Tidy desk",
                            "Vitamins", "No sugar", "Plan the day", "Inbox zero", "Yoga", "Cook at home"]
    static let moreEmoji = ["🤸", "🖊️", "🎹", "🇪🇸", "🚿", "🗂️", "💊", "🍬", "🗓️", "📥", "🧘‍♀️", "🍳"]
}
