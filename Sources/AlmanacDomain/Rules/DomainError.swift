/// A rule of the domain that an input breaks, with a sentence a user can act on.
public enum DomainError: Error, Equatable, CustomStringConvertible, Sendable {
    /// A value that breaks a rule of the model ("the target must be greater than 0").
    case invalid(String)
    /// A name that matches nothing, with the close names for a "did you mean"; when none is
    /// close, `others` names the nearest there are (none: there is nothing of the kind yet).
    case notFound(kind: String, name: String, suggestions: [String], others: [String] = [])
    /// A name that begins several names: none is chosen.
    case ambiguous(kind: String, name: String, candidates: [String])
    /// An operation refused by a rule of the store (the cap on active habits, a duplicate name).
    case refused(String)

    public var description: String {
        switch self {
        case .invalid(let message), .refused(let message):
            return message
        case .notFound(let kind, let name, let suggestions, let others):
            var text = "No \(kind) named \"\(name)\""
            if !suggestions.isEmpty {
                text += "; did you mean " + suggestions.map { "\"\($0)\"" }.joined(separator: " or ") + "?"
            } else if !others.isEmpty {
                text += "; the closest " + (others.count == 1 ? "is " : "are ") + others.map { "\"\($0)\"" }.joined(separator: ", ") + "."
            } else {
                text += "; there is none yet."
            }
            return text
        case .ambiguous(let kind, let name, let candidates):
            let listed = candidates.prefix(5).map { "\"\($0)\"" }.joined(separator: ", ") + (candidates.count > 5 ? " …" : "")
            return "\"\(name)\" begins the names of \(candidates.count) \(kind)s (\(listed)); type more of the one you mean."
        }
    }
}
