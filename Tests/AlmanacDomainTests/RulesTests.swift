@testable import AlmanacDomain
import Foundation
import Testing

@Suite struct FrequencyTests {
    /// The store's text of every kind of frequency reads back as it was; other JSON of a
    /// frequency (spaces, other key order) reads too, and a text that is not one is refused.
    @Test func theStoredTextReadsBack() throws {
        var all: [Frequency] = [.daily, .weekdays([.monday]), .weekdays(Set(Weekday.allCases)), .weekdays([.sunday, .wednesday, .friday])]
        all += (1...7).map { .perWeek($0) } + [1, 10, 31].map { .perMonth($0) } + [(1, 2), (2, 3), (5, 365)].map { .perDays(times: $0.0, period: $0.1) }
        for frequency in all {
            #expect(try Frequency(json: frequency.json) == frequency)
        }
        #expect(try Frequency(json: #"{ "times" : 3, "type" : "perWeek" }"#) == .perWeek(3))
        #expect(try Frequency(json: #"{"days":["fri","mon"],"type":"weekdays"}"#) == .weekdays([.monday, .friday]))
        for bad in [#"{"type":"perWeek","times":9}"#, #"{"type":"weekly"}"#, #"{"type":"weekdays","days":[]}"#, "", "{}"] {
            #expect(throws: (any Error).self, "\(bad)") { try Frequency(json: bad) }
        }
    }

    @Test func parsesTheCommandLineForms() throws {
        #expect(try Frequency(cli: "daily") == .daily)
        #expect(try Frequency(cli: "weekdays:mon,wed,fri") == .weekdays([.monday, .wednesday, .friday]))
        #expect(try Frequency(cli: "Weekdays:Monday,SUN") == .weekdays([.monday, .sunday]))
        #expect(try Frequency(cli: "per-week:3") == .perWeek(3))
        #expect(try Frequency(cli: "per-month:10") == .perMonth(10))
        #expect(try Frequency(cli: "per-days:2/3") == .perDays(times: 2, period: 3))
        #expect(try Frequency(cli: "per-days:2/3").cliDescription == "per-days:2/3")
        for bad in ["weekdays:xyz", "weekdays:", "per-week:0", "per-week:8", "per-month:32", "hourly", "per-week:x", "",
                    "per-days:3/3", "per-days:0/3", "per-days:1/1", "per-days:1/366", "per-days:2", "per-days:a/b"] {
            #expect(throws: DomainError.self) { try Frequency(cli: bad) }
        }
    }

    @Test func jsonIsTheFrozenShapeAndRoundTrips() throws {
        let weekdays = Frequency.weekdays([.friday, .monday, .wednesday])
        #expect(weekdays.json == #"{"type":"weekdays","days":["mon","wed","fri"]}"#)
        #expect(Frequency.perWeek(3).json == #"{"type":"perWeek","times":3}"#)
        #expect(Frequency.perDays(times: 2, period: 3).json == #"{"type":"perDays","times":2,"period":3}"#)
        for frequency in [Frequency.daily, weekdays, .perWeek(3), .perMonth(10), .perDays(times: 1, period: 2)] {
            #expect(try JSONDecoder().decode(Frequency.self, from: Data(frequency.json.utf8)) == frequency)
        }
    }

    @Test func weekdaysScheduleOnlyTheirDays() {
        let mwf = Frequency.weekdays([.monday, .wednesday, .friday])
        #expect(mwf.isScheduled(DayKey("2026-11-16")!))   // Monday
        #expect(!mwf.isScheduled(DayKey("2026-11-17")!))  // Tuesday
        #expect(Frequency.perWeek(2).isScheduled(DayKey("2026-11-17")!))
    }
}

@Suite struct HabitRulesTests {
    let now = Timestamp(millis: 0)

    @Test func namesAreTrimmedNonEmptyAndShort() throws {
        #expect(try HabitRules.checkedName("  Run  ") == "Run")
        #expect(throws: DomainError.self) { try HabitRules.checkedName("   ") }
        #expect(throws: DomainError.self) { try HabitRules.checkedName(String(repeating: "a", count: 101)) }
        #expect(try HabitRules.checkedName(String(repeating: "ä", count: 100)).count == 100)
        #expect(throws: DomainError.self) { try HabitRules.checkedName("two\nlines") }
    }

    @Test func coloursAreHexTriplets() throws {
        #expect(try HabitRules.checkedColor("#2da44e") == "#2DA44E")
        for bad in ["2DA44E", "#2DA44", "#GGGGGG", "red", "#2DA44E0"] {
            #expect(throws: DomainError.self) { try HabitRules.checkedColor(bad) }
        }
    }

