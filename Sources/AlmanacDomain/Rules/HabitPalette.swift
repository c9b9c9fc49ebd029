/// The colours new habits get, so that a site of several habits is not one green: seven hues
/// from GitHub's Primer palette, each readable as a heatmap on a light and on a dark page and
/// distinct from each other for the common colour-vision deficiencies. None is red: red marks a
/// day over an at-most habit's limit (and the skipped days' hatch is a light blue pattern), so a
/// plain habit's heatmap never reads as a column of alarms.
public enum HabitPalette {
    public static let colors = ["#2DA44E", "#0969DA", "#BF3989", "#BC4C00", "#8250DF", "#1B7C83", "#9A6700"]
    /// The state colours of the day cells (`HeatmapSVG`): over the limit, light and dark.
    public static let overLimit = ["#CF222E", "#F85149"]

    /// The palette's first colour among those the fewest of `habits` use.
    public static func next(after habits: [Habit]) -> String {
        var uses = [String: Int]()
        for habit in habits { uses[habit.color.uppercased(), default: 0] += 1 }
        return colors.min { (uses[$0] ?? 0) < (uses[$1] ?? 0) } ?? Habit.defaultColor
    }
}
