import AlmanacDomain

/// What one day of a heatmap shows.
public struct HeatmapCell: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// Five intensity levels: 0 = nothing done (or nothing logged on a due day), 4 = the most.
        case level0 = "l0", level1 = "l1", level2 = "l2", level3 = "l3", level4 = "l4"
        /// An at-most habit's day over the limit: a failure, drawn in its own colour.
        case over = "over"
        /// A due day that is over and was not done (nothing logged, or short of the target):
        /// drawn with a cross, so that it never reads as a day merely not logged yet.
        case missed = "miss"
        /// An excused day.
        case skipped = "skip"
        /// Not a due day.
        case unscheduled = "off"
        /// Before the habit existed, or after the as-of day.
        case outside = "out"
    }

    public var kind: Kind
    /// `data-value`: the day's value, `skip`, `done/due`, or empty.
    public var value: String
    /// The tooltip after the date: "8 glasses · done".
    public var label: String

    public init(kind: Kind, value: String, label: String) {
        self.kind = kind; self.value = value; self.label = label
    }

    /// The level of a day's value against a target: at-least habits grow with the value
    /// (≥ target is done, level 3; ≥ 1.5 × target, level 4); at-most habits are best at 0 and
    /// done while within the limit (levels 3–4); a day over the limit is `over`, a failure of its
    /// own colour, never drawn as a success nor as a day merely missed.
    public static func level(value: Double, target: Double, direction: Direction) -> Kind {
        if direction == .atMost && value > target { return .over }
        let goodness: Double
        switch direction {
        case .atLeast: goodness = value / target
        case .atMost: goodness = value <= target ? 1 + 0.5 * (1 - value / target) : 0
        }
        switch goodness {
        case ..<0.000001: return .level0
        case ..<0.5: return .level1
        case ..<1: return .level2
        case ..<1.5: return .level3
        default: return .level4
        }
    }

    /// The level of a share of due habits done (the combined heatmap): 1 = every one (level 4).
    public static func level(share: Double) -> Kind {
        switch share {
        case ..<0.000001: return .level0
        case ..<(1.0 / 3): return .level1
        case ..<(2.0 / 3): return .level2
        case ..<1: return .level3
        default: return .level4
        }
    }
}
