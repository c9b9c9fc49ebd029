import AlmanacDomain
import NIOCore
import PostgresNIO

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
                return StoreError.server("\(server) refused role \(url.user) access to the store in schema \(url.schema) (\(message)); a store belongs to the role that created it.")
            case "55P03":
                return StoreError.busy(path: url.location)
            case "57P01", "57P02", "57P03":
                return StoreError.server("\(server) ended the connection (\(message)); nothing of this command was saved.")
            case "40001", "40P01":
                return StoreError.busy(path: url.location)
            default:
                return StoreError.server("\(server) refused the command: \(message) (SQLSTATE \(state)).")
            }
        case .connectionError:
            let reason = error.underlying.map { "\($0)" } ?? "no answer"
            return StoreError.server("Cannot reach \(server): \(reason).")
        case .serverClosedConnection, .uncleanShutdown, .clientClosedConnection:
            return StoreError.server(connecting
                ? "\(server) closed the connection while Almanac was signing in."
                : "The connection to \(server) was lost; nothing of this command was saved.")
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
}
