import AlmanacDomain
import Foundation
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
        }
    }

    /// A failed write to `path`, with the reason of the current `errno`.
    static func system(_ path: String) -> AlmanacError {
        .cannotWrite(path: path, reason: String(cString: strerror(errno)))
    }
}
