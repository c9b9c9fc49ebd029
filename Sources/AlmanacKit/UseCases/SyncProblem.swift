import AlmanacDomain

/// Why following an app, or syncing it, could not be done. The sentences are neutral; the command
/// line adds the commands and flags that mend each one.
public enum SyncProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// A path given to sync that the store does not follow.
    case notFollowed(path: String)
    /// Nothing to sync: the store follows no app.
    case followsNothing
    /// The newest file is older than the last one synced.
    case olderFile(file: String, modified: Timestamp, lastFile: String, lastModified: Timestamp)
    /// The format names habits only by name.
    case cannotBeFollowed(format: String)
    /// The newest file is of another app than the one followed there.
    case otherFormat(file: String, found: String, path: String, followed: String)
    /// Logging here a habit that follows an app.
    case followedHabit(habit: String, app: String, path: String)
    /// A pipe or device: read once, so it cannot be followed.
    case notAFile(path: String)

    public var description: String {
        switch self {
        case .notFollowed(let path): return "The store does not follow \(path)."
        case .followsNothing: return "The store follows no app yet."
        case let .olderFile(file, modified, lastFile, lastModified):
            return "\(file) was last modified \(modified), before the file synced last (\(lastFile), \(lastModified)); it is not synced."
        case .cannotBeFollowed(let format):
            return "A \(format) names habits only by their names, so a habit renamed in the app could not be told from a new one: it cannot be followed, only imported once."
        case let .otherFormat(file, found, path, followed): return "\(file) is a \(found), but \(path) is followed as a \(followed)."
        case let .followedHabit(habit, app, path): return "\(habit) follows the \(app) at \(path): log it in that app."
        case .notAFile(let path): return "\(path) is a pipe or a device; a followed source is a file or folder that stays, to be read again each night."
        }
    }
}
