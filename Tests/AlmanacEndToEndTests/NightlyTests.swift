import AlmanacTestSupport
import Foundation
import Testing

/// The nightly job as its users run it: set up once, run by a timer or cron after midnight, quiet
/// unless something failed, with dated backups that a rule thins out and `restore` picks from.
@Suite struct NightlyTests {
    /// A session with its own runtime folder (where the nightly lock lives) and config folder.
    func run(_ s: Session, _ arguments: [String], _ extra: [String: String] = [:]) throws -> AlmanacBinary.Result {
        let environment = s.environment.merging(["XDG_RUNTIME_DIR": s.folder.path("run"), "XDG_CONFIG_HOME": s.folder.path("config")]) { $1 }
        return try s.binary.run(arguments, environment: environment.merging(extra) { $1 }, in: s.folder.url)
    }

    func inode(_ path: String) -> (ino_t, Int) {
        var info = stat()
        stat(path, &info)
        return (info.st_ino, info.st_mtim.tv_sec * 1_000_000_000 + info.st_mtim.tv_nsec)
    }

    /// The files of a folder with their inodes and modification times.
    func stamps(_ s: Session, _ folders: [String]) throws -> [String: String] {
        var all: [String: String] = [:]
        for folder in folders {
            for file in try s.folder.files(under: folder) {
                let (ino, time) = inode(s.folder.path(folder + "/" + file))
                all[folder + "/" + file] = "\(ino) \(time)"
            }
        }
        return all
    }

