import AlmanacDomain
import NIOCore
import PostgresNIO
import AlmanacStorage

/// Turns what postgres-nio reports into one sentence a user can act on.
enum PostgresFailure {
    static func sentence(for error: Error, url: PostgresURL, connecting: Bool = false) -> Error {
        if error is StoreError || error is DomainError { return error }
        guard let error = error as? PSQLError else {
            if connecting { return StoreError.server("Cannot reach PostgreSQL at \(url.host):\(url.port): \(error).") }
            return error
        }
        let server = "PostgreSQL at \(url.host):\(url.port)"
        switch error.code {
        case .server:
            let state = error.serverInfo?[.sqlState] ?? ""
            let message = error.serverInfo?[.message] ?? "an error"
            switch state {
            case "28P01":
                return StoreError.server("\(server) refused the password for role \(url.user); set PGPASSWORD to the role's password.")
            case "28000":
                return StoreError.server("\(server) refused role \(url.user): \(message).")
            case "3D000":
                return StoreError.server("\(server) has no database \(url.database): \(message).")
            case "42501":
                return accessRefused(url: url, reason: message)
            case "55P03":
                return StoreError.busy(path: url.location)
            case "57014":
                return StoreError.timedOut(path: url.location)
            case "57P01", "57P02", "57P03":
                return StoreError.server("\(server) ended the connection (\(message)); nothing of this command was saved.")
            case "40001", "40P01":
                return StoreError.busy(path: url.location)
            default:
                return StoreError.server("\(server) refused the command: \(message) (SQLSTATE \(state)).")
            }
        case .connectionError:
            return StoreError.server("Cannot reach \(server): \(reason(error.underlying)).")
        case .serverClosedConnection, .uncleanShutdown, .clientClosedConnection:
            if connecting {
                // A connect timeout ends here too: the address took the packets and never answered.
                return StoreError.server("Cannot reach \(server): \(reason(error.underlying)).")
            }
            return StoreError.server("The connection to \(server) was lost; nothing of this command was saved.")
        case .sslUnsupported:
            return StoreError.server("\(server) does not offer TLS, but the URL asks for sslmode=require.")
        case .authMechanismRequiresPassword:
            return StoreError.server("\(server) asks for role \(url.user)'s password; set PGPASSWORD.")
        case .unsupportedAuthMechanism, .saslError:
            return StoreError.server("\(server) wants a sign-in method Almanac cannot use for role \(url.user).")
        default:
            return StoreError.server("The connection to \(server) failed (\(error.code)).")
        }
    }

    /// A store this role may not use: among the shared tables, a role not let in (or not let do
    /// that); in the earlier layout, a schema it does not own.
    static func accessRefused(url: PostgresURL, reason: String) -> StoreError {
        if url.isAdministering {
            return StoreError.server("PostgreSQL at \(url.host):\(url.port) refused role \(url.user) (\(reason)); almanac server needs a role that may create roles and schemas in the database and owns Almanac's tables (a superuser, or the database's owner with CREATEROLE).")
        }
        if let store = url.store {
            return StoreError.server("PostgreSQL at \(url.host):\(url.port) refused role \(url.user) access to the store \(store) (\(reason)); a person's role is let in by an administrator with GRANT \(SharedLayout.personRole) TO \(url.user).")
        }
        return StoreError.server("PostgreSQL at \(url.host):\(url.port) refused role \(url.user) access to the store in schema \(url.schema) (\(reason)); a store belongs to the role that owns its schema.")
    }

    /// A schema or table owned by another role: never used as this role's store, whatever was
    /// granted on it.
    static func notOwner(url: PostgresURL, owner: String, of what: String) -> StoreError {
        StoreError.server("The store in schema \(url.schema) at \(url.host):\(url.port) is not role \(url.user)'s: \(what) belongs to role \(owner), and a store belongs to the role that owns its schema (to share one, an administrator makes its users members of that role).")
    }

    /// Why a connection could not be made, in words (NIO's own text names every address tried).
    private static func reason(_ underlying: (any Error)?) -> String {
        let text = underlying.map { "\($0)" } ?? ""
        if text.contains("refused") { return "the connection was refused (is the server running, on that port?)" }
        if text.contains("imeout") || text.isEmpty { return "no answer within the connect timeout" }
        if text.contains("resolve") || text.contains("ddress") { return "the host name does not resolve" }
        if text.contains("unreachable") { return "the network is unreachable" }
        return text
    }
}
