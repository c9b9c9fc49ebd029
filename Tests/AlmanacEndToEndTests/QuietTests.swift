import AlmanacCLI
import AlmanacTestSupport
import ArgumentParser
import Foundation
import Testing

/// `-q` is accepted by every command, so that any line of a crontab can carry it: a command that
/// writes prints nothing on success; a command that only reads still prints what it was asked
/// for. One table of an invocation per command, run in order on one store; a command added
/// without a row here fails `everyCommandHasARow`.
@Suite struct QuietTests {
    /// Each command's path and the rest of a working invocation; `writes` when it must print
    /// nothing on stdout under `-q`.
    static let rows: [(path: [String], rest: [String], writes: Bool)] = [
        (["init"], ["--timezone", "Europe/Berlin"], true),
        (["settings"], ["--language", "en"], true),
        (["habit", "add"], ["Run"], true),
        (["habit", "add"], ["Temp"], true),
        (["habit", "edit"], ["run", "--weight", "2"], true),
        (["habit", "archive"], ["temp"], true),
        (["habit", "unarchive"], ["temp"], true),
        (["habit", "delete"], ["temp", "--yes"], true),
        (["habit", "list"], [], false),
        (["habit", "show"], ["run"], false),
        (["log"], ["run", "-d", "yesterday"], true),
        (["unlog"], ["run", "-d", "yesterday"], true),
        (["log"], ["run"], true),
        (["category", "add"], ["Health"], true),
        (["category", "rename"], ["Health", "Body"], true),
        (["category", "list"], [], false),
        (["category", "delete"], ["Body"], true),
        (["goal", "add"], ["Marathon", "--habits", "run"], true),
        (["goal", "edit"], ["Marathon", "--habits", "run"], true),
        (["goal", "list"], [], false),
        (["goal", "delete"], ["Marathon"], true),
        (["journal", "add"], ["A day", "--body", "fine"], true),
        (["journal", "list"], [], false),
        (["journal", "edit"], ["{journal}", "--title", "A good day"], true),
        (["journal", "delete"], ["{journal}"], true),
        (["wellbeing", "add"], ["mood", "4", "--scale", "5"], true),
        (["wellbeing", "list"], [], false),
        (["wellbeing", "edit"], ["{wellbeing}", "--value", "3"], true),
        (["wellbeing", "delete"], ["{wellbeing}"], true),
        (["status"], [], false),
        (["stats"], ["run"], false),
        (["history"], ["run"], false),
        (["report"], ["--out", "site"], true),
        (["templates", "export"], ["templates"], true),
        (["export", "csv"], ["--out", "csv"], true),
        (["export", "json"], ["--out", "export.json"], true),
        (["export", "xlsx"], ["--out", "book.xlsx"], true),
        (["backup"], ["--out", "backup.json"], true),
        (["restore"], ["backup.json"], true),
        (["copy"], ["--from", "{store}", "--to", "{folder}/copy.sqlite"], true),
        (["import"], ["{fixtures}/loop-v12.db", "--follow"], true),
        (["sync"], [], true),
        (["source", "list"], [], false),
        (["source", "forget"], ["{fixtures}/loop-v12.db"], true),
        (["nightly", "set"], ["--backups", "{folder}/backups"], true),
        (["nightly", "show"], [], false),
        (["nightly", "run"], [], true),
        (["nightly"], [], true),
        (["nightly", "install"], ["--cron"], true),
        (["nightly", "uninstall"], [], true),
        (["demo"], ["--store", "{folder}/demo.sqlite", "--habits", "3", "--years", "1"], true),
        (["server", "init"], ["--print"], false),
        // On a database of its own of the test server (a run without one leaves it out).
        (["server", "tidy"], ["{admin}"], true),
    ]

    /// Every command that runs (no subcommands, or a default one).
    static var commands: Set<[String]> {
        func walk(_ command: ParsableCommand.Type, _ path: [String]) -> [[String]] {
            let subcommands = command.configuration.subcommands
            let own = subcommands.isEmpty || command.configuration.defaultSubcommand != nil ? [path] : []
            return own + subcommands.flatMap { walk($0, path + [$0.configuration.commandName!]) }
        }
        return Set(walk(AlmanacCommand.self, []).filter { !$0.isEmpty })
    }

    @Test func everyCommandHasARow() {
        let covered = Set(Self.rows.map(\.path))
        #expect(Self.commands.subtracting(covered).sorted { $0.joined(separator: " ") < $1.joined(separator: " ") } == [],
                "a command without a row in QuietTests.rows: give it one, and -q")
        #expect(covered.subtracting(Self.commands).isEmpty)
    }

    @Test func everyCommandTakesQ() throws {
        let s = Session()
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("ImportFixtures").path
        var environment = s.environment
        environment["XDG_CONFIG_HOME"] = s.folder.path("config")
        environment["XDG_RUNTIME_DIR"] = s.folder.path("run")
        try FileManager.default.createDirectory(atPath: s.folder.path("backups"), withIntermediateDirectories: true)
        var ids: [String: String] = [:]
        var admin: String?
        for row in Self.rows {
            if row.rest.contains("{admin}") {
                guard TestPostgres.isAvailable else { continue }
                admin = try admin ?? TestPostgres.url(role: "postgres", database: TestPostgres.newDatabase())
                environment.merge(TestPostgres.binaryEnvironment) { $1 }
            }
            let rest = row.rest.map { word in
                word.replacingOccurrences(of: "{store}", with: s.store).replacingOccurrences(of: "{folder}", with: s.folder.url.path)
                    .replacingOccurrences(of: "{fixtures}", with: fixtures).replacingOccurrences(of: "{admin}", with: admin ?? "")
                    .replacingOccurrences(of: "{journal}", with: ids["journal"] ?? "").replacingOccurrences(of: "{wellbeing}", with: ids["wellbeing"] ?? "")
            }
            let result = try s.binary.run(row.path + rest + ["-q"], environment: environment, in: s.folder.url)
            let name = (row.path + rest).joined(separator: " ")
            #expect(result.status == 0, "almanac \(name) -q: \(result.stderr)")
            if row.writes { #expect(result.stdout.isEmpty, "almanac \(name) -q printed: \(result.stdout)") }
            // The ids the edits and deletions of notes take, from the lists' JSON (an edit keeps
            // the old entry as history under its id and gives the new one its own).
            if ["list", "edit"].contains(row.path.last), let kind = row.path.first, kind == "journal" || kind == "wellbeing" {
                let listed = try s.binary.run([kind, "list", "--json"], environment: environment, in: s.folder.url)
                let objects = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]]
                ids[kind] = try #require(objects?.first?["id"] as? String)
            }
        }
    }
}
