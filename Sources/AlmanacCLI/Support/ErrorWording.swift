import AlmanacDomain
import AlmanacImport
import AlmanacKit
import AlmanacStorage
import Foundation

/// How the command line words what the library reports. The library's errors are typed values
/// with neutral sentences; here they get the flags and commands that mend them, and an exit
/// status: 2 for bad usage (an option's value, options that do not go together), 1 otherwise.
enum ErrorWording {
    /// The sentence and exit status for an error of the library; nil for anything else.
    static func sentence(for error: any Error) -> (text: String, status: Int32)? {
        switch error {
        case let error as AlmanacError: return almanac(error)
        case let problem as LogProblem: return log(problem)
        case let problem as SyncProblem: return sync(problem)
        case let problem as NightlyProblem: return nightly(problem)
        case DayRangeProblem.reversed(let start, let end): return ("--from \(start) is after --to \(end).", 2)
        case StoreError.missing(let path): return ("No store at \(path); check the path, or make a store there with `almanac init --store \(Shell.quoted(path))`.", 1)
        case let error as DomainError: return (error.description, 1)
        case let error as StoreError: return (error.description, 1)
        default: return nil
        }
    }

    /// The command that turns the installed timer on, and the one that turns it off.
    static let enableTimer = "systemctl --user daemon-reload && systemctl --user enable --now \(NightlyTimer.unitName).timer"
    static let disableTimer = "systemctl --user disable --now \(NightlyTimer.unitName).timer"

    private static func nightly(_ problem: NightlyProblem) -> (String, Int32) {
        switch problem {
        case .nothingSetUp:
            return ("Nothing is set up for the night yet; say where its outputs go, e.g. `almanac nightly set --site ~/www/habits --backups ~/backups`.", 1)
        case .busy: return ("Another nightly run of this store is going on; try again when it is done, or leave out --no-wait to wait for it.", 1)
        case .timerEnabled: return ("The timer is enabled; turn it off first with `\(disableTimer)`, then uninstall.", 1)
        case .otherJob(let path, let command):
            return ("\(path) runs another nightly job (\(command)); remove it first with `almanac nightly uninstall`.", 1)
        case .notOurs: return (problem.description, 1)
        case .held(let places):
            return ("This store was restored from a backup into a new place; its nightly plan is the one of the store it came from"
                    + (places.isEmpty ? "" : " (\(places.joined(separator: ", ")))")
                    + ", which that store still publishes to, so nothing was run. To publish from this store instead, run `almanac nightly set --resume` on it.", 1)
        }
    }

    private static func sync(_ problem: SyncProblem) -> (String, Int32) {
        switch problem {
        case .notFollowed(let path):
            return ("The store does not follow \(path); `almanac source list` shows what it follows, and `almanac import \(Shell.quoted(path)) --follow` starts following it.", 1)
        case .followsNothing: return ("The store follows no app yet; start with `almanac import PATH --follow`.", 1)
        case let .olderFile(file, modified, lastFile, lastModified):
            return ("\(file) was last modified \(modified), before the file synced last (\(lastFile), \(lastModified)); add --force to sync it anyway.", 1)
        case .cannotBeFollowed(let format):
            return ("A \(format) names habits only by their names, so a habit renamed in the app could not be told from a new one: "
                    + "it cannot be followed, only imported once (`almanac import` without --follow).", 1)
        case let .followedHabit(habit, app, path):
            return ("\(habit) follows the \(app) at \(path): log it in that app (`almanac sync` brings it here), or stop following with "
                    + "`almanac source forget \(Shell.quoted(path))` (the history stays) and log it here.", 1)
        case .otherFormat, .notAFile: return (problem.description, 1)
        }
    }

    private static func almanac(_ error: AlmanacError) -> (String, Int32) {
        switch error {
        case .option: return (error.description, 2)
        case .needsConfirmation(let what): return ("\(what); add --yes to confirm, or use `habit archive`.", 1)
        case .alreadyExists(let path, let what):
            return (what == "a store" ? "\(path) already exists; add --force to replace it with a new sample store."
                                      : "\(path) already has \(what); add --force to overwrite.", 1)
        case .folderBusy(let folder):
            return ("Another report is writing \(folder) right now; try again when it is done, or leave out --no-wait to wait for it.", 1)
        case .noTemplates(let path): return ("No templates folder at \(path); create one with `almanac templates export \(path)`.", 2)
        case .sameStore(let path): return ("--from and --to name the same store (\(path)); name another store to copy to.", 1)
        case .sampleOverSite(let folder):
            return ("Refusing to render the sample site into \(folder): it holds the site of another store, which the sample would replace; "
                    + "give the sample another folder with --out, or pass --no-report.", 1)
        case .emptyStoreLocation(nil):
            return ("--store is empty; give the store's path, or leave the option out to use the default store.", 2)
        case .emptyStoreLocation: return (error.description, 2)
        case .emptyOutputLocation: return ("--out is empty; give the folder or file to write to.", 2)
        case .idPrefix(let kind, let prefix, let matches) where matches == nil || matches == 0:
            let list = "`almanac \(kind == .journal ? "journal list" : "wellbeing list")` shows them."
            return matches == nil ? ("Give at least the first 4 characters of the \(kind.rawValue)'s id; \(list)", 2)
                                  : ("No \(kind.rawValue) has an id starting with \(prefix); \(list)", 1)
        case .importFile(let file, let problem) where problem.formatNotRecognised:
            return ("Cannot import \(file): \(problem.description) — name one with --format if the file is one of them.", 1)
        case .importFile(let file, let problem) where problem.isRow:
            return ("Cannot import \(file): \(problem.description); --skip-bad-rows imports the rest and lists each row left out.", 1)
        default: return (error.description, 1)
        }
    }

    private static func log(_ problem: LogProblem) -> (String, Int32) {
        switch problem {
        case .needsValue(let habit, let unit, let example):
            return ("\(habit) is measured in \(unit): give a value, e.g. `almanac log \"\(habit)\" \(NumberText.plain(example))`.", 1)
        case .skipWithValue: return ("A skipped day has no value; leave the value out.", 2)
        case .skipWithDetails: return ("A skipped day has no time or difficulty; leave --at and --difficulty out.", 1)
        default: return (problem.description, 1)
        }
    }
}

/// Paths as a person pastes them into a shell.
enum Shell {
    /// The path as it is when the shell takes it as one word, else in single quotes.
    static func quoted(_ path: String) -> String {
        let plain = path.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "/._-+,:@%".unicodeScalars.contains($0) }
        return plain && !path.isEmpty ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
