import GRDB

/// The one SQLite database of the server, opened and migrated: the embedded back end, which
/// the `SQLite…` stores work on.
///
/// A file is opened as a GRDB `DatabasePool` in WAL mode (`synchronous=NORMAL`, which keeps
/// every committed transaction through a process crash such as `kill -9`), with foreign keys on
/// and a busy timeout. The path `:memory:` gives a private in-memory database (tests, demos).
public struct SQLiteDatabase: Sendable {
    /// What the opened database is, for logs.
    public let description: String
    let connection: any DatabaseWriter

    /// Opens (creating if needed) and migrates the database at `path`.
    ///
    /// - Parameter busyTimeoutSeconds: how long a statement waits for a lock held by another
    ///   connection before failing with `SQLITE_BUSY` (which the writer then retries).
    /// - Throws: GRDB's `DatabaseError` if the file cannot be opened or migrated, and
    ///   `StorageSchemaError.newerSchema` if a newer server already migrated it further.
    public static func open(path: String, busyTimeoutSeconds: Double = 5) throws -> SQLiteDatabase {
        var configuration = Configuration()
        configuration.label = "doodle"
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(busyTimeoutSeconds)
        if path == ":memory:" {
            let queue = try DatabaseQueue(configuration: configuration)
            return try SQLiteDatabase(connection: queue, description: "in-memory database")
        }
        // A pool sets journal_mode=WAL and synchronous=NORMAL itself; the pragmas are repeated
        // here so the choice is visible where the database is opened.
        configuration.journalMode = .wal
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        let pool = try DatabasePool(path: path, configuration: configuration)
        return try SQLiteDatabase(connection: pool, description: path)
    }

    private init(connection: any DatabaseWriter, description: String) throws {
        let migrator = SQLiteMigrations.migrator
        let superseded = try connection.read { db in try migrator.hasBeenSuperseded(db) }
        if superseded {
            throw StorageSchemaError.newerSchema(database: description)
        }
        try migrator.migrate(connection)
        self.connection = connection
        self.description = description
    }

    /// The identifiers of the migrations applied to this database, oldest first.
    public func appliedMigrations() async throws -> [String] {
        try await connection.read { db in try SQLiteMigrations.migrator.completedMigrations(db) }
    }
}