    func gunzip(_ path: String) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-dc", path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "gzip -dc \(path)")
        return data
    }

    @Test(arguments: TestBackend.available) func theNightlyJobRunsWhatTheStoreIsSetUpFor(_ backend: TestBackend) throws {
        var s = Session(backend)
        try s.ok("init", "--timezone", "Europe/Berlin")
        try s.ok("habit", "add", "Run")
        try s.ok("log", "run", "--date", "2026-11-20")
        try s.ok("log", "run")   // today, 22 November: not in tonight's outputs
        // Nothing set up yet: one sentence, and a failure cron mails.
        let nothing = try run(s, ["nightly"])
        #expect(nothing.status == 1 && nothing.stderr.hasPrefix("almanac: Nothing is set up for the night yet") && nothing.stdout.isEmpty, "\(nothing)")
        let shown = try s.ok("nightly", "set", "--site", "site", "--csv", "csv", "--xlsx", "habits.xlsx", "--backups", "backups",
                             "--keep", "2", "--keep-weekly", "0", "--keep-monthly", "0")
        #expect(shown.contains("report:  \(s.folder.url.resolvingSymlinksInPath().path)/site (private)") || shown.contains("/site (private)"), "\(shown)")
        // Quiet on success: nothing on stdout or stderr.
        let night = try run(s, ["nightly"])
        #expect(night.status == 0 && night.stdout.isEmpty && night.stderr.isEmpty, "\(night)")
        // As of the day that just ended, in the store's time zone.
        let manifest = try JSONSerialization.jsonObject(with: s.folder.bytes("site/manifest.json")) as! [String: Any]
        #expect(manifest["asOf"] as? String == "2026-11-21")
        let entries = String(decoding: s.folder.bytes("csv/entries.csv"), as: UTF8.self).split(separator: "\r\n").dropFirst()
        #expect(entries.count == 1 && entries.first?.hasPrefix("2026-11-20,") == true, "\(entries)")
        #expect(s.folder.bytes("habits.xlsx").starts(with: [0x50, 0x4B]))
        #expect(try s.folder.files(under: "backups") == ["almanac-2026-11-21.json.gz"])
        let backup = try JSONSerialization.jsonObject(with: gunzip(s.folder.path("backups/almanac-2026-11-21.json.gz"))) as! [String: Any]
        #expect(backup["exportedAt"] as? String == "2026-11-21T00:00:00.000Z")
        let plan = (backup["settings"] as? [String: Any])?["nightly"] as? [String: Any]
        #expect((plan?["backups"] as? String)?.hasSuffix("/backups") == true && plan?["keep"] as? Int == 2, "\(String(describing: plan))")

        // Again the same night: nothing changes, not even a file's time.
        let outputs = ["site", "csv", "backups"]
        let before = try stamps(s, outputs), book = inode(s.folder.path("habits.xlsx"))
        let again = try run(s, ["nightly", "--json"])
        #expect(again.status == 0)
        #expect(try stamps(s, outputs) == before)
        #expect(inode(s.folder.path("habits.xlsx")) == book)
        let report = try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as! [String: Any]
        let steps = report["steps"] as! [[String: Any]]
        #expect(report["day"] as? String == "2026-11-21")
        // The backup first, before the steps that make figures.
        #expect(steps.map { $0["step"] as! String } == ["backup", "report", "csv", "xlsx"])
        #expect(steps.allSatisfy { $0["ok"] as? Bool == true && $0["written"] as? Int == 0 }, "\(steps)")

        // Files of the user's own in the backups folder, and names the rule did not make, are
        // never removed; dated backups beyond the rule are.
        for name in ["notes.txt", "almanac-backup-2026-01-01.json", "almanac-2026-02-30.json.gz", "almanac-2026-11-19.json.gz.bak"] {
            try Data("mine".utf8).write(to: s.folder.url.appendingPathComponent("backups/" + name))
        }
        for day in ["2026-11-23", "2026-11-24", "2026-11-26"] {
            s.now = day + "T00:05:00+01:00"
            #expect(try run(s, ["nightly"]).status == 0)
        }
        #expect(try s.folder.files(under: "backups").sorted() == ["almanac-2026-02-30.json.gz", "almanac-2026-11-19.json.gz.bak",
                                                                  "almanac-2026-11-23.json.gz", "almanac-2026-11-25.json.gz",
                                                                  "almanac-backup-2026-01-01.json", "notes.txt"])

        // restore takes the folder (the newest) or a day of it; the plan comes along, held in a
        // store restored into a new place until its person says so.
        let restored = s.folder.path("restored.sqlite")
        #expect(try s.ok("restore", "backups", "--store", restored).contains("from backups/almanac-2026-11-25.json.gz"))
        #expect(try s.ok("nightly", "show", "--store", restored).hasPrefix("Held: "))
        #expect(try s.ok("nightly", "set", "--resume", "--store", restored) == shown)
        #expect(try s.ok("restore", "backups", "--date", "2026-11-23", "--store", s.folder.path("older.sqlite"))
            .contains("from backups/almanac-2026-11-23.json.gz"))
        let missing = try s.run("restore", "backups", "--date", "2026-11-24", "--store", s.folder.path("none.sqlite"))
        #expect(missing.status == 1 && missing.stderr == "almanac: backups holds no backup of 2026-11-24; the nearest are 2026-11-23 and 2026-11-25.\n", "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: s.folder.path("none.sqlite")))
        let notFolder = try s.run("restore", "backups/notes.txt", "--date", "2026-11-23")
        #expect(notFolder.status == 2 && notFolder.stderr.contains("is not a folder"), "\(notFolder.stderr)")

        // Parts are taken out one by one.
        #expect(!(try s.ok("nightly", "set", "--no-csv", "--no-xlsx")).contains("csv:"))
        let json = try JSONSerialization.jsonObject(with: Data(try s.ok("nightly", "show", "--json").utf8)) as! [String: Any]
        #expect(json["csv"] == nil && json["xlsx"] == nil && json["keep"] as? Int == 2)
    }

    /// A failing step is named in one sentence; the steps after it still run; the status says it.
    /// A store restored "to have a look" takes over nothing: its carried plan is held (the nightly
    /// job refuses with the command that resumes it), `restore` says what it took besides the
    /// data, and a dated backup is never replaced by older data — even once the copy is resumed.
    @Test func aRestoredCopyPublishesNothingAndNeverWritesOlderOverNewer() throws {
        var s = Session()
        s.now = "2026-11-15T08:00:00Z"
        try s.ok("init", "--timezone", "Europe/Berlin")
        try s.ok("habit", "add", "Run")
        for folder in ["site", "backups"] { try FileManager.default.createDirectory(atPath: s.folder.path(folder), withIntermediateDirectories: true) }
        try s.ok("nightly", "set", "--site", s.folder.path("site"), "--backups", s.folder.path("backups"))
        s.now = "2026-11-15T19:00:00Z"; try s.ok("log", "run")
        s.now = "2026-11-15T23:05:00Z"; #expect(try run(s, ["nightly"]).status == 0)
        s.now = "2026-11-22T19:00:00Z"; try s.ok("log", "run")
        s.now = "2026-11-22T23:05:00Z"; #expect(try run(s, ["nightly"]).status == 0)
        let newest = s.folder.path("backups/almanac-2026-11-22.json.gz"), before = s.folder.bytes("backups/almanac-2026-11-22.json.gz")
        #expect(String(decoding: try gunzip(newest), as: UTF8.self).contains(#""newestChange":"2026-11-22T19:00:00.000Z""#))

        // A look at the week-old backup, in a store of its own made for it (another zone, German).
        s.now = "2026-11-23T08:00:00Z"
        let copy = s.folder.path("r3.sqlite")
        try s.ok("init", "--store", copy, "--timezone", "America/New_York", "--language", "de")
        let restored = try s.ok("restore", "backups", "--date", "2026-11-15", "--store", copy)
        #expect(restored.contains("time zone: Europe/Berlin (was America/New_York)") && restored.contains("language: en (was de)"), "\(restored)")
        #expect(restored.contains("nightly plan: \(s.folder.path("site")), \(s.folder.path("backups")) (was none)"), "\(restored)")
        #expect(restored.contains("The nightly plan is held"))
        let site = try stamps(s, ["site"])
        let refused = try run(s, ["nightly", "--store", copy])
        #expect(refused.status == 1 && refused.stderr.contains("restored from a backup") && refused.stderr.contains("almanac nightly set --resume"),
                "\(refused.stderr)")
        #expect(try stamps(s, ["site"]) == site && s.folder.bytes("backups/almanac-2026-11-22.json.gz") == before)
        #expect(try s.ok("nightly", "show", "--store", copy).contains("Held:"))
        // The store it came from goes on publishing.
        s.now = "2026-11-23T23:05:00Z"
        #expect(try run(s, ["nightly"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: s.folder.path("backups/almanac-2026-11-23.json.gz")))

        // Resumed, the copy publishes — but never its older data over a newer backup of the day.
        s.now = "2026-11-23T08:00:00Z"
        try s.ok("nightly", "set", "--resume", "--store", copy)
        let night = try run(s, ["nightly", "--store", copy])
        #expect(night.status == 1 && night.stderr.contains("almanac-2026-11-22.json.gz was not replaced")
                && night.stderr.contains("2026-11-22T19:00:00.000Z") && night.stderr.contains("2026-11-15T19:00:00.000Z"), "\(night.stderr)")
        #expect(!night.stderr.contains("report"), "the other steps ran: \(night.stderr)")
        #expect(s.folder.bytes("backups/almanac-2026-11-22.json.gz") == before)
        // `backup --out` into a dated name refuses the same; newer data replaces it.
        let manual = try s.run("backup", "--store", copy, "--out", newest)
        #expect(manual.status == 1 && manual.stderr.contains("was not replaced"))
        s.now = "2026-11-23T09:00:00Z"
        try s.ok("log", "run", "--store", copy)
        try s.ok("backup", "--store", copy, "--out", newest)
        #expect(s.folder.bytes("backups/almanac-2026-11-22.json.gz") != before)
    }

    /// Round six: retention and `restore FOLDER` count only names of days Almanac can write, not
    /// after the day written (a foreign `almanac-9999-12-31.json.gz` is no newest backup), and
    /// `restore FOLDER` passes over a newest file it cannot read, with a word, for the one before.
    @Test func onlyDaysAlmanacWritesCountAndAnUnreadableNewestIsPassedOver() throws {
        var s = Session()
        s.now = "2026-11-19T08:00:00Z"
        try s.ok("init", "--timezone", "UTC")
        try s.ok("habit", "add", "Run")
        try FileManager.default.createDirectory(atPath: s.folder.path("backups"), withIntermediateDirectories: true)
        try s.ok("nightly", "set", "--backups", s.folder.path("backups"), "--keep", "1", "--keep-weekly", "0", "--keep-monthly", "0")
        for (name, text) in [("almanac-9999-12-31.json.gz", "not ours"), ("almanac-2026-12-25.json.gz", "a clock set wrong")] {
            try Data(text.utf8).write(to: s.folder.url.appendingPathComponent("backups/" + name))
        }
        for (day, night) in [("2026-11-20", "2026-11-21"), ("2026-11-21", "2026-11-22")] {
            s.now = day + "T19:00:00Z"; try s.ok("log", "run")
            s.now = night + "T00:05:00Z"; #expect(try run(s, ["nightly"]).status == 0)
        }
        #expect(try s.folder.files(under: "backups").sorted() == ["almanac-2026-11-21.json.gz", "almanac-2026-12-25.json.gz", "almanac-9999-12-31.json.gz"])
        // A link to a FIFO in the place of the night's file is not read (it would wait for a
        // writer forever) nor written through: the step says so in one sentence, at once.
        #expect(mkfifo(s.folder.path("fifo"), 0o600) == 0)
        #expect(symlink(s.folder.path("fifo"), s.folder.path("backups/almanac-2026-11-22.json.gz")) == 0)
        s.now = "2026-11-23T00:05:00Z"
        let started = Date()
        let linked = try run(s, ["nightly"])
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(linked.status == 1 && linked.stderr.contains("it is a symbolic link"), "\(linked.stderr)")
        #expect(FileManager.default.fileExists(atPath: s.folder.path("backups/almanac-2026-11-21.json.gz")))
        try FileManager.default.removeItem(atPath: s.folder.path("backups/almanac-2026-11-22.json.gz"))
        // A damaged newest backup (cut short) is passed over for the one before it.
        s.now = "2026-11-23T08:00:00Z"
        let good = s.folder.bytes("backups/almanac-2026-11-21.json.gz")
        try Data(good.prefix(good.count / 2)).write(to: s.folder.url.appendingPathComponent("backups/almanac-2026-11-22.json.gz"))
        let restored = try s.binary.run(["restore", "backups", "--store", s.folder.path("r.sqlite")], environment: s.environment, in: s.folder.url)
        #expect(restored.status == 0 && restored.stdout.contains("from backups/almanac-2026-11-21.json.gz"), "\(restored.stdout) \(restored.stderr)")
        #expect(restored.stderr.hasPrefix("warning: passed over backups/almanac-2026-11-22.json.gz: ") && restored.stderr.contains("cut short"),
                "\(restored.stderr)")
        // Asked for by its day, a file that cannot be read is refused, the store not made.
        let asked = try s.run("restore", "backups", "--date", "2026-11-22", "--store", s.folder.path("none.sqlite"))
        #expect(asked.status == 1 && !FileManager.default.fileExists(atPath: s.folder.path("none.sqlite")))
    }

    @Test func aFailingStepIsNamedAndTheOthersStillRun() throws {
        let s = Session()
        try s.ok("init", "--timezone", "UTC")
        try s.ok("habit", "add", "Run")
        try Data("a file".utf8).write(to: s.folder.url.appendingPathComponent("blocker"))
        try s.ok("nightly", "set", "--site", "blocker/site", "--csv", "csv", "--backups", "backups")
        let night = try run(s, ["nightly"])
        #expect(night.status == 1)
        let lines = night.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("almanac: the nightly report into \(s.folder.path("blocker/site")) failed: "), "\(night.stderr)")
        #expect(s.folder.bytes("csv/habits.csv").count > 0)
        #expect(try s.folder.files(under: "backups") == ["almanac-2026-11-21.json.gz"])
        let json = try run(s, ["nightly", "--json"])
        let steps = (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any])["steps"] as! [[String: Any]]
        #expect(json.status == 1 && steps.map { $0["ok"] as! Bool } == [true, false, true], "\(json.stdout)")
        #expect((steps[1]["error"] as? String)?.contains("blocker") == true)
        // Bad settings never reach the store: a count out of range, a place whose folder is missing
        // (a typo found now, not at night).
        let bad = try s.run("nightly", "set", "--keep", "0")
        #expect(bad.status == 1 && bad.stderr.contains("keep 1 to 100000"), "\(bad.stderr)")
        let typo = try s.run("nightly", "set", "--csv", "Sycn/habits/csv")
        #expect(typo.status == 1 && typo.stderr.contains("Sycn/habits does not exist"), "\(typo.stderr)")
        let after = try s.ok("nightly", "show")
        #expect(!after.contains("Sycn") && after.contains("csv:     ") && after.contains("/csv\n"), "\(after)")
    }

    /// A child process of `parent` whose arguments include `arguments` in a row, from /proc.
    func child(of parent: pid_t, running arguments: [String]) -> pid_t? {
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")"),
                  stat[stat.index(after: close)...].split(separator: " ").dropFirst().first == "\(parent)",
                  let line = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { continue }
            let words = line.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            if words.indices.contains(where: { Array(words[$0...].prefix(arguments.count)) == arguments }) { return pid }
        }
        return nil
    }

    /// A crash in a step that makes figures stops only that step: the report's own process
    /// killed (SIGKILL, as the kernel ends a process out of memory), the backup before it and the exports after it are written, the
    /// failure is named in one sentence, and the next night completes the site.
    @Test func aCrashInTheReportStopsOnlyTheReport() throws {
        let s = Session()
        try s.ok("demo", "--store", s.store, "--habits", "30", "--years", "3", "--no-report", "--force")
        try s.ok("nightly", "set", "--site", "site", "--csv", "csv", "--xlsx", "book.xlsx", "--backups", "backups")
        let process = Process()
        process.executableURL = s.binary.url
        process.arguments = ["nightly"]
        process.environment = s.environment.merging(["XDG_RUNTIME_DIR": s.folder.path("run"), "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]) { $1 }
        process.currentDirectoryURL = s.folder.url
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var report: pid_t?
        let deadline = Date().addingTimeInterval(120)
        while report == nil && process.isRunning && Date() < deadline {
            report = child(of: process.processIdentifier, running: ["--step", "report"])
            if report == nil { usleep(2_000) }
        }
        let pid = try #require(report, "the report's process was not seen")
        kill(pid, SIGKILL)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        let lines = stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("almanac: the nightly report into \(s.folder.path("site")) failed: its process was ended by signal 9"), "\(stderr)")
        #expect(try s.folder.files(under: "csv").count == 9)
        #expect(FileManager.default.fileExists(atPath: s.folder.path("book.xlsx")))
        #expect(try s.folder.files(under: "backups") == ["almanac-2026-11-21.json.gz"])
        let night = try run(s, ["nightly"])
        #expect(night.status == 0 && FileManager.default.fileExists(atPath: s.folder.path("site/index.html")), "\(night.stderr)")
    }

    /// Two runs of one store at once: the second waits for the first, or refuses when asked not to.
    @Test func aSecondRunWaitsForTheFirst() throws {
        let s = Session()
        try s.ok("init", "--timezone", "UTC")
        try s.ok("habit", "add", "Run")
        try s.ok("nightly", "set", "--backups", "backups")
        let settings = try JSONSerialization.jsonObject(with: Data(try s.ok("settings", "--json").utf8)) as! [String: Any]
        let id = try #require(settings["storeId"] as? String)
        try FileManager.default.createDirectory(atPath: s.folder.path("run/almanac"), withIntermediateDirectories: true)
        let fd = open(s.folder.path("run/almanac/.nightly-\(id).lock"), O_RDWR | O_CREAT, 0o644)
        try #require(fd >= 0 && flock(fd, LOCK_EX) == 0)
        let refused = try run(s, ["nightly", "--no-wait"])
        #expect(refused.status == 1 && refused.stderr.hasPrefix("almanac: Another nightly run of this store is going on; try again when it is done"), "\(refused.stderr)")
        let waiting = Process()
        waiting.executableURL = s.binary.url
        waiting.arguments = ["nightly"]
        waiting.environment = s.environment.merging(["XDG_RUNTIME_DIR": s.folder.path("run"), "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]) { $1 }
        waiting.currentDirectoryURL = s.folder.url
        try waiting.run()
        Thread.sleep(forTimeInterval: 0.5)
        #expect(waiting.isRunning && !FileManager.default.fileExists(atPath: s.folder.path("backups")))
        close(fd)
        waiting.waitUntilExit()
        #expect(waiting.terminationStatus == 0)
        #expect(try s.folder.files(under: "backups") == ["almanac-2026-11-21.json.gz"])
    }

    /// A run killed at any moment leaves every output whole; the next run completes the night.
    @Test func aKilledRunLeavesEveryOutputWholeAndTheNextCompletesIt() throws {
        let s = Session()
        try s.ok("demo", "--store", s.store, "--habits", "30", "--years", "3", "--no-report", "--force")
        try s.ok("nightly", "set", "--site", "site", "--csv", "csv", "--xlsx", "book.xlsx", "--backups", "backups")
        for delay in [0.05, 0.2, 0.4, 0.7, 1.0] {
            let process = try s.spawn(["nightly"])
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            for name in (try? s.folder.files(under: "backups")) ?? [] {
                #expect(name == "almanac-2026-11-21.json.gz" || name.hasPrefix("."), "\(name)")
                if name.hasSuffix(".gz") && !name.hasPrefix(".") { _ = try gunzip(s.folder.path("backups/" + name)) }
            }
            if FileManager.default.fileExists(atPath: s.folder.path("site/manifest.json")) {
                let manifest = try JSONSerialization.jsonObject(with: s.folder.bytes("site/manifest.json")) as! [String: Any]
                for file in manifest["files"] as! [[String: Any]] {
                    #expect(FileManager.default.fileExists(atPath: s.folder.path("site/" + (file["path"] as! String))))
                }
            }
        }
        let night = try run(s, ["nightly"])
        #expect(night.status == 0, "\(night.stderr)")
        #expect(try s.folder.files(under: "backups") == ["almanac-2026-11-21.json.gz"])
        #expect(try s.folder.files(under: "csv").count == 9)
        #expect(FileManager.default.fileExists(atPath: s.folder.path("book.xlsx")))
        _ = try gunzip(s.folder.path("backups/almanac-2026-11-21.json.gz"))
    }

    /// The timer: two unit files systemd accepts, written and removed exactly; the crontab line
    /// where systemd does not run.
    @Test func theTimerIsInstalledAndUninstalledExactly() throws {
        let s = Session()
        try s.ok("init", "--timezone", "America/New_York")
        try s.ok("nightly", "set", "--backups", "backups")
        let units = s.folder.path("config/systemd/user")
        let installed = try run(s, ["nightly", "install", "--systemd"])
        #expect(installed.status == 0 && installed.stdout.contains("systemctl --user enable --now almanac-nightly.timer"), "\(installed)")
        let service = String(decoding: s.folder.bytes("config/systemd/user/almanac-nightly.service"), as: UTF8.self)
        let timer = String(decoding: s.folder.bytes("config/systemd/user/almanac-nightly.timer"), as: UTF8.self)
        #expect(service.contains("ExecStart=\"\(s.binary.url.resolvingSymlinksInPath().path)\" \"nightly\" \"--store\" \"\(s.store)\"\n"), "\(service)")
        #expect(timer.contains("OnCalendar=*-*-* 00:05:00 America/New_York\nPersistent=true\n") && timer.contains("WantedBy=timers.target"))
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze") {
            try FileManager.default.createDirectory(atPath: s.folder.path("run"), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let verify = Process()
            verify.executableURL = URL(fileURLWithPath: "/usr/bin/systemd-analyze")
            verify.arguments = ["verify", "--user", units + "/almanac-nightly.timer", units + "/almanac-nightly.service"]
            verify.environment = ["XDG_RUNTIME_DIR": s.folder.path("run"), "XDG_CONFIG_HOME": s.folder.path("config"), "PATH": "/usr/bin:/bin"]
            let err = Pipe()
            verify.standardError = err
            verify.standardOutput = err
            try verify.run()
            let said = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            verify.waitUntilExit()
            #expect(verify.terminationStatus == 0 && said.isEmpty, "systemd-analyze verify: \(said)")
        }
        #expect(try run(s, ["nightly", "install", "--systemd"]).stdout.contains("already installed"))
        #expect(try run(s, ["nightly", "show"]).stdout.contains("Timer: \(units)/almanac-nightly.timer"))
        // Enabled: uninstall says how to turn it off first, and removes nothing.
        try FileManager.default.createDirectory(atPath: units + "/timers.target.wants", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: units + "/timers.target.wants/almanac-nightly.timer", withDestinationPath: units + "/almanac-nightly.timer")
        let enabled = try run(s, ["nightly", "uninstall"])
        #expect(enabled.status == 1 && enabled.stderr.contains("systemctl --user disable --now almanac-nightly.timer"))
        try FileManager.default.removeItem(atPath: units + "/timers.target.wants")
        try Data("[Unit]\n".utf8).write(to: URL(fileURLWithPath: units + "/other.service"))
        let removed = try run(s, ["nightly", "uninstall"])
        #expect(removed.status == 0 && removed.stdout.contains("Removed"), "\(removed)")
        #expect(try s.folder.files(under: "config/systemd/user") == ["other.service"])
        #expect(try run(s, ["nightly", "show"]).stdout.contains("No timer yet: almanac nightly install"))
        // A unit of the same name that Almanac did not write is never replaced or removed.
        try Data("[Unit]\nDescription=mine\n".utf8).write(to: URL(fileURLWithPath: units + "/almanac-nightly.timer"))
        let refused = try run(s, ["nightly", "install", "--systemd"])
        #expect(refused.status == 1 && refused.stderr.contains("is not a unit Almanac wrote"), "\(refused.stderr)")
        #expect(try run(s, ["nightly", "uninstall"]).status == 1)
        #expect(String(decoding: s.folder.bytes("config/systemd/user/almanac-nightly.timer"), as: UTF8.self) == "[Unit]\nDescription=mine\n")
        // The crontab line: 00:05, each word quoted for sh.
        let cron = try run(s, ["nightly", "install", "--cron"])
        #expect(cron.stdout == "5 0 * * * '\(s.binary.url.resolvingSymlinksInPath().path)' 'nightly' '--store' '\(s.store)'\n", "\(cron.stdout)")
        // A newline in the store's path would end the unit's or the crontab's line and start
        // another: refused, nothing written.
        let hostile = s.folder.path("two\nExecStartPre=rm.sqlite")
        try s.ok("init", "--store", hostile)
        for how in ["--cron", "--systemd"] {
            let refused = try run(s, ["nightly", "install", how, "--store", hostile])
            #expect(refused.status == 1 && refused.stderr.contains("control character") && refused.stdout.isEmpty, "\(refused)")
        }
        #expect(String(decoding: s.folder.bytes("config/systemd/user/almanac-nightly.timer"), as: UTF8.self) == "[Unit]\nDescription=mine\n")
    }
}

extension NightlyTests {
    /// A store that follows an app is synced first; a sync that fails (the app's file is gone)
    /// is named, and the night's outputs are still written from what the store holds.
    @Test func aFollowedAppIsSyncedFirstAndItsFailureStopsNothingElse() throws {
        let s = Session()
        try s.ok("init", "--timezone", "UTC")
        try FileManager.default.createDirectory(atPath: s.folder.path("phone"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: ImportTests.fixture("loop-v12.db"), toPath: s.folder.path("phone/Loop Habits Backup 2026-11-20.db"))
        try s.ok("import", "phone", "--follow")
        try s.ok("nightly", "set", "--backups", "backups")
        #expect(try s.ok("nightly", "show").contains("sync:"))
        let night = try run(s, ["nightly", "--json"])
        let steps = (try JSONSerialization.jsonObject(with: Data(night.stdout.utf8)) as! [String: Any])["steps"] as! [[String: Any]]
        #expect(night.status == 0 && steps.map { $0["step"] as! String } == ["sync", "backup"], "\(night)")
        let sources = try #require(steps[0]["sources"] as? [[String: Any]])
        #expect(sources.count == 1 && sources[0]["sameFile"] as? Bool == true, "\(sources)")
        try FileManager.default.removeItem(atPath: s.folder.path("phone"))
        try FileManager.default.removeItem(atPath: s.folder.path("backups"))
        let failed = try run(s, ["nightly"])
        let lines = failed.stderr.split(separator: "\n")
        #expect(failed.status == 1 && lines.count == 1 && lines[0].hasPrefix("almanac: the nightly sync failed: "), "\(failed.stderr)")
        #expect(try s.folder.files(under: "backups") == ["almanac-2026-11-21.json.gz"])
    }
}
