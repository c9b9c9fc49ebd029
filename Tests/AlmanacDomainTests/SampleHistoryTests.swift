@testable import AlmanacDomain
import Foundation
import Testing

@Suite struct SampleHistoryTests {
    @Test func sameArgumentsGiveTheSameContents() {
        let a = SampleHistory.generate(habits: 14, years: 3, seed: 7)
        let b = SampleHistory.generate(habits: 14, years: 3, seed: 7)
        #expect(a.habits == b.habits)
        #expect(a.habitEntries == b.habitEntries)
        #expect(a.journalEntries == b.journalEntries)
        #expect(a.wellbeingEntries == b.wellbeingEntries)
        let c = SampleHistory.generate(habits: 14, years: 3, seed: 8)
        #expect(c.habitEntries != a.habitEntries)
    }

    @Test func coversEveryKindOfHabitAndHistory() {
        let sample = SampleHistory.generate(habits: 12, years: 3, seed: 1)
        #expect(Set(sample.habits.map(\.unit)) == Set(HabitUnit.allCases))
        #expect(Set(sample.habits.map(\.direction)) == Set(Direction.allCases))
        let kinds = Set(sample.habits.map { habit -> String in
            switch habit.frequency {
            case .daily: "daily"; case .weekdays: "weekdays"; case .perWeek: "perWeek"; case .perMonth: "perMonth"
            case .perDays: "perDays"
            }
        })
        #expect(kinds == ["daily", "weekdays", "perWeek", "perMonth", "perDays"])
        #expect(sample.habits.contains { $0.isArchived })
        #expect(sample.habits.contains { $0.name.unicodeScalars.contains { !$0.isASCII && !$0.properties.isEmoji } })
        #expect(sample.habits.contains { $0.name.unicodeScalars.filter { $0.properties.isEmojiPresentation }.count >= 2 })
        #expect(sample.habitEntries.contains { $0.kind == .skip && $0.note == "Vacation" })
        #expect(sample.habitEntries.contains { $0.deletedAt != nil })
        #expect(sample.habitEntries.contains { $0.note != nil && $0.kind == .check })
        #expect(sample.habitEntries.contains { $0.dayKey == DayKey("2024-02-29") })
        #expect(sample.habitEntries.contains { $0.dayKey == DayKey("2026-03-29") })   // a DST change in Berlin
        #expect(!sample.journalEntries.isEmpty && !sample.wellbeingEntries.isEmpty && !sample.goals.isEmpty)
        #expect(sample.habitEntries.allSatisfy { $0.dayKey <= SampleHistory.defaultEndDay })
    }

    @Test func dayKeysAgreeWithTimestampsInTheStoreZone() throws {
        let sample = SampleHistory.generate(habits: 3, years: 2, seed: 3)
        let calendar = try StoreCalendar(settings: sample.settings)
        for entry in sample.habitEntries where entry.deletedAt == nil {
            #expect(calendar.dayKey(for: entry.timestampUtc) == entry.dayKey)
        }
    }
}
