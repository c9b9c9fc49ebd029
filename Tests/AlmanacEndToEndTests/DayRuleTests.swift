import AlmanacTestSupport
import Foundation
import Testing

/// What a day counts, as a person in Europe/Berlin meets it: logging in the evening, `status` in
/// the morning and just after midnight, the nightly report at 00:05 (docs/METRICS.md, "What a day
/// counts"). Day 0 is Monday 2 November 2026 (UTC+1).
@Suite struct DayRuleTests {
    /// The UTC instant of a local time on day `day`.
    static func local(_ day: Int, _ hour: Int, _ minute: Int) -> String {
        let utc = Calendar(identifier: .gregorian).date(from: DateComponents(timeZone: TimeZone(identifier: "UTC"), year: 2026, month: 11,
                                                                              day: 2 + day, hour: hour - 1, minute: minute))!
        return ISO8601DateFormatter().string(from: utc)
    }

    static func key(_ day: Int) -> String { String(format: "2026-11-%02d", 2 + day) }

    func json(_ s: Session, _ arguments: String...) throws -> [String: Any] {
        let result = try s.binary.run(arguments, environment: s.environment, in: s.folder.url)
        try #require(result.status == 0, "\(arguments): \(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
    }

    /// Each habit's row of `status --json`, by name.
    func rows(_ status: [String: Any]) -> [String: [String: Any]] {
        Dictionary(uniqueKeysWithValues: (status["habits"] as! [[String: Any]]).map { ($0["name"] as! String, $0) })
    }

    func state(_ row: [String: Any]?) -> String? { (row?["today"] as? [String: Any])?["state"] as? String }
    func streak(_ row: [String: Any]?) -> [Int] {
        let streak = row?["streak"] as? [String: Any]
        return [streak?["current"] as? Int ?? -1, streak?["best"] as? Int ?? -1]
    }

    /// A week of Coffee (at most 3) logged every evening, then a Monday with nothing logged at all;
    /// Slips (at most 2) whose person logs only the slips; Water (8 glasses); Gym (3 a week, done
    /// twice in the first week); Calls (4 a month).
    func week() throws -> Session {
        var s = Session()
        s.now = Self.local(0, 8, 0)
        try s.ok("init", "--timezone", "Europe/Berlin", "--week-start", "monday")
        try s.ok("habit", "add", "Coffee", "--unit", "count", "--direction", "at-most", "--target", "3")
        try s.ok("habit", "add", "Slips", "--unit", "count", "--direction", "at-most", "--target", "2", "--unlogged-means-none")
        try s.ok("habit", "add", "Water", "--unit", "count", "--target", "8")
        try s.ok("habit", "add", "Gym", "--frequency", "per-week:3")
        try s.ok("habit", "add", "Calls", "--frequency", "per-month:4")
        for day in 0..<7 {
            s.now = Self.local(day, 18, 0)
            try s.ok("log", "coffee", ["1", "2", "3", "0", "1", "2", "1"][day])
            try s.ok("log", "water", "8")
            if day == 1 || day == 3 { try s.ok("log", "gym") }
            if day == 2 || day == 4 { try s.ok("log", "calls") }
        }
        return s
    }

