@testable import AlmanacDomain
import Foundation
import Testing

/// The local hour of a check, as the tally gives it, is the one the time zone gives for that
/// instant — on days the clocks change, when a zone changes its offset from UTC for good
/// (Kathmandu in 1986, Moscow in 2011 and 2014, Apia skipping a day in 2011), across the years,
/// in whatever order the entries come.
@Suite struct HourTallyTests {
    /// The instant's local time (milliseconds since 1970 on the zone's clock) and local day,
    /// straight from the zone.
    static func local(_ instant: Timestamp, zone: TimeZone) -> (millis: Int64, day: Int64) {
        let local = instant.millis + Int64(zone.secondsFromGMT(for: instant.date)) * 1000
        return (local, local >= 0 ? local / 86_400_000 : (local - 86_399_999) / 86_400_000)
    }

    /// The hour straight from the zone, or nil when the instant's local day is another day.
    static func expected(_ instant: Timestamp, on day: DayKey, zone: TimeZone) -> Int? {
        let (local, localDay) = Self.local(instant, zone: zone)
        guard localDay == Int64(day.ordinal) else { return nil }
        return Int((local - localDay * 86_400_000) / 3_600_000)
    }

    @Test(arguments: ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu", "Europe/Moscow", "Pacific/Apia", "UTC"])
    func everyHourIsTheZonesHour(_ zoneName: String) throws {
        let zone = try #require(TimeZone(identifier: zoneName))
        let tally = HourTally(calendar: StoreCalendar(timeZone: zone, weekStart: .monday))
        var generator = SystemRandomNumberGenerator()
        let seed = UInt64.random(in: 0...UInt64.max, using: &generator)
        var random = SeededGenerator(seed: seed)
        // Instants around the clock changes of 2026 (each hour of the days around them), then
        // anywhere from 1970 to 2099 in a random order (the kept days grow either way), then
        // the edges of the supported days.
        var instants: [Timestamp] = []
        for start in ["2026-03-28", "2026-10-24", "2026-04-04", "2026-09-26", "2026-11-01"] {
            let first = DayKey(start)!.ordinal
            for hour in stride(from: 0, to: 4 * 24 * 60, by: 17) { instants.append(Timestamp(millis: (Int64(first) * 1440 + Int64(hour)) * 60_000)) }
        }
        let last = Int64(SupportedDays.last.ordinal + 1) * 86_400_000 - 1
        for _ in 0..<4000 { instants.append(Timestamp(millis: Int64(random.next() % UInt64(last)))) }
        // Every six hours of the years a zone changed for good, in order, as a habit's entries come.
        for year in [1985, 1986, 2010, 2011, 2014] {
            let first = Int64(DayKey(year: year, month: 1, day: 1)!.ordinal) * 86_400_000
            for step in 0..<(366 * 4) { instants.append(Timestamp(millis: first + Int64(step) * 21_600_000 + 1_234_567)) }
        }
        instants += [Timestamp(millis: 0), Timestamp(millis: last), Timestamp(millis: -3_600_000), Timestamp(millis: last + 7_200_000)]
        for instant in instants {
            // The day the entry is for: the instant's own local day, or the day before or after.
            let ownDay = Int(Self.local(instant, zone: zone).day)
            for day in [ownDay, ownDay - 1] {
                let key = DayKey(ordinal: day)
                #expect(tally.hour(of: instant, on: key) == Self.expected(instant, on: key, zone: zone),
                        "\(zoneName) \(instant) for \(key) (seed \(seed))")
            }
        }
    }
}
