import AlmanacDomain
import Foundation
import Testing

@Suite struct DayKeyTests {
    /// A day is held in 32 bits: the first and last days of the calendar keep their number, a day
    /// fact is 16 bytes, and a number no calendar day has is held as the nearest that fits.
    @Test func aDayIsHeldInThirtyTwoBits() {
        for text in ["0001-01-01", "1970-01-01", "2024-02-29", "9999-12-31"] {
            let day = DayKey(text)!
            #expect(DayKey(ordinal: day.ordinal) == day && DayKey(ordinal: day.ordinal).description == text)
        }
        #expect(DayKey("0001-01-01")!.ordinal == -719_162 && DayKey("9999-12-31")!.ordinal == 2_932_896)
        #expect(MemoryLayout<DayKey>.size == 4 && MemoryLayout<DayFact>.stride == 16)
        #expect(DayKey(ordinal: .max).ordinal == Int(Int32.max) && DayKey(ordinal: .min).ordinal == Int(Int32.min))
    }

    @Test func parsesRealDaysAndRefusesOthers() {
        #expect(DayKey("2024-02-29") != nil)
        #expect(DayKey("2025-02-29") == nil)
        #expect(DayKey("2026-02-30") == nil)
        #expect(DayKey("2026-13-01") == nil)
        #expect(DayKey("2026-1-01") == nil)
        #expect(DayKey("2026-01-01T") == nil)
        #expect(DayKey("２０２６-01-01") == nil)
        #expect(DayKey("1900-02-29") == nil)
        #expect(DayKey("2000-02-29") != nil)
    }

    @Test func roundTripsEveryDayOfFourCenturies() {
        var ordinal = DayKey("1900-01-01")!.ordinal
        let end = DayKey("2300-12-31")!.ordinal
        var previous: DayKey?
        while ordinal <= end {
            let day = DayKey(ordinal: ordinal)
            #expect(DayKey(day.description) == day)
            if let previous { #expect(previous < day) }
            previous = day
            ordinal += 97
        }
    }

    @Test func knowsWeekdaysAndMonths() {
        #expect(DayKey("1970-01-01")!.weekday == .thursday)
        #expect(DayKey("2026-11-22")!.weekday == .sunday)
        #expect(DayKey("2024-02-29")!.weekday == .thursday)
        #expect(DayKey("1969-12-31")!.weekday == .wednesday)
        #expect(DayKey("2024-02-10")!.daysInMonth == 29)
        #expect(DayKey("2026-02-10")!.firstOfMonth == DayKey("2026-02-01"))
        #expect(DayKey("2026-03-01")!.adding(days: -1) == DayKey("2026-02-28"))
        #expect(DayKey("2024-03-01")!.adding(days: -1) == DayKey("2024-02-29"))
        #expect(Weekday.allCases.map(\.isoIndex) == Array(0...6))
        #expect(Weekday.allCases.map(\.shortTitle) == ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])
        #expect(Weekday.allCases.map(\.title) == Weekday.allCases.map { $0.rawValue.prefix(1).uppercased() + $0.rawValue.dropFirst() })
    }

    @Test func weekStartsFollowTheSetting() {
        let sunday = DayKey("2026-11-22")!
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        #expect(StoreCalendar(timeZone: berlin, weekStart: .monday).weekStart(of: sunday) == DayKey("2026-11-16"))
        #expect(StoreCalendar(timeZone: berlin, weekStart: .sunday).weekStart(of: sunday) == sunday)
        #expect(Weekday.wednesday.position(weekStart: .sunday) == 3)
    }
}

@Suite struct TimestampTests {
    @Test func formatsAndParsesISO8601() {
        let t = Timestamp(iso8601: "2026-01-05T08:00:00Z")!
        #expect(t.description == "2026-01-05T08:00:00.000Z")
        #expect(Timestamp(iso8601: "2026-01-05T09:00:00.5+01:00") == Timestamp(millis: t.millis + 500))
        #expect(Timestamp(iso8601: "1969-12-31T23:59:59.999Z")!.description == "1969-12-31T23:59:59.999Z")
        #expect(Timestamp(iso8601: "2026-01-05") == nil)
        #expect(Timestamp(iso8601: "2026-01-05T25:00:00Z") == nil)
        #expect(Timestamp(iso8601: "2026-01-05T08:00:00") == nil)
    }

    @Test func dstDayEntryAt2330LandsOnThatLocalDay() {
        let berlin = StoreCalendar(timeZone: TimeZone(identifier: "Europe/Berlin")!, weekStart: .monday)
        // 2026-03-29: clocks go forward at 02:00; 23:30 CEST is 21:30 UTC.
        #expect(berlin.dayKey(for: Timestamp(iso8601: "2026-03-29T21:30:00Z")!) == DayKey("2026-03-29"))
        // 2026-10-25: clocks go back at 03:00; 23:30 CET is 22:30 UTC.
        #expect(berlin.dayKey(for: Timestamp(iso8601: "2026-10-25T22:30:00Z")!) == DayKey("2026-10-25"))
        // Half an hour later it is the next local day.
        #expect(berlin.dayKey(for: Timestamp(iso8601: "2026-10-25T23:00:00Z")!) == DayKey("2026-10-26"))
        // New York's change (2026-03-08): 23:30 EDT is 03:30 UTC the next UTC day.
        let newYork = StoreCalendar(timeZone: TimeZone(identifier: "America/New_York")!, weekStart: .sunday)
        #expect(newYork.dayKey(for: Timestamp(iso8601: "2026-03-09T03:30:00Z")!) == DayKey("2026-03-08"))
    }

    @Test func sameInstantGivesDifferentDaysInDifferentZones() {
        let instant = Timestamp(iso8601: "2026-11-20T23:30:00Z")!
        let utc = StoreCalendar(timeZone: TimeZone(identifier: "UTC")!, weekStart: .monday)
        let berlin = StoreCalendar(timeZone: TimeZone(identifier: "Europe/Berlin")!, weekStart: .monday)
        let honolulu = StoreCalendar(timeZone: TimeZone(identifier: "Pacific/Honolulu")!, weekStart: .monday)
        #expect(utc.dayKey(for: instant) == DayKey("2026-11-20"))
        #expect(berlin.dayKey(for: instant) == DayKey("2026-11-21"))
        #expect(honolulu.dayKey(for: Timestamp(iso8601: "2026-11-21T05:00:00Z")!) == DayKey("2026-11-20"))
    }
}