    /// An at-most day is within its limit only by a logged value; a day with nothing logged is
    /// missed — on the page, in the feed, the calendar, the streak and the rates — unless the habit
    /// counts it as none, and the page says which rule each habit follows.
    @Test func aForgottenDayIsMissedUnlessTheHabitCountsItAsNone() throws {
        var s = try week()
        // Monday the 9th, nothing logged at all; 00:05 on Tuesday the nightly report.
        s.now = Self.local(8, 0, 5)
        try s.ok("report", "-q", "--as-of", "yesterday", "--out", "site")
        let night = rows(try json(s, "status", "--json", "--as-of", "yesterday"))
        #expect(state(night["Coffee"]) == "missed" && streak(night["Coffee"]) == [0, 7])
        #expect(state(night["Slips"]) == "done" && streak(night["Slips"]) == [8, 8])
        let feed = try FortnightTests.feed(s.folder.url.appendingPathComponent("site/feed.xml"))
        let monday = try #require(feed[Self.key(7)])
        #expect(monday.title == "Monday, 9 November 2026: 1 of 3 due done")
        #expect(monday.summary == "Done: Slips (none, limit 2) · Not done: Coffee, Water")
        // Logged 0 is within the limit: Thursday's Coffee.
        #expect(try #require(feed[Self.key(3)]).summary.hasPrefix("Done: Coffee (0, limit 3), Slips (none, limit 2), Water (8/8)"))
        // The calendar marks the forgotten day missed for Coffee, done for Slips.
        let coffee = try FortnightTests.cells(s.folder.url.appendingPathComponent("site/heatmaps/coffee-2026.svg"))
        let slips = try FortnightTests.cells(s.folder.url.appendingPathComponent("site/heatmaps/slips-2026.svg"))
        #expect(coffee[Self.key(7)] == "miss 2026-11-09 · nothing logged · missed" && coffee[Self.key(6)]?.hasPrefix("l") == true)
        #expect(slips[Self.key(7)] == "l4 2026-11-09 · nothing logged · within the limit")
        // Each at-most habit's page says which rule it follows.
        let coffeePage = String(decoding: s.folder.bytes("site/habits/coffee.md"), as: UTF8.self)
        let slipsPage = String(decoding: s.folder.bytes("site/habits/slips.md"), as: UTF8.self)
        #expect(coffeePage.contains("At most 3 (a day with nothing logged is missed)"))
        #expect(slipsPage.contains("At most 2 (a day with nothing logged counts as none)"))
        #expect(try s.ok("habit", "show", "slips").contains("unlogged day  a day with nothing logged counts as none"))
        // The rule can be changed either way, and is refused for an at-least habit.
        try s.ok("habit", "edit", "coffee", "--unlogged-means-none")
        #expect(state(rows(try json(s, "status", "--json", "--as-of", "yesterday"))["Coffee"]) == "done")
        try s.ok("habit", "edit", "coffee", "--no-unlogged-means-none")
        #expect(state(rows(try json(s, "status", "--json", "--as-of", "yesterday"))["Coffee"]) == "missed")
        let refused = try s.run("habit", "edit", "water", "--unlogged-means-none")
        #expect(refused.status == 1 && refused.stderr.contains("at-most"), "\(refused.stderr)")
    }

    /// The day five minutes old is neither done nor missed: it earns no streak day, enters no rate
    /// and moves no score, whatever its habit; a day partly logged in the morning has no ✗.
    @Test func aDayStillGoingOnIsNeitherASuccessNorAFailure() throws {
        var s = try week()
        s.now = Self.local(7, 0, 5)   // 00:05 on Monday the 9th
        let yesterday = rows(try json(s, "status", "--json", "--as-of", "yesterday"))
        let now = rows(try json(s, "status", "--json"))
        for name in ["Coffee", "Slips", "Water"] {
            #expect(state(now[name]) == "unknown", "\(name)")
            #expect(streak(now[name]) == streak(yesterday[name]), "\(name)")
            #expect(now[name]?["rate30"] as? [String: Int] == yesterday[name]?["rate30"] as? [String: Int], "\(name)")
            #expect(now[name]?["score"] as? Double == yesterday[name]?["score"] as? Double, "\(name): the score moved at midnight")
        }
        #expect(streak(now["Coffee"]) == [7, 7])
        // 10:00: four glasses so far, no ✗ and no red; over a limit reads as over the limit.
        s.now = Self.local(7, 10, 0)
        try s.ok("log", "water", "4")
        #expect(state(rows(try json(s, "status", "--json"))["Water"]) == "unknown")
        let status = try s.ok("status")
        #expect(status.contains("4/8") && !status.contains("✗"), "\(status)")
        #expect(try s.ok("log", "coffee", "4").contains("4 (at most 3; over the limit)"))
        #expect(try s.ok("status").contains("4, over the limit of 3"))
    }

