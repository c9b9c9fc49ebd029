import AlmanacCLI
import AlmanacTestSupport
import ArgumentParser
import Foundation
import Testing

/// The `--help` text of every command, compared with a snapshot: a changed option, abstract or
/// wording shows up as a diff to review. Re-record with
/// `ALMANAC_RECORD=1 swift test --filter HelpTests` after an intended change.
@Suite struct HelpTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("HelpSnapshots")
    static let record = ProcessInfo.processInfo.environment["ALMANAC_RECORD"] == "1"

    /// Every command path: `[]`, `["habit"]`, `["habit", "add"]` …
    static var commandPaths: [[String]] {
        func walk(_ command: ParsableCommand.Type, _ path: [String]) -> [[String]] {
            [path] + command.configuration.subcommands.flatMap { sub in walk(sub, path + [sub.configuration.commandName!]) }
        }
        return walk(AlmanacCommand.self, [])
    }

    @Test(arguments: commandPaths)
    func helpMatchesItsSnapshot(_ path: [String]) throws {
        let result = try AlmanacBinary().run(path + ["--help"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let snapshot = Self.folder.appendingPathComponent((["almanac"] + path).joined(separator: "-") + ".txt")
        if Self.record {
            try Data(result.stdout.utf8).write(to: snapshot)
            return
        }
        let expected = try String(contentsOf: snapshot, encoding: .utf8)
        #expect(result.stdout == expected, "almanac \(path.joined(separator: " ")) --help differs from \(snapshot.lastPathComponent); re-record with ALMANAC_RECORD=1 if intended")
    }

    @Test func everySnapshotBelongsToACommand() throws {
        let names = Set(Self.commandPaths.map { (["almanac"] + $0).joined(separator: "-") + ".txt" })
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: Self.folder.path))
        #expect(files == names)
    }
}
