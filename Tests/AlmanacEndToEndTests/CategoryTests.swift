import AlmanacTestSupport
import Foundation
import Testing

/// `almanac category …` as a user runs it: categories organise habits and nothing else.
@Suite struct CategoryTests {
    @Test(arguments: TestBackend.available) func categoriesOrganiseHabitsAndDeletingOneDeletesNothingElse(_ backend: TestBackend) throws {
        let s = Session(backend)
        try s.ok("init")
        #expect(try s.ok("category", "list").contains("No categories yet"))
        try s.ok("category", "add", "Health")
        try s.ok("category", "add", "Mind")
        try s.ok("habit", "add", "Run", "--category", "health", "--weight", "3")
        try s.ok("habit", "add", "Walk", "--category", "Health")
        try s.ok("habit", "add", "Read", "--category", "Mind")
        try s.ok("log", "run")
        // Run (3) of Run, Walk and Read (1 each): 60 %; the plain count stays 1 of 3.
        #expect(try s.ok("status").hasPrefix("Sunday 2026-11-22 · 1 of 3 due done · weighted score 60%"))
        let status = try #require(try JSONSerialization.jsonObject(with: Data(try s.ok("status", "--json").utf8)) as? [String: Any])
        #expect(status["weightedScore"] as? Double == 0.6)
        let lines = try s.ok("category", "list").split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(lines == ["Health 2 habits", "Mind 1 habit"])
        #expect(try s.ok("category", "rename", "mind", "Head") == "Renamed the category Mind to Head.\n")
        let json = try s.ok("category", "list", "--json")
        let list = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(list.map { $0["name"] as? String } == ["Head", "Health"])
        #expect(try s.ok("category", "delete", "HEALTH") == "Deleted the category Health; its 2 habits are now uncategorised.\n")
        let habits = try #require(try JSONSerialization.jsonObject(with: Data(try s.ok("habit", "list", "--json").utf8)) as? [[String: Any]])
        #expect(habits.count == 3 && habits.filter { $0["categoryId"] is String }.count == 1)
        #expect(try s.ok("history", "run").contains("done"))   // the entries are still there
    }

    @Test(arguments: TestBackend.available) func unknownCategoriesAndWeightsOutOfRangeAreRefused(_ backend: TestBackend) throws {
        let s = Session(backend)
        try s.ok("init")
        try s.ok("category", "add", "Health")
        try s.ok("habit", "add", "Run")
        let bad = BadInputTests()
        try bad.expectRefused(s, ["habit", "add", "Swim", "--category", "Helth"], status: 1, mentioning: ["No category named \"Helth\"", "did you mean \"Health\""])
        try bad.expectRefused(s, ["habit", "edit", "run", "--weight", "0"], status: 1, mentioning: ["whole number from 1 to 10", "not 0"])
        try bad.expectRefused(s, ["habit", "edit", "run", "--weight", "11"], status: 1, mentioning: ["not 11"])
        try bad.expectRefused(s, ["category", "add", "health"], status: 1, mentioning: ["already exists"])
        try bad.expectRefused(s, ["category", "rename", "nope", "X"], status: 1, mentioning: ["No category named \"nope\""])
        try bad.expectRefused(s, ["category", "delete", "nope"], status: 1, mentioning: ["No category named"])
        try bad.expectRefused(s, ["category", "add", " "], status: 1, mentioning: ["cannot be empty"])
    }
}