    /// A per-week or per-month habit is in a day's entry, headline and "X of Y due" only on a day
    /// it was done, or on its period's last day when the period was missed.
    @Test func periodHabitsAreListedWhenDoneOrOnTheLastDayOfAMissedPeriod() throws {
        var s = try week()
        s.now = Self.local(8, 0, 5)
        try s.ok("report", "-q", "--as-of", "yesterday", "--out", "site")
        let feed = try FortnightTests.feed(s.folder.url.appendingPathComponent("site/feed.xml"))
        for day in 0..<8 {
            let entry = try #require(feed[Self.key(day)])
            #expect(entry.dueDone == entry.listed, "\(entry.title) · \(entry.summary)")
            #expect(entry.names.contains("Gym") == [1, 3, 6].contains(day), "\(Self.key(day)): \(entry.summary)")
            #expect(entry.names.contains("Calls") == [2, 4].contains(day), "\(Self.key(day)): \(entry.summary)")
        }
        // Sunday the 8th: the week ended 2 of 3.
        #expect(try #require(feed[Self.key(6)]).summary.contains("Not done: Gym"))
        #expect(try #require(feed[Self.key(6)]).title.hasPrefix("Sunday, 8 November 2026: 3 of 4 due done"))
        // Status on a day Calls is not done: not due, not counted.
        s.now = Self.local(8, 20, 0)
        #expect(try s.ok("status").contains("0 of 3 due done"))
    }

    /// `stats`, its JSON and the exports count the week in progress the same way in the all-time,
    /// year and month rows: left out until met, and shown beside the row's own figures.
    @Test func oneRateForOneSpan() throws {
        var s = try week()
        s.now = Self.local(8, 20, 0)   // Tuesday the 10th: the week of the 9th has nothing yet
        try s.ok("log", "gym")
        let stats = try json(s, "stats", "gym", "--json")
        let metrics = stats["metrics"] as! [String: Any]
        let all = (stats["rates"] as! [[String: Any]]).last!["rate"] as! [String: Int]
        let year = (metrics["years"] as! [[String: Any]]).last!, month = (metrics["months"] as! [[String: Any]]).last!
        #expect(all == ["completed": 2, "expected": 3])
        #expect(year["done"] as? Int == 2 && year["due"] as? Int == 3 && month["done"] as? Int == 2 && month["due"] as? Int == 3)
        #expect(year["pendingDone"] as? Int == 1 && year["pendingDue"] as? Int == 3)
        // weeks.csv says the same as the row: out of its done and due, beside them.
        try s.ok("export", "csv", "--out", "csv")
        let weeks = String(decoding: s.folder.bytes("csv/weeks.csv"), as: UTF8.self).components(separatedBy: "\r\n")
        // days_done 1, done 0 of due 0 (no rate), value 1, in progress, 1 of 3 so far.
        #expect(weeks.contains { $0.hasPrefix("2026-11-09,2026-W46,") && $0.contains(",Gym,") && $0.hasSuffix(",1,0,0,,1,true,1,3") }, "\(weeks)")
        let text = try s.ok("stats", "gym")
        #expect(text.contains("all time 67% (2/3)"))
        #expect(text.contains("2026 (so far)  2 of 3 + 1 of 3 so far, counted once met  67%"), "\(text)")
        // Met on Thursday: counted whole, everywhere at once.
        s.now = Self.local(10, 20, 0)
        try s.ok("log", "gym", "-d", "yesterday")
        try s.ok("log", "gym")
        let met = try json(s, "stats", "gym", "--json")
        #expect((met["rates"] as! [[String: Any]]).last!["rate"] as? [String: Int] == ["completed": 5, "expected": 6])
        let metYear = ((met["metrics"] as! [String: Any])["years"] as! [[String: Any]]).last!
        #expect(metYear["done"] as? Int == 5 && metYear["due"] as? Int == 6 && metYear["pendingDue"] as? Int == 0)
    }
}
