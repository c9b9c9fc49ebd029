import Foundation

/// A deterministic sample store: realistic history for every unit, frequency and direction.
///
/// The same arguments give the same contents (ids included), on every machine: all randomness
/// comes from one `SeededGenerator`, and nothing depends on the clock or on hash order. The
/// history ends on `endDay`; the store's time zone (Europe/Berlin) has daylight-saving changes
/// every year, and three or more years back from 2026 include the leap day 2024-02-29.
public enum SampleHistory {
    public static let timeZone = "Europe/Berlin"
    /// The last day of the sample history unless told otherwise (fixed, so `make demo` is reproducible).
    public static let defaultEndDay = DayKey(year: 2026, month: 11, day: 20)!

    public static func generate(habits count: Int, years: Int, seed: UInt64, endDay: DayKey = defaultEndDay) -> StoreContents {
        var rng = SeededGenerator(seed: seed)
        // The sample store's identity comes from the seed too (a generator of its own: the rest of
        // the sample stays as it was), so the same arguments give the same store.
        var identity = SeededGenerator(seed: seed ^ 0x5354_4F52_4549_4400)
        let settings = Settings(timeZone: timeZone, weekStart: .monday, storeId: identity.id().description)
        let calendar = StoreCalendar(timeZone: TimeZone(identifier: timeZone)!, weekStart: .monday)
        let startDay = endDay.adding(days: -(365 * years + years / 4) + 1)
        let clock = LocalClock(calendar: calendar)
        var contents = StoreContents(settings: settings)

        let created = clock.instant(day: startDay, minute: 7 * 60)
        contents.categories = SampleBlueprint.categoryNames.map {
            Category(id: rng.id(), name: $0, createdAt: created)
        }
        for index in 0..<count {
            var blueprint = SampleBlueprint.all[index % SampleBlueprint.all.count]
            if index >= SampleBlueprint.all.count {
                let extra = index - SampleBlueprint.all.count
                let base = SampleBlueprint.moreNames[extra % SampleBlueprint.moreNames.count]
                let round = extra / SampleBlueprint.moreNames.count
                blueprint.name = round == 0 ? base : "\(base) \(round + 1)"
                blueprint.emoji = SampleBlueprint.moreEmoji[extra % SampleBlueprint.moreEmoji.count]
                blueprint.adherence = 0.45 + rng.unit() * 0.5
                // Most extra habits are daily, so the bench store has about one entry per habit-day.
                if extra % 4 != 3 { blueprint.frequency = .daily }
            }
            // Most habits exist from the first day; some start later, so clamps are exercised.
            let offset = index % 5 == 4 ? rng.below(max(1, startDay.days(to: endDay) / 2)) : 0
            let firstDay = startDay.adding(days: offset)
            blueprint.categoryId = contents.categories[blueprint.category].id
            var habit = Habit(id: rng.id(), definition: blueprint.definition, sortOrder: index,
                              createdAt: clock.instant(day: firstDay, minute: 8 * 60 + index))
            // One habit is archived: its history stays, it is no longer due.
            var lastDay = endDay
            if index == 10 {
                lastDay = endDay.adding(days: -120)
                habit.archivedAt = clock.instant(day: lastDay.adding(days: 1), minute: 9 * 60)
                habit.updatedAt = habit.archivedAt!
            }
            contents.habits.append(habit)
            appendHistory(of: habit, blueprint: blueprint, from: firstDay, through: lastDay,
                          clock: clock, rng: &rng, into: &contents)
        }
        // The slugs a store gives them, in the order of the list.
        for (index, slug) in Slug.make(contents.habits.map(\.name)).enumerated() { contents.habits[index].slug = slug }
        if contents.habits.count >= 4 {
            contents.goals = [Goal(id: rng.id(), name: "Healthy body", habitIds: [contents.habits[0].id, contents.habits[1].id, contents.habits[3].id],
                                   targetDate: endDay.adding(days: 180), createdAt: created)]
        }
        appendNotes(from: startDay, through: endDay, habits: contents.habits, clock: clock, rng: &rng, into: &contents)
        return contents
    }

    /// A vacation every summer: two weeks from 1 August, every habit excused.
    static func isVacation(_ day: DayKey) -> Bool { day.month == 8 && day.day <= 14 }