    @Test func targetsAndValuesAreChecked() throws {
        var habit = Habit(name: "Water", createdAt: now) { $0.unit = .count; $0.target = 8 }
        try HabitRules.validate(habit)
        habit.target = 0
        #expect(throws: DomainError.self) { try HabitRules.validate(habit) }
        habit.target = -1
        #expect(throws: DomainError.self) { try HabitRules.validate(habit) }
        let yesNo = Habit(name: "Run", createdAt: now)
        #expect(throws: DomainError.self) { try HabitRules.validate(value: 2, for: yesNo) }
        #expect(throws: DomainError.self) { try HabitRules.validate(value: -1, for: habit) }
        #expect(throws: DomainError.self) { try HabitRules.validate(value: .nan, for: habit) }
        var atMostYesNo = yesNo
        atMostYesNo.direction = .atMost
        #expect(throws: DomainError.self) { try HabitRules.validate(atMostYesNo) }
    }

    @Test func completionFollowsTheDirection() {
        let water = Habit(name: "Water", createdAt: now) { $0.unit = .count; $0.target = 8 }
        #expect(water.isCompleted(value: 8))
        #expect(!water.isCompleted(value: 7.5))
        let smoking = Habit(name: "Smoking", createdAt: now) { $0.unit = .count; $0.target = 2; $0.direction = .atMost }
        #expect(smoking.isCompleted(value: 0))
        #expect(smoking.isCompleted(value: 2))
        #expect(!smoking.isCompleted(value: 3))
    }

