/// The database's schema is not one this server can use.
public enum StorageSchemaError: Error, CustomStringConvertible {
    /// The database was migrated by a newer server: this one would not know its schema.
    case newerSchema(database: String)
    /// The system's SQLite is older than the stores' SQL needs (3.35, for `RETURNING`).
    case oldSQLite(version: String)

    public var description: String {
        switch self {
        case .newerSchema(let database): "\(database) was created by a newer doodle-server; upgrade this server to open it"
        case .oldSQLite(let version): "SQLite \(version) is too old for doodle-server, which needs 3.35 or newer"
        }
    }
}