    private static func appendHistory(of habit: Habit, blueprint: SampleBlueprint, from firstDay: DayKey, through lastDay: DayKey,
                                      clock: LocalClock, rng: inout SeededGenerator, into contents: inout StoreContents) {
        guard firstDay <= lastDay else { return }
        let adherence = blueprint.adherence
        var keptYesterday = true
        for ordinal in firstDay.ordinal...lastDay.ordinal {
            let day = DayKey(ordinal: ordinal)
            // Around the habit's usual hour (± 2 h), local, across DST changes.
            let minute = min(23 * 60 + 59, max(0, blueprint.hour * 60 - 120 + rng.below(241)))
            let at = clock.instant(day: day, minute: minute)
            if isVacation(day) || rng.chance(0.01) {
                contents.habitEntries.append(HabitEntry(id: rng.id(), habitId: habit.id, dayKey: day, timestampUtc: at, kind: .skip,
                                          value: 0, note: isVacation(day) ? "Vacation" : "Sick", createdAt: at))
                continue
            }
            guard habit.frequency.isScheduled(day) else { continue }
            // Per-period habits are done on some days of their week or month, not every day.
            switch habit.frequency {
            case .perWeek(let n) where !rng.chance(min(1, Double(n) / 7 * 1.6)): continue
            case .perMonth(let n) where !rng.chance(min(1, Double(n) / 30 * 1.3)): continue
            case .perDays(let times, let period) where !rng.chance(min(1, Double(times) / Double(period) * 1.3)): continue
            default: break
            }
            // Streaky behaviour: a kept day makes the next one likelier.
            let p = min(0.98, adherence + (keptYesterday ? 0.1 : -0.15))
            let kept = rng.chance(p)
            keptYesterday = kept
            if !kept && rng.chance(0.15) { continue }   // nothing logged: the day stays unknown
            let value = sampleValue(for: habit, kept: kept, rng: &rng)
            if rng.chance(0.02) {
                // A corrected log: the first value stays in history as a soft-deleted row.
                let corrected = habit.unit == .boolean ? 1 - value : value / 2   // yes/no values are 0 or 1
                let first = HabitEntry(id: rng.id(), habitId: habit.id, dayKey: day, timestampUtc: at, value: corrected,
                                       createdAt: at, deletedAt: Timestamp(millis: at.millis + 600_000))
                contents.habitEntries.append(first)
            }
            let note: String? = rng.chance(0.03) ? rng.pick(sampleNotes) : nil
            let later = Timestamp(millis: at.millis + (contents.habitEntries.last?.dayKey == day ? 600_000 : 0))
            contents.habitEntries.append(HabitEntry(id: rng.id(), habitId: habit.id, dayKey: day, timestampUtc: later, value: value,
                                      note: note, createdAt: later))
            if blueprint.rated && kept && rng.chance(0.6) {
                // How hard it was (`log --difficulty`): a rating of the habit, not a field of its entry.
                contents.wellbeingEntries.append(WellbeingEntry(id: rng.id(), dayKey: day, timestampUtc: later, metric: "difficulty",
                                                                value: Double(2 + rng.below(8)), scaleMax: 10, habitId: habit.id,
                                                                createdAt: later))
            }
        }
    }

    private static func sampleValue(for habit: Habit, kept: Bool, rng: inout SeededGenerator) -> Double {
        switch (habit.unit, habit.direction) {
        case (.boolean, _): return kept ? 1 : 0
        case (_, .atLeast):
            let share = kept ? 1 + rng.unit() * 0.5 : rng.unit() * 0.9
            return (habit.target * share).rounded()
        case (_, .atMost):
            let share = kept ? rng.unit() : 1.2 + rng.unit() * 1.5
            return (habit.target * share).rounded()
        }
    }

    static let sampleNotes = ["Felt great", "Hard day, did it anyway", "With Anna, in the rain", "Short one: 10', \"good enough\"",
                              "Travel day\nhotel gym", "Late — after the concert", "Ünterwegs 🚆", "=tired, but +1"]

    private static func appendNotes(from startDay: DayKey, through endDay: DayKey, habits: [Habit], clock: LocalClock,
                                    rng: inout SeededGenerator, into contents: inout StoreContents) {
        let titles = ["A good day", "Long week", "Notes on sleep", "Small wins", "Rainy Sunday", "Back on track"]
        for ordinal in startDay.ordinal...endDay.ordinal {
            let day = DayKey(ordinal: ordinal)
            let evening = clock.instant(day: day, minute: 21 * 60 + rng.below(170))
            contents.journalEntries.append(JournalEntry(
                id: rng.id(), dayKey: day, timestampUtc: evening, title: rng.pick(titles),
                body: "Day \(startDay.days(to: day) + 1). *Energy* was \(["low", "fine", "high"][rng.below(3)]); - walked, read, \"rested\".",
                createdAt: evening))
            for metric in ["mood", "energy"] {
                let morning = clock.instant(day: day, minute: 7 * 60 + rng.below(120))
                contents.wellbeingEntries.append(WellbeingEntry(
                    id: rng.id(), dayKey: day, timestampUtc: morning, metric: metric, value: Double(1 + rng.below(5)),
                    scaleMax: 5, habitId: nil, note: rng.chance(0.05) ? "slept badly" : nil, createdAt: morning))
            }
        }
    }
}

/// Local wall-clock times to instants in one time zone, with the offset cached per day.
struct LocalClock {
    let calendar: StoreCalendar

    /// The instant at `minute` minutes after local midnight of `day` (using that noon's offset).
    func instant(day: DayKey, minute: Int) -> Timestamp {
        let noonUTC = Timestamp(millis: Int64(day.ordinal) * 86_400_000 + 12 * 3_600_000)
        let offset = Int64(calendar.timeZone.secondsFromGMT(for: noonUTC.date)) * 1000
        return Timestamp(millis: Int64(day.ordinal) * 86_400_000 + Int64(minute) * 60_000 - offset)
    }
}
