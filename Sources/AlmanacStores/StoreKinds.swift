import AlmanacKit

/// The kinds of store this program is built with, in the order they are asked: a PostgreSQL URL,
/// else a file. The executable hands them to Kit (`StoreLocation`).
public enum StoreKinds {
    public static let builtIn: [any StoreKind] = [PostgresStores(), SQLiteFiles()]
}
