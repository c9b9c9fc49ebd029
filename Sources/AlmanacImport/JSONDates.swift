import AlmanacDomain

/// Dates as Swift apps write them to JSON: `JSONEncoder`'s default is a number of seconds since
/// 2001-01-01 (not 1970); with `.iso8601` a string. Both are read.
enum JSONDates {
    /// Seconds from 1970-01-01 to 2001-01-01 (Foundation's reference date).
    static let referenceOffset = 978_307_200.0

    static func instant(_ node: JSONNode) throws -> Timestamp {
        if let seconds = try? node.number() {
            let millis = ((seconds + referenceOffset) * 1000).rounded()
            guard millis.isFinite, abs(millis) < 1e15 else { throw ImportProblem(place: node.path, SupportedDays.outside("\(seconds) seconds after 2001-01-01")) }
            let instant = Timestamp(millis: Int64(millis))
            guard SupportedDays.contains(instant) else { throw ImportProblem(place: node.path, SupportedDays.outside("\(seconds) seconds after 2001-01-01")) }
            return instant
        }
        let text = try node.string()
        if let instant = Timestamp(iso8601: text) {
            guard SupportedDays.contains(instant) else { throw ImportProblem(place: node.path, SupportedDays.outside(text)) }
            return instant
        }
        throw ImportProblem(place: node.path, "\"\(text)\" is not a date (ISO 8601, or seconds since 2001-01-01 as Swift writes them)")
    }

    /// The day of a date: the written day for an ISO 8601 text with an offset (the source's own
    /// local day), else the store's local day of the instant.
    static func day(_ node: JSONNode, calendar: StoreCalendar) throws -> (day: DayKey, instant: Timestamp) {
        let instant = try instant(node)
        if let text = try? node.string(), !text.hasSuffix("Z"), let day = DayKey(String(text.prefix(10))) {
            return (day, instant)
        }
        return (calendar.dayKey(for: instant), instant)
    }

    /// A `yyyy-MM-dd` key of a dictionary (Habitto's histories, Habitat's storage keys).
    static func dayKey(_ text: String, at path: String) throws -> DayKey {
        guard let day = DayKey(text) else { throw ImportProblem(place: path, "\"\(text)\" is not a date that exists (YYYY-MM-DD)") }
        guard SupportedDays.contains(day) else { throw ImportProblem(place: path, SupportedDays.outside(text)) }
        return day
    }
}
