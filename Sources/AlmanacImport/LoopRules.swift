import AlmanacDomain

/// What Loop Habit Tracker's numbers mean (iSoron/uhabits, `models/Entry.kt`, `Frequency.kt`,
/// `PaletteColor.kt`), shared by the database and the CSV reader.
enum LoopRules {
    /// Entry values: 2 done by hand, 1 implied by the frequency (not a check), 0 not done,
    /// 3 skipped, -1 unknown; numeric habits store their value × 1000.
    static let yesManual = 2, yesAuto = 1, no = 0, skip = 3, unknown = -1

    /// Why a stored value cannot be Loop's, or nil when it can: every code is −1 or above (the
    /// one rule of both readers, the database's and the CSV export's).
    static func problem(raw: Int) -> String? {
        raw < unknown ? "the value \(raw) is negative, and Loop's values are −1 (unknown) or above" : nil
    }

    /// The fact a stored value is for a habit, or nil for values that are not facts (implied,
    /// unknown).
    static func fact(raw: Int, numeric: Bool) -> (kind: EntryKind, value: Double)? {
        switch raw {
        case skip: return (.skip, 0)
        case unknown: return nil
        case _ where raw < 0: return nil
        case _ where numeric: return (.check, Double(raw) / 1000)
        case yesManual: return (.check, 1)
        case no: return (.check, 0)
        default: return nil   // YES_AUTO: Loop computed it, the user did not check it
        }
    }

    /// Loop's "num times in den days" as an Almanac frequency: 1/1 (and n/n) daily, n/7
    /// per-week, n/30 and n/31 per-month, any other ratio per-days with the same numbers, so the
    /// strength score is Loop's own. A period over 365 days keeps its rate as the nearest
    /// per-month, with a warning.
    static func frequency(numerator: Int, denominator: Int, habit: String) -> (Frequency, warning: String?) {
        guard numerator > 0, denominator > 0, numerator < denominator else { return (.daily, nil) }
        if denominator == 7 { return (.perWeek(numerator), nil) }
        if denominator == 30 || denominator == 31 { return (.perMonth(numerator), nil) }
        if denominator <= 365 { return (.perDays(times: numerator, period: denominator), nil) }
        let n = min(31, max(1, Int((30 * Double(numerator) / Double(denominator)).rounded())))
        return (.perMonth(n), "\(habit): \(numerator) time\(numerator == 1 ? "" : "s") in \(denominator) days is kept as per-month:\(n), the nearest rate.")
    }

    /// Loop's colours since schema 21 (`PaletteColor.toCsvColor`), by palette index.
    static let palette20 = ["#D32F2F", "#E64A19", "#F57C00", "#FF8F00", "#F9A825", "#AFB42B", "#7CB342", "#388E3C",
                            "#00897B", "#00ACC1", "#039BE5", "#1976D2", "#303F9F", "#5E35B1", "#8E24AA", "#D81B60",
                            "#5D4037", "#303030", "#757575", "#AAAAAA"]
    /// Schemas 14–20 had 13 colours.
    static let palette13 = ["#D32F2F", "#E64A19", "#F9A825", "#AFB42B", "#388E3C", "#00897B", "#00ACC1", "#039BE5",
                            "#5E35B1", "#8E24AA", "#D81B60", "#303030", "#AAAAAA"]

    /// A stored colour: a palette index (schema 14 on), or an ARGB integer before.
    static func color(_ stored: Int, schema: Int) -> String {
        if schema < 14 {
            let rgb = UInt32(truncatingIfNeeded: stored) & 0xFFFFFF
            let hex = String(rgb, radix: 16, uppercase: true)
            return "#" + String(repeating: "0", count: 6 - hex.count) + hex
        }
        let palette = schema < 21 ? palette13 : palette20
        return palette.indices.contains(stored) ? palette[stored] : palette20[8]
    }

    /// A numeric habit's target: Loop allows 0 ("at most 0 cigarettes"); Almanac's targets are
    /// above 0, so at-most 0 becomes 0.5 (whole counts ≤ 0.5 are exactly 0) and at-least 0 becomes 1.
    static func target(_ value: Double, direction: Direction, habit: String) -> (Double, warning: String?) {
        if value > 0, value.isFinite, value <= HabitRules.maxValue { return (value, nil) }
        let kept = direction == .atMost ? 0.5 : 1
        return (kept, "\(habit): the target \(NumberText.plain(value)) is kept as \(NumberText.plain(kept)).")
    }
}
