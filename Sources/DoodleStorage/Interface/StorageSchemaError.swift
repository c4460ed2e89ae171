/// The database's schema is not one this server can use.
public enum StorageSchemaError: Error, CustomStringConvertible {
    /// The database was migrated by a newer server: this one would not know its schema.
    case newerSchema(database: String)

    public var description: String {
        switch self {
        case .newerSchema(let database): "\(database) was created by a newer doodle-server; upgrade this server to open it"
        }
    }
}
