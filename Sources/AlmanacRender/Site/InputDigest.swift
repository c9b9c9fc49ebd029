import AlmanacDomain

/// A stable 64-bit FNV-1a digest of what a file is made from. (Swift's `Hasher` is seeded per
/// process, so it cannot compare one run with the next.)
struct InputDigest {
    private var state: UInt64 = 0xCBF2_9CE4_8422_2325

    mutating func add(bytes: some Sequence<UInt8>) {
        for byte in bytes { state = (state ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        state = (state ^ 0xFF) &* 0x0000_0100_0000_01B3   // a separator, so "ab"+"c" ≠ "a"+"bc"
    }

    mutating func add(_ values: Any...) {
        for value in values {
            switch value {
            case let text as String: add(bytes: text.utf8)
            case let number as Int: add(bytes: String(number).utf8)
            case let number as Double: withUnsafeBytes(of: number.bitPattern) { add(bytes: $0) }
            default: add(bytes: String(describing: value).utf8)
            }
        }
    }

    /// Everything about a habit that shows in its heatmaps and charts.
    mutating func add(_ habit: Habit, slug: String) {
        add(slug, habit.name, habit.color, habit.unit.rawValue, habit.unitLabel, habit.target, habit.direction.rawValue,
            habit.frequency.json)
    }

    /// The series' days in a range: values, logged and skipped flags.
    mutating func add(_ series: DaySeries, from: DayKey, through: DayKey) {
        add(series.start.description)
        let low = max(0, series.start.days(to: from)), high = min(series.count - 1, series.start.days(to: through))
        guard low <= high else { return }
        for i in low...high {
            withUnsafeBytes(of: series.values[i].bitPattern) { add(bytes: $0) }
            add(bytes: [series.logged[i] ? 1 : 0, series.skipped[i] ? 1 : 0])
        }
    }

    var text: String {
        let hex = Array("0123456789abcdef".utf8)
        return String(decoding: (0..<16).map { hex[Int((state >> (60 - 4 * UInt64($0))) & 15)] }, as: UTF8.self)
    }
}
