import AlmanacTestSupport
import Foundation
import Testing

/// Output as cron expects it: results on stdout, diagnostics on stderr, and with `-q` nothing at
/// all on success, for every command that writes files or a store. A refusal to write says why.
@Suite struct CronTests {
    /// Each writing command, as a cron job would run it (relative paths are in the session's folder).
    static let commands: [[String]] = [
        ["report", "--out", "site"],
        ["export", "csv", "--out", "csv"],
        ["export", "json", "--out", "export.json"],
        ["backup", "--out", "backup.json"],
        ["restore", "backup.json"],
        ["import", "hb.csv"],
        ["sync"],
        ["copy", "--from", "STORE", "--to", "copy-NAME.sqlite"],
        ["templates", "export", "templates-NAME"],
        ["demo", "--store", "demo-NAME.sqlite", "--habits", "2", "--years", "1", "--no-report"],
        ["init", "--store", "new-NAME.sqlite"],
    ]

    func prepared() throws -> Session {
        let s = Session()
        try s.ok("init", "--timezone", "Europe/Berlin")
        try s.ok("habit", "add", "Run")
        try s.ok("log", "run", "-d", "2026-11-20")
        try s.ok("backup", "--out", "backup.json")
        try "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\nWater,,,2026-11-01,3,\n"
            .write(toFile: s.folder.path("hb.csv"), atomically: false, encoding: .utf8)
        let loop = try FollowTests.firstVersion(FollowTests.cases[0], in: s.folder, name: "loop.db")
        try s.ok("import", loop, "--follow")
        return s
    }

    @Test func successGoesToStdoutAndQuietPrintsNothing() throws {
        let s = try prepared()
        for (round, quiet) in [(1, false), (2, true)] {
            for command in Self.commands {
                let arguments = command.map { $0.replacingOccurrences(of: "NAME", with: "\(round)").replacingOccurrences(of: "STORE", with: s.store) }
                    + (quiet ? ["-q"] : [])
                let result = try s.binary.run(arguments, environment: s.environment, in: s.folder.url)
                #expect(result.status == 0, "\(arguments): \(result.stderr)")
                #expect(result.stderr.isEmpty, "\(arguments) wrote to stderr on success: \(result.stderr)")
                if quiet {
                    #expect(result.stdout.isEmpty, "\(arguments) -q printed: \(result.stdout)")
                } else {
                    #expect(!result.stdout.isEmpty, "\(arguments) printed no result")
                }
            }
        }
    }

    /// Notes about the data go to stderr, and `-q` drops them too; an error is printed whatever.
    @Test func notesGoToStderrAndErrorsAreAlwaysPrinted() throws {
        let s = Session()
        try s.ok("init")
        let db = try FollowTests.firstVersion(FollowTests.cases[1], in: s.folder, name: "v12.db")
        try FollowTests.mutate(db, with: "PRAGMA foreign_keys = OFF; INSERT INTO Repetitions (habit, timestamp) VALUES (99, 1450000000000);")
        let noted = try s.run("import", db)
        #expect(noted.status == 0 && noted.stderr.hasPrefix("note: "), "\(noted.stderr)")
        let quiet = try s.run("import", db, "-q")
        #expect(quiet.status == 0 && quiet.stdout.isEmpty && quiet.stderr.isEmpty)
        try "a file".write(toFile: s.folder.path("afile"), atomically: false, encoding: .utf8)
        let failed = try s.run("report", "--out", "afile/site", "-q")
        #expect(failed.status == 1 && failed.stderr.hasPrefix("almanac: "), "\(failed.stderr)")
    }

    /// Another user's folder: the sentence says permission, who, and whose folder.
    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser")))
    func aFolderThatMayNotBeWrittenSaysSo() throws {
        let s = Session()
        try s.ok("init")
        try s.ok("habit", "add", "Run")
        let shared = TemporaryFolder("cron")
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: shared.url.path)
        let store = shared.path("store.sqlite")
        try FileManager.default.copyItem(atPath: s.store, toPath: store)
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: store)
        let readOnly = TemporaryFolder("cron-ro")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: readOnly.url.path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
        process.arguments = ["-u", "nobody", "--", s.binary.url.path, "report", "--store", store, "--out", readOnly.path("site")]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(text.contains("permission denied: nobody may not write in \(readOnly.url.path)") && text.contains("belongs to root"), "\(text)")
    }
}

/// Backups through pipes and gzip, as shell users write them.
@Suite struct BackupPipeTests {
    func shell(_ s: Session, _ script: String) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.environment = s.environment.merging(["A": s.binary.url.path, "PATH": "/usr/bin:/bin"]) { $1 }
        process.currentDirectoryURL = s.folder.url
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile(), stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    @Test func backupsGoThroughPipesAndGzip() throws {
        let s = Session()
        try s.ok("demo", "--store", s.store, "--habits", "3", "--years", "1", "--no-report", "--force")
        try s.ok("backup", "--out", "plain.json", "--as-of", "2026-11-20")
        let plain = s.folder.bytes("plain.json")
        #expect(plain.count > 10_000)
        let runs = [
            "\"$A\" backup --out - --as-of 2026-11-20 | gzip > b.json.gz && \"$A\" restore b.json.gz --store one.sqlite",
            "gunzip -c b.json.gz | \"$A\" restore /dev/stdin --store two.sqlite",
            "\"$A\" backup --out - --as-of 2026-11-20 | \"$A\" restore - --store three.sqlite",
            "cat b.json.gz | \"$A\" restore - --store four.sqlite",
        ]
        for (index, script) in runs.enumerated() {
            let result = try shell(s, script)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(script): \(result.stderr)")
            let store = ["one", "two", "three", "four"][index] + ".sqlite"
            try s.ok("backup", "--store", s.folder.path(store), "--out", "again-\(index).json", "--as-of", "2026-11-20")
            #expect(s.folder.bytes("again-\(index).json") == plain, "\(script) did not restore the same store")
        }
        #expect(try shell(s, "\"$A\" backup --out - --as-of 2026-11-20 | \"$A\" restore - --store three.sqlite").stdout.contains("standard input"))
    }

