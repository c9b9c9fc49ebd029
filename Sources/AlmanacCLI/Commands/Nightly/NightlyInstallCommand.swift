import AlmanacDomain
import AlmanacKit
import ArgumentParser
import Foundation

/// `almanac nightly install`: the nightly job as a systemd user timer, or its crontab line.
struct NightlyInstallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Install the nightly job as a systemd user timer at 00:05 (or print its crontab line).",
        discussion: """
            Writes almanac-nightly.service and almanac-nightly.timer into $XDG_CONFIG_HOME/systemd/user \
            (default ~/.config/systemd/user) and says the command that turns the timer on. The timer fires \
            at 00:05 in the store's time zone and, with Persistent=true, on waking when the machine slept \
            through it. Where systemd does not run, it prints the crontab line instead (00:05 in the \
            machine's time zone). `almanac nightly uninstall` removes exactly the two files.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var quiet: QuietOption
    @Flag(help: "Write the units even where systemd does not seem to run (for a home folder used elsewhere).") var systemd = false
    @Flag(help: "Only print the crontab line; write nothing.") var cron = false

    func validate() throws {
        if systemd && cron { throw ValidationError("--systemd and --cron cannot go together.") }
    }

    func run() throws {
        quiet.apply()
        let timer = try NightlyTimerOptions.timer(global)
        guard !cron && (systemd || NightlyTimer.systemdRuns) else {
            if !cron { Output.line("systemd does not run here; add this line with `crontab -e` (it runs at 00:05 in the machine's time zone):") }
            Output.line(timer.cronLine)
            return
        }
        switch try timer.install() {
        case .alreadyThere: Output.line("The timer is already installed: \(timer.timerPath).")
        case .written: Output.line("Wrote \(timer.servicePath) and \(timer.timerPath).")
        }
        Output.line("Turn it on with: \(ErrorWording.enableTimer)")
    }
}

/// `almanac nightly uninstall`: removes the two unit files `install` wrote.
struct NightlyUninstallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "uninstall", abstract: "Remove the timer's two unit files that `almanac nightly install` wrote.")

    @OptionGroup var quiet: QuietOption

    func run() throws {
        quiet.apply()
        let timer = try NightlyTimer(environment: GlobalOptions.environment, command: [], timeZone: "UTC")
        let removed = try timer.uninstall()
        Output.line(removed.isEmpty ? "No nightly timer is installed in \(timer.folder)." : "Removed \(removed.joined(separator: " and ")).")
    }
}

enum NightlyTimerOptions {
    /// The timer of the store `global` names: this executable runs `nightly` for it.
    static func timer(_ global: GlobalOptions) throws -> NightlyTimer {
        let location = try global.location()
        let store = try location.open()
        defer { try? store.close() }
        let settings = try store.settings()
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return try NightlyTimer(environment: GlobalOptions.environment, command: [executable, "nightly", "--store", location.location],
                            timeZone: settings.timeZone)
    }
}
