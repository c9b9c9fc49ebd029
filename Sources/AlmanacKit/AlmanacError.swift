import AlmanacDomain
import Foundation
import SystemPackage
import AlmanacStorage
import AlmanacImport

/// Why a use case could not do what it was asked, with the subject a user needs to act on — the
/// file, the JSON path or the option — and a sentence. Front ends print `description`.
public enum AlmanacError: Error, Equatable, CustomStringConvertible, Sendable {
    /// A file or folder that cannot be written, and why ("No space left on device").
    case cannotWrite(path: String, reason: String)
    /// A file or folder that cannot be read, or is missing, and why.
    case cannotRead(path: String, reason: String)
    /// A backup that cannot be restored: the file and the problem (which names its JSON path).
    case backup(file: String, problem: BackupDocument.Problem)
    /// Another app's file that cannot be imported: the file and the problem (which names the
    /// line, row or JSON path).
    case importFile(file: String, problem: ImportProblem)
    /// An option whose value cannot be used (`--date`), and why.
    case option(String, reason: String)
    /// A template that does not render: the template file and the reason.
    case template(file: String, reason: String)
    /// A request that a rule of the application refuses, as a whole sentence.
    case refused(String)
    /// A report that stopped at one of its steps, on a file of the site when it is about one.
    case report(step: ReportStep, path: String?, reason: String)
    /// An action that is only done when confirmed: what it would do.
    case needsConfirmation(String)
    /// Something is at the path already (`what`: what is there), and replacing it was not asked for.
    case alreadyExists(path: String, what: String)
    /// Another report is writing the folder.
    case folderBusy(String)
    /// No folder of templates at the path.
    case noTemplates(path: String)
    /// A copy from a store into itself.
    case sameStore(String)
    /// `demo` asked to render its sample site over the site of another store.
    case sampleOverSite(String)
    /// An id given by its first characters that names no note, or several (`matches`), or is
    /// too short to tell (`matches` nil).
    case idPrefix(NoteKind, String, matches: Int?)
    /// A store named by an empty text — usually an unset variable in a script; the environment
    /// variable it came from, or nil when the front end's own setting was empty.
    case emptyStoreLocation(variable: String?)
    /// A file or folder to write named by an empty text (usually an unset variable in a script).
    case emptyOutputLocation

    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason): return "Cannot write \(path): \(reason)."
        case .cannotRead(let path, let reason): return "Cannot read \(path): \(reason)."
        case .backup(let file, let problem): return "Cannot restore \(file): \(problem.message)"
        case .importFile(let file, let problem):
            let text = problem.description
            return "Cannot import \(file): \(text)" + (text.hasSuffix(".") ? "" : ".")
        case .option(_, let reason): return reason
        case .template(let file, let reason): return "Template error in \(file): \(reason)"
        case .refused(let message): return message
        case .report(let step, let path, let reason):
            return "The report stopped at its \(step) step\(path.map { " (\($0))" } ?? ""): \(reason)"
        case .needsConfirmation(let what): return "\(what); it needs to be confirmed."
        case .alreadyExists(let path, let what): return "\(path) already has \(what)."
        case .folderBusy(let folder): return "Another report is writing \(folder) right now; try again when it is done."
        case .noTemplates(let path): return "No templates folder at \(path)."
        case .sameStore(let path): return "Both stores are \(path); name another store to copy to."
        case .sampleOverSite(let folder):
            return "Refusing to render the sample site into \(folder): it holds the site of another store, which the sample would replace."
        case .emptyStoreLocation(let variable?):
            return "\(variable) is set but empty; set it to the store's path, or unset it to use the default store."
        case .idPrefix(let kind, _, nil): return "Give at least the first 4 characters of the \(kind.rawValue)'s id."
        case .idPrefix(let kind, let prefix, 0?): return "No \(kind.rawValue) has an id starting with \(prefix)."
        case .idPrefix(let kind, let prefix, let count?): return "\(count) \(kind.rawValue)s have an id starting with \(prefix); give more of it."
        case .emptyStoreLocation(nil): return "The store's path is empty; give one, or none to use the default store."
        case .emptyOutputLocation: return "The path to write to is empty; give a folder or file."
        }
    }

    /// A failed write to `path`, with the reason of the current `errno`.
    /// The error of the last system call on `path`, in words; a refusal names who may not write where.
    static func system(_ path: String) -> AlmanacError {
        let code = errno
        let folder = FilePath(path).removingLastComponent().string
        switch code {
        case EACCES, EPERM:
            let user = getpwuid(geteuid()).map { String(cString: $0.pointee.pw_name) } ?? "user \(geteuid())"
            var info = stat()
            let owner = stat(folder, &info) == 0 ? getpwuid(info.st_uid).map { String(cString: $0.pointee.pw_name) } : nil
            return .cannotWrite(path: path, reason: "permission denied: \(user) may not write in \(folder.isEmpty ? "." : folder)"
                                + (owner.map { " (it belongs to \($0))" } ?? ""))
        case EROFS: return .cannotWrite(path: path, reason: "the file system is mounted read-only")
        default: return .cannotWrite(path: path, reason: String(cString: strerror(code)))
        }
    }
}

extension AlmanacError {
    /// Whether the error says a backup file could not be read as one (damaged, cut short, not a
    /// backup, too large), before any store was touched.
    public var isUnreadableBackup: Bool {
        switch self {
        case .cannotRead, .backup, .refused: return true
        default: return false
        }
    }
}
