import AlmanacDomain
import Foundation

/// The nightly job as a systemd user timer (`almanac nightly install`): a service that runs
/// `almanac nightly` for one store and a timer that starts it at 00:05 in the store's time zone,
/// `Persistent=true` so that a machine asleep at that time runs it when it wakes. The two unit
/// files go into the user's systemd folder (`$XDG_CONFIG_HOME/systemd/user`); uninstalling
/// removes exactly those two files, and only while they are the ones Almanac wrote. Where
/// systemd does not run, the same job is one crontab line (`cronLine`).
public struct NightlyTimer {
    public static let unitName = "almanac-nightly"
    /// The first line of both files: how uninstall knows they are Almanac's.
    static let marker = "# Written by Almanac's nightly install; its nightly uninstall removes it."

    /// The folder of the user's units.
    public let folder: String
    /// The command line the service runs: the executable, then its arguments.
    public let command: [String]
    /// The store's time zone, which the timer's time is in.
    public let timeZone: String

    /// Refuses a command with a control character (a newline in the store's path would end the
    /// unit's `ExecStart=` line, or the crontab line, and start another).
    public init(environment: [String: String], command: [String], timeZone: String) throws {
        if let word = command.first(where: { $0.unicodeScalars.contains { $0.properties.generalCategory == .control } }) {
            throw AlmanacError.refused("\(word.debugDescription) holds a control character, which a unit file or a crontab line cannot carry; move it to a path without one.")
        }
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) as NSString).appendingPathComponent(".config")
        folder = (config as NSString).appendingPathComponent("systemd/user")
        self.command = command
        self.timeZone = timeZone
    }

    public var servicePath: String { (folder as NSString).appendingPathComponent(Self.unitName + ".service") }
    public var timerPath: String { (folder as NSString).appendingPathComponent(Self.unitName + ".timer") }
    /// The link `systemctl --user enable` makes for the timer.
    var enabledLink: String { (folder as NSString).appendingPathComponent("timers.target.wants/\(Self.unitName).timer") }

    public var service: String {
        """
        \(Self.marker)
        [Unit]
        Description=Almanac's nightly job: sync, report, exports and dated backups

        [Service]
        Type=oneshot
        ExecStart=\(command.map(Self.systemdWord).joined(separator: " "))

        """
    }

    public var timer: String {
        """
        \(Self.marker)
        [Unit]
        Description=Almanac's nightly job, at 00:05 in the store's time zone

        [Timer]
        OnCalendar=*-*-* 00:05:00 \(timeZone)
        Persistent=true

        [Install]
        WantedBy=timers.target

        """
    }

    /// The crontab line of the same job: at 00:05 in the machine's time zone (cron knows no other).
    public var cronLine: String {
        "5 0 * * * " + command.map(Self.shellWord).joined(separator: " ")
    }

    /// Whether a systemd user manager can run the timer here (the system was booted with systemd).
    public static var systemdRuns: Bool {
        var info = stat()
        return lstat("/run/systemd/system", &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    public enum Installed: Sendable { case written, alreadyThere }

    /// Writes the two files (each atomically). Files of the same names that Almanac did not write,
    /// or wrote for another command, are refused, not replaced.
    public func install() throws -> Installed {
        let wanted = [(servicePath, service), (timerPath, timer)]
        if try wanted.allSatisfy({ try existing($0.0) == $0.1 }) { return .alreadyThere }
        for (path, _) in wanted {
            guard let text = try existing(path) else { continue }
            guard text.hasPrefix(Self.marker) else { throw NightlyProblem.notOurs(path: path) }
            if path == servicePath, text != service {
                throw NightlyProblem.otherJob(path: path, command: Self.execLine(of: text) ?? "a changed one")
            }
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw AlmanacError.cannotWrite(path: folder, reason: "the folder cannot be made")
        }
        for (path, text) in wanted { try AtomicFile.write(Array(text.utf8), to: path) }
        return .written
    }

    /// Removes the two files Almanac wrote; the paths removed. An enabled timer is refused first
    /// (its link would point at nothing), and a file that is not Almanac's stays.
    public func uninstall() throws -> [String] {
        var info = stat()
        if lstat(enabledLink, &info) == 0 { throw NightlyProblem.timerEnabled(unit: Self.unitName + ".timer") }
        var removed: [String] = []
        for path in [timerPath, servicePath] {
            guard let text = try existing(path) else { continue }
            guard text.hasPrefix(Self.marker) else { throw NightlyProblem.notOurs(path: path) }
            guard unlink(path) == 0 else { throw AlmanacError.system(path) }
            removed.append(path)
        }
        return removed
    }

    /// What is at `path` (nil: nothing); anything but a small regular file is refused.
    private func existing(_ path: String) throws -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        guard info.st_mode & S_IFMT == S_IFREG, let bytes = OutputFolder.bytes(atPath: path, limit: 1 << 16) else {
            throw NightlyProblem.notOurs(path: path)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func execLine(of unit: String) -> String? {
        unit.split(separator: "\n").first { $0.hasPrefix("ExecStart=") }.map { String($0.dropFirst("ExecStart=".count)) }
    }

    /// A word of `ExecStart=` as systemd reads it: double-quoted, `\` and `"` escaped, and `%`
    /// and `$` doubled (systemd would expand them).
    static func systemdWord(_ word: String) -> String {
        var out = "\""
        for c in word {
            switch c {
            case "\\", "\"": out += "\\\(c)"
            case "%": out += "%%"
            case "$": out += "$$"
            default: out.append(c)
            }
        }
        return out + "\""
    }

    /// A word of a crontab line as `sh` reads it: single-quoted; `%` escaped (cron would end the
    /// command there).
    static func shellWord(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''").replacingOccurrences(of: "%", with: "\\%") + "'"
    }
}
