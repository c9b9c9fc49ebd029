import AlmanacDomain
/// Why a store could not be opened or changed, as a sentence a user can act on: the errors every
/// backend reports at the store boundary.
public enum StoreError: Error, Equatable, CustomStringConvertible, Sendable {
    case missing(path: String)
    case notADatabase(path: String)
    case notAnAlmanacStore(path: String)
    /// An Almanac store of either backend whose settings row is gone (removed by another program).
    case noSettings(path: String)
    case newerSchema(path: String)
    case cannotCreate(path: String, reason: String)
    /// A store this user may only read, asked for what `needs` ("writing").
    case readOnly(path: String, reason: String, needs: String)
    case busy(path: String)
    /// A statement that ran over the time limit its connection set (`statement_timeout`).
    case timedOut(path: String)
    case database(String)
    /// A database server's refusal or failure, already put as a sentence by the backend.
    case server(String)

    public var description: String {
        switch self {
        case .missing(let path):
            return "No store at \(path)."
        case .notADatabase(let path):
            return "\(path) is not an SQLite database, so it cannot be an Almanac store."
        case .notAnAlmanacStore(let path):
            return "\(path) is an SQLite database but not an Almanac store."
        case .noSettings(let path):
            return "The store at \(path) has no settings (its time zone and week start), which every Almanac store has: another program removed them; restore the store from a backup."
        case .newerSchema(let path):
            return "\(path) was written by a newer version of Almanac; upgrade almanac to open it."
        case .cannotCreate(let path, let reason):
            return "Cannot create the store at \(path): \(reason)."
        case .readOnly(let path, let reason, let needs):
            return "The store at \(path) can only be read here (\(reason)); \(needs) it needs write permission, which its owner can give."
        case .busy(let path):
            return "The store at \(path) is busy (another almanac is writing to it); try again in a moment."
        case .timedOut(let path):
            return "The store at \(path) did not answer in time (a statement ran over its limit); try again later."
        case .server(let sentence):
            return sentence
        case .database(let message):
            return "The store failed: \(message.hasSuffix(".") ? String(message.dropLast()) : message)."
        }
    }
}