    @Test func namesMatchIgnoringCaseAndSuggestCloseOnes() throws {
        let names = ["Drink water", "Run", "Read", "Meditate"]
        let matcher = NameMatcher(names, name: { $0 })
        #expect(try matcher.find("DRINK WATER") == "Drink water")
        #expect(matcher.suggestions(for: "rnu").contains("Run"))
        #expect(matcher.suggestions(for: "water") == ["Drink water"])
        #expect(matcher.suggestions(for: "zzzzzzzz").isEmpty)
        #expect(throws: DomainError.notFound(kind: "habit", name: "meditte", suggestions: ["Meditate"])) {
            try matcher.find("meditte")
        }
    }

    /// Names people type: the words without emoji, punctuation or accents, or an unambiguous
    /// beginning of them; a beginning of several names chooses none.
    @Test func namesMatchByTheirWordsOrAnUnambiguousBeginning() throws {
        let long = "🧗‍♀️ Bouldern mit der Klettergruppe im Zentrum (Überhang-Training) 🇩🇪"
        #expect(NameMatcher<String>.words(long) == "bouldern mit der klettergruppe im zentrum uberhang training")
        #expect(NameMatcher<String>.words("Café au lait ≤ 2 — Überraschung") == "cafe au lait 2 uberraschung")
        let matcher = NameMatcher([long, "Boxen", "Read", "Reading club", "Run"], name: { $0 })
        #expect(try matcher.find("bouldern") == long)
        #expect(try matcher.find("Bouldern mit der klettergruppe im zentrum uberhang-training") == long)
        #expect(try matcher.find("read") == "Read")   // a whole name before a beginning of another
        #expect(try matcher.find("readi") == "Reading club")
        #expect(try matcher.find("RU") == "Run")
        #expect(throws: DomainError.ambiguous(kind: "habit", name: "bo", candidates: [long, "Boxen"])) { try matcher.find("bo") }
        #expect(throws: DomainError.ambiguous(kind: "habit", name: "re", candidates: ["Read", "Reading club"])) { try matcher.find("re") }
        #expect(try matcher.find("uberhang") == long)   // a word inside a name
        #expect(try matcher.find("klett trai") == long)   // beginnings of its words, in order
        #expect(throws: DomainError.self) { try matcher.find("training bouldern") }   // not in order
        #expect(throws: DomainError.self) { try matcher.find("🇩🇪") }   // no words: no beginning of every name
    }

    /// Any word of a name, or its beginning, finds the habit; words in order with any between;
    /// the whole name and its beginning come first; two names that have the word are named.
    @Test func namesMatchByAnyOfTheirWordsInOrder() throws {
        let matcher = NameMatcher(["Drink water", "Read a book", "No sugar", "Water plants", "Run", "Morning run"], name: { $0 })
        #expect(try matcher.find("dri wa") == "Drink water")
        #expect(try matcher.find("book") == "Read a book")
        #expect(try matcher.find("read b") == "Read a book")
        #expect(try matcher.find("sugar") == "No sugar")
        #expect(try matcher.find("wat pl") == "Water plants")
        #expect(try matcher.find("run") == "Run")   // a whole name before a word of another
        #expect(try matcher.find("morn") == "Morning run")
        #expect(try matcher.find("water") == "Water plants")   // the beginning of a whole name first
        let two = NameMatcher(["Drink water", "Sparkling water", "Run"], name: { $0 })
        #expect(throws: DomainError.ambiguous(kind: "habit", name: "wat", candidates: ["Drink water", "Sparkling water"])) { try two.find("wat") }
        #expect(throws: DomainError.self) { try two.find("walk") }
    }

    @Test func numbersPrintTheSameInEveryLocale() {
        #expect(NumberText.plain(3) == "3")
        #expect(NumberText.plain(2.5) == "2.5")
        #expect(NumberText.plain(-0.125) == "-0.125")
        #expect(NumberText.rounded(0.123456, digits: 4) == "0.1235")
    }

    /// Totals for people: the whole part in groups of three, the fraction and sign as `plain`
    /// gives them, exponent forms and values under 1,000 as they are.
    @Test func groupedNumbers() {
        let cases: [(Double, String)] = [
            (0, "0"), (999, "999"), (-999, "-999"), (1_000, "1,000"), (-1_000, "-1,000"), (1_234.5, "1,234.5"),
            (-1_000.25, "-1,000.25"), (100_000, "100,000"), (8_426_160, "8,426,160"), (-1_234_567, "-1,234,567"),
            (123_456_789_012, "123,456,789,012"), (1e20, NumberText.plain(1e20)), (.infinity, "Infinity"), (.nan, "NaN"), (0.5, "0.5"),
        ]
        for (value, text) in cases { #expect(NumberText.grouped(value) == text, "\(value)") }
    }

    /// The charts' byte writer of rounded numbers prints what `rounded` prints: hand-picked
    /// edges, and a seeded spread of magnitudes.
    @Test func roundedNumbersAppendedAsBytesReadAsRounded() {
        func appended(_ value: Double, _ digits: Int) -> String {
            var out: [UInt8] = []
            NumberText.append(value, digits: digits, to: &out)
            return String(decoding: out, as: UTF8.self)
        }
        for value in [0, -0.0, 0.05, -0.05, 0.005, -0.004, 0.95, 0.995, 1.05, 123.45, 2.675, 1e13, -1e13, 1e17, .nan, .infinity] {
            #expect(appended(value, 1) == NumberText.rounded(value, digits: 1), "\(value)")
            #expect(appended(value, 2) == NumberText.rounded(value, digits: 2), "\(value)")
        }
        #expect(appended(1.05, 2) == "1.05" && appended(-0.25, 1) == "-0.3" && appended(7.5, 2) == "7.5")
        var random = SeededGenerator(seed: 7)
        var differ: [Double] = []
        for _ in 0..<100_000 {
            let value = (Double(random.next() % 2_000_001) / 1_000_000 - 1) * [1, 10, 1_000, 1e6, 1e12, 1e15, 0.01][Int(random.next() % 7)]
            if appended(value, 1) != NumberText.rounded(value, digits: 1) || appended(value, 2) != NumberText.rounded(value, digits: 2) {
                differ.append(value)
            }
        }
        #expect(differ.isEmpty, "\(differ.prefix(5))")
    }
}

@Suite struct EntityIDTests {
    @Test func textFormIsTheLowercaseCanonicalUUID() {
        for _ in 0..<200 {
            let uuid = UUID()
            let id = EntityID(uuid)
            #expect(id.description == uuid.uuidString.lowercased())
            #expect(EntityID(uuid.uuidString) == id)
            #expect(EntityID(uuid.uuidString.lowercased()) == id)
        }
        #expect(EntityID("not-a-uuid") == nil)
        #expect(EntityID("9825 6e5-8e52-432c-9538-614d604242f0") == nil)
        #expect(EntityID("982546e5-8e52-432c-9538-614d604242f0x") == nil)
        #expect(EntityID("982546e5+8e52-432c-9538-614d604242f0") == nil)
        #expect(EntityID("982546g5-8e52-432c-9538-614d604242f0") == nil)
    }
}

@Suite struct EntityIDOrderTests {
    @Test func orderIsTheOrderOfTheText() {
        let ids = (0..<300).map { _ in EntityID() }
        #expect(ids.sorted().map(\.description) == ids.map(\.description).sorted())
    }
}
