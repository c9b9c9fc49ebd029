/// The days Almanac keeps: 1970-01-01 through 2099-12-31. Every day and instant that comes in —
/// a `--date`, `--as-of`, `ALMANAC_NOW`, a backup's values — is checked against this range before
/// anything is written, so nothing is stored that a later read could not turn back into a day
/// (a far-future clock once wrote a day the store could not read back), and a report as of
/// some far year cannot produce tens of thousands of year pages. Habit tracking apps appeared
/// long after 1970 (Loop's timestamps start there); 2099 leaves room for a lifetime.
public enum SupportedDays {
    public static let first = DayKey(year: 1970, month: 1, day: 1)!
    public static let last = DayKey(year: 2099, month: 12, day: 31)!

    public static func contains(_ day: DayKey) -> Bool { day >= first && day <= last }

    /// Whether an instant's UTC day lies within the range. (Its local day may then be a day
    /// outside, 1969-12-31 or 2100-01-01, which is still a day every reader reads.)
    public static func contains(_ instant: Timestamp) -> Bool { contains(DayKey(ordinal: instant.utcDayOrdinal)) }

    /// "2100-01-01 is outside the days Almanac keeps (1970-01-01 to 2099-12-31)."
    public static func outside(_ what: String) -> String {
        "\(what) is outside the days Almanac keeps (\(first) to \(last))."
    }
}