    @Test func aDamagedGzipIsRefusedInOneSentence() throws {
        let s = Session()
        try s.ok("init")
        try s.ok("habit", "add", "Run")
        _ = try shell(s, "\"$A\" backup --out - | gzip > b.json.gz && head -c 200 b.json.gz > cut.gz")
        let result = try s.run("restore", "cut.gz", "--store", s.folder.path("new.sqlite"))
        #expect(result.status == 1)
        #expect(result.stderr == "almanac: Cannot read cut.gz: it starts as gzip but is damaged or cut short; check it with gzip -t.\n", "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: s.folder.path("new.sqlite")))
    }

    /// Small files that inflate to hundreds of megabytes are refused while they are inflated, in
    /// little memory: what is not JSON from its first byte, a backup's opening followed by
    /// spaces (over 100 times the file), and one followed by a string longer than any field holds.
    @Test func gzipBombsAreRefusedInLittleMemory() throws {
        let s = Session()
        let opening = #"{"format": "almanac-backup", "version": 1, "exportedAt": "2026-11-20T00:00:00Z", "note": ""#
        let bombs: [(script: String, says: String)] = [
            ("head -c 600000000 /dev/zero", "does not start as a JSON object"),
            ("{ printf '%s' '\(opening)\"'; head -c 500000000 /dev/zero | tr '\\0' ' '; }", "more than 100 times its size"),
            ("{ printf '%s' '\(opening)'; head -c 500000000 /dev/zero | tr '\\0' 'a'; }", "holds a text of over"),
        ]
        for (index, bomb) in bombs.enumerated() {
            #expect(try shell(s, "\(bomb.script) | gzip -9 > bomb\(index).gz").status == 0)
            #expect(s.folder.bytes("bomb\(index).gz").count < 1_000_000)
            let refused = try shell(s, "/usr/bin/time -f 'peak %M' \"$A\" restore bomb\(index).gz --store new.sqlite")
            #expect(refused.status == 1 && refused.stderr.contains(bomb.says), "\(refused.stderr)")
            let peak = refused.stderr.split(separator: "\n").last { $0.hasPrefix("peak ") }.flatMap { Int($0.dropFirst(5)) } ?? .max
            #expect(peak < 150_000, "bomb \(index) peaked at \(peak) kB")
            #expect(!FileManager.default.fileExists(atPath: s.folder.path("new.sqlite")))
        }
    }

    /// Round six: a 300 kB gzip file that inflates to a backup with 300 MB of numbers under a key
    /// no backup has — at the top, and inside an entry — is refused as it inflates, in under
    /// 150 MB: the text is never held whole, a value of over 16 MB is refused, and so is a file
    /// that inflates to over 100 times its size.
    @Test func anUnknownKeysLongArrayIsNeverHeld() throws {
        var s = Session()
        s.now = "2026-11-21T10:00:00Z"
        try s.ok("init", "--timezone", "UTC")
        try s.ok("habit", "add", "Run")
        try s.ok("log", "run", "--date", "2026-11-20")
        try s.ok("backup", "--out", "good.json", "--as-of", "2026-11-20")
        let good = String(decoding: s.folder.bytes("good.json"), as: UTF8.self)
        for (index, place) in [#""settings":"#, #""note":null"#].enumerated() {
            let split = try #require(good.range(of: place))
            try Data(good[..<split.lowerBound].utf8).write(to: s.folder.url.appendingPathComponent("head\(index)"))
            try Data(("1]," + good[split.lowerBound...]).utf8).write(to: s.folder.url.appendingPathComponent("tail\(index)"))
            #expect(try shell(s, "{ cat head\(index); printf '\"junk\":['; yes '1,' | tr -d '\\n' | head -c 300000000; cat tail\(index); } | gzip -9 > bomb\(index).gz").status == 0)
            #expect(s.folder.bytes("bomb\(index).gz").count < 1_000_000)
            let refused = try shell(s, "/usr/bin/time -f 'peak %M' \"$A\" restore bomb\(index).gz --store new\(index).sqlite")
            #expect(refused.status == 1 && refused.stderr.contains("one value of over 16 MB"), "\(refused.stderr)")
            let peak = refused.stderr.split(separator: "\n").last { $0.hasPrefix("peak ") }.flatMap { Int($0.dropFirst(5)) } ?? .max
            #expect(peak < 150_000, "bomb \(index) peaked at \(peak) kB")
            #expect(!FileManager.default.fileExists(atPath: s.folder.path("new\(index).sqlite")))
        }
    }
}
