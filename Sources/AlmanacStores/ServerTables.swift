import AlmanacPostgres

/// What an administrator does with a database's shared tables (`almanac server`), for the
/// command line: make them or bring them up to date, print the SQL that makes them, tidy them.
public enum ServerTables {
    public static var script: String { SharedLayout.script }

    public static func initialize(_ location: String) throws -> SharedLayout.Outcome {
        try SharedLayout.initialize(PostgresStores.url(location))
    }

    public static func tidy(_ location: String, progress: (SharedLayout.Tidied) -> Void) throws -> [SharedLayout.Tidied] {
        try SharedLayout.tidy(PostgresStores.url(location), progress: progress)
    }

    /// The database as messages show it (no password).
    public static func displayName(_ location: String) throws -> String { try PostgresStores.url(location).databaseLocation }
}
