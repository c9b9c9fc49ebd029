import AlmanacDomain
import AlmanacKit
import AlmanacStores
import AlmanacStorage
import AlmanacTestSupport
import Foundation
import Testing

/// The library speaks no command line: its errors are typed values whose sentences name no flag
/// (`--yes`) and no command (`almanac init`); the command line words those (`ErrorWording`).
@Suite struct LibraryMessagesTests {
    /// Every module below the command line, as source.
    static let libraries = ["AlmanacDomain", "AlmanacStorage", "AlmanacSQLite", "AlmanacPostgres", "AlmanacImport", "AlmanacKit", "AlmanacRender"]

    /// No string literal of the libraries holds a flag or an `almanac` command.
    @Test func noLibraryStringNamesAFlagOrACommand() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let flag = try NSRegularExpression(pattern: #"--[a-z]|`almanac "#)
        var found: [String] = []
        for library in Self.libraries {
            let folder = sources.appendingPathComponent(library)
            for case let url as URL in FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)! where url.pathExtension == "swift" {
                for (number, line) in try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n").enumerated() {
                    let code = line.trimmingCharacters(in: .whitespaces)
                    guard !code.hasPrefix("//"), code.contains("\"") else { continue }
                    let literals = code.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }
                    for (_, literal) in literals where flag.firstMatch(in: String(literal), range: NSRange(literal.startIndex..., in: literal)) != nil {
                        found.append("\(library)/\(url.lastPathComponent):\(number + 1): \(literal)")
                    }
                }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    /// Errors a second front end meets, called as it would call them: each is a typed value with
    /// a sentence, and no sentence names a flag.
    @Test func theErrorsOfTheLibrarySayWhatWentWrong() throws {
        let f = try KitFixture()
        _ = try f.book.add("Water", HabitChanges { $0.set(\.unit, .count); $0.set(\.unitLabel, "glasses"); $0.set(\.target, 8) })
        let today = DayKey("2026-11-22")!
        var errors: [any Error] = []
        func collect(_ body: () throws -> Void) {
            do { try body(); Issue.record("expected an error") } catch { errors.append(error) }
        }
        collect { _ = try f.log.log(.init(habit: "water")) }
        collect { _ = try f.log.log(.init(habit: "water", value: 1, mode: .skip)) }
        collect { _ = try f.log.log(.init(habit: "water", mode: .skip, minuteOfDay: 60)) }
        collect { _ = try f.log.log(.init(habit: "water", value: 1, days: .day(today.adding(days: 1)))) }
        collect { _ = try f.log.log(.init(habit: "water", value: 1, difficulty: 11)) }
        collect { _ = try f.log.log(.init(habit: "water", value: 1, days: .range(today, today.adding(days: -3)))) }
        collect { _ = try f.log.log(.init(habit: "water", value: 1, days: .range(DayKey("1990-01-01")!, today))) }
        collect { _ = try f.book.delete("water", confirmed: false) }
        collect { _ = try f.book.add("Bad", HabitChanges { $0.set(\.direction, .atMost) }) }
        collect { _ = try TemplateFolder(f.folder.path("none")).load() }
        collect { _ = try StoreLocation(option: "", environment: [:], kinds: StoreKinds.builtIn) }
        collect { _ = try StoreLocation(option: nil, environment: ["ALMANAC_STORE": ""], kinds: StoreKinds.builtIn) }
        collect { _ = try Notebook(store: f.store, clock: f.clock).deleteJournal("ab") }
        collect { _ = try Notebook(store: f.store, clock: f.clock).deleteJournal("abcd") }
        collect { _ = try StoreLocation(path: f.folder.path("missing.sqlite"), kinds: StoreKinds.builtIn).open() }
        collect { _ = try StoreCopy(from: StoreLocation(path: f.folder.path("a.sqlite"), kinds: StoreKinds.builtIn), to: StoreLocation(path: f.folder.path("a.sqlite"), kinds: StoreKinds.builtIn)).run() }
        #expect(errors.count == 16)
        for error in errors {
            let sentence = "\(error)"
            #expect(!sentence.isEmpty && !sentence.contains("--") && !sentence.contains("`almanac"), "\(type(of: error)): \(sentence)")
            #expect(error is AlmanacError || error is DomainError || error is LogProblem || error is DayRangeProblem || error is StoreError,
                    "\(type(of: error)) is not a typed error of the library")
        }
        #expect(errors.contains { ($0 as? LogProblem) == .needsValue(habit: "Water", unit: "glasses", example: 8) })
        #expect(errors.contains { ($0 as? DayRangeProblem) == .reversed(today, today.adding(days: -3)) })
        #expect(errors.contains { if case .tooManyDays(_, LogRules.maxDays)? = $0 as? LogProblem { return true } else { return false } })
    }
}
